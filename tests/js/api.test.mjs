// The JS API method by method: every option and every error of index.d.ts,
// values JSON cannot carry, freed signatures, positions in UTF-16, the fast
// path. Each test is named after the rule it checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  Signature, SignatureError, checkPlaceholders, coreInfo, formatReport, importJsonSchema, importTool, normalizeKeys,
  renderTools,
} from 'toolsig';
import { openInstance, repoRoot } from './support/env.mjs';

/** Runs fn with a fresh Signature of text, freed afterwards. */
function withSig(text, fn) {
  const sig = Signature.parse(text);
  try {
    return fn(sig);
  } finally {
    sig.free();
  }
}

/** The call after a refused one still works (the instance stayed usable). */
function assertStillWorks() {
  withSig('(n :int) -> {n :int}', (sig) => {
    assert.deepEqual(sig.validateInput({ n: '7' }).value, { n: 7 });
    assert.equal(sig.validate({ n: 'x' }).errors[0].message, 'expected int, got string "x"');
  });
}

// ------------------------------------------------------------------ parse

test('Signature.parse returns a Signature with canonical form, params, returns, returnsList and ast', () => {
  withSig('( query:string ,limit :int? , opts {deep :boolean}? )\n -> [{id :int, _raw :map}]', (sig) => {
    const canonical = '(query :string, limit :int?, opts {deep :bool}?) -> [{id :int, _raw :map}]';
    assert.ok(sig instanceof Signature);
    assert.equal(sig.canonical, canonical);
    assert.equal(sig.toString(), canonical);
    assert.equal(`${sig}`, canonical);
    assert.equal(sig.format(), canonical);
    assert.equal(JSON.stringify({ sig }), JSON.stringify({ sig: canonical }));
    assert.equal(sig.returnsList, true);
    assert.equal(sig.returns, '[{id :int, _raw :map}]');
    assert.deepEqual(sig.params, [
      { name: 'query', type: ':string', optional: false },
      { name: 'limit', type: ':int?', optional: true },
      { name: 'opts', type: '{deep :bool}?', optional: true },
    ]);
    assert.deepEqual(sig.ast, {
      params: [['query', 'string'], ['limit', { optional: 'int' }], ['opts', { optional: { map: [['deep', 'bool']] } }]],
      returns: { list: { map: [['id', 'int'], ['_raw', 'map']] } },
    });
  });
});

test('format({hideFirewalled}) drops firewalled output fields and keeps firewalled parameters', () => {
  withSig('(_token :string) -> {summary :string, _raw [:map]}', (sig) => {
    assert.equal(sig.format({ hideFirewalled: true }), '(_token :string) -> {summary :string}');
    assert.equal(sig.format({ hideFirewalled: false }), '(_token :string) -> {summary :string, _raw [:map]}');
    assert.equal(sig.format(), '(_token :string) -> {summary :string, _raw [:map]}');
  });
});

test('format({descriptions: false}) leaves out descriptions and keeps defaults', () => {
  withSig('(q :string "terms", n :int[1..100] = 10 "max") -> {a :int "x", _b :int "y"}', (sig) => {
    assert.equal(sig.format({ descriptions: false }), '(q :string, n :int[1..100] = 10) -> {a :int, _b :int}');
    assert.equal(sig.format({ descriptions: true }), sig.canonical);
    assert.equal(sig.format({ descriptions: false, hideFirewalled: true }), '(q :string, n :int[1..100] = 10) -> {a :int}');
  });
});

test('params expose each parameter\'s default and description when it has them', () => {
  withSig('(q :string "search terms", n :int[>=1] = 10, tags [:string]? = ["a"], m :enum[x y] "") -> :any', (sig) => {
    assert.deepEqual(sig.params, [
      { name: 'q', type: ':string', optional: false, description: 'search terms' },
      { name: 'n', type: ':int[>=1]', optional: false, default: 10 },
      { name: 'tags', type: '[:string]?', optional: true, default: ['a'] },
      { name: 'm', type: ':enum[x y]', optional: false, description: '' },
    ]);
    const params = sig.params;
    params[2].default.push('b');
    assert.deepEqual(sig.params[2].default, ['a'], 'a fresh copy each time');
  });
});

test('the AST of enums, unions, refinements, annotations and * entries', () => {
  withSig('(a :enum[x 1 true] "d", b :string|:int?, c [:int][1..], d :float[>0, <=1]) -> {k :int = 1, * :int}', (sig) => {
    assert.deepEqual(sig.ast, {
      params: [
        ['a', { enum: ['x', 1, true] }, { description: 'd' }],
        ['b', { optional: { union: ['string', 'int'] } }],
        ['c', { refined: { list: 'int' }, ge: 1 }],
        ['d', { refined: 'float', gt: 0, le: 1 }],
      ],
      returns: { map: [['k', 'int', { default: 1 }], ['*', 'int']] },
    });
  });
});

test('renderTool shows defaults and descriptions, and checkPlaceholders walks unions and * entries', () => {
  withSig('(query :string "search terms", limit :int[1..100] = 10 "max results") -> [{id :int, _raw :map}]', (sig) => {
    assert.equal(sig.renderTool('search', 'Searches.'),
      'search(query :string "search terms", limit :int[1..100] = 10 "max results") -> [{id :int}]\n  Searches.');
  });
  const r = checkPlaceholders('{{t.phone}} {{h.x-api-key}} {{t.fax}}', '(t {email :string}|{phone :string}, h {* :string}) -> :any');
  assert.equal(r.ok, false);
  assert.deepEqual(r.placeholders, ['t.phone', 'h.x-api-key', 't.fax']);
  assert.deepEqual(r.errors.map((e) => e.message), ['{{t.fax}}: t has no field fax (fields: email, phone)']);
});

test('ast and params are fresh copies: changing them does not change the Signature', () => {
  withSig('(a :int) -> {b :string}', (sig) => {
    const ast = sig.ast;
    ast.params.push(['x', 'int']);
    ast.returns = 'any';
    sig.params[0].name = 'zzz';
    assert.deepEqual(sig.ast, { params: [['a', 'int']], returns: { map: [['b', 'string']] } });
    assert.equal(sig.params[0].name, 'a');
    assert.notEqual(sig.ast, sig.ast);
  });
});

test('Signature.parse throws SignatureError with message, line, column, offset, index, hint, code', () => {
  let error;
  assert.throws(() => Signature.parse('(query :string, limit) -> :int'), (e) => {
    error = e;
    return e instanceof SignatureError && e instanceof Error;
  });
  assert.equal(error.name, 'SignatureError');
  assert.equal(error.reason, 'expected a type after "limit", found ")"');
  assert.equal(error.line, 1);
  assert.equal(error.column, 22);
  assert.equal(error.offset, 21);
  assert.equal(error.index, 21);
  assert.equal(error.source, '(query :string, limit) -> :int');
  assert.equal(typeof error.code, 'string');
  assert.equal(error.hint, null);
});

// Frameworks and loggers print only `message`: it carries the position,
// the source line and the hint.
test('SignatureError.message is the caret picture, with the position and the hint', () => {
  assert.throws(() => Signature.parse('(a :integer) -> :int'), (e) => {
    assert.equal(e.message, [
      'signature error at 1:4: unknown type ":integer"',
      '  (a :integer) -> :int',
      '     ^',
      '  hint: did you mean :int?',
    ].join('\n'));
    assert.equal(e.reason, 'unknown type ":integer"');
    assert.equal(String(e.stack).split('\n')[0], 'SignatureError: signature error at 1:4: unknown type ":integer"');
    return true;
  });
});

test('SignatureError.toString() is the caret picture of SPEC §1', () => {
  assert.throws(() => Signature.parse('(query :string, limit) -> :int'), (e) => {
    assert.equal(e.toString(), [
      'signature error at 1:22: expected a type after "limit", found ")"',
      '  (query :string, limit) -> :int',
      '                       ^',
    ].join('\n'));
    assert.equal(e.text, e.toString());
    return true;
  });
});

test('a hint is its own field and ends the caret picture', () => {
  assert.throws(() => Signature.parse('(a :int,\n b :str) -> :int'), (e) => {
    assert.equal(e.line, 2);
    assert.equal(e.column, 4);
    assert.match(e.hint, /:string/);
    assert.ok(e.toString().endsWith(`hint: ${e.hint}`), e.toString());
    assert.ok(e.toString().includes('\n   b :str) -> :int\n     ^'), e.toString());
    return true;
  });
});

test('SignatureError.index is the UTF-16 offset, offset the byte offset', () => {
  // Signature text is ASCII: the first non-ASCII character is the error.
  assert.throws(() => Signature.parse('(a :int, é :int) -> :int'), (e) => e.offset === 9 && e.index === 9 && e.column === 10);
  assert.throws(() => Signature.parse('(a :int) -> 🎉'), (e) => e.offset === 12 && e.index === 12);
  // JSON Schema text: "é" (2 bytes, 1 unit) and an emoji (4 bytes, 2 units) before the error.
  const text = '{"description": "café 🎉", "type": }';
  assert.throws(() => importJsonSchema(text), (e) => {
    assert.ok(e instanceof SignatureError);
    assert.match(e.message, /^JSON error at 1:39: /);
    assert.equal(e.offset, 38);
    assert.equal(e.index, 35);
    assert.equal(text[e.index], '}');
    assert.equal(e.source, text);
    return true;
  });
});

test('a parse error is at the byte it is about, its index the UTF-16 one', () => {
  const at = (text, offset, reason, hint) => assert.throws(() => Signature.parse(text), (e) => {
    assert.ok(e instanceof SignatureError);
    assert.equal(e.reason, reason);
    assert.equal(e.offset, offset);
    assert.equal(e.index, offset);
    assert.equal(e.hint, hint);
    return true;
  });
  at(':enum["a"b]', 9, 'expected a space, "," or "]" after an enum value, found "b"', null);
  at('{* :int, a :int}', 1, 'the * entry must be the last entry of a map', 'write {id :int, * :string}');
  at('(café :int) -> :int', 4, 'expected a type after "caf", found "é"',
    'names are ASCII letters, digits, _ and -, starting with a letter or _');
});

test('Signature.check never throws for bad text and gives the same facts', () => {
  assert.deepEqual(Signature.check('(a :int) -> [:string]'), {
    ok: true, canonical: '(a :int) -> [:string]', returnsList: true,
    ast: { params: [['a', 'int']], returns: { list: 'string' } },
  });
  const bad = Signature.check('(a :integer) -> :int');
  assert.equal(bad.ok, false);
  assert.deepEqual(Object.keys(bad.error).sort(), ['code', 'column', 'hint', 'index', 'line', 'message', 'offset', 'text']);
  assert.equal(bad.error.code, 'unknown_type');
  assert.equal(Signature.check('(a :int').error.code, 'syntax');
  assert.equal(Signature.check('(a :int, a :int) -> :int').error.code, 'duplicate_name');
  assert.equal(Signature.check('['.repeat(65) + ':int' + ']'.repeat(65)).error.code, 'too_deep');
  assert.equal(bad.error.line, 1);
  assert.equal(bad.error.column, 4);
  assert.match(bad.error.hint, /:int/);
  for (const text of ['', '   ', '()', '(a :int)', '-> :int', '[]', ':int,', '\u0000', '{'.repeat(100000)]) {
    const r = Signature.check(text);
    assert.equal(r.ok, false, JSON.stringify(text.slice(0, 20)));
    assert.equal(typeof r.error.message, 'string');
  }
  assertStillWorks();
});

test('Signature.parse of something that is not a string is a TypeError', () => {
  for (const v of [undefined, null, 42, {}, ['(a :int) -> :int']]) {
    assert.throws(() => Signature.parse(v), TypeError);
    assert.throws(() => Signature.check(v), TypeError);
  }
});

test('only Signature.parse makes a Signature', () => {
  assert.throws(() => new Signature(), TypeError);
  assert.throws(() => new Signature(8, { canonical: ':int' }), TypeError);
  assert.throws(() => Reflect.construct(Signature, [Symbol('toolsig.Signature'), 8, {}]), TypeError);
  assertStillWorks();
});

// -------------------------------------------------------------- validate

test('validate checks the return type strictly and returns the value only when ok', () => {
  withSig('(q :string) -> {count :int, items [{id :int}]}', (sig) => {
    const good = { count: 1, items: [{ id: 1 }] };
    const r = sig.validate(good);
    assert.equal(r.ok, true);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.warnings, []);
    const bad = sig.validate({ count: '1', items: [{ id: 1 }, { id: 2.5 }] });
    assert.equal(bad.ok, false);
    assert.equal('value' in bad, false);
    assert.deepEqual(bad.errors, [
      // offsets and indexes are in the text JSON.stringify writes of the value
      { path: 'count', segments: ['count'], message: 'expected int, got string "1"', code: 'type', offset: 9, length: 3, index: 9 },
      { path: 'items[1].id', segments: ['items', 1, 'id'], message: 'expected int, got float 2.5', code: 'type', offset: 37, length: 3, index: 37 },
    ]);
  });
});

test('the fast path returns the caller\'s own value object for a valid unchanged value', () => {
  withSig('(a :int, b [:string]) -> {count :int, items [{id :int}]}', (sig) => {
    const out = { count: 2, items: [{ id: 1 }, { id: 2 }], extra: true };
    assert.equal(sig.validate(out).value, out);
    const args = { a: 1, b: ['x'] };
    assert.equal(sig.validateInput(args).value, args);
    // A coerced or respelled value is a new object, the input untouched.
    const coerce = { a: '1', b: ['x'] };
    const r = sig.validateInput(coerce);
    assert.notEqual(r.value, coerce);
    assert.deepEqual(r.value, { a: 1, b: ['x'] });
    assert.deepEqual(coerce, { a: '1', b: ['x'] });
  });
});

test('validateInput coerces per SPEC §5 with warnings and the signature\'s key spelling and order', () => {
  withSig('(limit :int, ratio :float, on :bool, order-count :int?) -> :any', (sig) => {
    const r = sig.validateInput({ extra: 1, on: 'true', ratio: 2, order_count: 3, limit: ' 10 ' });
    assert.equal(r.ok, true);
    assert.deepEqual(Object.keys(r.value), ['limit', 'ratio', 'on', 'order-count', 'extra']);
    assert.deepEqual(r.value, { limit: 10, ratio: 2, on: true, 'order-count': 3, extra: 1 });
    assert.deepEqual(r.warnings.map((w) => [w.path, w.message]), [
      ['limit', 'coerced string " 10 " to int'],
      ['on', 'coerced string "true" to bool'],
    ]);
    const bad = sig.validateInput({ limit: '12abc', ratio: 'NaN', on: 'True' });
    assert.deepEqual(bad.errors.map((e) => e.message), [
      'expected int, got string "12abc"', 'expected float, got string "NaN"', 'expected bool, got string "True"',
    ]);
  });
});

test('validateInput keeps a null where the type takes null and fills the default elsewhere', () => {
  withSig('(a :any = 5, b :int? = 5, c :int = 5, m {d :any = 1, e :int = 1}) -> :any', (sig) => {
    const r = sig.validateInput({ a: null, b: null, c: null, m: { d: null, e: null } });
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, { a: null, b: null, c: 5, m: { d: null, e: 1 } });
    assert.deepEqual(r.warnings, []);
  });
});

test('an int given for :float is the same JS number: no warning, no rewrite, the fast path answers', async () => {
  const inst = await openInstance();
  const sig = inst.api.Signature.parse('(a :float, b :int, xs [{s :float?}]) -> :any');
  try {
    const args = { a: 1, b: 2, xs: [{ s: 3 }, { s: 0.5 }, { s: null }] };
    const r = sig.validateInput(args);
    assert.equal(r.value, args); // the caller's own object: nothing was rewritten
    assert.deepEqual(r.warnings, []);
    assert.equal(inst.last(), null, 'the check table answered: no call into the core');
    const text = '{"a":1,"b":2,"xs":[{"s":3},{"s":-0}]}';
    const j = sig.validateInputJSON(text);
    assert.equal(inst.last().rc, 0);
    assert.deepEqual(j, { ok: true, value: { a: 1, b: 2, xs: [{ s: 3 }, { s: -0 }] }, errors: [], warnings: [] });
    assert.ok(Object.is(j.value.xs[1].s, -0));
    const big = sig.validateInputJSON('{"a":123456789012345678901234567890,"b":0,"xs":[]}');
    assert.equal(inst.last().rc, 0);
    assert.equal(big.value.a, 123456789012345678901234567890);
  } finally {
    sig.free();
  }
});

test('an int for :float mixed with other coercions: the rewritten value is still right', () => {
  withSig('(a :float, b :int) -> :any', (sig) => {
    const warning = [{ path: 'b', segments: ['b'], message: 'coerced string "2" to int', code: 'coerced', offset: 11, length: 3, index: 11 }];
    for (const r of [sig.validateInput({ a: 1, b: '2' }), sig.validateInputJSON('{"a":1,"b":"2"}')]) {
      assert.deepEqual(r, { ok: true, value: { a: 1, b: 2 }, errors: [], warnings: warning });
    }
    // a float 42.0 for :int and "3" for :float are still coerced (with warnings)
    const r = sig.validateInputJSON('{"b":42.0,"a":"3"}');
    assert.deepEqual(Object.keys(r.value), ['a', 'b']);
    assert.deepEqual(r.value, { a: 3, b: 42 });
    assert.deepEqual(r.warnings.map((w) => [w.path, w.message]), [
      ['a', 'coerced string "3" to float'],
      ['b', 'coerced float 42.0 to int'],
    ]);
    // key order and spelling still rewrite, the int left as it was
    const order = sig.validateInputJSON('{"b":5,"a":7}');
    assert.deepEqual(Object.keys(order.value), ['a', 'b']);
    assert.deepEqual(order.value, { a: 7, b: 5 });
    assert.deepEqual(order.warnings, []);
  });
});

test('validateInput of a non-object reports expected map at the root', () => {
  withSig('(a :int) -> :any', (sig) => {
    for (const [v, tn] of [[[1], 'list'], ['x', 'string "x"'], [null, 'nil'], [3, 'int 3']]) {
      const r = sig.validateInput(v);
      const length = JSON.stringify(v).length;
      assert.deepEqual(r.errors, [{ path: '', segments: [], message: `expected map, got ${tn}`, code: 'type', offset: 0, length, index: 0 }]);
    }
  });
});

test('modes: warn_only demotes errors, disabled passes through, strict rejects extra fields', () => {
  withSig('{a :int}', (sig) => {
    const warn = sig.validate({ a: 'x' }, { mode: 'warn_only' });
    assert.equal(warn.ok, true);
    assert.deepEqual(warn.errors, []);
    assert.deepEqual(warn.warnings.map((w) => w.message), ['expected int, got string "x"']);
    const off = { a: 'x' };
    const disabled = sig.validate(off, { mode: 'disabled' });
    assert.equal(disabled.ok, true);
    assert.equal(disabled.value, off);
    const strict = sig.validate({ a: 1, b: 2 }, { mode: 'strict' });
    assert.deepEqual(strict.errors, [{ path: 'b', segments: ['b'], message: 'unexpected field', code: 'unexpected', offset: 11, length: 1, index: 11 }]);
    assert.equal(sig.validate({ a: 1, b: 2 }, { mode: 'enabled' }).ok, true);
    assert.equal(sig.validate({ a: 1, b: 2 }).ok, true);
  });
});

test('maxErrors keeps the first N errors and adds one "too many errors" entry', () => {
  withSig('[:int]', (sig) => {
    const r = sig.validate(['a', 'b', 'c', 'd', 'e'], { maxErrors: 2 });
    assert.deepEqual(r.errors.map((e) => [e.path, e.message]), [
      ['[0]', 'expected int, got string "a"'],
      ['[1]', 'expected int, got string "b"'],
      ['', 'too many errors: 3 more not shown'],
    ]);
    assert.equal(sig.validate(Array(150).fill('x')).errors.length, 101, 'default 100');
  });
});

test('maxDepth bounds nesting; the default is 1000', () => {
  withSig(':any', (sig) => {
    assert.equal(sig.validate([[[1]]], { maxDepth: 3 }).ok, true);
    const r = sig.validateJSON('[[[[1]]]]', { maxDepth: 3 });
    assert.deepEqual(r.errors.map((e) => e.message), ['JSON error at 1:4: nesting deeper than 3']);
    assert.equal(sig.validateJSON('['.repeat(1000) + ']'.repeat(1000)).ok, true);
    assert.equal(sig.validateJSON('['.repeat(1001) + ']'.repeat(1001)).ok, false);
    assert.equal(sig.validateJSON('['.repeat(10000) + ']'.repeat(10000), { maxDepth: 10000 }).ok, true);
  });
});

test('a JS value nested too deep gets a path, not a position in text it never saw', () => {
  withSig(':any', (sig) => {
    const r = sig.validate({ a: { 'b c': [[[[1]]]] } }, { maxDepth: 4 });
    assert.deepEqual(r.errors, [{
      path: 'a["b c"][0][0]', segments: ['a', 'b c', 0, 0], message: 'nesting deeper than 4',
      code: 'too_deep', offset: 14, length: 0, index: 14,
    }]);
    assert.equal(formatReport(r), 'Tool validation errors:\n- a["b c"][0][0]: nesting deeper than 4');
  });
  const deep = JSON.parse('['.repeat(1001) + ']'.repeat(1001));
  assert.throws(() => normalizeKeys({ x: deep }), /^Error: toolsig: the value nests deeper than 1000 levels at x\[0\]\[0\]/);
  // Deeper than JSON.stringify can write: a clear TypeError, not a stack trace from inside.
  const deeper = JSON.parse('['.repeat(100000) + ']'.repeat(100000));
  withSig(':any', (sig) => {
    assert.throws(() => sig.validate(deeper), { name: 'TypeError', message: 'toolsig: the value nests too deeply to be sent as JSON' });
  });
  assertStillWorks();
});

test('bad options throw a clear TypeError and the next call works', () => {
  withSig(':int', (sig) => {
    const cases = [
      [{ mode: 'lenient' }, /unknown mode "lenient" \(modes: enabled, warn_only, disabled, strict\)/],
      [{ mode: 'toString' }, /unknown mode "toString"/],
      [{ mode: 3 }, /unknown mode 3/],
      [{ maxErrors: -1 }, /maxErrors must be a whole number from 1 to 2147483647, got -1/],
      [{ maxErrors: 0 }, /maxErrors must be a whole number from 1/],
      [{ maxErrors: 1.5 }, /maxErrors/],
      [{ maxErrors: '3' }, /maxErrors .*got "3"/],
      [{ maxErrors: 2 ** 31 }, /maxErrors/],
      [{ maxDepth: 0 }, /maxDepth must be a whole number from 1 to 10000, got 0/],
      [{ maxDepth: 10001 }, /maxDepth .*10000/],
      [{ maxDepth: NaN }, /maxDepth/],
      ['strict', /options are an object/],
    ];
    for (const [opts, re] of cases) {
      for (const call of [() => sig.validate(1, opts), () => sig.validateJSON('1', opts), () => sig.validateInput({}, opts),
        () => sig.validateInputJSON('{}', opts)]) {
        assert.throws(call, (e) => e instanceof TypeError && re.test(e.message), JSON.stringify(opts));
      }
    }
    assert.equal(sig.validate(1, {}).ok, true);
    assert.equal(sig.validate(1, null).ok, true);
    assert.equal(sig.validate(1, { mode: undefined, maxErrors: undefined, maxDepth: null }).ok, true);
  });
  assertStillWorks();
});

// ------------------------------------------------- values JSON cannot carry

test('values JSON cannot carry are a TypeError naming the path, and the next call works', () => {
  const cycle = { a: { b: [1] } };
  cycle.a.b.push(cycle);
  const cases = [
    [undefined, /^toolsig: the value is undefined, which JSON cannot carry$/],
    [() => 1, /^toolsig: the value is a function, which JSON cannot carry$/],
    [Symbol('s'), /^toolsig: the value is a symbol, which JSON cannot carry$/],
    [NaN, /^toolsig: the value is NaN, which JSON cannot carry$/],
    [Infinity, /^toolsig: the value is Infinity, which JSON cannot carry$/],
    [10n, /^toolsig: the value is a BigInt, which JSON cannot carry$/],
    [{ a: [1, { b: -Infinity }] }, /^toolsig: the value at a\[1\]\.b is -Infinity, which JSON cannot carry$/],
    [{ rows: [1, undefined] }, /^toolsig: the value at rows\[1\] is undefined/],
    [[() => 1], /^toolsig: the value at \[0\] is a function/],
    [[Symbol('x')], /^toolsig: the value at \[0\] is a symbol/],
    [{ 'first name': { n: 2n } }, /^toolsig: the value at \["first name"\]\.n is a BigInt/],
    [cycle, /^toolsig: the value at a\.b\[1\] is a reference to an enclosing value \(a cycle\)/],
  ];
  withSig(':any', (sig) => {
    for (const [v, re] of cases) {
      for (const call of [() => sig.validate(v), () => sig.redact(v), () => normalizeKeys(v)]) {
        assert.throws(call, (e) => e instanceof TypeError && re.test(e.message), String(re));
        assertStillWorks();
      }
    }
  });
});

test('values JSON cannot carry in arguments: "the arguments are", "the argument at <path> is"', () => {
  const cycle = { a: [] };
  cycle.a.push(cycle);
  const cases = [
    [undefined, 'the arguments are undefined, which JSON cannot carry'],
    [NaN, 'the arguments are NaN, which JSON cannot carry'],
    [10n, 'the arguments are a BigInt, which JSON cannot carry'],
    [{ days: NaN }, 'the argument at days is NaN, which JSON cannot carry'],
    [{ a: [1, { b: -Infinity }] }, 'the argument at a[1].b is -Infinity, which JSON cannot carry'],
    [cycle, 'the argument at a[0] is a reference to an enclosing value (a cycle), which JSON cannot carry'],
  ];
  withSig('(days :int) -> :any', (sig) => {
    for (const [v, message] of cases) {
      assert.throws(() => sig.validateInput(v), { name: 'TypeError', message: `toolsig: ${message}` });
    }
    let deep = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    assert.throws(() => sig.validateInput(deep), { name: 'TypeError', message: 'toolsig: the arguments nest too deeply to be sent as JSON' });
  });
  assertStillWorks();
});

test('values JSON cannot carry in a schema or a tool to import are named so', () => {
  assert.throws(() => importJsonSchema({ type: 'object', default: NaN }),
    { name: 'TypeError', message: 'toolsig: the schema at default is NaN, which JSON cannot carry' });
  assert.throws(() => importTool({ name: 't', inputSchema: { type: 'object', default: 1n } }),
    { name: 'TypeError', message: 'toolsig: the tool at inputSchema.default is a BigInt, which JSON cannot carry' });
  assert.throws(() => importTool(undefined), { name: 'TypeError', message: 'toolsig: the tool is undefined, which JSON cannot carry' });
});

test('a value met twice but not inside itself is not a cycle', () => {
  const shared = { id: 1 };
  withSig('[{id :int}]', (sig) => {
    assert.equal(sig.validate([shared, shared]).ok, true);
  });
});

test('undefined, functions and symbols as object properties are absent fields, as JSON.stringify makes them', () => {
  withSig('{a :int?, b :string}', (sig) => {
    assert.equal(sig.validate({ a: undefined, b: 'x', f() {}, s: Symbol('q') }).ok, true);
    assert.deepEqual(sig.validate({ b: undefined }).errors, [
      { path: 'b', segments: ['b'], message: 'missing required field, expected string', code: 'missing', offset: 0, length: 2, index: 0 },
    ]);
  });
});

test('a Date is sent as its ISO string and validates as :datetime', () => {
  const date = new Date(Date.UTC(2026, 4, 3, 9, 14, 0));
  withSig('(when :datetime) -> :datetime', (sig) => {
    const r = sig.validate(date);
    assert.equal(r.ok, true);
    assert.equal(r.value, date);
    assert.equal(sig.validateInput({ when: date }).ok, true);
    assert.equal(sig.validateInput({ when: date.toISOString() }).ok, true);
    // An invalid Date is what JSON.stringify makes of it: null.
    assert.deepEqual(sig.validate(new Date('no')).errors.map((e) => e.message), ['expected datetime, got nil']);
  });
  withSig(':string', (sig) => assert.equal(sig.validate(date).ok, true));
  withSig(':int', (sig) => {
    assert.equal(sig.validate(date).errors[0].message, 'expected int, got string "2026-05-03T09:14:00.000Z"');
  });
});

test('toJSON() decides what an object means as data', () => {
  withSig('{n :int}', (sig) => {
    assert.equal(sig.validate({ toJSON: () => ({ n: 1 }) }).ok, true);
    assert.throws(() => sig.validate({ toJSON: () => ({ n: 1n }) }), /at n is a BigInt/);
    assert.throws(() => sig.validate({ toJSON: () => undefined }), { message: 'toolsig: the value is undefined, which JSON cannot carry' });
  });
});

// --------------------------------------------------------- JSON text entry

test('validateJSON errors carry line, column (bytes), offset and a UTF-16 index', () => {
  const text = '{\n  "name": "é🎉",\n  "x": tru\n}';
  withSig(':any', (sig) => {
    const r = sig.validateJSON(text);
    assert.equal(r.ok, false);
    assert.equal(r.errors.length, 1);
    const [e] = r.errors;
    assert.equal(e.path, '');
    assert.deepEqual(e.segments, []);
    assert.equal(e.line, 3);
    assert.equal(e.column, 11);
    assert.equal(e.offset, Buffer.byteLength(text.slice(0, text.indexOf('tru') + 3)));
    assert.equal(e.index, text.indexOf('tru') + 3);
    assert.ok(e.message.startsWith('JSON error at 3:11: '), e.message);
  });
  withSig('(a :int) -> :any', (sig) => {
    const [e] = sig.validateInputJSON('{"é": 1,}', { repair: false }).errors;
    assert.equal(e.index, 8);
    assert.equal(e.offset, 9);
  });
});

test('JSON text is RFC 8259: what JSON.parse rejects is an error, a BOM is ignored', () => {
  withSig(':any', (sig) => {
    for (const bad of ['', ' ', '[1,]', "'x'", '[01]', '[1.]', 'NaN', '{"a":1,}', '[1] [2]', '"\t"', 'undefined']) {
      let threw = false;
      try {
        JSON.parse(bad);
      } catch {
        threw = true;
      }
      assert.ok(threw, `JSON.parse accepts ${JSON.stringify(bad)}`);
      const r = sig.validateJSON(bad, { mode: 'disabled' });
      assert.equal(r.ok, false, JSON.stringify(bad));
      assert.match(r.errors[0].message, /^JSON error at \d+:\d+: /);
    }
    const r = sig.validateJSON('\uFEFF{"a":[1,2.50]}');
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, { a: [1, 2.5] });
    assert.equal(sig.validateJSON('"a\\u0000b"').value, 'a\u0000b');
    assert.equal(sig.validateJSON('"\\ud800"').value, '\ud800');
  });
});

test('validateJSON and validateInputJSON take text only', () => {
  withSig(':any', (sig) => {
    for (const v of [{}, 1, null, undefined]) {
      assert.throws(() => sig.validateJSON(v), /validateJSON takes JSON text/);
      assert.throws(() => sig.validateInputJSON(v), /validateInputJSON takes JSON text/);
    }
  });
});

test('repair drops prose around an object or array only: after a scalar it is a JSON error', () => {
  const cases = [
    [':int', '12 apples', 'JSON error at 1:4: expected end of input, found "a"'],
    [':float', '1/5', 'JSON error at 1:2: expected end of input, found "/"'],
    [':bool', 'true or false', 'JSON error at 1:6: expected end of input, found "o"'],
    [':enum[ONE TWO]', '"TWO" is the answer', 'JSON error at 1:7: expected end of input, found "i"'],
    [':string', '"hello" + " world"', 'JSON error at 1:9: expected end of input, found "+"'],
    [':int', 'The answer: 12', 'JSON error at 1:1: expected a JSON value, found "The"'],
  ];
  for (const [type, text, message] of cases) {
    withSig(type, (sig) => {
      const r = sig.validateJSON(text, { repair: true });
      assert.equal(r.ok, false, text);
      assert.equal(r.value, undefined, text);
      assert.deepEqual(r.errors.map((e) => [e.code, e.message]), [['json_syntax', message]], text);
    });
  }
  // arguments, where repair is on by default: the JSON error, not "expected map"
  withSig('(n :int) -> :any', (sig) => {
    const r = sig.validateInputJSON('12 apples');
    assert.deepEqual(r.errors.map((e) => e.message), ['JSON error at 1:4: expected end of input, found "a"']);
  });
  // the same prose after an object is dropped, and a fence delimits a scalar
  withSig('{n :int}', (sig) => assert.deepEqual(sig.validateJSON('{"n": 12} apples', { repair: true }).value, { n: 12 }));
  withSig(':int', (sig) => assert.equal(sig.validateJSON('```json\n12\n```', { repair: true }).value, 12));
});

test('big ints are accepted as ints; value is what JSON.parse makes of the text', () => {
  const digits = '123456789012345678901234567890';
  withSig(':int', (sig) => {
    const r = sig.validateJSON(digits);
    assert.equal(r.ok, true);
    assert.equal(r.value, JSON.parse(digits));
    assert.equal(sig.validateJSON(`-${'9'.repeat(10000)}`).ok, true);
    assert.equal(sig.validateJSON('1.0').errors[0].message, 'expected int, got float 1.0');
  });
  withSig('(n :int) -> :any', (sig) => {
    const r = sig.validateInputJSON(`{"n": "${digits}"}`);
    assert.equal(r.ok, true);
    assert.deepEqual(r.warnings.map((w) => w.message), [`coerced string "${digits}" to int`]);
    // 1.0 written in JS is the int 1 (SPEC §3): both paths agree.
    assert.equal(sig.validateInput({ n: 1.0 }).ok, true);
    assert.equal(sig.validateInput({ n: 1.0 }).warnings.length, 0);
  });
});

test('a duplicate key is an error in every mode, at that key\'s path', () => {
  withSig('(rows [{id :int}]) -> :any', (sig) => {
    for (const mode of ['enabled', 'warn_only', 'disabled', 'strict']) {
      const r = sig.validateInputJSON('{"rows": [{"id": 1}, {"id": 1, "\\u0069d": 2}]}', { mode });
      assert.equal(r.ok, false, mode);
      assert.deepEqual(r.errors.map((e) => [e.path, e.message]), [['rows[1].id', 'duplicate key "id"']], mode);
    }
  });
  withSig(':any', (sig) => {
    assert.equal(sig.validateJSON('{"a":{"b":1,"b":1}}').errors[0].path, 'a.b');
  });
});

test('the instance stays usable after huge, deep and broken input', () => {
  withSig('{s :string}', (sig) => {
    const big = 'é'.repeat(5 * 1024 * 1024);
    const value = { s: big };
    const r = sig.validate(value);
    assert.equal(r.ok, true);
    assert.equal(r.value, value);
    assert.equal(sig.validateJSON(JSON.stringify(value)).ok, true);
    assert.equal(sig.validateJSON('['.repeat(100000)).ok, false);
    assert.equal(sig.validateJSON(`{"s": "${'x'.repeat(1000)}`).ok, false);
    assert.equal(sig.validateJSON('{"s": "\\ud83d"}').ok, true);
  });
  assertStillWorks();
});

// ----------------------------------------------------------------- report

test('formatReport prints the SPEC §4 report; title defaults to Tool', () => {
  withSig('(limit :int, q :string) -> :any', (sig) => {
    const r = sig.validateInput({ limit: '10', q: 5 });
    assert.equal(formatReport(r), [
      'Tool validation errors:',
      '- q: expected string, got int 5',
      '',
      'Tool validation warnings:',
      '- limit: coerced string "10" to int',
    ].join('\n'));
    assert.equal(formatReport(r, { title: 'Return' }).split('\n')[0], 'Return validation errors:');
    assert.equal(formatReport(sig.validateInput({ limit: 1, q: 'x' })), '');
    assert.equal(formatReport({ errors: [{ path: '', message: 'boom' }] }), 'Tool validation errors:\n- boom');
    assert.equal(formatReport({ errors: [] }), '');
  });
});

test('formatReport refuses what is not a result', () => {
  for (const bad of [5, 'x', { errors: 'x' }, { errors: [{ message: 5 }] }, { warnings: [null] }, { errors: [{ path: 1, message: 'm' }] }]) {
    assert.throws(() => formatReport(bad), TypeError, JSON.stringify(bad));
  }
  assertStillWorks();
});

test('formatReport takes a result: nothing, null, a list or an object with neither errors nor warnings is a TypeError', () => {
  for (const bad of [undefined, null, {}, [], { value: 1 }]) {
    assert.throws(() => formatReport(bad), { name: 'TypeError', message: 'toolsig: formatReport takes a result {errors, warnings}' });
  }
  assert.equal(formatReport({ warnings: [{ path: 'a', message: 'w' }] }), 'Tool validation warnings:\n- a: w');
});

test('formatReport: a title that is not a string is a TypeError', () => {
  const r = { errors: [{ path: 'a', message: 'm' }] };
  for (const [title, got] of [[5, 'number'], [true, 'boolean'], [{}, 'object'], [['Tool'], 'object']]) {
    assert.throws(() => formatReport(r, { title }), { name: 'TypeError', message: `toolsig: formatReport: title must be a string, got ${got}` });
  }
  assert.equal(formatReport(r, { title: null }), 'Tool validation errors:\n- a: m');
  assert.equal(formatReport(r, { title: 'Return' }), 'Return validation errors:\n- a: m');
});

// ----------------------------------------------------------------- schema

test('toJsonSchema and toolParametersSchema, normal and strict', () => {
  withSig('(q :string, limit :int?) -> [{id :int, note :string?}]', (sig) => {
    assert.deepEqual(sig.toJsonSchema(), {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, note: { type: ['string', 'null'] } },
            required: ['id'],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    });
    assert.deepEqual(sig.toJsonSchema({ strict: true }).properties.items.items.required, ['id', 'note']);
    assert.deepEqual(sig.toolParametersSchema(), {
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'] } },
      required: ['q'],
      additionalProperties: false,
    });
    assert.deepEqual(sig.toolParametersSchema({ strict: true }).required, ['q', 'limit']);
    const a = sig.toJsonSchema();
    a.type = 'changed';
    assert.equal(sig.toJsonSchema().type, 'object', 'a fresh object each call');
  });
});

// ------------------------------------------------------------------ prompts

test('renderTool prints one tool, its description indented, firewalled output hidden', () => {
  withSig('(text :string, _key :string) -> {summary :string, _raw [:map]}', (sig) => {
    assert.equal(sig.renderTool('summarize', 'Summarize text.\nKeep it short.'),
      'summarize(text :string, _key :string) -> {summary :string}\n  Summarize text.\n  Keep it short.');
    assert.equal(sig.renderTool('summarize'), 'summarize(text :string, _key :string) -> {summary :string}');
    assert.equal(sig.renderTool('summarize', ''), 'summarize(text :string, _key :string) -> {summary :string}');
  });
});

test('renderTool without a name, or with a description that is not a string, is a TypeError saying so', () => {
  withSig('(a :int) -> :int', (sig) => {
    for (const [name, got] of [[undefined, 'undefined'], [null, 'null'], [5, 'number'], [{ name: 'a' }, 'object']]) {
      assert.throws(() => sig.renderTool(name), { name: 'TypeError', message: `toolsig: renderTool takes a tool name (a string), got ${got}` });
    }
    assert.throws(() => sig.renderTool('a', 3), { name: 'TypeError', message: 'toolsig: renderTool: a description is a string, got number' });
    assert.equal(sig.renderTool('a', null), 'a(a :int) -> :int');
  });
});

test('renderTools lists tools under the header; a bad signature is a SignatureError naming the tool', () => {
  withSig('(id :int) -> :string', (sig) => {
    assert.equal(renderTools([{ name: 'a', signature: ':int' }, { name: 'b', signature: sig, description: 'B.' }]),
      '## Tools you can call\n\na() -> :int\n\nb(id :int) -> :string\n  B.');
  });
  assert.equal(renderTools([]), '');
  assert.throws(() => renderTools([{ name: 'a', signature: ':int' }, { name: 'b', signature: '(x) -> :int' }]), (e) => {
    assert.ok(e instanceof SignatureError);
    assert.equal(e.reason, 'tools[1] (b): expected a type after "x", found ")"');
    assert.ok(e.message.startsWith('tools[1] (b): signature error at 1:3: expected a type after "x", found ")"\n'), e.message);
    assert.equal(e.line, 1);
    assert.equal(e.column, 3);
    assert.equal(e.source, '(x) -> :int');
    assert.ok(e.toString().includes('  (x) -> :int\n    ^'), e.toString());
    return true;
  });
  for (const bad of ['x', [null], [{ name: 1, signature: ':int' }], [{ name: 'a' }], [{ name: 'a', signature: ':int', description: 3 }]]) {
    assert.throws(() => renderTools(bad), TypeError);
  }
  assertStillWorks();
});

test('checkPlaceholders takes a Signature or signature text; offsets are bytes, indexes UTF-16', () => {
  withSig('(user {name :string}, limit :int) -> :any', (sig) => {
    const ok = checkPlaceholders('Hi {{user.name}}, {{ limit }}', sig);
    assert.deepEqual(ok, { ok: true, placeholders: ['user.name', 'limit'], errors: [] });
  });
  const r = checkPlaceholders('Café 🎉 {{x}}', '(a :int) -> :int');
  assert.deepEqual(r, {
    ok: false,
    placeholders: ['x'],
    errors: [{ placeholder: 'x', message: '{{x}}: no parameter x (parameters: a)', offset: 11, index: 8 }],
  });
  assert.throws(() => checkPlaceholders('{{a}}', '(a) -> :int'), SignatureError);
  assert.throws(() => checkPlaceholders(5, ':int'), TypeError);
  assert.throws(() => checkPlaceholders('{{a}}', 5), TypeError);
  assertStillWorks();
});

test('redact strips or masks every "_" key; other modes are refused', () => {
  withSig('{summary :string, _raw [:map]}', (sig) => {
    const value = { summary: 's', _raw: [{ a: 1 }], extra: { _k: 1, 'x-y': 2, '-q': 3 } };
    assert.deepEqual(sig.redact(value), { summary: 's', extra: { 'x-y': 2 } });
    assert.deepEqual(sig.redact(value, { mode: 'strip' }), { summary: 's', extra: { 'x-y': 2 } });
    assert.deepEqual(sig.redact(value, { mode: 'mask' }),
      { summary: 's', _raw: '<Firewalled>', extra: { _k: '<Firewalled>', 'x-y': 2, '-q': '<Firewalled>' } });
    assert.deepEqual(value._raw, [{ a: 1 }], 'the input is untouched');
    assert.throws(() => sig.redact(value, { mode: 'hide' }), /unknown redact mode "hide" \(modes: strip, mask\)/);
  });
  assertStillWorks();
});

// ----------------------------------------------------------------- import

test('importJsonSchema gives {signature, warnings}; lossy widens with warnings', () => {
  const schema = { type: 'object', properties: { mode: { type: 'string', pattern: '^[ab]$' }, n: { type: 'integer' } }, required: ['n'] };
  assert.throws(() => importJsonSchema(schema), (e) => e instanceof SignatureError && e.reason === '#/properties/mode/pattern: unsupported pattern' &&
    e.message.startsWith(e.reason));
  const r = importJsonSchema(schema, { lossy: true });
  assert.ok(r.signature instanceof Signature);
  assert.equal(r.signature.canonical, '{mode :string?, n :int}');
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0], /^#\/properties\/mode\/pattern: /);
  const exact = importJsonSchema({ type: 'object', properties: { mode: { type: 'string', enum: ['a', 'b'], description: 'how' } } });
  assert.equal(exact.signature.canonical, '{mode :enum[a b]? "how"}');
  exact.signature.free();
  r.signature.free();
  const text = importJsonSchema(JSON.stringify({ type: 'array', items: {} }));
  assert.equal(text.signature.canonical, '[:any]');
  assert.deepEqual(text.warnings, []);
  text.signature.free();
  assert.throws(() => importJsonSchema({ type: 'integer', x: 10n }), /at x is a BigInt/);
  assertStillWorks();
});

test('importJsonSchema keeps a NUL in a schema\'s strings and names', () => {
  const exact = (schema, canonical) => {
    const r = importJsonSchema(schema);
    assert.equal(r.signature.canonical, canonical);
    r.signature.free();
  };
  exact({ const: 'a\u0000b' }, ':enum["a\\u0000b"]');
  exact({ enum: ['a\u0000b', 'a'] }, ':enum["a\\u0000b" a]');
  exact({ type: 'object', properties: { d: { type: 'string', description: 'x\u0000y', default: 'z\u0000' } } },
    '{d :string = "z\\u0000" "x\\u0000y"}');
  const text = '{"type": "object", "properties": {"a\\u0000b": {}}}';
  assert.throws(() => importJsonSchema(text), (e) => {
    assert.equal(e.reason, '#/properties/a\\u0000b: property name "a\\u0000b" is not an identifier');
    assert.equal(e.index, text.indexOf('"a\\'));
    return true;
  });
});

test('importJsonSchema: a oneOf holding {} overlaps, an additionalProperties schema needs an object', () => {
  const oneOf = { oneOf: [{ type: 'number' }, {}] };
  assert.throws(() => importJsonSchema(oneOf), (e) => e.reason === '#/oneOf: oneOf members overlap');
  const lossy = importJsonSchema(oneOf, { lossy: true });
  assert.equal(lossy.signature.canonical, ':any');
  assert.deepEqual(lossy.warnings, ['#/oneOf: oneOf members overlap, oneOf read as anyOf']);
  lossy.signature.free();
  const extra = { type: 'string', additionalProperties: { type: 'boolean' } };
  assert.throws(() => importJsonSchema(extra),
    (e) => e.reason === '#/additionalProperties: unsupported additionalProperties outside an object schema');
  const dropped = importJsonSchema(extra, { lossy: true });
  assert.equal(dropped.signature.canonical, ':string');
  assert.deepEqual(dropped.warnings,
    ['#/additionalProperties: unsupported additionalProperties outside an object schema, dropped']);
  dropped.signature.free();
});

test('importTool gives {name, description, signature, warnings}', () => {
  const tool = {
    name: 'read_file',
    description: 'Read a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' } }, required: ['path'] },
    outputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
  };
  for (const form of [tool, JSON.stringify(tool)]) {
    const r = importTool(form);
    assert.equal(r.name, 'read_file');
    assert.equal(r.description, 'Read a file.');
    assert.equal(r.signature.format(), '(path :string, head :float?) -> {content :string}');
    assert.deepEqual(r.warnings, []);
    r.signature.free();
  }
  const bare = importTool({ name: 'ping', inputSchema: { type: 'object' } });
  assert.equal(bare.description, null);
  assert.equal(bare.signature.format(), ':any');
  bare.signature.free();
  assert.throws(() => importTool({ name: 'x', inputSchema: { type: 'object', properties: { m: { enum: [[1], 'a'] } } } }),
    (e) => e instanceof SignatureError && e.message.startsWith('#/inputSchema/properties/m/enum: '));
});

test('importTool: a tool without a string name is a SignatureError (MCP requires one)', () => {
  const cases = [
    [{}, '#: expected a string "name", found none'],
    [{ inputSchema: { type: 'object' } }, '#: expected a string "name", found none'],
    [{ name: null }, '#/name: expected a string, found null'],
    [{ name: 5, inputSchema: {} }, '#/name: expected a string, found a number'],
    [{ name: ['a'] }, '#/name: expected a string, found an array'],
  ];
  for (const [tool, reason] of cases) {
    for (const form of [tool, JSON.stringify(tool)]) {
      assert.throws(() => importTool(form), (e) => {
        assert.ok(e instanceof SignatureError, String(e));
        assert.equal(e.code, 'schema');
        assert.equal(e.reason, reason);
        assert.match(e.hint, /MCP requires a name/);
        return true;
      }, JSON.stringify(form));
    }
  }
  // Given as text, the error has the name's place in it.
  assert.throws(() => importTool('{"inputSchema": {}, "name": 5}'), (e) => e.line === 1 && e.column === 29 && e.index === 28);
  assertStillWorks();
});

// --------------------------------------------------------------- normalize

test('normalizeKeys replaces "-" by "_" in every key and throws on a collision', () => {
  assert.deepEqual(normalizeKeys({ 'a-b': 1, rows: [{ 'c-d': { 'e-f': 'g-h' } }] }), { a_b: 1, rows: [{ c_d: { e_f: 'g-h' } }] });
  assert.deepEqual(normalizeKeys(['x-y', 1]), ['x-y', 1]);
  assert.throws(() => normalizeKeys({ rows: [{ 'a-b': 1, a_b: 2 }] }),
    { message: 'toolsig: keys "a-b" and "a_b" both normalize to "a_b" at rows[0]' });
  assertStillWorks();
});

// --------------------------------------------------------------- lifetime

test('a freed Signature throws on use; free() twice is harmless', () => {
  const sig = Signature.parse('(a :int) -> {b :int}');
  sig.free();
  sig.free();
  const uses = [
    () => sig.format(), () => sig.validate({ b: 1 }), () => sig.validateJSON('{}'), () => sig.validateInput({ a: 1 }),
    () => sig.validateInputJSON('{}'), () => sig.toJsonSchema(), () => sig.toolParametersSchema(),
    () => sig.redact({}), () => sig['~standard'].validate({ b: 1 }), () => sig.input['~standard'].validate({ a: 1 }),
    () => checkPlaceholders('{{a}}', sig),
  ];
  for (const use of uses) assert.throws(use, /toolsig: this Signature was freed/);
  assertStillWorks();
});

test('Symbol.dispose frees the Signature', () => {
  const sig = Signature.parse(':int');
  assert.equal(typeof sig[Symbol.dispose], 'function');
  sig[Symbol.dispose]();
  assert.throws(() => sig.validate(1), /freed/);
});

test('`using` frees the Signature at the end of the block where the runtime has it', () => {
  const probe = spawnSync(process.execPath, ['--input-type=module', '-e', '{ using x = { [Symbol.dispose]() {} }; }']);
  if (probe.status !== 0) {
    // This runtime has no `using` (Node 20): Symbol.dispose is checked above.
    assert.match(probe.stderr.toString(), /SyntaxError/);
    return;
  }
  const script = `
    import { Signature } from 'toolsig';
    let kept;
    { using sig = Signature.parse(':int'); kept = sig; if (!sig.validate(1).ok) process.exit(2); }
    try { kept.validate(1); process.exit(3); } catch (e) { if (!/freed/.test(e.message)) process.exit(4); }
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot });
  assert.equal(run.status, 0, run.stderr.toString());
});

test('a Signature that is collected without free() is released by the FinalizationRegistry', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const inst = await openInstance();
  const before = inst.signatureFrees();
  (() => {
    for (let i = 0; i < 50; i++) inst.api.Signature.parse(`(a${i} :int) -> :int`).validate(1);
  })();
  for (let round = 0; round < 50 && inst.signatureFrees() - before < 50; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(inst.signatureFrees() - before, 50);
  // Freed ones are not released twice when collected.
  (() => {
    for (let i = 0; i < 20; i++) inst.api.Signature.parse(':int').free();
  })();
  const afterFree = inst.signatureFrees();
  for (let round = 0; round < 5; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(inst.signatureFrees(), afterFree);
});

test('coreInfo: the modes and report titles are the core\'s, the ones validation and reports use', () => {
  const info = coreInfo();
  assert.deepEqual(info.modes, ['enabled', 'warn_only', 'disabled', 'strict']);
  assert.deepEqual(info.reportTitles, { input: 'Tool', output: 'Return' });
  assert.match(info.version, /^\d+\.\d+\.\d+$/);
  for (const mode of info.modes) assert.equal(Signature.parse(':int').validate(1, { mode }).ok, true);
  const r = Signature.parse(':int').validate('x');
  assert.ok(formatReport(r, { title: info.reportTitles.output }).startsWith('Return validation errors:'));
  info.modes.push('changed');
  assert.equal(coreInfo().modes.length, 4, 'a fresh copy each call');
});
