// Tools (the seed's normalized tool definition) and prompt templates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Signature, SignatureError, Tool, defineTool, definePrompt, renderTools, TemplateError, ValidationError,
} from '../../dist/node.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

// ---- definition formats --------------------------------------------------

test('a bare function is a tool without signature: arguments pass unchecked', async () => {
  const tool = defineTool('echo', (args) => args);
  assert.ok(tool instanceof Tool);
  assert.equal(tool.signature, null);
  const r = await tool.call({ anything: ['goes'], 'kebab-key': 1 });
  assert.deepEqual(r, { ok: true, value: { anything: ['goes'], kebab_key: 1 }, warnings: [] });
});

test('[fn, signature] validates with the signature', async () => {
  const tool = defineTool('search', [({ query }) => [{ id: query.length }], '(query :string) -> [{id :int}]']);
  assert.equal(tool.signature.canonical, '(query :string) -> [{id :int}]');
  assert.deepEqual((await tool.call({ query: 'abc' })).value, [{ id: 3 }]);
  assert.equal((await tool.call({ query: 5 })).ok, false);
});

test('{fn, signature, description, cache} carries every field', () => {
  const sig = Signature.parse('(data :map) -> {score :float}');
  const tool = defineTool('analyze', { fn: () => ({ score: 1 }), signature: sig, description: 'Analyze data.', cache: true });
  assert.equal(tool.signature, sig);
  assert.equal(tool.description, 'Analyze data.');
  assert.equal(tool.cache, true);
  assert.equal(tool.skip, false);
  assert.equal(tool.mode, 'enabled');
});

test('{fn, skip: true} switches validation off on purpose', async () => {
  const tool = defineTool('dynamic', { fn: () => 'not an int', signature: '(n :int) -> :int', skip: true });
  assert.equal(tool.skip, true);
  const r = await tool.call({ n: 'x' });
  assert.deepEqual(r, { ok: true, value: 'not an int', warnings: [] });
});

test('bad definitions throw at definition time with a clear message', () => {
  const fn = () => 1;
  assert.throws(() => defineTool('', fn), /a tool needs a name/);
  assert.throws(() => defineTool(undefined, fn), /a tool needs a name/);
  assert.throws(() => defineTool('has space', fn), /must be 1 to 64 letters, digits/);
  assert.throws(() => defineTool('x'.repeat(65), fn), /1 to 64/);
  assert.throws(() => defineTool('t', 42), /expected a function, \[fn, signature\]/);
  assert.throws(() => defineTool('t', [fn]), /the list form is \[fn, signature\]/);
  assert.throws(() => defineTool('t', { signature: ':int' }), /fn must be a function/);
  assert.throws(() => defineTool('t', { fn, cache: 'yes' }), /cache must be true or false/);
  assert.throws(() => defineTool('t', { fn, skip: 1 }), /skip must be true or false/);
  assert.throws(() => defineTool('t', { fn, cacheSize: 0 }), /cacheSize must be a whole number/);
  assert.throws(() => defineTool('t', { fn, mode: 'lenient' }), /unknown mode "lenient"/);
  assert.throws(() => defineTool('t', { fn, descripton: 'typo' }), /unknown option "descripton"/);
  assert.throws(() => defineTool('t', { fn, description: 5 }), /description must be a string/);
  assert.throws(() => defineTool('t', [fn, 42]), /signature must be signature text or a Signature/);
  assert.throws(() => defineTool('t', [fn, '(items :list) -> :bool']), (e) => {
    assert.ok(e instanceof SignatureError);
    assert.match(e.hint, /\[:/);
    return true;
  });
});

// ---- calls ---------------------------------------------------------------

test('arguments are coerced and key-normalized before fn sees them', async () => {
  let seen;
  const tool = defineTool('check', [(args) => { seen = args; return true; }, '(id :int, user_name :string, opts :map?) -> :bool']);
  const r = await tool.call({ id: '42', 'user-name': 'Alice', opts: { 'page-size': 5 } });
  assert.equal(r.ok, true);
  assert.deepEqual(seen, { id: 42, user_name: 'Alice', opts: { page_size: 5 } });
  assert.deepEqual(r.warnings.map((w) => [w.path, w.message]), [['id', 'coerced string "42" to int']]);
});

test('invalid arguments give the SPEC report and do not call fn', async () => {
  let called = false;
  const tool = defineTool('check', [() => { called = true; }, '(id :int, name :string) -> :bool']);
  const r = await tool.call({ id: 'abc' });
  assert.equal(called, false);
  assert.equal(r.ok, false);
  assert.equal(r.stage, 'input');
  assert.equal(r.report,
    'Tool validation errors:\n- id: expected int, got string "abc"\n- name: missing required field, expected string');
  assert.deepEqual(r.errors.map((e) => e.path), ['id', 'name']);
});

test('output validation fails when fn returns the wrong shape', async () => {
  const tool = defineTool('get_user', [() => ({ results: [{ customer: { id: 'abc' } }] }),
    '(id :int) -> {results [{customer {id :int}}]}']);
  const r = await tool.call({ id: 1 });
  assert.equal(r.ok, false);
  assert.equal(r.stage, 'output');
  assert.equal(r.report, 'Return validation errors:\n- results[0].customer.id: expected int, got string "abc"');
});

test('output validation is strict: no coercion of results', async () => {
  const tool = defineTool('count', [() => '5', '() -> :int']);
  const r = await tool.call({});
  assert.equal(r.ok, false);
  assert.equal(r.errors[0].message, 'expected int, got string "5"');
});

test('an async fn is awaited', async () => {
  const tool = defineTool('slow', [async ({ n }) => { await new Promise((res) => setTimeout(res, 5)); return n * 2; }, '(n :int) -> :int']);
  assert.deepEqual(await tool.call({ n: '21' }), { ok: true, value: 42, warnings: [tool.signature.validateInput({ n: '21' }).warnings[0]] });
});

test('fn throwing (or rejecting) becomes {ok: false, error}, not a crash', async () => {
  const boom = defineTool('boom', [() => { throw new Error('database is down'); }, '() -> :any']);
  const r = await boom.call({});
  assert.deepEqual(r, { ok: false, stage: 'call', error: 'database is down', report: 'Tool error: database is down' });
  const rejects = defineTool('rejects', async () => { throw new TypeError('bad'); });
  assert.equal((await rejects.call({})).error, 'bad');
  assert.equal((await boom.call({})).ok, false, 'the tool stays usable');
});

test('a result JSON cannot carry is an output error', async () => {
  const tool = defineTool('nan', [() => ({ x: NaN }), '() -> {x :float}']);
  const r = await tool.call({});
  assert.equal(r.ok, false);
  assert.equal(r.stage, 'output');
  assert.match(r.error, /x is NaN, which JSON cannot carry/);
});

test('a function returning nothing returns nil', async () => {
  const tool = defineTool('fire', [() => {}, '(x :int) -> :any']);
  assert.deepEqual(await tool.call({ x: 1 }), { ok: true, value: null, warnings: [] });
  const strict = defineTool('fire2', [() => {}, '(x :int) -> :int']);
  assert.equal((await strict.call({ x: 1 })).errors[0].message, 'expected int, got nil');
});

test('callJSON takes the JSON text of an LLM tool call', async () => {
  const tool = defineTool('search', [({ limit }) => limit, '(limit :int) -> :int']);
  assert.equal((await tool.callJSON('{"limit": "10"}')).value, 10);
  const bad = await tool.callJSON('{"limit": 1,');
  assert.equal(bad.ok, false);
  assert.match(bad.report, /JSON error at 1:13/);
  const dup = await tool.callJSON('{"limit": 1, "limit": 2}');
  assert.match(dup.report, /duplicate key "limit"/);
  const unchecked = defineTool('raw', (a) => a);
  assert.deepEqual((await unchecked.callJSON('{"a-b": [1]}')).value, { a_b: [1] });
  assert.match((await unchecked.callJSON('[1,]')).report, /JSON error/);
  await assert.rejects(tool.callJSON({ limit: 1 }), /callJSON takes JSON text/);
});

test('the signature mode applies: warn_only and strict', async () => {
  const lenient = defineTool('l', { fn: () => 'x', signature: '(n :int) -> :int', mode: 'warn_only' });
  const r = await lenient.call({ n: 'abc' });
  assert.equal(r.ok, true);
  assert.deepEqual(r.warnings.map((w) => w.message), ['expected int, got string "abc"', 'expected int, got string "x"']);
  const strict = defineTool('s', { fn: () => 1, signature: '(n :int) -> :int', mode: 'strict' });
  assert.equal((await strict.call({ n: 1, extra: true })).errors[0].message, 'unexpected field');
});

// ---- caching -------------------------------------------------------------

function counted(signature, options = {}) {
  let calls = 0;
  const tool = defineTool('cfg', { fn: ({ key }) => { calls++; if (key === 'fail') throw new Error('no'); return { key, n: calls }; }, signature, cache: true, ...options });
  return { tool, calls: () => calls };
}

test('cache hits after coercion and key normalization', async () => {
  const { tool, calls } = counted('(key :string, limit :int?) -> {key :string, n :int}');
  const a = await tool.call({ key: 'a', limit: '10' });
  const b = await tool.call({ key: 'a', limit: 10 });
  const c = await tool.callJSON('{"limit": 10.0, "key": "a"}');
  assert.equal(calls(), 1);
  assert.deepEqual(b.value, a.value);
  assert.equal(b.cached, true);
  assert.equal(c.cached, true);
});

test('cache misses for different arguments and never stores errors', async () => {
  const { tool, calls } = counted('(key :string) -> {key :string, n :int}');
  await tool.call({ key: 'a' });
  await tool.call({ key: 'b' });
  assert.equal(calls(), 2);
  assert.equal((await tool.call({ key: 'fail' })).ok, false);
  assert.equal((await tool.call({ key: 'fail' })).ok, false);
  assert.equal(calls(), 4, 'a failed call is tried again');
  const bad = defineTool('bad', { fn: () => ({ key: 1 }), signature: '(k :int) -> {key :string}', cache: true });
  assert.equal((await bad.call({ k: 1 })).stage, 'output');
  assert.equal((await bad.call({ k: 1 })).cached, undefined);
});

test('cached values cannot be changed through a returned result', async () => {
  const { tool } = counted('(key :string) -> {key :string, n :int}');
  const first = await tool.call({ key: 'a' });
  first.value.key = 'mutated';
  assert.equal((await tool.call({ key: 'a' })).value.key, 'a');
});

test('the cache is bounded (least recently used goes first) and clearCache empties it', async () => {
  const { tool, calls } = counted('(key :string) -> {key :string, n :int}', { cacheSize: 2 });
  await tool.call({ key: 'a' });
  await tool.call({ key: 'b' });
  await tool.call({ key: 'a' }); // a is now the most recent
  await tool.call({ key: 'c' }); // evicts b
  assert.equal(calls(), 3);
  assert.equal((await tool.call({ key: 'a' })).cached, true);
  await tool.call({ key: 'b' });
  assert.equal(calls(), 4);
  tool.clearCache();
  await tool.call({ key: 'a' });
  assert.equal(calls(), 5);
});

test('without cache: true every call runs fn', async () => {
  let calls = 0;
  const tool = defineTool('nc', [() => ++calls, '() -> :int']);
  await tool.call({});
  await tool.call({});
  assert.equal(calls, 2);
});

// ---- definitions for LLM providers ----------------------------------------

const weather = defineTool('get_weather', {
  fn: () => ({ temperature: 20 }),
  signature: '(location :string, unit :string?) -> {temperature :float}',
  description: 'Get the current weather in a given location',
});

test('definition() gives name, description, canonical signature and parameters', () => {
  assert.deepEqual(weather.definition(), {
    name: 'get_weather',
    description: 'Get the current weather in a given location',
    signature: '(location :string, unit :string?) -> {temperature :float}',
    parameters: {
      type: 'object',
      properties: { location: { type: 'string' }, unit: { type: ['string', 'null'] } },
      required: ['location'],
      additionalProperties: false,
    },
  });
});

// The documented tool shapes (OpenAI function calling, Anthropic tool use,
// MCP tools/list): the same keys at every level as the providers' examples.
function sameShape(actual, documented, path = '') {
  assert.equal(typeof actual, typeof documented, `${path}: type`);
  if (documented && typeof documented === 'object' && !Array.isArray(documented)) {
    for (const k of Object.keys(documented)) {
      assert.ok(k in actual, `${path}.${k} is missing`);
      if (k !== 'properties' && k !== 'required' && k !== 'parameters' && k !== 'input_schema' && k !== 'inputSchema') {
        sameShape(actual[k], documented[k], `${path}.${k}`);
      }
    }
  }
}

test('toOpenAI() has the Chat Completions function tool shape', () => {
  const documented = {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Get the current weather in a given location',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  };
  const t = weather.toOpenAI();
  sameShape(t, documented);
  assert.deepEqual(Object.keys(t.function).sort(), ['description', 'name', 'parameters', 'strict']);
  assert.equal(t.function.strict, false);
  assert.deepEqual(t.function.parameters, weather.definition().parameters);
  assert.equal(weather.toOpenAI({ api: 'responses' }).strict, false);
});

test('toOpenAI({strict: true}) names what strict mode cannot express: onWarning, or console.warn once per tool', (t) => {
  const loose = defineTool('lookup', { fn: () => null, signature: '(id :int, meta :map, note :string[..10]) -> :any' });
  const got = [];
  loose.toOpenAI({ strict: true, onWarning: (w) => got.push(w) });
  assert.deepEqual(got.map((w) => w.split(':')[0]), ['#/properties/meta', '#/properties/note']);
  const warn = t.mock.method(console, 'warn', () => {});
  loose.toOpenAI({ strict: true });
  loose.toOpenAI({ strict: true, api: 'responses' });
  assert.equal(warn.mock.callCount(), 1);
  assert.match(warn.mock.calls[0].arguments[0], /^toolsig: OpenAI strict mode cannot express the parameters of tool lookup:\n- #\/properties\/meta: :map is an open object/);
  weather.toOpenAI({ strict: true });
  loose.toOpenAI();
  assert.equal(warn.mock.callCount(), 1, 'nothing to say: no warning');
  assert.throws(() => loose.toOpenAI({ strict: true, onWarning: 'yes' }), /onWarning must be a function/);
});

test('toOpenAI({strict: true}) sets strict and a strict parameter schema; api: responses is flat', () => {
  const t = weather.toOpenAI({ strict: true });
  assert.equal(t.function.strict, true);
  assert.deepEqual(t.function.parameters.required, ['location', 'unit']);
  assert.deepEqual(t.function.parameters.properties.unit, { type: ['string', 'null'] });
  const flat = weather.toOpenAI({ api: 'responses', strict: true });
  assert.deepEqual(Object.keys(flat).sort(), ['description', 'name', 'parameters', 'strict', 'type']);
  assert.equal(flat.type, 'function');
  assert.throws(() => weather.toOpenAI({ api: 'assistants' }), /unknown OpenAI api/);
});

test('toAnthropic() has the Messages API tool shape', () => {
  const documented = {
    name: 'get_weather',
    description: 'Get the current weather in a given location',
    input_schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  };
  const t = weather.toAnthropic();
  sameShape(t, documented);
  assert.deepEqual(Object.keys(t).sort(), ['description', 'input_schema', 'name']);
  assert.equal(t.input_schema.type, 'object');
});

test('toMCP() has the tools/list shape, with outputSchema for object results', () => {
  const documented = {
    name: 'get_weather',
    description: 'Get the current weather in a given location',
    inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
  };
  const t = weather.toMCP();
  sameShape(t, documented);
  assert.deepEqual(t.outputSchema.properties, { temperature: { type: 'number' } });
  const scalar = defineTool('n', [() => 1, '() -> :int']).toMCP();
  assert.equal('outputSchema' in scalar, false, 'MCP output schemas are objects: a scalar result has none');
  const list = defineTool('l', [() => [], '() -> [:int]']).toMCP();
  assert.deepEqual(list.outputSchema.required, ['items']);
});

test('a tool without signature takes any object', () => {
  const t = defineTool('anything', (a) => a);
  assert.deepEqual(t.definition().parameters, { type: 'object', properties: {}, additionalProperties: true });
  assert.equal(t.toAnthropic().input_schema.type, 'object');
  assert.equal('description' in t.toAnthropic(), false);
});

// ---- agent as a tool: the firewall ------------------------------------------

const agent = defineTool('research', [() => ({ summary: 'ok', _raw: [{ url: 'x' }] }), '(topic :string) -> {summary :string, _raw [:map]}']);

test('renderTools accepts Tool objects and hides firewalled output fields', () => {
  assert.equal(renderTools([agent, weather]),
    '## Tools you can call\n\nresearch(topic :string) -> {summary :string}\n\n' +
    'get_weather(location :string, unit :string?) -> {temperature :float}\n  Get the current weather in a given location');
  assert.equal(renderTools([defineTool('raw', () => 1)]), '## Tools you can call\n\nraw(...) -> :any');
});

test('callForParent strips firewalled fields; call keeps them', async () => {
  assert.deepEqual((await agent.call({ topic: 'x' })).value, { summary: 'ok', _raw: [{ url: 'x' }] });
  assert.deepEqual((await agent.callForParent({ topic: 'x' })).value, { summary: 'ok' });
  assert.deepEqual((await agent.callForParentJSON('{"topic":"x"}')).value, { summary: 'ok' });
  assert.equal((await agent.callForParent({})).ok, false);
});

// ---- prompt templates --------------------------------------------------------

test('definePrompt checks placeholders at definition time and lists every bad one', () => {
  assert.throws(() => definePrompt('Hi {{user.email}} {{x}} {{limit.max}}', '(user {name :string}, limit :int) -> :string'), (e) => {
    assert.ok(e instanceof TemplateError);
    assert.deepEqual(e.errors.map((x) => x.message), [
      '{{user.email}}: user has no field email (fields: name)',
      '{{x}}: no parameter x (parameters: user, limit)',
      '{{limit.max}}: limit is int and has no fields',
    ]);
    assert.match(e.message, /template has 3 bad placeholders:\n- \{\{user\.email\}\}/);
    return true;
  });
  assert.throws(() => definePrompt('{{#items}}x', '(items [:int]) -> :any'), TemplateError);
  assert.throws(() => definePrompt('{{{x}}}', '(x :string) -> :any'), TemplateError);
  assert.throws(() => definePrompt('{{x}}', '(x :list) -> :any'), SignatureError);
  assert.throws(() => definePrompt(5, ':any'), /a template is a string/);
});

test('render validates arguments with coercion and fills nested paths', () => {
  const p = definePrompt('{{user.name}} ({{user.age}}) asks for {{limit}} items', '(user {name :string, age :int}, limit :int) -> :any');
  assert.deepEqual(p.placeholders, ['user.name', 'user.age', 'limit']);
  assert.equal(p.render({ user: { name: 'Ann', age: '31' }, limit: 5 }), 'Ann (31) asks for 5 items');
  assert.throws(() => p.render({ user: { name: 'Ann' }, limit: 'x' }), (e) => {
    assert.ok(e instanceof ValidationError);
    assert.equal(e.report, 'Prompt validation errors:\n- user.age: missing required field, expected int\n- limit: expected int, got string "x"');
    return true;
  });
});

test('render: sections over lists and maps, inverted sections, comments', () => {
  const p = definePrompt(
    '{{! header }}Orders:\n{{#orders}}- #{{id}} {{total}}\n{{/orders}}{{^orders}}none\n{{/orders}}{{#owner}}by {{name}}{{/owner}}',
    '(orders [{id :int, total :float}], owner {name :string}?) -> :any');
  assert.equal(p.render({ orders: [{ id: 1, total: 2.5 }, { id: 2, total: 3 }], owner: { name: 'Zoe' } }),
    'Orders:\n- #1 2.5\n- #2 3\nby Zoe');
  assert.equal(p.render({ orders: [] }), 'Orders:\nnone\n');
});

test('render: lists of scalars with {{.}}, maps and lists as compact JSON', () => {
  const p = definePrompt('{{#tags}}[{{.}}]{{/tags}} {{meta}} {{tags}}', '(tags [:string], meta :map) -> :any');
  assert.equal(p.render({ tags: ['a', 'b'], meta: { k: [1, 2] } }), '[a][b] {"k":[1,2]} ["a","b"]');
});

test('render: optional fields absent render as nothing', () => {
  const p = definePrompt('Hello {{name}}{{#nick}} aka {{nick}}{{/nick}}!', '(name :string, nick :string?) -> :any');
  assert.equal(p.render({ name: 'Ann' }), 'Hello Ann!');
  assert.equal(p.render({ name: 'Ann', nick: null }), 'Hello Ann!');
  assert.equal(p.render({ name: 'Ann', nick: 'A' }), 'Hello Ann aka A!');
});

test('render: firewalled fields are never rendered', () => {
  const p = definePrompt('{{data}} / {{#rows}}{{name}};{{/rows}}', '(data :map, rows [:map]) -> :any');
  assert.equal(p.render({ data: { ok: 1, _secret: 2, nested: { _deep: 3 } }, rows: [{ name: 'a', _x: 1 }] }),
    '{"ok":1,"nested":{}} / a;');
});

// ---- the README's agent loop ------------------------------------------------

test('the README agent-loop example is the file examples/agent-loop.mjs, and it runs', () => {
  const example = readFileSync(new URL('../../examples/agent-loop.mjs', import.meta.url), 'utf8');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  assert.ok(readme.includes(example.trim()), 'README.md must show examples/agent-loop.mjs verbatim');
  const out = execFileSync(process.execPath, ['examples/agent-loop.mjs'], { cwd: root, encoding: 'utf8' });
  assert.match(out, /search_orders\(customer :string, limit :int\?\) -> \[\{id :int, total :float\}\]/);
  assert.match(out, /Tool validation errors:\n- limit: expected int, got string "ten"/);
  assert.match(out, /\[\{"id":1,"total":42\.5,"customer":"alice"\}\]/);
  assert.doesNotMatch(out, /VIP/);
});
