// Wasm memory does not leak: 200 000 validate calls (valid, invalid,
// coercing, broken JSON text) and 10 000 signatures parsed and freed, and
// the wasm memory stops growing after a warm-up. And text still arrives
// whole in wasm memory after the memory grew or the input buffer grew.
//
// How memory is seen: the package keeps its wasm instance private, so the
// test uses a second copy of the API bound to its own instance of
// dist/toolsig.wasm (support/env.mjs: the same js/core.mjs, imported under
// another URL), whose exports include the Memory and malloc/free.
//
// Two measures:
//   1. memory.buffer.byteLength does not change between the end of the
//      warm-up and the end of the run;
//   2. the heap in use does not grow: a probe allocates 4 KiB blocks with
//      the module's own malloc until the memory would have to grow, then
//      frees them; the memory not obtainable that way is what is in use.
//      Measured after the warm-up and at the end, it may differ by at most
//      LEAK_BOUND (block rounding and allocator bookkeeping), far less than
//      a leak of even a few bytes per call over 190 000 calls would make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openInstance } from './support/env.mjs';

const { api, exports: wasm, memory } = await openInstance();
const { Signature, SignatureError, formatReport } = api;

const BLOCK = 4096;
const LEAK_BOUND = 64 * 1024;

/** Bytes of wasm memory in use: the memory size minus what malloc can still hand out without growing. */
function bytesInUse() {
  const size = memory.buffer.byteLength;
  const blocks = [];
  try {
    for (;;) {
      const p = wasm.malloc(BLOCK);
      if (!p) break;
      blocks.push(p);
      if (memory.buffer.byteLength !== size) break; // this one made it grow
    }
  } finally {
    for (const p of blocks) wasm.free(p);
  }
  const grown = memory.buffer.byteLength !== size;
  const free = (grown ? blocks.length - 1 : blocks.length) * BLOCK;
  return { inUse: size - free, size };
}

const SIGS = [
  '(query :string, limit :int?, tags [:keyword]?) -> [{id :int, title :string, score :float?, at :datetime}]',
  '(user {name :string, email :string?, order-count :int}) -> {ok :bool, _raw :map}',
  '(n :int, f :float, b :bool) -> :any',
];

// One call of the mix, chosen by i: [signature index, what to do].
function call(sigs, i) {
  const [search, user, scalars] = sigs;
  switch (i % 12) {
    case 0: return search.validate([{ id: i, title: 't', score: 1.5, at: '2026-05-03T09:14:00Z' }]);
    case 1: return search.validate([{ id: 'x', title: null, at: 'yesterday', extra: i }, 5]);
    case 2: return search.validateInput({ query: 'q', limit: String(i), tags: ['a', 'b-c'] });
    case 3: return search.validateInputJSON(`{"query": "é🎉", "limit": ${i}.0, "tags": ["ok", "not ok"]}`);
    case 4: return user.validateInput({ user: { name: 'n', 'order_count': '3', email: null } });
    case 5: return user.validateInputJSON('{"user": {"order-count": 1, "order_count": 2, "name": 5}}');
    case 6: return user.validate({ ok: true, _raw: { a: [1, 2, { b: 'c' }] } }, { mode: 'strict' });
    case 7: return scalars.validateInput({ n: '12abc', f: 'NaN', b: 'True' }, { maxErrors: 2 });
    case 8: return scalars.validateInputJSON('{"n": 1, "f": 2, "b": tru');
    case 9: return scalars.validateInputJSON(`{"n": ${'9'.repeat(200)}, "f": 1e400, "b": false, "n": 1}`);
    case 10: return search.validateJSON(`${'['.repeat(1200)}${']'.repeat(1200)}`);
    default: return user.validate({ ok: 'yes', _raw: [] }, { mode: 'warn_only' });
  }
}

function validateMany(sigs, from, to) {
  let failures = 0;
  for (let i = from; i < to; i++) {
    const r = call(sigs, i);
    if (!r.ok) failures += 1;
    if (i % 1000 === 0) formatReport(r);
  }
  return failures;
}

function parseMany(from, to) {
  let refused = 0;
  for (let i = from; i < to; i++) {
    if (i % 5 === 4) {
      try {
        Signature.parse(`(a${i} :int, b :integer) -> {c :int}`);
      } catch (e) {
        if (!(e instanceof SignatureError)) throw e;
        refused += 1;
      }
      continue;
    }
    const sig = Signature.parse(`(a${i} :int, b [{c :string?}]?) -> {d${i} :float, e :map}`);
    if (i % 100 === 0) {
      sig.toJsonSchema({ strict: true });
      sig.renderTool('t', 'd');
    }
    sig.free();
  }
  return refused;
}

test('wasm memory stops growing after a warm-up: 200 000 validate calls and 10 000 signatures', () => {
  const sigs = SIGS.map((s) => Signature.parse(s));
  try {
    // Warm-up: every path once and the scratch buffers at their largest.
    validateMany(sigs, 0, 10000);
    parseMany(0, 500);
    const warm = bytesInUse();
    const sizeAfterWarmUp = memory.buffer.byteLength;

    const failures = validateMany(sigs, 10000, 200000);
    const refused = parseMany(500, 10000);
    assert.equal(refused, 1900, 'one signature in five is refused');
    assert.ok(failures > 100000, `most of the mix fails validation (${failures})`);

    assert.equal(memory.buffer.byteLength, sizeAfterWarmUp, 'no growth after the warm-up');
    const end = bytesInUse();
    assert.ok(end.inUse - warm.inUse <= LEAK_BOUND,
      `heap in use grew by ${end.inUse - warm.inUse} bytes (after warm-up ${warm.inUse}, at the end ${end.inUse})`);
  } finally {
    for (const s of sigs) s.free();
  }
});

test('the leak probe sees a leak: memory held back is counted as in use', () => {
  const before = bytesInUse();
  const held = [];
  for (let i = 0; i < 100; i++) held.push(wasm.malloc(1000));
  const during = bytesInUse();
  for (const p of held) wasm.free(p);
  const after = bytesInUse();
  assert.ok(during.inUse - before.inUse >= 100 * 1000 - BLOCK, `${during.inUse - before.inUse}`);
  assert.ok(Math.abs(after.inUse - before.inUse) <= BLOCK, `${after.inUse - before.inUse}`);
});

test('unfreed Signatures are what the probe would catch: 1 000 parsed and kept hold memory', () => {
  const before = bytesInUse();
  const kept = [];
  for (let i = 0; i < 1000; i++) kept.push(Signature.parse(`(a${i} :int) -> {b :string}`));
  const during = bytesInUse();
  for (const s of kept) s.free();
  const after = bytesInUse();
  assert.ok(during.inUse - before.inUse > LEAK_BOUND, `${during.inUse - before.inUse}`);
  assert.ok(after.inUse - before.inUse <= LEAK_BOUND, `${after.inUse - before.inUse}`);
});

// Text goes into wasm memory through one reused input buffer, whose view
// is kept across calls: after the memory grows (its old buffer detached)
// and after the buffer is replaced by a bigger one, the next text must
// still arrive whole, long and short, ASCII or not, through one-shot calls
// and a stream.
test('text arrives whole after the wasm memory grew under the reused input buffer', () => {
  const sig = Signature.parse('{a :string}');
  let size = 100;
  const read = () => {
    const long = JSON.stringify({ a: 'x'.repeat(size) });
    assert.deepEqual(sig.validateJSON(long).value, { a: 'x'.repeat(size) });
    assert.deepEqual(sig.validateJSON(JSON.stringify({ a: 'é' })).value, { a: 'é' });
    const s = sig.stream();
    s.push(long.slice(0, 40));
    s.push(long.slice(40));
    const r = s.end();
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, { a: 'x'.repeat(size) });
  };
  let big = 0;
  try {
    read();
    const before = memory.buffer.byteLength;
    big = wasm.malloc(before); // as large as the memory: it must grow
    assert.ok(big && memory.buffer.byteLength > before, 'the memory grew');
    read();
    // three bytes a character: more than the buffer holds, which is replaced
    size = 10000;
    read();
    size = 100;
    read();
  } finally {
    if (big) wasm.free(big);
    sig.free();
  }
});
