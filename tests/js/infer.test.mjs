// infer(samples, {enums}): the signature written from sample values. The
// property every inference keeps: each sample validates against the
// signature (Signature#validate, mode enabled, no coercion). Thousands of
// seeded random sample sets (objects of one shape with fields dropped,
// nulls, ints and floats mixed, date-times and strings that almost are,
// keys that are no identifiers or match after "-" -> "_", maps of many
// keys, lists, values of several kinds at one place) go through infer and
// back; a failure names its seed. Then the exact text on hand-written
// cases, and what infer refuses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Signature } from 'toolsig';
import { infer } from 'toolsig/publish';
import { prng } from './support/prng.mjs';

const WORDS = ['open', 'closed', 'pending', 'a', 'B', '', 'two words', '1', 'true', 'null', 'image/png', 'é',
  '\u{1F600}', '\ud800', 'x\u0000y', 'a-b', 'line\nbreak', '"quoted"'];
const DATETIMES = ['2026-05-03T09:14:00Z', '2024-02-29T23:59:60.123+02:00', '1970-01-01t00:00:00z',
  '2026-01-05T10:00:00-05:30'];
const NEAR_DATETIMES = ['2026-05-03T09:14:00', '2023-02-29T00:00:00Z', '2026-05-03 09:14:00Z', '2026-13-01T00:00:00Z'];
const IDENTS = ['id', 'name', 'user-name', 'user_name', '_raw', 'Id', 'state', 'tags', 'x1', 'a-b', 'a_b', 'created_at'];
const NOT_IDENTS = ['a b', '1', '', '-x', 'é', 'x.y', '2026-01-05', 'a\u0000b', 'user name'];
const NUMBERS = [0, -0, 1, -1, 42, 2 ** 53, 1e21, -1e21, 0.5, 1.5, -2.25, 1e-7, 3.14159];

// What can be at one place: a shape makes values of it, each call a new
// one with the variations a real API has (nulls, fields left out).
function makeShape(r, depth) {
  const pick = (list) => list[Math.floor(r() * list.length)];
  const nullable = r() < 0.25;
  const wrap = (gen) => () => (nullable && r() < 0.3 ? null : gen());
  const kinds = ['int', 'float', 'number', 'string', 'datetime', 'near', 'enumish', 'bool', 'null', 'random'];
  if (depth > 0) kinds.push('object', 'object', 'object', 'record', 'list', 'list', 'mixed');
  switch (pick(kinds)) {
    case 'int': return wrap(() => Math.floor(r() * 2000) - 1000);
    case 'float': return wrap(() => Math.floor(r() * 2000) / 8 + 0.5);
    case 'number': return wrap(() => pick(NUMBERS));
    case 'string': return wrap(() => (r() < 0.5 ? pick(WORDS) : `w${Math.floor(r() * 1e6)}`));
    case 'datetime': return wrap(() => pick(DATETIMES));
    case 'near': return wrap(() => pick(r() < 0.7 ? DATETIMES : NEAR_DATETIMES));
    case 'enumish': {
      const pool = WORDS.slice(0, 1 + Math.floor(r() * 5));
      return wrap(() => pick(pool));
    }
    case 'bool': return wrap(() => r() < 0.5);
    case 'null': return () => null;
    case 'random': return wrap(() => randomValue(r, 3));
    case 'object': {
      const keys = [];
      const n = Math.floor(r() * 7);
      const oddKeys = r() < 0.15;
      for (let i = 0; i < n; i++) {
        const k = oddKeys && r() < 0.4 ? pick(NOT_IDENTS) : pick(IDENTS);
        if (!keys.some((f) => f.key === k)) keys.push({ key: k, required: r() < 0.7, gen: makeShape(r, depth - 1) });
      }
      return wrap(() => {
        const o = {};
        for (const f of keys) if (f.required || r() < 0.5) o[f.key] = f.gen();
        return o;
      });
    }
    case 'record': {
      const gen = makeShape(r, depth - 1);
      const many = r() < 0.5;
      return wrap(() => {
        const o = {};
        const n = many ? 15 + Math.floor(r() * 15) : Math.floor(r() * 5);
        for (let i = 0; i < n; i++) o[r() < 0.2 ? pick(NOT_IDENTS) : `k${Math.floor(r() * 40)}`] = gen();
        return o;
      });
    }
    case 'list': {
      const gen = makeShape(r, depth - 1);
      return wrap(() => Array.from({ length: Math.floor(r() * 5) }, gen));
    }
    case 'mixed': {
      const a = makeShape(r, depth - 1);
      const b = makeShape(r, depth - 1);
      return wrap(() => (r() < 0.5 ? a() : b()));
    }
  }
  throw new Error('unreachable');
}

// Any JSON value, depth levels at most.
function randomValue(r, depth) {
  const x = r();
  if (depth <= 0 || x < 0.5) {
    const y = r();
    if (y < 0.2) return null;
    if (y < 0.4) return r() < 0.5;
    if (y < 0.7) return NUMBERS[Math.floor(r() * NUMBERS.length)];
    return WORDS[Math.floor(r() * WORDS.length)];
  }
  const n = Math.floor(r() * 4);
  if (x < 0.75) return Array.from({ length: n }, () => randomValue(r, depth - 1));
  const o = {};
  for (let i = 0; i < n; i++) o[r() < 0.7 ? IDENTS[Math.floor(r() * IDENTS.length)] : NOT_IDENTS[Math.floor(r() * NOT_IDENTS.length)]] = randomValue(r, depth - 1);
  return o;
}

// One sample set: values of one shape, sometimes of a second one too.
function sampleSet(r) {
  const shape = makeShape(r, 1 + Math.floor(r() * 4));
  const other = r() < 0.2 ? makeShape(r, 2) : null;
  const n = 1 + Math.floor(r() * 6);
  return Array.from({ length: n }, () => (other && r() < 0.3 ? other() : shape()));
}

const SETS = 10000;

test(`every sample validates against what infer writes (${SETS} seeded random sample sets)`, () => {
  const failures = [];
  const seen = new Set();
  for (let seed = 1; seed <= SETS && failures.length < 5; seed++) {
    const r = prng(seed);
    const samples = sampleSet(r);
    const enums = Math.floor(r() * 4);
    let text;
    try {
      text = infer(samples, { enums });
    } catch (e) {
      failures.push(`seed ${seed}: infer threw ${e.message}\n  samples: ${JSON.stringify(samples)}`);
      continue;
    }
    seen.add(text);
    const sig = Signature.parse(text);
    try {
      assert.equal(sig.toString(), text, 'infer writes the canonical form');
      samples.forEach((s, i) => {
        const result = sig.validate(s);
        if (!result.ok) {
          failures.push(`seed ${seed}: sample ${i} is not valid against ${text}: ${result.errors[0].path} ${result.errors[0].message}\n  samples: ${JSON.stringify(samples)}`);
        }
      });
    } finally {
      sig.free();
    }
  }
  assert.deepEqual(failures, []);
  // the sets are varied: many different signatures, with each rule at work
  assert.ok(seen.size > SETS / 5, `${seen.size} distinct signatures`);
  const all = [...seen].join('\n');
  for (const part of ['?', '|', ':datetime', ':float', ':int', ':bool', ':string', ':any', '{* ', '[:any]', '{}',
    ':enum[', ':any?', '{id ']) {
    assert.ok(all.includes(part), `some signature holds ${part}`);
  }
});

test('samples of one shape give the type a person would write', () => {
  const issues = [
    { number: 1, title: 'Crash on start', state: 'open', labels: [{ name: 'bug', color: 'd73a4a' }],
      assignee: null, closed_at: null, comments: 0 },
    { number: 2, title: 'Docs', state: 'closed', labels: [], assignee: { login: 'ada' },
      closed_at: '2026-01-05T10:00:00Z', comments: 3 },
    { number: 3, title: 'Slow search', state: 'open', labels: [], comments: 1, locked: false },
  ];
  assert.equal(infer(issues),
    '{number :int, title :string, state :string, labels [{name :string, color :string}], assignee {login :string}?, '
    + 'closed_at :datetime?, comments :int, locked :bool?}');
  assert.equal(infer(issues, { enums: 5 }),
    '{number :int, title :string, state :enum[open closed], labels [{name :string, color :string}], '
    + 'assignee {login :string}?, closed_at :datetime?, comments :int, locked :bool?}');
});

test('each rule, on the smallest samples', () => {
  const cases = [
    [[1, 2], ':int'],
    [[1, 2.5], ':float'],
    [[1, null], ':int?'],
    [[null, null], ':any'],
    [[{ a: null }, {}], '{a :any?}'],
    [[{ a: 1 }, { b: 'x' }], '{a :int?, b :string?}'],
    [['2026-05-03T09:14:00Z', '2026-05-03T09:14:00+02:00'], ':datetime'],
    [['2026-05-03T09:14:00Z', 'soon'], ':string'],
    [[true, 'a', 1.5, { a: [] }, [1], null], ':string|:float|:bool|{a [:any]}|[:int]?'],
    [[[], []], '[:any]'],
    [[{}, {}], '{}'],
    [[{ 'a b': 1, c: 2 }], '{* :int}'],
    [[{ 'a-b': 1 }, { a_b: 2 }], '{* :int}'],
    [[{ 'user-name': 'x', _raw: 1 }], '{user-name :string, _raw :int}'],
    [[Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))], '{* :int}'],
    [[new Date(0)], ':datetime'],
  ];
  for (const [samples, want] of cases) assert.equal(infer(samples), want, JSON.stringify(samples));
});

test('enums only when asked, of a repeated value found in two samples', () => {
  assert.equal(infer(['a', 'b', 'a']), ':string');
  assert.equal(infer(['a', 'b', 'a'], { enums: 2 }), ':enum[a b]');
  assert.equal(infer(['a', 'b', 'c', 'a'], { enums: 2 }), ':string');
  assert.equal(infer(['a', 'b'], { enums: 2 }), ':string');
  assert.equal(infer([['a', 'a']], { enums: 2 }), '[:string]');
  assert.equal(infer(['two words', '1', 'two words'], { enums: 2 }), ':enum["two words" "1"]');
});

test('what infer refuses', () => {
  assert.throws(() => infer({ a: 1 }), { name: 'TypeError', message: 'toolsig: infer takes a list of samples, got object' });
  assert.throws(() => infer('[1]'), { name: 'TypeError', message: 'toolsig: infer takes a list of samples, got string' });
  assert.throws(() => infer([1, { a: NaN }]), {
    name: 'TypeError', message: 'toolsig: the sample at [1].a is NaN, which JSON cannot carry',
  });
  assert.throws(() => infer([1n]), { name: 'TypeError', message: 'toolsig: the sample at [0] is a BigInt, which JSON cannot carry' });
  const cycle = {};
  cycle.self = cycle;
  assert.throws(() => infer([cycle]), { name: 'TypeError' });
  assert.throws(() => infer([]), { name: 'Error', message: 'toolsig: no sample to infer from' });
  assert.throws(() => infer([1], { enums: -1 }), { name: 'TypeError', message: 'toolsig: infer: enums must be a whole number from 0, got -1' });
  assert.throws(() => infer([1], { enums: 1.5 }), { name: 'TypeError' });
  assert.throws(() => infer([1], { enum: 2 }), { name: 'TypeError', message: 'toolsig: infer: unknown option "enum" (options: enums)' });
  let deep = 1;
  for (let i = 0; i < 64; i++) deep = [deep];
  assert.equal(infer([deep]), `${'['.repeat(64)}:int${']'.repeat(64)}`);
  assert.throws(() => infer([1, { a: [deep] }]), {
    name: 'RangeError',
    message: /^toolsig: the sample at \[1\]\.a(\[0\])+… nests deeper than 64 levels of lists and objects, more than a signature can hold$/,
  });
  // and the next call works
  assert.equal(infer([{ id: 1 }]), '{id :int}');
});
