// A tool's sides (the seed's expose, type and native_result): a tool is
// offered to the model as a function call (native), to code the model
// writes (code), or both; a native call of a tool on both sides with the
// cache gets a preview while code gets the whole result from the cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineTool, renderTools } from '../../dist/node.mjs';

// A tool on both sides whose fn counts its runs.
function counted(options, fn = ({ n }) => Array.from({ length: n }, (_, i) => ({ id: i, _host: 'db-1' }))) {
  const runs = { count: 0 };
  const tool = defineTool('rows', {
    fn: (args) => {
      runs.count += 1;
      return fn(args);
    },
    signature: '(n :int) -> [{id :int, _host :string}]',
    ...options,
  });
  return { tool, runs };
}

const BOTH = { expose: 'both', cache: true };

// ---- definition ------------------------------------------------------------

test('type is native by default; llm and subagent are the other types; anything else is a TypeError', () => {
  assert.equal(defineTool('t', () => 1).type, 'native');
  assert.equal(defineTool('t', { fn: () => 1 }).type, 'native');
  for (const type of ['native', 'llm', 'subagent']) assert.equal(defineTool('t', { fn: () => 1, type }).type, type);
  for (const [type, got] of [['function', '"function"'], ['LLM', '"LLM"'], [1, '1'], [true, 'boolean']]) {
    assert.throws(() => defineTool('t', { fn: () => 1, type }), {
      name: 'TypeError',
      message: `toolsig: tool t: type must be 'native', 'llm' or 'subagent', got ${got}`,
    });
  }
});

test('expose is native, code or both, or none (null); anything else is a TypeError', () => {
  assert.equal(defineTool('t', () => 1).expose, null);
  assert.equal(defineTool('t', { fn: () => 1, expose: null }).expose, null);
  for (const expose of ['native', 'code', 'both']) assert.equal(defineTool('t', { fn: () => 1, expose }).expose, expose);
  for (const [expose, got] of [['ptc_lisp', '"ptc_lisp"'], ['Both', '"Both"'], [['native'], 'object'], [false, 'boolean']]) {
    assert.throws(() => defineTool('t', { fn: () => 1, expose }), {
      name: 'TypeError',
      message: `toolsig: tool t: expose must be 'native', 'code' or 'both', got ${got}`,
    });
  }
});

test("nativeResult needs expose: 'both'", () => {
  const message = "toolsig: tool t: nativeResult needs expose: 'both' (the preview a native call gives stands for the result code gets)";
  for (const expose of [undefined, null, 'native', 'code']) {
    assert.throws(() => defineTool('t', { fn: () => 1, expose, cache: true, nativeResult: { preview: 'rows' } }), { name: 'TypeError', message });
  }
  // An empty nativeResult is one too; null and undefined are none.
  assert.throws(() => defineTool('t', { fn: () => 1, nativeResult: {} }), { name: 'TypeError', message });
  assert.equal(defineTool('t', { fn: () => 1, nativeResult: null }).nativeResult, null);
  assert.equal(defineTool('t', { fn: () => 1, nativeResult: undefined }).nativeResult, null);
});

test('nativeResult needs cache: true', () => {
  const message = 'toolsig: tool t: nativeResult needs cache: true (code gets the whole result from the cache)';
  for (const cache of [undefined, false]) {
    assert.throws(() => defineTool('t', { fn: () => 1, expose: 'both', cache, nativeResult: { preview: 'rows' } }), { name: 'TypeError', message });
  }
});

test("expose: 'both' without the cache is legal: native calls get the result, and code runs fn again", async () => {
  const { tool, runs } = counted({ expose: 'both' });
  assert.equal(tool.nativeResult, null);
  const native = await tool.call({ n: 2 }, { side: 'native' });
  const code = await tool.call({ n: 2 }, { side: 'code' });
  assert.deepEqual(native, { ok: true, value: [{ id: 0, _host: 'db-1' }, { id: 1, _host: 'db-1' }], warnings: [] });
  assert.deepEqual(code, native);
  assert.equal(runs.count, 2);
});

test("a tool on both sides with the cache previews with the metadata preview when nativeResult is left out", () => {
  assert.deepEqual(defineTool('t', { fn: () => 1, ...BOTH }).nativeResult, { preview: 'metadata', limit: 20 });
  assert.deepEqual(defineTool('t', { fn: () => 1, ...BOTH, nativeResult: {} }).nativeResult, { preview: 'metadata', limit: 20 });
  assert.ok(Object.isFrozen(defineTool('t', { fn: () => 1, ...BOTH }).nativeResult));
  for (const expose of [undefined, 'native', 'code']) assert.equal(defineTool('t', { fn: () => 1, expose, cache: true }).nativeResult, null);
});

test("nativeResult.preview is 'metadata', 'rows' or a function; anything else is a TypeError", () => {
  const f = (r) => ({ n: r.length });
  for (const preview of ['metadata', 'rows', f]) {
    assert.equal(defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview } }).nativeResult.preview, preview);
  }
  for (const [preview, got] of [['row', '"row"'], ['json', '"json"'], [false, 'boolean'], [20, '20'], [{}, 'object']]) {
    assert.throws(() => defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview } }), {
      name: 'TypeError',
      message: `toolsig: tool t: nativeResult.preview must be 'metadata', 'rows' or a function, got ${got}`,
    });
  }
});

test('nativeResult.limit is a whole number of at least 1, 20 by default', () => {
  assert.equal(defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview: 'rows' } }).nativeResult.limit, 20);
  assert.equal(defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview: 'rows', limit: 1 } }).nativeResult.limit, 1);
  for (const [limit, got] of [[0, '0'], [-1, '-1'], [1.5, '1.5'], ['5', '"5"'], [Infinity, 'Infinity'], [NaN, 'NaN']]) {
    assert.throws(() => defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview: 'rows', limit } }), {
      name: 'TypeError',
      message: `toolsig: tool t: nativeResult.limit must be a whole number of at least 1, got ${got}`,
    });
  }
});

test('nativeResult refuses a key it does not know, naming the ones it does', () => {
  assert.throws(() => defineTool('t', { fn: () => 1, ...BOTH, nativeResult: { preview: 'rows', limt: 5 } }), {
    name: 'TypeError',
    message: 'toolsig: tool t: nativeResult: unknown option "limt" (options: preview, limit)',
  });
  assert.throws(() => defineTool('t', { fn: () => 1, ...BOTH, nativeResult: 'rows' }), {
    name: 'TypeError',
    message: 'toolsig: tool t: nativeResult: options are an object {preview, limit}',
  });
});

// ---- previews ----------------------------------------------------------------

test('the metadata preview of a list: its kind, its count, and its shape as a prompt shows it (firewalled fields hidden)', async () => {
  const { tool } = counted(BOTH);
  const r = await tool.call({ n: 120 });
  assert.deepEqual(r, { ok: true, value: { kind: 'list', count: 120, shape: '[{id :int}]' }, warnings: [], preview: true });
  // The shape is the core's rendering of the return type, as renderTools writes it.
  assert.ok(renderTools([tool]).endsWith(`rows(n :int) -> ${r.value.shape}`));
});

test("the metadata preview of a map counts its keys but firewalled ones", async () => {
  const tool = defineTool('user', {
    fn: () => ({ name: 'Ann', tags: ['a'], _token: 'x', extra: 1 }),
    signature: '() -> {name :string, tags [:string], _token :string, * :int}',
    ...BOTH,
  });
  assert.deepEqual((await tool.call({})).value, { kind: 'map', count: 3, shape: '{name :string, tags [:string], * :int}' });
});

test('the metadata preview of any other value: its kind and shape', async () => {
  const cases = [
    ['string', 'hello', ':string'],
    ['int', 42, ':int'],
    ['float', 1.5, ':float'],
    ['bool', false, ':bool'],
    ['nil', null, ':string?'],
  ];
  for (const [kind, value, sig] of cases) {
    const tool = defineTool('t', { fn: () => value, signature: sig, ...BOTH });
    assert.deepEqual((await tool.call({})).value, { kind, shape: sig }, kind);
  }
  // A Date is what JSON makes of it, a string.
  const when = defineTool('t', { fn: () => new Date(0), signature: ':datetime', ...BOTH });
  assert.deepEqual((await when.call({})).value, { kind: 'string', shape: ':datetime' });
});

test('a tool without signature previews with the shape :any', async () => {
  const tool = defineTool('t', { fn: () => [1, 2, 3], ...BOTH });
  assert.deepEqual((await tool.call({})).value, { kind: 'list', count: 3, shape: ':any' });
});

test('the rows preview: the first limit elements, firewalled fields masked, and how many there were', async () => {
  const { tool } = counted({ ...BOTH, nativeResult: { preview: 'rows', limit: 2 } });
  assert.deepEqual((await tool.call({ n: 5 })).value, {
    kind: 'list',
    count: 5,
    shape: '[{id :int}]',
    rows: [{ id: 0, _host: '<Firewalled>' }, { id: 1, _host: '<Firewalled>' }],
  });
  // Fewer elements than the limit: all of them.
  assert.deepEqual((await tool.call({ n: 1 })).value.rows, [{ id: 0, _host: '<Firewalled>' }]);
  assert.deepEqual((await tool.call({ n: 0 })).value, { kind: 'list', count: 0, shape: '[{id :int}]', rows: [] });
  // 20 by default.
  const { tool: twenty } = counted({ ...BOTH, nativeResult: { preview: 'rows' } });
  assert.equal((await twenty.call({ n: 50 })).value.rows.length, 20);
});

test('the rows preview of a result that is not a list is the metadata preview', async () => {
  const tool = defineTool('t', { fn: () => ({ a: 1 }), signature: '{a :int}', ...BOTH, nativeResult: { preview: 'rows' } });
  assert.deepEqual((await tool.call({})).value, { kind: 'map', count: 1, shape: '{a :int}' });
});

test('a preview function gets the whole result; the object it returns, as JSON has it, is the preview', async () => {
  const seen = [];
  const { tool } = counted({
    ...BOTH,
    nativeResult: {
      preview: async (rows) => {
        seen.push(rows);
        return { first: rows[0], at: new Date(0) };
      },
    },
  });
  const r = await tool.call({ n: 3 });
  assert.deepEqual(r, { ok: true, value: { first: { id: 0, _host: 'db-1' }, at: '1970-01-01T00:00:00.000Z' }, warnings: [], preview: true });
  assert.equal(seen[0].length, 3);
});

test('a preview function that throws or returns no JSON object fails the call at output; the result stays cached for code', async () => {
  const cases = [
    [() => { throw new Error('no preview'); }, 'no preview'],
    [() => [1], 'toolsig: tool rows: nativeResult.preview must return an object, got list'],
    [() => undefined, 'toolsig: tool rows: nativeResult.preview must return an object, got nil'],
    [() => 'short', 'toolsig: tool rows: nativeResult.preview must return an object, got string'],
    [() => ({ n: NaN }), 'toolsig: the value at n is NaN, which JSON cannot carry'],
  ];
  for (const [preview, error] of cases) {
    const { tool, runs } = counted({ ...BOTH, nativeResult: { preview } });
    assert.deepEqual(await tool.call({ n: 1 }), { ok: false, stage: 'output', error, report: `Tool error: ${error}` });
    const code = await tool.call({ n: 1 }, { side: 'code' });
    assert.deepEqual([code.value.length, code.cached, runs.count], [1, true, 1], error);
  }
});

// ---- one cache, two sides -------------------------------------------------------

test('a native call previews and caches the result: code with the same arguments gets it whole without running fn', async () => {
  const { tool, runs } = counted({ ...BOTH, nativeResult: { preview: 'rows', limit: 1 } });
  const native = await tool.callJSON('{"n": "3"}');
  assert.equal(native.preview, true);
  assert.equal(native.value.count, 3);
  assert.equal(native.warnings.length, 1, 'the coercion of "3"');
  // The same arguments as validated: 3 and "3" are one entry.
  const code = await tool.call({ n: 3 }, { side: 'code' });
  assert.deepEqual(code, { ok: true, value: [{ id: 0, _host: 'db-1' }, { id: 1, _host: 'db-1' }, { id: 2, _host: 'db-1' }], warnings: [], cached: true });
  assert.equal(runs.count, 1);
  // Other arguments run fn.
  assert.equal((await tool.call({ n: 4 }, { side: 'code' })).value.length, 4);
  assert.equal(runs.count, 2);
});

test('a code call first: a native call after it previews the cached result without running fn', async () => {
  const { tool, runs } = counted(BOTH);
  assert.equal((await tool.call({ n: 2 }, { side: 'code' })).value.length, 2);
  const native = await tool.call({ n: 2 }, { side: 'native' });
  assert.deepEqual(native, { ok: true, value: { kind: 'list', count: 2, shape: '[{id :int}]' }, warnings: [], cached: true, preview: true });
  assert.equal(runs.count, 1);
});

test('failures are never cached nor previewed: each side runs fn again', async () => {
  let fail = true;
  const { tool, runs } = counted(BOTH, ({ n }) => {
    if (fail) throw new Error('down');
    return Array.from({ length: n }, (_, i) => ({ id: i, _host: 'h' }));
  });
  assert.deepEqual(await tool.call({ n: 1 }), { ok: false, stage: 'call', error: 'down', report: 'Tool error: down' });
  assert.equal((await tool.call({ n: 'x' })).stage, 'input');
  fail = false;
  assert.equal((await tool.call({ n: 1 }, { side: 'code' })).cached, undefined);
  assert.equal(runs.count, 2);
});

test('callForParent and callForParentJSON take the side too', async () => {
  const { tool } = counted(BOTH);
  assert.deepEqual((await tool.callForParentJSON('{"n": 1}')).value, { kind: 'list', count: 1, shape: '[{id :int}]' });
  assert.deepEqual((await tool.callForParent({ n: 1 }, { side: 'code' })).value, [{ id: 0 }]);
  assert.deepEqual((await tool.callForParentJSON('{"n": 1}', { side: 'code' })).value, [{ id: 0 }]);
});

// ---- sides of a call ---------------------------------------------------------------

test("a call's side is code for a tool exposed to code only, else native", async () => {
  for (const expose of [undefined, 'native', 'code']) {
    const { tool } = counted({ expose, cache: true });
    assert.deepEqual((await tool.call({ n: 1 })).value, [{ id: 0, _host: 'db-1' }], String(expose));
  }
  const { tool } = counted(BOTH);
  assert.equal((await tool.call({ n: 1 })).preview, true);
  assert.equal((await tool.callJSON('{"n": 1}')).preview, true);
});

test('a call on a side the tool is not exposed to rejects with a TypeError', async () => {
  const code = counted({ expose: 'code' });
  const native = counted({ expose: 'native' });
  for (const call of [(o) => code.tool.call({ n: 1 }, o), (o) => code.tool.callJSON('{"n": 1}', o)]) {
    await assert.rejects(call({ side: 'native' }), {
      name: 'TypeError', message: /^toolsig: call(JSON)?: tool rows is not exposed to native calls \(expose: 'code'\)$/,
    });
  }
  await assert.rejects(native.tool.call({ n: 1 }, { side: 'code' }), {
    name: 'TypeError', message: "toolsig: call: tool rows is not exposed to code (expose: 'native')",
  });
  await assert.rejects(native.tool.callForParent({ n: 1 }, { side: 'code' }), {
    name: 'TypeError', message: "toolsig: callForParent: tool rows is not exposed to code (expose: 'native')",
  });
  await assert.rejects(native.tool.call({ n: 1 }, { side: 'both' }), {
    name: 'TypeError', message: 'toolsig: call: side must be \'native\' or \'code\', got "both"',
  });
  assert.equal(code.runs.count + native.runs.count, 0, 'fn never ran');
});

// ---- exposure in listings ------------------------------------------------------------

test('exposedTo: a tool without expose goes to every side of the agent; one with expose to the sides it declares that the agent has', () => {
  // [expose, agent, exposed to native, exposed to code]
  const table = [
    [null, 'both', true, true],
    [null, 'native', true, false],
    [null, 'code', false, true],
    ['native', 'both', true, false],
    ['native', 'native', true, false],
    ['native', 'code', false, false],
    ['code', 'both', false, true],
    ['code', 'native', false, false],
    ['code', 'code', false, true],
    ['both', 'both', true, true],
    ['both', 'native', true, false],
    ['both', 'code', false, true],
  ];
  for (const [expose, agent, native, code] of table) {
    const tool = defineTool('t', { fn: () => 1, expose });
    assert.deepEqual([tool.exposedTo('native', { agent }), tool.exposedTo('code', { agent })], [native, code], `${expose} in ${agent}`);
    if (agent === 'both') assert.deepEqual([tool.exposedTo('native'), tool.exposedTo('code')], [native, code]);
  }
  const tool = defineTool('t', () => 1);
  assert.throws(() => tool.exposedTo('ptc_lisp'), { name: 'TypeError', message: 'toolsig: exposedTo: side must be \'native\' or \'code\', got "ptc_lisp"' });
  assert.throws(() => tool.exposedTo('code', { agent: 'text' }), {
    name: 'TypeError', message: 'toolsig: exposedTo: agent must be \'native\', \'code\' or \'both\', got "text"',
  });
});

test('renderTools lists the tools exposed to code: a native-only one is left out', () => {
  const tools = [
    defineTool('plain', [() => 1, ':int']),
    defineTool('fast', { fn: () => 1, signature: ':int', expose: 'native' }),
    defineTool('script', { fn: () => 1, signature: ':int', expose: 'code' }),
    defineTool('shared', { fn: () => 1, signature: ':int', ...BOTH }),
  ];
  const head = '## Tools you can call\n\n';
  assert.equal(renderTools(tools), `${head}plain() -> :int\n\nscript() -> :int\n\nshared() -> :int`);
  assert.equal(renderTools(tools, { agent: 'code' }), `${head}plain() -> :int\n\nscript() -> :int\n\nshared() -> :int`);
  // An agent without code lists nothing.
  assert.equal(renderTools(tools, { agent: 'native' }), '');
  // Plain objects say expose as Tools do.
  assert.equal(renderTools([{ name: 'a', signature: ':int', expose: 'native' }, { name: 'b', signature: ':int', expose: 'code' }]),
    `${head}b() -> :int`);
  assert.throws(() => renderTools([{ name: 'a', signature: ':int', expose: 'ptc_lisp' }]), {
    name: 'TypeError', message: 'toolsig: tools[0].expose must be \'native\', \'code\' or \'both\', got "ptc_lisp"',
  });
  assert.throws(() => renderTools(tools, { agent: 'all' }), {
    name: 'TypeError', message: 'toolsig: renderTools: agent must be \'native\', \'code\' or \'both\', got "all"',
  });
  // A bad signature is named by its place in the list given, left-out tools counted.
  assert.throws(() => renderTools([{ name: 'a', signature: ':int', expose: 'native' }, { name: 'b', signature: '(x) -> :int' }]),
    (e) => e.name === 'SignatureError' && e.message.startsWith('tools[1] (b): '));
});

test('toOpenAI, toAnthropic, toMCP, toMCPConfig and callMCP are the native side: a tool exposed to code only has none', async () => {
  const script = defineTool('script', { fn: () => 1, signature: '(n :int) -> :int', expose: 'code' });
  for (const [where, call] of [
    ['toOpenAI', () => script.toOpenAI()],
    ['toOpenAI', () => script.toOpenAI({ api: 'responses' })],
    ['toAnthropic', () => script.toAnthropic()],
    ['toMCP', () => script.toMCP()],
    ['toMCPConfig', () => script.toMCPConfig()],
  ]) {
    assert.throws(call, { name: 'TypeError', message: `toolsig: ${where}: tool script is not exposed to native calls (expose: 'code')` });
  }
  await assert.rejects(script.callMCP({ n: 1 }), {
    name: 'TypeError', message: "toolsig: callMCP: tool script is not exposed to native calls (expose: 'code')",
  });
  for (const expose of [undefined, 'native', 'both']) {
    const tool = defineTool('t', { fn: () => 1, signature: '(n :int) -> :int', expose });
    assert.equal(tool.toOpenAI().function.name, 't');
    assert.equal(tool.toAnthropic().name, 't');
    assert.equal(tool.toMCP().name, 't');
    assert.equal(typeof tool.toMCPConfig().inputSchema, 'object');
    assert.deepEqual(await tool.callMCP({ n: 1 }), { content: [{ type: 'text', text: '1' }] });
  }
});

test("a previewing tool's MCP definition has no outputSchema; callMCP answers with the preview", async () => {
  const { tool, runs } = counted({ ...BOTH, nativeResult: { preview: 'rows', limit: 1 } });
  assert.equal('outputSchema' in tool.toMCP(), false);
  assert.equal('outputSchema' in tool.toMCPConfig(), false);
  const preview = { kind: 'list', count: 2, shape: '[{id :int}]', rows: [{ id: 0, _host: '<Firewalled>' }] };
  assert.deepEqual(await tool.callMCP({ n: 2 }), { content: [{ type: 'text', text: JSON.stringify(preview) }] });
  assert.equal((await tool.call({ n: 2 }, { side: 'code' })).value.length, 2);
  assert.equal(runs.count, 1);
  // Without the cache the native side gives the result, and MCP its schema.
  const { tool: plain } = counted({ expose: 'both' });
  assert.deepEqual(plain.toMCP().outputSchema.required, ['items']);
  assert.deepEqual((await plain.callMCP({ n: 1 })).structuredContent, { items: [{ id: 0, _host: 'db-1' }] });
});
