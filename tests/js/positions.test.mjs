// Positions the JS API reports, on generated text: signatures, JSON and
// templates built from pieces that mix ASCII, 2-, 3- and 4-byte UTF-8, lone
// surrogates (which reach the core as U+FFFD), line breaks and tabs, with a
// fixed-seed generator so every run checks the same texts. For each error:
// `index` (UTF-16, into the caller's string) is where the core's byte
// `offset` falls, and `line` / `column` (1-based, the column in bytes) are
// those of the offset. api.test.mjs pins hand-picked cases; this covers
// their mixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature, SignatureError, checkPlaceholders } from 'toolsig';

const encoder = new TextEncoder();
const PIECES = ['(', ')', '{', '}', '[', ']', ':int', ':string', ':float', ':lst', '?', ',', ' ', '\t', '\n',
  '\r\n', '->', ':', '"', 'a', 'id', '_x', '-', 'é', 'ü', '漢字', '😀', '\u00a0', '\u2028', '\ud800', '\udc00x'];
const RUNS = 6000;

/** A generator of texts from a fixed seed (a linear congruential one). */
function texts(seed) {
  let state = seed;
  const below = (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  return () => {
    let t = '';
    for (let n = 1 + below(12); n > 0; n--) t += PIECES[below(PIECES.length)];
    return t;
  };
}

/** Checks index, line and column of an error against its byte offset in text. */
function checkPosition(text, e, what) {
  const bytes = encoder.encode(text);
  assert.ok(e.offset >= 0 && e.offset <= bytes.length, `${what} ${JSON.stringify(text)}: offset ${e.offset}`);
  assert.equal(encoder.encode(text.slice(0, e.index)).length, e.offset,
    `${what} ${JSON.stringify(text)}: index ${e.index} is not at byte ${e.offset}`);
  if (e.line === undefined) return; // placeholder errors carry offset and index only
  let line = 1;
  let column = 1;
  for (let i = 0; i < e.offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  assert.deepEqual([e.line, e.column], [line, column], `${what} ${JSON.stringify(text)}: line and column`);
}

test('SignatureError: index, line and column are those of the byte offset', () => {
  const next = texts(1);
  let errors = 0;
  for (let k = 0; k < RUNS; k++) {
    const text = next();
    try {
      Signature.parse(text).free();
    } catch (e) {
      assert.ok(e instanceof SignatureError, `${JSON.stringify(text)}: ${e}`);
      checkPosition(text, e, 'signature');
      errors++;
    }
  }
  assert.ok(errors > RUNS / 2, `only ${errors} of the texts were errors`);
});

test('validateJSON and validateInputJSON: a JSON error is positioned the same way', () => {
  const next = texts(2);
  const any = Signature.parse(':any');
  const params = Signature.parse('(a :int) -> :any');
  let errors = 0;
  try {
    for (let k = 0; k < RUNS; k++) {
      const text = next().replace(/[()]/g, '"');
      for (const [what, r] of [['validateJSON', any.validateJSON(text)], ['validateInputJSON', params.validateInputJSON(text)]]) {
        if (r.ok || r.errors[0].offset === undefined) continue;
        checkPosition(text, r.errors[0], what);
        errors++;
      }
    }
  } finally {
    any.free();
    params.free();
  }
  assert.ok(errors > RUNS, `only ${errors} JSON errors`);
});

test('checkPlaceholders: each error\'s index is where its byte offset falls', () => {
  const next = texts(3);
  let errors = 0;
  for (let k = 0; k < RUNS; k++) {
    const template = next().replace(/\(/g, '{{').replace(/\)/g, '}}');
    for (const e of checkPlaceholders(template, '(a :int, id :string) -> :any').errors) {
      checkPosition(template, e, 'template');
      errors++;
    }
  }
  assert.ok(errors > RUNS / 10, `only ${errors} placeholder errors`);
});

test('validation issues out of text order (fields checked in declared order) each have the index of their byte offset', () => {
  const sig = Signature.parse('[{a :int, b :int, c :string?}]');
  const items = [];
  for (let i = 0; i < 40; i++) {
    items.push(`{"c": "${['é', '😀', '漢字', 'x'][i % 4].repeat(i % 5)}", "b": "${'😀'.repeat(i % 3)}b", "a": "é${i}"}`);
  }
  const text = `[${items.join(', ')}]`;
  const r = sig.validateJSON(text, { maxErrors: 1000 });
  assert.equal(r.errors.length, 80);
  const bytes = encoder.encode(text);
  for (const e of r.errors) {
    const index = new TextDecoder().decode(bytes.subarray(0, e.offset)).length;
    assert.equal(e.index, index, `${e.path}: offset ${e.offset}`);
  }
  assert.ok(r.errors.some((e, k) => k > 0 && e.offset < r.errors[k - 1].offset), 'some issues come before the one listed ahead of them');
  sig.free();
});
