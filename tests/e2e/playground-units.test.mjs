// The playground's own modules, without a browser: the URL state, the
// editor ranges, the stream replay, and its examples checked against the
// package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signature, checkPlaceholders, coreInfo } from '../../dist/node.mjs';
import { EXAMPLES, DEFAULT_EXAMPLE, exampleById } from '../../web-demo/examples.mjs';
import { cutText, errorRange, issueRange, lineColumn, placeholderRange, spanRange } from '../../web-demo/locate.mjs';
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

test('issueRange: a span, a position, a missing field, no place', () => {
  const t = '{"a": "é", "b": 1}';
  assert.deepEqual(issueRange(t, { code: 'type', index: 6, length: 4 }), { start: 6, end: 9, found: true });
  assert.deepEqual(issueRange(t, { code: 'json_syntax', index: 1, length: 0 }), { start: 1, end: 2, found: true });
  assert.deepEqual(issueRange(t, { code: 'missing', index: 0, length: 19 }), { start: 0, end: 1, found: false });
  assert.deepEqual(issueRange(t, { code: 'repaired', index: 40, length: 1 }), { start: t.length, end: t.length, found: true });
  assert.equal(issueRange(t, { code: 'too_many', index: 0, length: 19 }), null);
  assert.equal(issueRange(t, { code: 'type' }), null);
});

// The pieces of cutText as [start, end, ids of the marks on it, ids of
// those that open there].
const cuts = (text, marks) => cutText(text, marks)
  .map((p) => [p.start, p.end, p.marks.map((m) => m.id).join(''), p.opens.map((m) => m.id).join('')]);

test('cutText cuts the text at every mark\'s ends and covers all of it', () => {
  assert.deepEqual(cuts('abcdef', []), [[0, 6, '', '']]);
  assert.deepEqual(cuts('abcdef', [{ start: 1, end: 3, id: 'a' }]), [[0, 1, '', ''], [1, 3, 'a', 'a'], [3, 6, '', '']]);
  // overlapping: the shared part carries both, each opens where it starts
  assert.deepEqual(cuts('abcdef', [{ start: 1, end: 4, id: 'a' }, { start: 2, end: 6, id: 'b' }]),
    [[0, 1, '', ''], [1, 2, 'a', 'a'], [2, 4, 'ab', 'b'], [4, 6, 'b', '']]);
  // the same range twice, and one inside another
  assert.deepEqual(cuts('abc', [{ start: 0, end: 3, id: 'a' }, { start: 0, end: 3, id: 'b' }, { start: 1, end: 2, id: 'c' }]),
    [[0, 1, 'ab', 'ab'], [1, 2, 'abc', 'c'], [2, 3, 'ab', '']]);
  // empty marks: an empty piece at their place, before the text there
  assert.deepEqual(cuts('abc', [{ start: 1, end: 1, id: 'a' }, { start: 3, end: 3, id: 'b' }]),
    [[0, 1, '', ''], [1, 1, 'a', 'a'], [1, 3, '', ''], [3, 3, 'b', 'b']]);
  // past the end: at the end; reversed: empty; not a number: at the start
  assert.deepEqual(cuts('abc', [{ start: 2, end: 99, id: 'a' }, { start: 50, end: 60, id: 'b' }]),
    [[0, 2, '', ''], [2, 3, 'a', 'a'], [3, 3, 'b', 'b']]);
  assert.deepEqual(cuts('abc', [{ start: 2, end: 1, id: 'a' }, { start: undefined, end: 1, id: 'b' }]),
    [[0, 1, 'b', 'b'], [1, 2, '', ''], [2, 2, 'a', 'a'], [2, 3, '', '']]);
  assert.deepEqual(cuts('', [{ start: 0, end: 4, id: 'a' }]), [[0, 0, 'a', 'a']]);
  // the pieces join up to the text, whatever the marks
  const text = 'x'.repeat(40);
  const marks = Array.from({ length: 30 }, (_, k) => ({ start: (k * 7) % 45, end: (k * 11) % 50, id: String(k) }));
  const pieces = cutText(text, marks);
  assert.equal(pieces.map((p) => text.slice(p.start, p.end)).join(''), text);
  assert.ok(pieces.every((p, k) => k === 0 || p.start === pieces[k - 1].end));
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
    if (ex.repair) opts.repair = ex.repair === 'on';
    const r = ex.target === 'input' ? sig.validateInputJSON(ex.data, opts) : sig.validateJSON(ex.data, opts);
    // Examples that show errors say so in their title or mode.
    const showsErrors = ['error-report', 'strict-mode', 'llm-stream-error', 'llm-ambiguous'].includes(ex.id);
    assert.equal(r.ok, !showsErrors, `${ex.id}: ${JSON.stringify(r.errors)}`);
    if (ex.tpl) {
      const tc = checkPlaceholders(ex.tpl, sig);
      assert.ok(tc.placeholders.length > 0, `${ex.id}: the template has no placeholders`);
    }
    sig.free();
  }
});

// What each example of model output reads as with repair on (README,
// "Reading what models write"): the value and the repairs, each at the
// characters it is about; or the refusal.
const READS = {
  'llm-enum-text': { value: 'TWO', repairs: [['T', 'repaired JSON at 1:1: read the text as the enum value "TWO"']] },
  'llm-string-text': { value: 'hello', repairs: [['h', 'repaired JSON at 1:1: read the text as a string']] },
  'llm-triple-quoted': {
    value: { code: 'def f():\n    return 1' },
    repairs: [['"', 'repaired JSON at 1:10: read a triple-quoted string']],
  },
  'llm-backtick': { value: { cmd: 'ls -la' }, repairs: [['`', 'repaired JSON at 1:9: read a backtick-quoted string']] },
  'llm-fence-after-prose': {
    value: { id: 'a' },
    repairs: [['H', 'repaired JSON at 1:1: ignored text before the value'], ['`', 'repaired JSON at 2:1: took the value out of a code fence']],
  },
  'llm-bare-words': {
    value: { key: 'value with space', n: 2 },
    repairs: [
      ['key', 'repaired JSON at 1:2: quoted the key key'],
      ['value with space', 'repaired JSON at 1:7: quoted the value "value with space"'],
      ['n', 'repaired JSON at 1:25: quoted the key n'],
    ],
  },
  'llm-inner-quote': {
    value: { title: 'The TV has a 24" screen' },
    repairs: [['"', 'repaired JSON at 1:27: escaped a quote inside a string']],
  },
  'llm-example-then-answer': {
    value: { q: 'cats', limit: 3 },
    repairs: [['{', 'repaired JSON at 2:9: took the value at 2:9, the only one of 2 that matches the type']],
  },
  'llm-ambiguous': { error: ['{', 'JSON error at 1:13: a second value matches the type; the text is ambiguous'] },
};

test('the LLM output examples read as the README says, each repair at its place', () => {
  const group = EXAMPLES.filter((ex) => ex.group === 'LLM output' && ex.repair === 'on');
  assert.deepEqual(group.map((ex) => ex.id), Object.keys(READS));
  for (const ex of group) {
    const want = READS[ex.id];
    const sig = Signature.parse(ex.sig);
    const r = ex.target === 'input'
      ? sig.validateInputJSON(ex.data, { repair: true })
      : sig.validateJSON(ex.data, { repair: true });
    const at = (issue) => {
      const range = issueRange(ex.data, issue);
      return [ex.data.slice(range.start, range.end), issue.message];
    };
    if (want.error) {
      assert.equal(r.ok, false, ex.id);
      assert.deepEqual(r.errors.map(at), [want.error], ex.id);
    } else {
      assert.equal(r.ok, true, `${ex.id}: ${JSON.stringify(r.errors)}`);
      assert.deepEqual(r.value, want.value, ex.id);
      assert.deepEqual(r.warnings.map((w) => w.code), want.repairs.map(() => 'repaired'), ex.id);
      assert.deepEqual(r.warnings.map(at), want.repairs, ex.id);
      // without repair the same text is refused: repair is what reads it
      const strict = ex.target === 'input'
        ? sig.validateInputJSON(ex.data, { repair: false })
        : sig.validateJSON(ex.data, { repair: false });
      assert.equal(strict.ok, false, `${ex.id} is JSON already`);
    }
    sig.free();
  }
});

test('the marks of a repaired text: one per repair, over the characters it is about', () => {
  const ex = exampleById('llm-bare-words');
  const sig = Signature.parse(ex.sig);
  const r = sig.validateJSON(ex.data, { repair: true });
  const marks = r.warnings.map((w, k) => ({ ...issueRange(ex.data, w), id: String(k) }));
  assert.deepEqual(cuts(ex.data, marks),
    [[0, 1, '', ''], [1, 4, '0', '0'], [4, 6, '', ''], [6, 22, '1', '1'], [22, 24, '', ''], [24, 25, '2', '2'], [25, 29, '', '']]);
  // a bare value with characters of two and four UTF-8 bytes: its mark
  // ends where it ends in UTF-16
  const text = '{key: <b>é😀</b> & <img src=x>, n: 2}';
  const w = sig.validateJSON(text, { repair: true }).warnings[1];
  const range = issueRange(text, w);
  assert.equal(text.slice(range.start, range.end), '<b>é😀</b> & <img src=x>');
  sig.free();
});
