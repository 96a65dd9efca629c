// The check table (src/checking/check_table.c, js/fast.mjs) lets
// validate(value) and validateInput(args) answer "valid, as it is" without
// a call into the core. It must never say so of a value the core would not
// accept as it is: every validate vector's data, and thousands of values
// made from them by random changes (numbers at and past their bounds, keys
// reordered, dropped or added, nulls, strings of other lengths and with
// surrogates, ints as floats, values of other kinds, class instances), go
// through the package, and each one it answered without the core is sent
// to the core as JSON text, which must say the same: valid, no warning,
// nothing changed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readRecords, survivesJS, toJS } from './support/jsonval.mjs';
import { openInstance, vectorsDir } from './support/env.mjs';
import { prng } from './support/prng.mjs';

const raw = await openInstance();
const { Signature } = raw.api;
const records = readRecords(readFileSync(join(vectorsDir, 'validate.json'), 'utf8'))
  .filter((r) => 'data' in r && survivesJS(r.data));

class Box { constructor(v) { this.v = v; } }

const ODD_NUMBERS = [0, -0, 1, -1, 0.5, 1.5, 2 ** 53, 2 ** 53 + 2, 1e21, -1e21, 1e20, 99, 100, 101, 1e-7, 255, 256];
const ODD_STRINGS = ['', 'a', 'ab', 'abc', 'x'.repeat(50), 'x'.repeat(51), '\u{1F600}', '\ud800', 'é', 'ONE', 'one',
  'TWO', 'red', 'Red', '2024-01-01T00:00:00Z', 'a-b', 'a_b', '_x', '42', 'true', 'null', '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z', '2024-12-31T23:59:60Z', '2024-01-01T00:00:00.123+05:30', '2024-01-01 00:00:00Z',
  'a+b', 'a b', '+', 'x!'];

// One random change somewhere in v (a fresh value; v is not changed).
function mutate(v, rnd) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const leaf = () => {
    switch (Math.floor(rnd() * 7)) {
      case 0: return pick(ODD_NUMBERS);
      case 1: return pick(ODD_STRINGS);
      case 2: return rnd() < 0.5;
      case 3: return null;
      case 4: return [pick(ODD_NUMBERS)];
      case 5: return { [pick(['a', 'b', 'id', 'x', 'a-b'])]: pick(ODD_NUMBERS) };
      default: return new Box(1);
    }
  };
  if (v === null || typeof v !== 'object' || rnd() < 0.2) return rnd() < 0.7 ? leaf() : v;
  if (Array.isArray(v)) {
    const out = v.slice();
    const r = rnd();
    if (out.length && r < 0.6) {
      const i = Math.floor(rnd() * out.length);
      out[i] = mutate(out[i], rnd);
    } else if (out.length && r < 0.8) {
      out.pop();
    } else {
      out.push(out.length ? mutate(out[0], rnd) : leaf());
    }
    return out;
  }
  const keys = Object.keys(v);
  const r = rnd();
  if (keys.length && r < 0.55) {
    const k = pick(keys);
    return { ...v, [k]: mutate(v[k], rnd) };
  }
  if (keys.length > 1 && r < 0.7) { // two keys swapped in order
    const order = keys.slice();
    const i = Math.floor(rnd() * (order.length - 1));
    [order[i], order[i + 1]] = [order[i + 1], order[i]];
    return Object.fromEntries(order.map((k) => [k, v[k]]));
  }
  if (keys.length && r < 0.85) {
    const out = { ...v };
    delete out[pick(keys)];
    return out;
  }
  return { ...v, [pick(['extra', 'a-b', 'b_c', '_hidden', 'ID'])]: leaf() };
}

// {fast, agree}: whether the package answered v without the core, and, if
// so, whether the core, asked about the same JSON text, also says "valid,
// as it is" (tsig_api_validate_fast's 0).
function judge(sig, input, v, opts) {
  const before = raw.last();
  let r;
  try {
    r = input ? sig.validateInput(v, opts) : sig.validate(v, opts);
  } catch {
    return { fast: false }; // refused (a value JSON cannot carry): not answered clean
  }
  if (raw.last() !== before) return { fast: false };
  assert.equal(r.ok, true);
  assert.equal(r.value, v, 'the value itself is the result');
  let text;
  try {
    text = JSON.stringify(v);
  } catch {
    return { fast: true, agree: false };
  }
  if (input) sig.validateInputJSON(text, opts);
  else sig.validateJSON(text, opts);
  return { fast: true, agree: raw.last().rc === 0, text };
}

// Whether the core accepts v as it is, asked with its JSON text.
function coreSaysClean(sig, input, v, opts) {
  let text;
  try {
    text = JSON.stringify(v);
  } catch {
    return false;
  }
  if (text === undefined) return false;
  if (input) sig.validateInputJSON(text, opts);
  else sig.validateJSON(text, opts);
  return raw.last().rc === 0;
}

test('the table calls clean only what the core accepts as it is: every validate vector, and random changes', () => {
  const rnd = prng(0x5eed);
  let fast = 0;
  let clean = 0; // values the core accepts as they are
  for (const r of records) {
    const input = r.target === 'input';
    const sig = Signature.parse(r.sig);
    const opts = { mode: r.mode };
    const base = toJS(r.data);
    const values = [base];
    for (let k = 0; k < 30; k++) values.push(mutate(values[Math.floor(rnd() * values.length)], rnd));
    for (const v of values) {
      const j = judge(sig, input, v, opts);
      if (!j.fast) {
        if (coreSaysClean(sig, input, v, opts)) clean += 1;
        continue;
      }
      fast += 1;
      clean += 1;
      assert.ok(j.agree, `${r.id} (${r.sig}, ${r.mode}, ${r.target}): the table calls ${j.text} clean, the core does not`);
    }
    sig.free();
  }
  // not a test that cannot fail: most of what the core accepts as it is
  // is answered without it
  assert.ok(fast > clean / 2, `${fast} of ${clean} clean values answered without the core`);
});

test('a vector the core accepts as it is, made of plain types, is answered without the core', () => {
  // fields in order, ints, floats, strings, bools, string enums, lists and
  // optionals: the table covers them
  const sig = Signature.parse('(q :string, n :int[1..10], tags [:string], mode :enum[a b]?, w :float?) -> :any');
  const before = raw.last();
  const args = { q: 'x', n: 3, tags: ['a'], mode: 'a', w: 1.5 };
  assert.equal(sig.validateInput(args).value, args);
  assert.equal(raw.last(), before, 'no call into the core');
  // out of order, a default to fill, a case to fold: the core
  for (const v of [{ n: 3, q: 'x', tags: [] }, { q: 'x', n: 3, tags: [], mode: 'A' }, { q: 'x', n: 11, tags: [] }]) {
    const b = raw.last();
    sig.validateInput(v);
    assert.notEqual(raw.last(), b, `${JSON.stringify(v)}: asked the core`);
  }
  sig.free();
});

test('disabled mode, a depth limit and values JSON carries another way go to the core', () => {
  const sig = Signature.parse('(a :any) -> :any');
  for (const [v, opts] of [[{ a: 1 }, { mode: 'disabled' }], [{ a: [[[1]]] }, { maxDepth: 2 }],
    [{ a: new Date(0) }, undefined], [{ a: undefined }, undefined], [{ a: NaN }, undefined], [{ a: [, 1] }, undefined]]) { // eslint-disable-line no-sparse-arrays
    const b = raw.last();
    let refused = false;
    try { sig.validateInput(v, opts); } catch { refused = true; }
    assert.ok(refused || raw.last() !== b, `${String(v.a)}: refused, or asked the core`);
  }
  sig.free();
});

test('datetimes and keywords: the table calls clean only strings the core accepts', () => {
  const rnd = prng(0xda7e);
  const two = (max) => String(Math.floor(rnd() * (max + 1))).padStart(2, '0');
  const sig = Signature.parse('(when :datetime, word :keyword) -> :any');
  let fast = 0;
  for (let k = 0; k < 5000; k++) {
    const sep = rnd() < 0.9 ? 'T' : rnd() < 0.5 ? 't' : ' ';
    const frac = rnd() < 0.3 ? `.${'1234567'.slice(0, 1 + Math.floor(rnd() * 6))}` : '';
    const zone = rnd() < 0.5 ? (rnd() < 0.9 ? 'Z' : 'z') : `${rnd() < 0.5 ? '+' : '-'}${two(25)}:${two(61)}`;
    const when = `${String(Math.floor(rnd() * 10000)).padStart(4, '0')}-${two(13)}-${two(32)}${sep}${two(24)}:${two(60)}:${two(61)}${frac}${zone}`;
    const word = [...Array(1 + Math.floor(rnd() * 4))].map(() => 'aZ09+-*<>=?!_ .é'[Math.floor(rnd() * 16)]).join('');
    const j = judge(sig, true, { when, word }, undefined);
    if (!j.fast) continue;
    fast += 1;
    assert.ok(j.agree, `the table calls ${j.text} clean, the core does not`);
  }
  assert.ok(fast > 100, `${fast} answered without the core`);
  sig.free();
});

test('a toJSON anywhere (own, inherited, not enumerable, on a list) leaves the value to the core, which sees what JSON.stringify writes', () => {
  const hidden = (o, f) => Object.defineProperty(o, 'toJSON', { value: f, enumerable: false });
  const bare = Object.create(null);
  bare.a = 1;
  hidden(bare, () => ({ a: 'str' }));
  class Proto { constructor() { this.a = 1; } }
  const cases = [
    ['[:int]', Object.assign([1, 2], { toJSON: () => 'hello' }), false],
    ['{a [:int]}', { a: Object.assign([1], { toJSON: () => 'x' }) }, false],
    ['(a [:int]) -> :any', { a: Object.assign([1], { toJSON: () => 'x' }) }, true],
    ['{a :int}', hidden({ a: 1 }, () => 'x'), false],
    [':map', hidden({ a: 1 }, () => 'x'), false],
    ['(a :int) -> :any', hidden({ a: 1 }, () => 'x'), true],
    ['{a :int}', bare, false],
    ['{a :int}', new Proto(), false],
  ];
  for (const [text, v, input] of cases) {
    const sig = Signature.parse(text);
    const r = input ? sig.validateInput(v) : sig.validate(v);
    const json = JSON.stringify(v);
    const core = input ? sig.validateInputJSON(json) : sig.validateJSON(json);
    assert.equal(r.ok, core.ok, `${text} ${json}`);
    assert.deepEqual(r.errors.map((e) => e.message), core.errors.map((e) => e.message), `${text} ${json}`);
    sig.free();
  }
  // a toJSON put on Object.prototype by some library
  const sig = Signature.parse('{a :int}');
  Object.prototype.toJSON = function toJSON() { return 'x'; }; // eslint-disable-line no-extend-native
  try {
    assert.equal(sig.validate({ a: 1 }).ok, false);
  } finally {
    delete Object.prototype.toJSON;
  }
  assert.equal(sig.validate({ a: 1 }).ok, true);
  sig.free();
});

test('a freed Signature throws, whether or not its check table was made', () => {
  const sig = Signature.parse('(a :int) -> :int');
  assert.equal(sig.validate(1).ok, true);
  assert.equal(sig.validateInput({ a: 1 }).ok, true);
  sig.free();
  assert.throws(() => sig.validate(1), /freed/);
  assert.throws(() => sig.validateInput({ a: 1 }), /freed/);
});

test('strings longer than the table follows in one call go to the core', () => {
  const sig = Signature.parse('[:string]');
  const long = 'x'.repeat(1 << 23);
  const b = raw.last();
  assert.equal(sig.validate([long]).ok, true);
  assert.equal(raw.last(), b, 'one long string: the table answers');
  sig.validate([long, long, long]);
  assert.notEqual(raw.last(), b, 'past 2^24 units in all: the core');
  sig.free();
});
