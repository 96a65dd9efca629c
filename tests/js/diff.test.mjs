// diff: what a change of a signature or of a list of tools breaks. A table
// of real-shaped changes, each with the lines it must give (tool, path,
// old -> new, whom it breaks, why), then the sides diff takes and the
// errors it gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature, SignatureError, defineTool } from 'toolsig';
import { diff } from 'toolsig/publish';

const S = (params, ret = '{ok :bool}') => `(${params}) -> ${ret}`;
const mcp = (tools) => JSON.stringify({ tools });
const tool = (name, props, required = [], extra = {}) => ({ name, description: extra.description ?? `${name} tool`, inputSchema: { type: 'object', properties: props, required }, ...(extra.outputSchema ? { outputSchema: extra.outputSchema } : {}) });

// [what changed, before, after, the lines diff gives]
const CHANGES = [
  ['a new optional parameter', S('query :string'), S('query :string, limit :int?'),
  [
    "limit: (none) -> :int?: compatible: a new optional parameter",
  ]],
  ['a new required parameter', S('query :string'), S('query :string, limit :int'),
  [
    "limit: (none) -> :int: breaks callers: a new required parameter",
  ]],
  ['a new parameter with a default', S('query :string'), S('query :string, limit :int = 10'),
  [
    "limit: (none) -> :int = 10: compatible: a new optional parameter",
  ]],
  ['a parameter removed', S('query :string, limit :int?'), S('query :string'),
  [
    "limit: :int? -> (none): breaks callers: the parameter was removed",
  ]],
  ['a parameter became required', S('query :string, limit :int?'), S('query :string, limit :int'),
  [
    "limit: :int? -> :int: breaks callers: the parameter became required",
  ]],
  ['a parameter became optional', S('query :string, limit :int'), S('query :string, limit :int?'),
  [
    "limit: :int -> :int?: compatible: the parameter became optional",
  ]],
  ['a default removed makes it required', S('query :string, limit :int = 10'), S('query :string, limit :int'),
  [
    "limit: :int = 10 -> :int: breaks callers: the parameter became required",
  ]],
  ['a default changed', S('limit :int = 10'), S('limit :int = 20'),
  [
    "limit: 10 -> 20: compatible: the default changed",
  ]],
  ['a default added', S('limit :int'), S('limit :int = 20'),
  [
    "limit: :int -> :int = 20: compatible: the parameter became optional",
  ]],
  ['int widened to float', S('limit :int'), S('limit :float'),
  [
    "limit: :int -> :float: compatible: accepts more than before",
  ]],
  ['float narrowed to int', S('ratio :float'), S('ratio :int'),
  [
    "ratio: :float -> :int: breaks callers: expected int, got float 0.0",
  ]],
  ['a bound added', S('limit :int'), S('limit :int[1..100]'),
  [
    "limit: :int -> :int[1..100]: breaks callers: expected int in 1..100, got int 0",
  ]],
  ['a bound widened', S('limit :int[1..50]'), S('limit :int[1..100]'),
  [
    "limit: :int[1..50] -> :int[1..100]: compatible: accepts more than before",
  ]],
  ['a bound narrowed', S('limit :int[1..100]'), S('limit :int[1..50]'),
  [
    "limit: :int[1..100] -> :int[1..50]: breaks callers: expected int in 1..50, got int 100",
  ]],
  ['an exclusive bound for the same ints', S('limit :int[>0]'), S('limit :int[>=1]'),
  [
    "limit: :int[>0] -> :int[>=1]: compatible: accepts more than before",
  ]],
  ['a string length limit added', S('query :string'), S('query :string[..200]'),
  [
    "query: :string -> :string[<=200]: breaks callers: expected string of length <= 200, got string of length 201",
  ]],
  ['string to keyword', S('sort :string'), S('sort :keyword'),
  [
    "sort: :string -> :keyword: breaks callers: expected keyword, got string \"\"",
  ]],
  ['keyword to string', S('sort :keyword'), S('sort :string'),
  [
    "sort: :keyword -> :string: compatible: accepts more than before",
  ]],
  ['string to datetime', S('since :string'), S('since :datetime'),
  [
    "since: :string -> :datetime: breaks callers: expected datetime, got string \"\"",
  ]],
  ['an enum value added', S('mode :enum[fast deep]'), S('mode :enum[fast deep exhaustive]'),
  [
    "mode: :enum[fast deep] -> :enum[fast deep exhaustive]: compatible: accepts more than before",
  ]],
  ['an enum value removed', S('mode :enum[fast deep exhaustive]'), S('mode :enum[fast deep]'),
  [
    "mode: :enum[fast deep exhaustive] -> :enum[fast deep]: breaks callers: expected one of fast, deep, got string \"exhaustive\"",
  ]],
  ['an enum became a string', S('mode :enum[fast deep]'), S('mode :string'),
  [
    "mode: :enum[fast deep] -> :string: compatible: accepts more than before",
  ]],
  ['a string became an enum', S('mode :string'), S('mode :enum[fast deep]'),
  [
    "mode: :string -> :enum[fast deep]: breaks callers: expected one of fast, deep, got string \"\"",
  ]],
  ['a union member added to a parameter', S('id :int'), S('id :int|:string'),
  [
    "id: :int -> :int|:string: compatible: accepts more than before",
  ]],
  ['a union member removed', S('id :int|:string'), S('id :int'),
  [
    "id: :int|:string -> :int: breaks callers: expected int, got string \"\"",
  ]],
  ['a list element widened', S('ids [:int]'), S('ids [:int|:string]'),
  [
    "ids[]: :int -> :int|:string: compatible: accepts more than before",
  ]],
  ['a list length minimum added', S('ids [:int]'), S('ids [:int][1..]'),
  [
    "ids: […] -> […][>=1]: breaks callers: expected list of length >= 1, got list of length 0",
  ]],
  ['a nested field became required', S('filter {tag :string?}'), S('filter {tag :string}'),
  [
    "filter.tag: :string? -> :string: breaks callers: the field became required",
  ]],
  ['a nested field added, required', S('filter {tag :string}'), S('filter {tag :string, lang :string}'),
  [
    "filter.lang: (none) -> :string: breaks callers: a new required field",
  ]],
  ['a nested field type changed', S('filter {page :int}'), S('filter {page :string}'),
  [
    "filter.page: :int -> :string: breaks callers: expected string, got int 0",
  ]],
  ['a parameter became nullable', S('cursor :string'), S('cursor :string?'),
  [
    "cursor: :string -> :string?: compatible: the parameter became optional",
  ]],
  ['an output field added', S('q :string', '{items [{id :int}]}'), S('q :string', '{items [{id :int}], total :int}'),
  [
    "(returns).total: (none) -> :int: compatible: a new field",
  ]],
  ['an output field removed', S('q :string', '{items [{id :int}], total :int}'), S('q :string', '{items [{id :int}]}'),
  [
    "(returns).total: :int -> (none): breaks consumers: the field was removed",
  ]],
  ['an optional output field removed', S('q :string', '{items [{id :int}], next :string?}'), S('q :string', '{items [{id :int}]}'),
  [
    "(returns).next: :string? -> (none): compatible: an optional field was removed",
  ]],
  ['an output field became optional', S('q :string', '{total :int}'), S('q :string', '{total :int?}'),
  [
    "(returns).total: :int -> :int?: breaks consumers: the field may now be absent",
  ]],
  ['an output field became required', S('q :string', '{total :int?}'), S('q :string', '{total :int}'),
  [
    "(returns).total: :int? -> :int: compatible: the field is now always present",
  ]],
  ['an output int became float', S('q :string', '{total :int}'), S('q :string', '{total :float}'),
  [
    "(returns).total: :int -> :float: breaks consumers: expected int, got float 0.0",
  ]],
  ['an output float became int', S('q :string', '{score :float}'), S('q :string', '{score :int}'),
  [
    "(returns).score: :float -> :int: compatible: returns less than before",
  ]],
  ['an output enum grew', S('q :string', '{status :enum[open closed]}'), S('q :string', '{status :enum[open closed merged]}'),
  [
    "(returns).status: :enum[open closed] -> :enum[open closed merged]: breaks consumers: expected one of open, closed, got string \"merged\"",
  ]],
  ['an output enum shrank', S('q :string', '{status :enum[open closed merged]}'), S('q :string', '{status :enum[open closed]}'),
  [
    "(returns).status: :enum[open closed merged] -> :enum[open closed]: compatible: returns less than before",
  ]],
  ['an output became nullable', S('q :string', '{id :int}'), S('q :string', '{id :int}?'),
  [
    "(returns): {…} -> {…}?: breaks consumers: the value may now be null",
  ]],
  ['an output list element changed', S('q :string', '[{id :int}]'), S('q :string', '[{id :string}]'),
  [
    "(returns)[].id: :int -> :string: breaks consumers: expected int, got string \"\"",
  ]],
  ['an output list got a maximum length', S('q :string', '[:string]'), S('q :string', '[:string][..10]'),
  [
    "(returns): […] -> […][<=10]: compatible: returns less than before",
  ]],
  ['an output union lost a member', S('q :string', ':int|:string'), S('q :string', ':int'),
  [
    "(returns): :int|:string -> :int: compatible: returns less than before",
  ]],
  ['an output union gained a member', S('q :string', ':int'), S('q :string', ':int|:string'),
  [
    "(returns): :int -> :int|:string: breaks consumers: expected int, got string \"\"",
  ]],
  ['a description changed', S('q :string "what to find"'), S('q :string "the search terms"'),
  [
    "q: \"what to find\" -> \"the search terms\": compatible: the description changed",
  ]],
  ['typed extras narrowed in output', S('q :string', '{scores {* :float}}'), S('q :string', '{scores {* :int}}'),
  [
    "(returns).scores.*: :float -> :int: compatible: returns less than before",
  ]],
  ['typed extras widened in input', S('labels {* :int}'), S('labels {* :float}'),
  [
    "labels.*: :int -> :float: compatible: accepts more than before",
  ]],
  ['a value may fall between union members', S('n :int'), S('n :int[<=0]|:int[>=1]'),
  [
    "n: :int -> :int[<=0]|:int[>=1]: may break callers: cannot prove it compatible: a value may fall between the members of the union",
  ]],
  ['no changes', S('query :string'), S('query :string'),
  []],
  ['renamed with - and _ is the same field', S('max_results :int'), S('max-results :int'),
  [
    "max-results: max_results -> max-results: compatible: the name is spelled differently; both match the same keys (- and _ alike)",
  ]],
  ['an enum of numbers is every lexeme of its values: 1.0 is not an int', S('n :enum[1 2]'), S('n :int[1..2]'),
  [
    "n: :enum[1 2] -> :int[1..2]: breaks callers: expected int, got float 1.0",
  ]],
  ['a field added where the old "*" took any key', S('o {* :string}'), S('o {a :int?, * :string}'),
  [
    "o.a: (none) -> :int?: breaks callers: the old \"*\" took this key: a: expected int, got string \"\"",
  ]],
  ['a field added where the old "*" took both spellings of it', S('o {* :int}'), S('o {a_b :int?, * :int}'),
  [
    "o.a_b: (none) -> :int?: breaks callers: the old \"*\" took this key: a_b: ambiguous field: \"a_b\" and \"a-b\" both present",
  ]],
  ['an output field removed where the new "*" may return it', S('q :string', '{a :int, b :string?}'), S('q :string', '{a :int, * :int}'),
  [
    "(returns).b: :string? -> (none): breaks consumers: the new \"*\" may return this key: b: expected string, got int 0",
    "(returns).*: (none) -> * :int: compatible: returns less than before",
  ]],
  ['a required :any parameter became an optional union of every kind', S('x :any'), S('x :string|:float|:bool|:map|[:any]?'),
  [
    "x: :any -> :string|:float|:bool|:map|[:any]?: compatible: the parameter became optional",
    "x: :any -> :string|:float|:bool|:map|[:any]?: compatible: accepts more than before",
  ]],
  ['the empty map is a signature too', '{}', '{a :int}',
  [
    "(returns).a: (none) -> :int: compatible: a new field",
  ]],
  ['MCP: a constraint a signature cannot say is named, not judged',
    mcp([tool('pick', { mode: { type: 'string' } })]),
    mcp([tool('pick', { mode: { type: 'string', pattern: '^a' } })]),
  [
    "pick: #/inputSchema/properties/mode/pattern: (none) -> unsupported pattern, dropped: may break callers: the schemas say here what a signature cannot, so the change is not judged",
  ]],
  ['MCP: a tool removed', mcp([tool('search', { q: { type: 'string' } }, ['q']), tool('fetch', { url: { type: 'string' } }, ['url'])]), mcp([tool('search', { q: { type: 'string' } }, ['q'])]),
  [
    "fetch: removed: breaks callers: the tool was removed",
  ]],
  ['MCP: a tool added', mcp([tool('search', { q: { type: 'string' } }, ['q'])]), mcp([tool('search', { q: { type: 'string' } }, ['q']), tool('fetch', { url: { type: 'string' } }, ['url'])]),
  [
    "fetch: added: compatible: a new tool",
  ]],
  ['MCP: four changes to one published tool',
    mcp([tool('search_issues', { query: { type: 'string' }, state: { type: 'string', enum: ['open', 'closed', 'all'] }, per_page: { type: 'integer', maximum: 100 } }, ['query'], { outputSchema: { type: 'object', properties: { total: { type: 'integer' }, items: { type: 'array', items: { type: 'object', properties: { number: { type: 'integer' }, title: { type: 'string' } }, required: ['number', 'title'] } } }, required: ['total', 'items'] } })]),
    mcp([tool('search_issues', { query: { type: 'string' }, repo: { type: 'string' }, state: { type: 'string', enum: ['open', 'closed'] }, per_page: { type: 'integer', maximum: 50 } }, ['query', 'repo'], { description: 'Search issues in one repository', outputSchema: { type: 'object', properties: { total: { type: 'integer' }, items: { type: 'array', items: { type: 'object', properties: { number: { type: 'integer' }, title: { type: 'string' } }, required: ['number'] } } }, required: ['total', 'items'] } })]),
  [
    "search_issues: state: :enum[open closed all]? -> :enum[open closed]?: breaks callers: expected one of open, closed, got string \"all\"",
    "search_issues: per_page: :int[<=100]? -> :int[<=50]?: breaks callers: expected int <= 50, got int 100",
    "search_issues: repo: (none) -> :string: breaks callers: a new required parameter",
    "search_issues: (returns).items[].title: :string -> :string?: breaks consumers: the field may now be absent",
    "search_issues: (description): \"search_issues tool\" -> \"Search issues in one repository\": compatible: the description changed",
  ]],
  ['OpenAI tools: a parameter became required',
    JSON.stringify([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] } } }]),
    JSON.stringify([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } }, required: ['city', 'units'] } } }]),
  [
    "get_weather: units: :enum[c f]? -> :enum[c f]: breaks callers: the parameter became required",
  ]],
  ['Anthropic tools: a minimum added',
    JSON.stringify([{ name: 'list_files', description: 'List files', input_schema: { type: 'object', properties: { path: { type: 'string' }, depth: { type: 'integer' } }, required: ['path'] } }]),
    JSON.stringify([{ name: 'list_files', description: 'List files', input_schema: { type: 'object', properties: { path: { type: 'string' }, depth: { type: 'integer', minimum: 1 } }, required: ['path'] } }]),
  [
    "list_files: depth: :int? -> :int[>=1]?: breaks callers: expected int >= 1, got int 0",
  ]],
  ['own tools: a signature changed',
    JSON.stringify([{ name: 'add', sig: '(a :int, b :int) -> :int' }]),
    JSON.stringify([{ name: 'add', sig: '(a :float, b :float) -> :float' }]),
  [
    "add: a: :int -> :float: compatible: accepts more than before",
    "add: b: :int -> :float: compatible: accepts more than before",
    "add: (returns): :int -> :float: breaks consumers: expected int, got float 0.0",
  ]],
];

test('the table has at least forty real-shaped changes', () => {
  assert.ok(CHANGES.length >= 40, String(CHANGES.length));
});

for (const [name, before, after, lines] of CHANGES) {
  test(`diff: ${name}`, () => {
    const r = diff(before, after);
    assert.deepEqual(r.changes.map((c) => c.line), lines);
    const breaking = r.changes.filter((c) => c.effect !== 'compatible');
    assert.equal(r.breaks, breaking.length > 0);
    for (const c of r.changes) {
      assert.equal(typeof c.why, 'string');
      // a change that breaks says with what, unless absence shows it
      if (c.effect.startsWith('breaks') && !/absent|required|removed|new required/.test(c.why)) assert.ok('example' in c, c.line);
      if (c.effect === 'compatible') assert.ok(!('example' in c), c.line);
    }
  });
}

test('diff takes Signatures, tools of the package and JS lists of tools as they are', () => {
  const before = Signature.parse('(q :string, limit :int?) -> [:string]');
  const after = Signature.parse('(q :string, limit :int) -> [:string]');
  try {
    assert.deepEqual(diff(before, after).changes.map((c) => c.line),
      ['limit: :int? -> :int: breaks callers: the parameter became required']);
  } finally {
    before.free();
    after.free();
  }
  const v1 = [defineTool('add', { signature: '(a :int, b :int) -> :int', fn: ({ a, b }) => a + b })];
  const v2 = [defineTool('add', { signature: '(a :int, b :int, c :int) -> :int', fn: ({ a, b, c }) => a + b + c })];
  assert.deepEqual(diff(v1, v2).changes.map((c) => c.line), ['add: c: (none) -> :int: breaks callers: a new required parameter']);
  const listed = { tools: [{ name: 'ping', inputSchema: { type: 'object', properties: {} } }] };
  assert.deepEqual(diff(listed, { tools: [] }).changes.map((c) => c.line), ['ping: removed: breaks callers: the tool was removed']);
});

test('a change that breaks carries a value that shows it', () => {
  const r = diff('(limit :int[1..100]) -> :any', '(limit :int[1..50]) -> :any');
  assert.equal(r.changes[0].effect, 'breaks callers');
  assert.equal(r.changes[0].example, 100);
  const out = diff('{total :int?}', '{total :int}?');
  assert.deepEqual(out.changes.map((c) => [c.path, c.effect, c.example]),
    [['(returns)', 'breaks consumers', null], ['(returns).total', 'compatible', undefined]]);
});

test('a side that is neither a signature nor a list of tools is a SignatureError naming the side', () => {
  assert.throws(() => diff('(q :string', '(q :string) -> :any'), (e) =>
    e instanceof SignatureError && e.reason.startsWith('old: ') && e.index === 10);
  assert.throws(() => diff('(q :string) -> :any', '(q :strin) -> :any'), (e) =>
    e instanceof SignatureError && e.reason.startsWith('new: ') && e.line === 1 && e.column === 4);
  assert.throws(() => diff('(q :string) -> :any', '[{"name": "x", "inputSchema": {"type": "object"}}]'),
    /old is a signature and new is a list of tools/);
  assert.throws(() => diff('[{"name": "x", "sig": ":any"}, {"name": "x", "sig": ":int"}]', '[]'),
    /old: two tools are named x/);
  assert.throws(() => diff([{ name: 'x', signature: null }], []), /old: tool x has no signature to compare/);
  assert.throws(() => diff('{"tools": [{"name": 3}]}', '{"tools": []}'), /old: tools\[0\]/);
  assert.throws(() => diff('[{"name": "x", "sig": "(a :int"}]', '[]'), /old: \[0\]\.sig: signature error at 1:8/);
  assert.throws(() => diff('{"tools": [1, }', '[]'), (e) => e.reason.startsWith('old: ') && e.column === 15);
  assert.throws(() => diff(42, ':any'), TypeError);
  // the next call works
  assert.equal(diff(':int', ':int').changes.length, 0);
});
