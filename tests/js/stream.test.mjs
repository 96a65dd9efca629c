// SPEC §12.2 through the JS package: sig.stream({input, mode, repair}),
// push(chunk) and end(), each {state, errors, warnings, partial}. The
// properties run on signatures and values generated from a fixed seed
// (records, lists, enums, bounded ints, strings with escapes and 2-, 3-
// and 4-byte characters), written as JSON text with random spacing:
// - a valid text cut at every character is incomplete until the value is
//   whole, then complete, never invalid;
// - a text with an error is invalid no later than the character after the
//   one-shot error's span, with the same first error;
// - end() equals the one-shot result;
// - chunk boundaries anywhere (between the halves of a surrogate pair,
//   inside an escape, a number, a key) change nothing.
// SPEC §12.1 (repair) is checked on streams too: the same warnings, at the
// same places, as the one-shot call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature } from 'toolsig';

/** A generator of numbers from a fixed seed (a linear congruential one). */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  return {
    below: (n) => next() % n,
    pick(list) { return list[next() % list.length]; },
    chance(p) { return next() % 1000 < p * 1000; },
  };
}

const KEYS = ['id', 'name', 'first_name', 'tags', 'n2', 'x'];
const STRINGS = ['', 'abc', 'caf\u00e9', 'a "quoted" \\ word', 'line\nbreak\ttab', '\u6f22\u5b57', '\ud83d\ude00 smile', 'red'];

// A type: {sig: signature text, make(r): a valid value, wrong(r): a value of the wrong kind}.
function genType(r, depth) {
  const scalars = [
    { sig: ':int', make: (g) => g.below(2000) - 1000, wrong: (g) => g.pick(['ten', 1.5, true]) },
    { sig: ':float', make: (g) => g.pick([0, -1.5, 2.25e3, 7]), wrong: (g) => g.pick(['x', false, null]) },
    { sig: ':string', make: (g) => g.pick(STRINGS), wrong: (g) => g.pick([3, true, null]) },
    { sig: ':bool', make: (g) => g.chance(0.5), wrong: (g) => g.pick(['true', 0]) },
    { sig: ':int[1..100]', make: (g) => 1 + g.below(100), wrong: (g) => g.pick([0, 150, -3]) },
    { sig: ':enum[red green blue]', make: (g) => g.pick(['red', 'green', 'blue']), wrong: (g) => g.pick(['rex', 'yellow', 'gree']) },
  ];
  if (depth >= 3 || r.chance(0.45)) return r.pick(scalars);
  if (r.chance(0.4)) {
    const item = genType(r, depth + 1);
    return {
      sig: `[${item.sig}]`,
      make: (g) => Array.from({ length: g.below(4) }, () => item.make(g)),
      wrong: (g) => g.pick([{ a: 1 }, 'list', 7]),
      item,
    };
  }
  const names = KEYS.filter(() => r.chance(0.5)).slice(0, 4);
  if (names.length === 0) names.push('id');
  const fields = names.map((name) => ({ name, type: genType(r, depth + 1) }));
    return {
    sig: `{${fields.map((f) => `${f.name} ${f.type.sig}`).join(', ')}}`,
    make: (g) => Object.fromEntries(fields.map((f) => [f.name, f.type.make(g)])),
    wrong: (g) => g.pick([[1], 'map', 2]),
    fields,
  };
}

// A value with one part replaced by a value of the wrong kind.
function spoil(type, r, root = false) {
  if (type.fields && (root || r.chance(0.8))) {
    const v = type.make(r);
    const f = r.pick(type.fields);
    v[f.name] = spoil(f.type, r);
    return v;
  }
  if (type.item && r.chance(0.8)) return [type.item.make(r), spoil(type.item, r)];
  return type.wrong(r);
}

// JSON text of v with random spacing and random \u escapes in strings.
function write(v, r) {
  const sp = () => r.pick(['', '', ' ', '\n  ', '\t']);
  const str = (s) => {
    let out = '"';
    for (const ch of s) {
      const c = ch.codePointAt(0);
      if (ch === '"' || ch === '\\') out += `\\${ch}`;
      else if (c < 0x20) out += r.chance(0.5) ? JSON.stringify(ch).slice(1, -1) : `\\u${c.toString(16).padStart(4, '0')}`;
      else if (c > 0x7f && c < 0x10000 && r.chance(0.4)) out += `\\u${c.toString(16).padStart(4, '0')}`;
      else if (c >= 0x10000 && r.chance(0.4)) out += JSON.stringify(ch).replace(/^"|"$/g, '').replace(/./gu, (u) => u.split('').map((h) => `\\u${h.charCodeAt(0).toString(16)}`).join(''));
      else out += ch;
    }
    return `${out}"`;
  };
  if (Array.isArray(v)) return `[${sp()}${v.map((x) => write(x, r)).join(`${sp()},${sp()}`)}${sp()}]`;
  if (v && typeof v === 'object') {
    return `{${sp()}${Object.entries(v).map(([k, x]) => `${str(k)}${sp()}:${sp()}${write(x, r)}`).join(`,${sp()}`)}${sp()}}`;
  }
  if (typeof v === 'string') return str(v);
  return JSON.stringify(v);
}

// Signatures with a record at the root (a value whose end the text shows)
// and texts: valid ones, ones with a wrong value, ones with a JSON error.
function samples(seed, count) {
  const r = random(seed);
  const out = [];
  while (out.length < count) {
    const inner = genType(r, 1);
    const type = inner.fields ? inner
      : { sig: `{root ${inner.sig}}`, make: (g) => ({ root: inner.make(g) }), fields: [{ name: 'root', type: inner }], wrong: () => [] };
    const sig = Signature.parse(type.sig);
    const mode = r.pick(['enabled', 'enabled', 'strict']);
    const valid = write(type.make(r), r);
    const wrong = write(spoil(type, r, true), r);
    const at = 1 + r.below(valid.length - 1);
    const syntax = valid.slice(0, at) + r.pick(['}', ']', ',,', 'x', ':', '"\u0001']) + valid.slice(at);
    out.push({ sig, mode, valid, wrong, syntax });
  }
  return out;
}

// The one-shot result's comparable part.
function oneShot(sig, text, opts) {
  const r = sig.validateJSON(text, opts);
  return { ok: r.ok, value: r.ok ? r.value : undefined, errors: r.errors, warnings: r.warnings };
}

function ended(result) {
  return { ok: result.ok, value: result.ok ? result.value : undefined, errors: result.errors, warnings: result.warnings };
}

// Pushes text in the given pieces; the states after each piece, and end().
function streamPieces(sig, pieces, opts) {
  const s = sig.stream(opts);
  const states = [];
  const firsts = [];
  for (const p of pieces) {
    const r = s.push(p);
    states.push(r.state);
    firsts.push(r.errors[0]);
  }
  return { states, firsts, end: s.end() };
}

function chars(text) {
  return text.split(''); // UTF-16 units: a surrogate pair is cut too
}

const SAMPLES = samples(20240611, 60);

test('a valid text is incomplete until the value is whole, then complete, never invalid', () => {
  for (const { sig, mode, valid } of SAMPLES) {
    const { states, end } = streamPieces(sig, chars(valid), { mode });
    const whole = valid.trimEnd().length - 1; // the closing bracket
    states.forEach((st, i) => assert.equal(st, i < whole ? 'incomplete' : 'complete', `${valid} at ${i}`));
    assert.deepEqual(ended(end), oneShot(sig, valid, { mode }));
    assert.equal(end.state, 'complete');
  }
});

test('a text with a JSON error is invalid no later than the one-shot error, with the first error known then', () => {
  for (const { sig, mode, syntax } of SAMPLES) {
    const want = oneShot(sig, syntax, { mode });
    if (want.ok) continue; // the inserted text happened to keep it valid
    const { states, firsts, end } = streamPieces(sig, chars(syntax), { mode });
    assert.deepEqual(ended(end), want);
    const e = want.errors[0];
    if (e.code !== 'json_syntax') continue;
    const by = Math.min(e.index, syntax.length - 1);
    assert.equal(states[by], 'invalid', `${syntax}: not invalid at ${by}`);
    // The one-shot error itself, or one found earlier: a value begun of a
    // kind its type never takes (an inserted quote starts a string), judged
    // at that character; else (a map closed too early misses a field before
    // the text after it is bad JSON) the first error of the text read so far.
    const first = states.indexOf('invalid');
    const f = firsts[first];
    if (first < by && f.code === 'type' && f.index === first && f.length === 1) continue;
    assert.deepEqual(f, first === by ? e : oneShot(sig, syntax.slice(0, first + 1), { mode }).errors[0]);
  }
});

// The message of a value of the wrong kind judged by its first character:
// the one-shot message, with a string or number (not whole yet) echoed as
// not known: string "…", number ….
function atFirstChar(message) {
  const at = message.lastIndexOf(', got ') + ', got '.length;
  const got = message.slice(at);
  return message.slice(0, at) + (got.startsWith('string ') ? 'string "\u2026"'
    : /^(int|float) /.test(got) ? 'number \u2026' : got);
}

test('a value of the wrong kind is invalid at its first character, with the one-shot error once whole', () => {
  let early = 0;
  for (const { sig, mode, wrong } of SAMPLES) {
    const want = oneShot(sig, wrong, { mode });
    const { states, firsts, end } = streamPieces(sig, chars(wrong), { mode });
    assert.deepEqual(ended(end), want);
    if (want.ok) continue;
    const first = states.indexOf('invalid');
    assert.ok(first >= 0 && states.slice(first).every((s) => s === 'invalid'), wrong);
    const e = want.errors[0];
    // (a number where a number belongs, out of range or a float for an
    // int, is known when the number ends)
    const kind = e.code === 'type' && !/^expected (int|float)\b.*, got (int|float) /.test(e.message);
    if (kind) {
      // known at its first character: there, with that character as its span
      assert.equal(first, e.index, wrong);
      assert.deepEqual(firsts[first], { ...e, length: 1, message: atFirstChar(e.message) }, wrong);
      // a scalar is read on: once whole (a number at the character after
      // it), the one-shot error itself; a list or map is not read on
      const scalar = !/, got (list|map)$/.test(e.message);
      const whole = Math.min(e.index + e.length - (/, got (int|float) /.test(e.message) ? 0 : 1), wrong.length - 1);
      if (scalar) assert.deepEqual(firsts[whole], e, wrong);
      else assert.deepEqual(firsts.at(-1), firsts[first], wrong);
      early += 1;
    } else if (e.code === 'type' || e.code === 'unexpected') {
      // certain when the value is whole: its last character, or for a
      // number the one after it
      const by = Math.min(e.index + e.length, wrong.length - 1);
      assert.ok(first <= by, `${wrong}: invalid at ${first}, not by ${by}`);
      assert.deepEqual(firsts[first], e);
    }
  }
  assert.ok(early > 10, `only ${early} samples had an early error`);
});

// SPEC §12.2: the kind of a value is known at its first character.
test('a value of a kind its type never takes is invalid at its first character', () => {
  const cases = [
    // signature, text before the value, its first character, the rest, the error then
    ['{temp :float}', '{"temp": ', '[', '1, 2]}', 'temp: expected float, got list'],
    ['{temp :float}', '{"temp": ', '{', '"a":', 'temp: expected float, got map'],
    ['{temp :float}', '{"temp": ', '"', 'warm"}', 'temp: expected float, got string "\u2026"'],
    ['{temp :float}', '{"temp": ', 't', 'rue}', 'temp: expected float, got bool true'],
    ['{temp :float}', '{"temp": ', 'n', 'ull}', 'temp: expected float, got nil'],
    ['{name :string}', '{"name": ', '-', '1.5}', 'name: expected string, got number \u2026'],
    ['[[:int]]', '[[1], [2, ', '{', '}]]', '[1][1]: expected int, got map'],
    ['{a {b :bool}}', '{"a": {"b": ', '[', ']}}', 'a.b: expected bool, got list'],
    ['{x :int | :string}', '{"x": ', '[', ']}', 'x: expected int or string, got list'],
    ['{x :float?}', '{"x": ', '{', '}}', 'x: expected float, got map'],
  ];
  for (const [type, before, first, rest, error] of cases) {
    const sig = Signature.parse(type);
    const s = sig.stream();
    assert.equal(s.push(before).state, 'incomplete', before);
    const r = s.push(first);
    assert.equal(r.state, 'invalid', before + first);
    assert.deepEqual(r.errors.map((e) => [`${e.path}: ${e.message}`, e.index, e.length]),
      [[error, before.length, 1]], before + first);
    s.push(rest);
    assert.deepEqual(ended(s.end()), oneShot(sig, before + first + rest));
  }
  // a union that takes the kind, :any and T? (null) read on
  for (const [type, text] of [['{x :int | [:int]}', '{"x": ['], ['{x :any}', '{"x": {'], ['{x :any}', '{"x": "'],
    ['{x :float?}', '{"x": n'], ['{x [:int]?}', '{"x": [']]) {
    assert.equal(Signature.parse(type).stream().push(text).state, 'incomplete', `${type} ${text}`);
  }
});

test('a field strict mode refuses is invalid once its value is read', () => {
  const sig = Signature.parse('{a :int, b [:int]}');
  const s = sig.stream({ mode: 'strict' });
  assert.equal(s.push('{"a": 1, "zz": [1, 2').state, 'incomplete');
  const r = s.push(']');
  assert.equal(r.state, 'invalid');
  assert.deepEqual(r.errors.map((e) => [e.path, e.message, e.code]), [['zz', 'unexpected field', 'unexpected']]);
  s.free();
});

test('a list where a string belongs is invalid at its "["', () => {
  const sig = Signature.parse('{items [{id :int, name :string}]}');
  const s = sig.stream();
  const text = '{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": [';
  const r = s.push(text);
  assert.equal(r.state, 'invalid');
  assert.deepEqual(r.errors.map((e) => [e.path, e.message, e.index]), [['items[1].name', 'expected string, got list', text.length - 1]]);
  s.push('1, 2], "more": true');
  assert.deepEqual(ended(s.end()), oneShot(sig, `${text}1, 2], "more": true`));
});

test('a string that starts no enum value is invalid as soon as it is read, at its shortest such start', () => {
  const sig = Signature.parse('{a :enum[pending active], n :int[1..10]}');
  const s = sig.stream();
  assert.equal(s.push('{"a": "pen').state, 'incomplete');
  const r = s.push('x');
  assert.equal(r.state, 'invalid');
  assert.deepEqual(r.errors.map((e) => [e.path, e.message]), [['a', 'expected one of pending, active, got string "penx"']]);
  assert.deepEqual(ended(s.end()), oneShot(sig, '{"a": "penx'));
  const t = sig.stream();
  const d = t.push('{"a":"don');
  assert.equal(d.state, 'invalid');
  assert.deepEqual(d.errors.map((e) => [e.path, e.message]), [['a', 'expected one of pending, active, got string "d"']]);
  assert.deepEqual(oneShot(sig, '{"a":"d"}').errors[0], d.errors[0]);
  t.free();
});

test('a number out of a refined range is invalid when the number ends', () => {
  const sig = Signature.parse('{n :int[1..10], a :enum[pending active]}');
  const s = sig.stream();
  assert.equal(s.push('{"n": 11').state, 'incomplete');
  const r = s.push(', "a"');
  assert.equal(r.state, 'invalid');
  assert.deepEqual(r.errors.map((e) => [e.path, e.message]), [['n', 'expected int in 1..10, got int 11']]);
  assert.deepEqual(ended(s.end()), oneShot(sig, '{"n": 11, "a"'));
});

test('chunk boundaries anywhere change nothing', () => {
  const r = random(7);
  for (const { sig, mode, valid, wrong, syntax } of SAMPLES.slice(0, 30)) {
    for (const text of [valid, wrong, syntax]) {
      const byChar = streamPieces(sig, chars(text), { mode });
      for (let t = 0; t < 6; t++) {
        const pieces = [];
        const ends = [];
        for (let at = 0; at < text.length;) {
          const n = 1 + r.below(9);
          pieces.push(text.slice(at, at + n));
          at = Math.min(text.length, at + n);
          ends.push(at - 1);
        }
        const got = streamPieces(sig, pieces, { mode });
        assert.deepEqual(got.end, byChar.end);
        assert.deepEqual(got.states, ends.map((i) => byChar.states[i]), text);
      }
    }
  }
});

test('end() equals the one-shot result, a text cut off early included', () => {
  const sig = Signature.parse('{count :int, items [{id :int}]}');
  for (const text of ['', '{"count": 1, "items": [{"id"', '{"count": 1, "items": []}', '{"count": 1, "items": []} x']) {
    const s = sig.stream();
    s.push(text);
    assert.deepEqual(ended(s.end()), oneShot(sig, text));
  }
});

test('the partial value closes open strings, lists and maps and leaves out an unfinished number', () => {
  const sig = Signature.parse('{name :string, items [:float]}');
  const s = sig.stream();
  assert.equal(s.push('').partial, null);
  assert.deepEqual(s.push('{"name": "caf\u00e9 \\u00').partial, { name: 'caf\u00e9 ' });
  assert.deepEqual(s.push('e9", "items": [1.5, 2').partial, { name: 'caf\u00e9 \u00e9', items: [1.5] });
  const last = s.push('.5]}');
  assert.equal(last.state, 'complete');
  assert.deepEqual(last.partial, { name: 'caf\u00e9 \u00e9', items: [1.5, 2.5] });
});

test("end()'s partial value is the value read, not text after it", () => {
  const sig = Signature.parse('[:int]');
  for (const [text, partial] of [['[1, 2]\n', [1, 2]], ['[1, 2] x', [1, 2]], ['[1] [2]', [1]], ['[1]\ud800', [1]]]) {
    const s = sig.stream();
    s.push(text);
    assert.deepEqual(s.end().partial, partial, text);
  }
});

test('a partial value is read before the next push', () => {
  const sig = Signature.parse('[:int]');
  const s = sig.stream();
  const first = s.push('[1, 2');
  s.push(', 3');
  assert.throws(() => first.partial, /before the next push/);
  s.free();
});

test('errors carry code, offset, length and the UTF-16 index into the text pushed', () => {
  const sig = Signature.parse('{a :string, b :int}');
  const s = sig.stream();
  s.push('{"a": "\ud83d');
  s.push('\ude00", "b": "x"}');
  const r = s.end();
  assert.equal(r.state, 'invalid');
  const [e] = r.errors;
  assert.deepEqual({ path: e.path, message: e.message, code: e.code, offset: e.offset, length: e.length, index: e.index },
    { path: 'b', message: 'expected int, got string "x"', code: 'type', offset: 19, length: 3, index: 17 });
});

// The core drops the list elements it has validated (the stream keeps the
// text): partial values are cut from the text pushed, positions are about
// it, and a changed value is the one-shot call's.
test('a long list streamed in chunks: partial values, positions and values as with the whole text', () => {
  const sig = Signature.parse('{items [{name :string, n :int}], total :int}');
  const names = ['caf\u00e9', '\ud83d\ude00 x', 'plain', '\u6f22\u5b57 "q"'];
  const items = Array.from({ length: 300 }, (_, i) => ({ name: names[i % 4], n: i }));
  const text = `{"items": [\n${items.map((v) => JSON.stringify(v)).join(',\n')}\n], "total": "many"}`;
  const s = sig.stream();
  let last;
  for (let at = 0; at < text.length; at += 97) {
    last = s.push(text.slice(at, at + 97));
    const p = last.partial;
    // what was read so far: whole items are the first ones, in order
    assert.ok(Array.isArray(p.items) || p.items === undefined);
    for (const [i, v] of (p.items ?? []).entries()) {
      if (i < p.items.length - 1) assert.deepEqual(v, items[i]);
    }
  }
  assert.equal(last.state, 'invalid');
  const r = s.end();
  assert.deepEqual(ended(r), oneShot(sig, text));
  const [e] = r.errors;
  assert.equal(e.path, 'total');
  assert.equal(text.slice(e.index, e.index + 6), '"many"');
});

test('long values of record members, dropped by the core as they become whole: partial values, positions and values as with the whole text', () => {
  const sig = Signature.parse('{answer :string, summary {title :string, body :string}, notes {* :string}, n :int}');
  const long = (k) => Array.from({ length: 40 }, (_, i) => `line ${i} of ${k}, caf\u00e9 "q"\n`).join('');
  const value = {
    answer: long('answer'),
    summary: { title: long('title'), body: long('body') },
    notes: { a: long('a'), b: long('b') },
    n: 7,
  };
  for (const [text, ok] of [
    [JSON.stringify(value, null, 1), true],
    [JSON.stringify({ ...value, n: 'seven' }, null, 1), false],
    // declared fields after the others: the value changes order
    [JSON.stringify({ n: 7, notes: value.notes, summary: value.summary, answer: value.answer }), true],
    // a key repeated after its first value was dropped
    [JSON.stringify(value).replace('"n":7', `"n":7,"answer":${JSON.stringify(value.answer)}`), false],
  ]) {
    for (const chunk of [7, 64, 1000]) {
      const s = sig.stream();
      let last;
      for (let at = 0; at < text.length; at += chunk) {
        last = s.push(text.slice(at, at + chunk));
        // the partial value is the text read so far, dropped values too
        if (last.partial?.summary && text.lastIndexOf('"answer"') < text.indexOf('"summary"'))
          assert.equal(last.partial.answer, value.answer);
      }
      const r = s.end();
      assert.equal(r.ok, ok, `${text.slice(0, 40)} in chunks of ${chunk}`);
      assert.deepEqual(ended(r), oneShot(sig, text));
      for (const e of r.errors) assert.equal(e.index, sig.validateJSON(text).errors.find((x) => x.path === e.path).index);
    }
  }
});

test('a stream whose value changes (declared fields first) gives the one-shot value', () => {
  const sig = Signature.parse('{items [:int], n :int}');
  const text = `{"n": 2, "items": [${Array.from({ length: 500 }, (_, i) => i).join(', ')}]}`;
  const s = sig.stream();
  for (let at = 0; at < text.length; at += 50) s.push(text.slice(at, at + 50));
  const r = s.end();
  assert.equal(r.ok, true);
  assert.deepEqual(Object.keys(r.value), ['items', 'n']);
  assert.deepEqual(r.value, sig.validateJSON(text).value);
});

test('input streams validate the parameters, with coercion and repair on by default', () => {
  const sig = Signature.parse('(q :string, limit :int?) -> :any');
  const text = '{q: \'books\', "limit": "10",}';
  const s = sig.stream({ input: true });
  for (const c of chars(text)) assert.notEqual(s.push(c).state, 'invalid');
  const r = s.end();
  const want = sig.validateInputJSON(text);
  assert.deepEqual(ended(r), { ok: want.ok, value: want.value, errors: want.errors, warnings: want.warnings });
  assert.deepEqual(r.value, { q: 'books', limit: 10 });
  assert.deepEqual(r.warnings.map((w) => w.code), ['repaired', 'repaired', 'repaired', 'coerced']);
});

test('repair: every class streamed a character at a time gives the one-shot warnings at their places', () => {
  const sig = Signature.parse('{id :int, name :string, ok :bool, tags [:string]}');
  const texts = [
    'Here it is:\n```json\n{"id": 1, "name": "a", "ok": true, "tags": []}\n```\nDone.',
    '{"id": 1, "name": "a", "ok": true, "tags": ["x",],}',
    '{"id": 1, // the id\n "name": "a", /* c */ "ok": true, "tags": []}',
    "{'id': 1, 'name': '\u201cquoted\u201d', \"ok\": true, \"tags\": [\u201cx\u201d]}",
    '{id: 1, name: "a", ok: True, tags: []}',
    '{"id": 1, "name": "line\nbreak\tand tab", "ok": False, "tags": []}',
    '{"id": 1\n "name": "a"\n "ok": true\n "tags": ["x"\n "y"]}',
  ];
  for (const text of texts) {
    const want = oneShot(sig, text, { repair: true });
    assert.ok(want.ok, text);
    assert.ok(want.warnings.length > 0 && want.warnings.every((w) => w.code === 'repaired' && w.index != null));
    const { states, end } = streamPieces(sig, chars(text), { repair: true });
    assert.ok(!states.includes('invalid'), text);
    assert.deepEqual(ended(end), want);
    // SPEC §13.4: a text that needed repair is complete by end() alone (a
    // value coming later could be the reading)
    assert.equal(states.at(-1), 'incomplete');
    assert.equal(end.ok, true);
  }
});

test('repair: what is never repaired is invalid on a stream as in one shot', () => {
  const sig = Signature.parse('[:float]');
  for (const text of ['[1, NaN]', '[1, Infinity]', '[1, 2] [3]', '[1, undefined]', '[1, 2']) {
    const want = oneShot(sig, text, { repair: true });
    assert.equal(want.ok, false, text);
    const { end } = streamPieces(sig, chars(text), { repair: true });
    assert.deepEqual(ended(end), want, text);
  }
});

test('repair: prose after a scalar makes a stream never complete, and end() the one-shot error', () => {
  for (const [type, scalar, prose] of [[':int', '12', ' apples'], [':float', '1', '/5'],
    [':bool', 'true', ' or false'], [':enum[ONE TWO]', '"TWO"', ' is the answer\n'],
    [':string', '"hello"', ' + " world"']]) {
    const sig = Signature.parse(type);
    const text = scalar + prose;
    const want = oneShot(sig, text, { repair: true });
    assert.equal(want.ok, false, text);
    const { states, end } = streamPieces(sig, chars(text), { repair: true });
    // from the prose's first character on, never complete
    const from = scalar.length + prose.search(/\S/);
    assert.ok(!states.slice(from).includes('complete'), `${text}: ${states}`);
    // with repair on, the error is told by end() (SPEC §13.2)
    assert.equal(states.at(-1), 'incomplete', text);
    assert.deepEqual(ended(end), want, text);
  }
});

test('repair: an answer read whole as one bare text shows its text so far, as end() reads it (SPEC §13.4)', () => {
  const sig = Signature.parse(':string');
  const s = sig.stream({ repair: true });
  const partials = ['The capital', ' of France', ' is Paris.'].map((c) => s.push(c).partial);
  assert.deepEqual(partials, ['The capital', 'The capital of France', 'The capital of France is Paris.']);
  const r = s.end();
  assert.equal(r.ok, true);
  assert.equal(r.value, 'The capital of France is Paris.');
  // an enum value, once the text is one; a text that may still be a literal shows none
  const e = Signature.parse(':enum[YES NO]').stream({ repair: true });
  assert.deepEqual(['**Y', 'ES**'].map((c) => e.push(c).partial), [null, 'YES']);
  assert.equal(e.end().value, 'YES');
  const n = Signature.parse(':string | :int').stream({ repair: true });
  assert.deepEqual(['nul', 'l and void'].map((c) => n.push(c).partial), [null, 'null and void']);
  n.free();
});

test("repair: end()'s partial value is the one read before end(), made only when read", () => {
  const cases = [
    ['{ok :bool, tags [:string]}', 'Sure:\n```json\n{ok: True, tags: [\'a\', "b",], // c\n}\n```\nBye'],
    ['[{id :int}]', '[{"id": 1}, {id: 2}, {"id": "x"},'],
    [':enum[YES NO]', 'The answer: **YES**'],
    [':string', 'Paris, of course'],
    ['(q :string, n :int) -> :any', "{q: 'x', n: '4'}"],
  ];
  for (const [sigText, text] of cases) {
    const sig = Signature.parse(sigText);
    const input = sigText.startsWith('(');
    for (const size of [1, 3, 7, 64]) {
      const pieces = [];
      for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
      const a = sig.stream({ input, repair: true });
      const b = sig.stream({ input, repair: true });
      let last;
      for (const p of pieces) {
        last = a.push(p);
        b.push(p);
      }
      const before = last.partial;
      const after = b.end().partial;
      assert.deepEqual(after, before, `${text} in chunks of ${size}`);
      a.free();
    }
    sig.free();
  }
});

test('repair is off by default for return values: a fence is a JSON error at its first byte', () => {
  const sig = Signature.parse('[:int]');
  const s = sig.stream();
  const r = s.push('```json\n[1]\n```');
  assert.equal(r.state, 'invalid');
  assert.equal(r.errors[0].code, 'json_syntax');
  assert.equal(r.errors[0].offset, 0);
  s.free();
});

test('options are checked as for the one-shot calls', () => {
  const sig = Signature.parse('[:int]');
  assert.throws(() => sig.stream({ mode: 'loose' }), /unknown mode/);
  assert.throws(() => sig.stream({ repair: 'yes' }), /repair must be true or false/);
  assert.throws(() => sig.stream({ input: 1 }), /input must be true or false/);
  assert.throws(() => sig.stream().push(42), /push takes text/);
});

test('an ended stream cannot be pushed to, and a freed signature ends its streams', () => {
  const sig = Signature.parse('[:int]');
  const s = sig.stream();
  s.push('[1]');
  s.end();
  assert.throws(() => s.push('x'), /stream has ended/);
  const t = sig.stream();
  sig.free();
  assert.throws(() => t.push('[1]'), /freed/);
});
