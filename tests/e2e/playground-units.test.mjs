// The playground's own modules, without a browser: the URL state, the
// editor ranges, and its examples checked against the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature, checkPlaceholders, coreInfo } from '../../dist/node.mjs';
import { EXAMPLES, DEFAULT_EXAMPLE, exampleById } from '../../web-demo/examples.mjs';
import { errorRange, lineColumn, placeholderRange, spanRange } from '../../web-demo/locate.mjs';
import { DEFAULT_STATE, decodeState, encodeState, normalizeState } from '../../web-demo/state.mjs';

const { modes } = coreInfo();

test('a state survives the URL fragment, whatever its text', () => {
  const state = {
    sig: '(q :string,\n limit :int?) -> [{id :int}]',
    data: '{"q": "é ✓ 😀 \\u0000", "limit": "10"}',
    target: 'output',
    mode: 'strict',
    schema: 'params',
    name: 'search',
    desc: 'Line one.\nLine "two" & <three>',
    tpl: '{{#q}}{{.}}{{/q}}',
  };
  const hash = encodeState(state);
  assert.match(hash, /^#s=[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeState(hash, modes), state);
  assert.deepEqual(decodeState(hash.slice(1), modes), state);
});

test('bad or foreign fragments give no state or defaults, never a throw', () => {
  for (const hash of ['', '#', '#top', '#s=', '#s=!!', '#s=bm90IGpzb24', '#s=%%%']) {
    assert.equal(decodeState(hash, modes), null, hash);
  }
  const odd = normalizeState({ sig: 5, mode: 'loose', target: 'both', schema: 'x', name: 'n' }, modes);
  assert.deepEqual(odd, { ...DEFAULT_STATE, mode: 'enabled', name: 'n' }, 'the core\'s default mode');
});

test('errorRange covers the word at an error index, or marks the end', () => {
  assert.deepEqual(errorRange('(items :list) -> :bool', 7), [7, 12]);
  assert.deepEqual(errorRange('(q :string) => :int', 12), [12, 14]);
  assert.deepEqual(errorRange('(a :int', 7), [7, 7]);
  assert.deepEqual(errorRange('(a :int,)', 8), [8, 9]);
  assert.deepEqual(errorRange('', 0), [0, 0]);
});

test('placeholderRange covers a placeholder through its braces', () => {
  const t = 'Hi {{user.email}} and {{x';
  assert.deepEqual(placeholderRange(t, 3), [3, 17]);
  assert.deepEqual(placeholderRange(t, 22), [22, t.length]);
  assert.deepEqual(placeholderRange('{{a\n}}', 0), [0, 3]);
});

test('spanRange turns a UTF-16 start and a UTF-8 length into a UTF-16 range', () => {
  assert.deepEqual(spanRange('{"a": "abc"}', 6, 5), [6, 11]);
  // "é" is two bytes, "😀" four bytes and two UTF-16 units
  const t = '["é😀", 1]';
  assert.deepEqual(spanRange(t, 1, 8), [1, 6]);
  assert.deepEqual(spanRange(t, 1, 0), [1, 1]);
  assert.deepEqual(spanRange(t, 8, 100), [8, t.length]);
});

test('lineColumn counts lines and UTF-16 columns', () => {
  assert.deepEqual(lineColumn('ab\ncd', 4), { line: 2, column: 2 });
  assert.deepEqual(lineColumn('x', 0), { line: 1, column: 1 });
});

test('every example behaves as the menu says, with data and templates that fit', () => {
  assert.ok(exampleById(DEFAULT_EXAMPLE));
  assert.equal(new Set(EXAMPLES.map((e) => e.id)).size, EXAMPLES.length, 'example ids are unique');
  for (const ex of EXAMPLES) {
    const check = Signature.check(ex.sig);
    if (ex.id.startsWith('mistake-')) {
      assert.equal(check.ok, false, ex.id);
      assert.ok(check.error.hint, `${ex.id} has no hint`);
      continue;
    }
    assert.equal(check.ok, true, `${ex.id}: ${check.error?.text}`);
    const sig = Signature.parse(ex.sig);
    const opts = { mode: ex.mode ?? 'enabled' };
    const r = ex.target === 'input' ? sig.validateInputJSON(ex.data, opts) : sig.validateJSON(ex.data, opts);
    // Examples that show errors say so in their title or mode.
    const showsErrors = ex.id === 'error-report' || ex.id === 'strict-mode';
    assert.equal(r.ok, !showsErrors, `${ex.id}: ${JSON.stringify(r.errors)}`);
    if (ex.tpl) {
      const tc = checkPlaceholders(ex.tpl, sig);
      assert.ok(tc.placeholders.length > 0, `${ex.id}: the template has no placeholders`);
    }
    sig.free();
  }
});
