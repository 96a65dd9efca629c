// The playground's own modules, without a browser: the URL state, the
// editor ranges, the stream replay, and its examples checked against the
// package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature, checkPlaceholders, coreInfo } from '../../dist/node.mjs';
import { EXAMPLES, DEFAULT_EXAMPLE, exampleById } from '../../web-demo/examples.mjs';
import { errorRange, lineColumn, placeholderRange, spanRange } from '../../web-demo/locate.mjs';
import { DEFAULT_STATE, decodeState, encodeState, normalizeState } from '../../web-demo/state.mjs';
import { chunkSize, replay } from '../../web-demo/replay.mjs';

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
    repair: 'off',
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
  const odd = normalizeState({ sig: 5, mode: 'loose', target: 'both', schema: 'x', name: 'n', repair: 'yes' }, modes);
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

test('a replay pushes a few characters at a time: incomplete until the value is whole, then end()', () => {
  const sig = Signature.parse('{count :int, items [{id :int}]}');
  const text = '{"count": 2, "items": [{"id": 1}, {"id": 2}]}\n';
  const steps = [...replay(sig, text, {}, 4)];
  assert.deepEqual(steps.map((s) => s.fed), [...steps.keys()].map((k) => Math.min(4 * (k + 1), text.length)));
  const whole = text.indexOf(']}') + 2;
  for (const s of steps.slice(0, -1)) {
    assert.equal(s.state, s.fed < whole ? 'incomplete' : 'complete', `after ${s.fed}`);
    assert.equal(s.done, false);
  }
  const last = steps.at(-1);
  assert.equal(last.done, true);
  assert.equal(last.state, 'complete');
  assert.deepEqual(last.errors, []);
  assert.deepEqual(last.partial, { count: 2, items: [{ id: 1 }, { id: 2 }] });
  assert.deepEqual(steps[5].partial, { count: 2, items: [{}] }, 'open lists and maps closed');
  sig.free();
});

test('a replay stops at the first invalid push, with the one-shot call\'s first error', () => {
  const sig = Signature.parse('{count :int, items [{id :int}]}');
  const text = '{"count": 2, "items": [{"id": "1"}, {"id": 2}, {"id": 3}]}';
  const steps = [...replay(sig, text, {}, 3)];
  const last = steps.at(-1);
  assert.equal(last.state, 'invalid');
  assert.equal(last.done, true);
  assert.ok(last.fed < text.length, `read ${last.fed} of ${text.length}`);
  assert.deepEqual(steps.slice(0, -1).map((s) => s.state), steps.slice(0, -1).map(() => 'incomplete'));
  const once = sig.validateJSON(text);
  assert.equal(last.errors[0].message, once.errors[0].message);
  assert.equal(last.errors[0].index, once.errors[0].index);
  sig.free();
});

test('a replay takes the target\'s options: repair and coercion for tool input', () => {
  const sig = Signature.parse('(query :string, limit :int) -> :bool');
  const text = "```json\n{'query': 'a', limit: '10',}\n```";
  const last = [...replay(sig, text, { input: true })].at(-1);
  assert.equal(last.state, 'complete');
  assert.deepEqual(last.warnings.map((w) => w.message), sig.validateInputJSON(text).warnings.map((w) => w.message));
  assert.equal([...replay(sig, text, { input: true, repair: false })].at(-1).state, 'invalid');
  sig.free();
});

test('chunkSize: a few characters per push, and a replay of at most about 150 pushes', () => {
  assert.equal(chunkSize(0), 3);
  assert.equal(chunkSize(100), 3);
  assert.equal(chunkSize(3000), 20);
  assert.ok(Math.ceil(1e6 / chunkSize(1e6)) <= 150);
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
    const showsErrors = ex.id === 'error-report' || ex.id === 'strict-mode' || ex.id === 'llm-stream-error';
    assert.equal(r.ok, !showsErrors, `${ex.id}: ${JSON.stringify(r.errors)}`);
    if (ex.tpl) {
      const tc = checkPlaceholders(ex.tpl, sig);
      assert.ok(tc.placeholders.length > 0, `${ex.id}: the template has no placeholders`);
    }
    sig.free();
  }
});
