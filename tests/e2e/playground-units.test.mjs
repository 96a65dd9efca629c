// The playground's own modules, without a browser: the URL state, the
// editor ranges, the stream replay, the tabs, the Import, Compare and
// Infer views (which reader a pasted text goes to, how pasted samples are
// cut, what each card, row and error shows, every text escaped), the token
// counts, and the examples checked against the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import * as toolsig from '../../dist/node.mjs';
import * as publish from '../../dist/publish-node.mjs';
import { resolveRequestPath } from '../../scripts/serve.mjs';
import {
  COMPARE_EXAMPLES, EXAMPLES, DEFAULT_EXAMPLE, IMPORT_EXAMPLES, INFER_EXAMPLES, compareExampleById, exampleById, importExampleById,
  inferExampleById,
} from '../../web-demo/examples.mjs';
import { cutText, errorRange, issueRange, lineColumn, placeholderRange, spanRange } from '../../web-demo/locate.mjs';
import { DEFAULT_STATE, decodeState, encodeState, normalizeState } from '../../web-demo/state.mjs';
import { chunkSize, replay } from '../../web-demo/replay.mjs';
import { escapeHtml, html, isMarkup, issueItem, setMarkup } from '../../web-demo/html.mjs';
import { VIEWS, VIEW_IDS, tabAfterKey, viewById } from '../../web-demo/tabs.mjs';
import { counterNote, importItemMarkup, importPasted, importSummary, pastedShape } from '../../web-demo/import-view.mjs';
import {
  EFFECT_BADGE, changeRowMarkup, changeTableMarkup, compareTexts, sideErrorMarkup, sideOf, verdict,
} from '../../web-demo/compare-view.mjs';
import {
  SAMPLE_SPLITS, SPLIT_IDS, enumsOf, inferErrorMarkup, inferPasted, inferSummary, readSample, splitSamples,
} from '../../web-demo/infer-view.mjs';
import { ENCODING, loadCounter } from '../../web-demo/tokens.mjs';

const { Signature, checkPlaceholders, coreInfo } = toolsig;

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
    view: 'compare',
    imported: '{"type": "string", "description": "é <b>"}',
    lossy: 'on',
    before: '(q :string) -> :int',
    after: '[{"name": "a", "sig": "(q :string, n :int) -> :int"}]',
    samples: '{"a": "é <b>"}\n{"a": null}',
    split: 'one',
    enums: '3',
  };
  const hash = encodeState(state);
  assert.match(hash, /^#s=[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeState(hash, modes), state);
  assert.deepEqual(decodeState(hash.slice(1), modes), state);
});

test('a link leaves out what is as it starts: the Import, Compare and Infer examples are in no link', () => {
  const state = normalizeState({ ...DEFAULT_STATE, sig: '(q :string) -> :int' }, modes);
  const hash = encodeState(state);
  assert.ok(hash.length < 80, `${hash.length} characters: ${hash}`);
  assert.deepEqual(decodeState(hash, modes), state);
  // an old link, made before the views: the signature view, the examples
  // in the others
  const old = `#s=${Buffer.from(JSON.stringify({ s: '(a :int) -> :bool', d: '{}' })).toString('base64url')}`;
  const opened = decodeState(old, modes);
  assert.equal(opened.view, 'signature');
  assert.equal(opened.sig, '(a :int) -> :bool');
  assert.equal(opened.imported, IMPORT_EXAMPLES[0].text);
  assert.deepEqual([opened.before, opened.after], [COMPARE_EXAMPLES[0].before, COMPARE_EXAMPLES[0].after]);
  assert.deepEqual([opened.samples, opened.split, opened.enums], [INFER_EXAMPLES[0].text, 'lines', '0']);
  assert.equal(normalizeState({ view: 'infer' }, modes).view, 'infer');
  assert.equal(normalizeState({ view: 'nope', lossy: 'yes' }, modes).view, 'signature', 'an unknown view is the first');
  assert.equal(normalizeState({ lossy: 'yes' }, modes).lossy, '');
  // how the samples are held is one of three; enums a number as a number field gives it
  assert.equal(normalizeState({ split: 'csv' }, modes).split, 'lines');
  for (const enums of ['', '0', '12', '1.5', '-1', '1e3', '.5']) assert.equal(normalizeState({ enums }, modes).enums, enums, enums);
  for (const enums of ['x', '1,5', '--1', '1e', '.', '-', ' 2', '1234567890123']) assert.equal(normalizeState({ enums }, modes).enums, '0', enums);
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

// ---- the tabs ------------------------------------------------------------------

test('the views in tab order: the signature view first, then Import, Compare and Infer', () => {
  assert.deepEqual(VIEWS.map((v) => v.label), ['Signature', 'Import', 'Compare', 'Infer']);
  assert.deepEqual(VIEW_IDS, ['signature', 'import', 'compare', 'infer']);
  assert.equal(viewById('compare').editor, 'before-input');
  assert.equal(viewById('infer').editor, 'infer-input');
  assert.equal(viewById('nope'), VIEWS[0]);
});

test('arrow keys step through the tabs and wrap; Home and End go to the ends', () => {
  assert.equal(tabAfterKey('signature', 'ArrowRight'), 'import');
  assert.equal(tabAfterKey('compare', 'ArrowRight'), 'infer');
  assert.equal(tabAfterKey('infer', 'ArrowRight'), 'signature');
  assert.equal(tabAfterKey('signature', 'ArrowLeft'), 'infer');
  assert.equal(tabAfterKey('import', 'ArrowLeft'), 'signature');
  assert.equal(tabAfterKey('import', 'Home'), 'signature');
  assert.equal(tabAfterKey('signature', 'End'), 'infer');
  assert.equal(tabAfterKey('import', 'Enter'), null);
  assert.equal(tabAfterKey('import', 'ArrowDown'), null);
  // a fifth view takes its place without other changes
  assert.equal(tabAfterKey('infer', 'ArrowRight', [...VIEW_IDS, 'fifth']), 'fifth');
});

// ---- markup --------------------------------------------------------------------

test('html`` escapes every value, keeps its own markup, and setMarkup takes nothing else', () => {
  const evil = `<img src=x onerror="alert('&')">`;
  assert.equal(escapeHtml(evil), '&lt;img src=x onerror=&quot;alert(&#39;&amp;&#39;)&quot;&gt;');
  const row = html`<td title="${evil}">${evil}</td>`;
  assert.ok(isMarkup(row));
  assert.equal(String(row), `<td title="${escapeHtml(evil)}">${escapeHtml(evil)}</td>`);
  assert.equal(String(html`<tr>${[row, null, false, undefined, 0]}</tr>`), `<tr>${row}0</tr>`);
  const node = { innerHTML: '' };
  setMarkup(node, row);
  assert.equal(node.innerHTML, String(row));
  assert.throws(() => setMarkup(node, '<b>typed</b>'), TypeError);
  assert.throws(() => setMarkup(node, { text: '<b>' }), TypeError);
  const linked = String(issueItem({ kind: 'error', text: evil, at: 3, where: 'line 1, column 4', field: 'before-input' }));
  assert.ok(linked.includes('data-field="before-input" data-at="3"'), linked);
  assert.ok(!linked.includes('<img'), linked);
  assert.ok(!String(issueItem({ kind: 'warning', text: 'w' })).includes('<button'));
});

// ---- the Import view -----------------------------------------------------------

test('Import: a list, or an object with a "tools" list, goes to importTool; anything else to importJsonSchema', () => {
  assert.deepEqual(pastedShape(''), { kind: 'empty' });
  assert.deepEqual(pastedShape(' \n\t'), { kind: 'empty' });
  assert.deepEqual(pastedShape('{"tools": [{"name": "a"}]}'), { kind: 'tools', tools: [{ name: 'a' }], path: 'tools' });
  assert.deepEqual(pastedShape('[{"name": "a"}, 1]'), { kind: 'tools', tools: [{ name: 'a' }, 1], path: '' });
  assert.deepEqual(pastedShape('[]'), { kind: 'tools', tools: [], path: '' });
  assert.deepEqual(pastedShape('{"type": "object"}'), { kind: 'schema', value: { type: 'object' } });
  assert.deepEqual(pastedShape('{"tools": 5}'), { kind: 'schema', value: { tools: 5 } });
  assert.deepEqual(pastedShape('{"tools": {"a": {}}}'), { kind: 'schema', value: { tools: { a: {} } } });
  for (const text of ['"tools"', '42', 'null', 'true']) assert.deepEqual(pastedShape(text), { kind: 'schema', value: JSON.parse(text) });
  for (const text of ['not json', '{"a": 1,}', '{"tools": [']) assert.deepEqual(pastedShape(text), { kind: 'schema' });
});

// The weather tool in each shape a list of tools comes in.
const weather = JSON.parse(importExampleById('anthropic').text)[0];
const weatherShapes = {
  'MCP tools/list': { tools: [{ name: weather.name, description: weather.description, inputSchema: weather.input_schema }] },
  'MCP list': [{ name: weather.name, description: weather.description, inputSchema: weather.input_schema }],
  OpenAI: [{ type: 'function', function: { name: weather.name, description: weather.description, parameters: weather.input_schema } }],
  Anthropic: [weather],
};

test('Import: MCP, OpenAI and Anthropic tools read to the same signature, each tool as its compact JSON', () => {
  const want = '(city :string "City name, e.g. Oslo", unit :enum[celsius fahrenheit]?, days :int[1..7]?) -> :any';
  for (const [shape, value] of Object.entries(weatherShapes)) {
    const r = importPasted(toolsig, JSON.stringify(value, null, 2));
    assert.equal(r.kind, 'tools', shape);
    assert.equal(r.items.length, 1, shape);
    const [item] = r.items;
    assert.equal(item.form, 'tool', shape);
    assert.equal(item.label, Array.isArray(value) ? '[0]' : 'tools[0]', shape);
    assert.equal(item.name, 'get_weather', shape);
    assert.equal(item.signature, want, shape);
    assert.deepEqual(item.warnings, [], shape);
    assert.equal(item.error, null, shape);
    assert.equal(item.json, JSON.stringify((Array.isArray(value) ? value : value.tools)[0]), shape);
  }
  // the same parameters as a JSON Schema: a type, read from the text as pasted
  const schema = importPasted(toolsig, JSON.stringify(weather.input_schema, null, 2));
  assert.equal(schema.kind, 'schema');
  assert.deepEqual(schema.items.map((i) => [i.form, i.label, i.name, i.signature]),
    [['schema', 'JSON Schema', null, '{city :string "City name, e.g. Oslo", unit :enum[celsius fahrenheit]?, days :int[1..7]?}']]);
  assert.equal(schema.items[0].json, JSON.stringify(weather.input_schema));
  assert.deepEqual(importSummary(schema), { kind: 'ok', text: 'A JSON Schema, read exactly.' });
});

test('Import: without lossy, what a signature cannot say is an error at its JSON Pointer; with lossy, a warning', () => {
  const { text } = importExampleById('mcp');
  const strict = importPasted(toolsig, text);
  assert.deepEqual(strict.items.map((i) => [i.label, i.name, i.error && i.error.reason]), [
    ['tools[0]', 'search_issues', null],
    ['tools[1]', null, '#/inputSchema/properties/repo/pattern: unsupported pattern'],
  ]);
  assert.equal(strict.items[1].signature, null);
  assert.equal(strict.items[1].error.at, null, 'a tool is given as its own JSON: no line and column in the pasted text');
  assert.match(strict.items[1].error.hint, /lossy option widens it/);
  assert.deepEqual(importSummary(strict), { kind: 'error', text: '2 tools: 1 read, 1 not read.' });
  const lossy = importPasted(toolsig, text, { lossy: true });
  assert.deepEqual(lossy.items[1].warnings, ['#/inputSchema/properties/repo/pattern: unsupported pattern, dropped']);
  assert.equal(lossy.items[1].signature, '(repo :string "owner/name", title :string[1..256], labels [:string][<=10]?) -> :any');
  assert.deepEqual(importSummary(lossy), { kind: 'warning', text: '2 tools: 2 read, 1 with warnings.' });
  // what each example reads to, exactly or with lossy
  for (const ex of IMPORT_EXAMPLES) {
    const r = importPasted(toolsig, ex.text, { lossy: true });
    assert.ok(r.items.length > 0 && r.items.every((i) => i.signature !== null), ex.id);
  }
});

test('Import: text that is not JSON, or no schema, is the core\'s error at its line and column in the text', () => {
  const notJson = '{"type": "object",\n "properties": {"a": {"type": "integer",}}}';
  const bad = importPasted(toolsig, notJson);
  assert.equal(bad.kind, 'schema');
  const { error } = bad.items[0];
  assert.equal(error.reason, 'JSON error at 2:41: expected a string key, found "}"');
  assert.deepEqual(error.at, { index: 59, line: 2, column: 41 });
  assert.equal(notJson.slice(error.at.index, error.at.index + 1), '}');
  assert.equal(bad.items[0].json, null);
  assert.deepEqual(importSummary(bad), { kind: 'error', text: 'Not read: 1 error at line 2, column 41.' });
  const unknown = '{"type": "object", "properties": {"a": {"type": "foo"}}}';
  const { error: e2 } = importPasted(toolsig, unknown).items[0];
  assert.equal(e2.reason, '#/properties/a/type: unknown type "foo"');
  assert.equal(unknown.slice(e2.at.index), '"type": "foo"}}}', 'at the member the pointer names');
  // a list of tools, one of them no tool at all
  const list = importPasted(toolsig, '[1, {"name": 2}]');
  assert.deepEqual(list.items.map((i) => i.error.reason), ['#: expected a tool object, found a number', '#/name: expected a string, found a number']);
  assert.deepEqual(importSummary(list), { kind: 'error', text: '2 tools: 0 read, 2 not read.' });
  assert.deepEqual(importSummary(importPasted(toolsig, '{"tools": []}')), { kind: 'idle', text: 'The list has no tools.' });
  assert.equal(importSummary(importPasted(toolsig, '')).kind, 'idle');
});

// A counter that counts characters, for cards without the tokenizer.
const lengths = { unit: 'tokens', encoding: 'test', count: (t) => t.length };

test('Import cards: the name, the signature, warnings, the error with its place, the counts side by side; every text escaped', () => {
  const evil = '<img src=x onerror=alert(1)>';
  const item = {
    form: 'tool', label: 'tools[0]', name: evil, signature: `(q :string "${evil}") -> :any`, json: `{"name":"${evil}"}`,
    warnings: [`#/x: ${evil}, dropped`], error: null,
  };
  const card = String(importItemMarkup(item, lengths, 'import-input'));
  assert.ok(!card.includes('<img'), card);
  assert.ok(card.includes(escapeHtml(evil)));
  assert.ok(card.includes(`<h3 class="import-name">${escapeHtml(evil)}</h3> <span class="muted small">tools[0]</span>`), card);
  assert.ok(card.includes(`<span data-count="json">${item.json.length} tokens</span>`), card);
  assert.ok(card.includes(`<span data-count="signature">${item.signature.length} tokens</span>`), card);
  assert.ok(card.includes(`(${Math.round((100 * item.signature.length) / item.json.length)}% of the JSON)`), card);
  assert.ok(card.includes('badge-warning">1 warning'), card);
  assert.ok(String(importItemMarkup(item, null, 'import-input')).includes('Counting…'));
  // an error placed in the text is a button naming the editor and the index
  const failed = {
    form: 'schema', label: 'JSON Schema', name: null, signature: null, json: null, warnings: [],
    error: { reason: `JSON error at 1:2: ${evil}`, hint: `use "${evil}"`, at: { index: 1, line: 1, column: 2 } },
  };
  const errorCard = String(importItemMarkup(failed, lengths, 'import-input'));
  assert.ok(!errorCard.includes('<img') && !errorCard.includes('data-count'), errorCard);
  assert.ok(errorCard.includes('data-field="import-input" data-at="1" title="line 1, column 2"'), errorCard);
  assert.ok(errorCard.includes(`<p class="hint">Hint: ${escapeHtml(`use "${evil}"`)}</p>`), errorCard);
  assert.ok(errorCard.includes('<h3 class="import-name">JSON Schema</h3>'), errorCard);
});

test('the token counts are the token benchmark\'s: gpt-tokenizer\'s o200k_base, encode().length', async () => {
  const counter = await loadCounter();
  assert.equal(counter.unit, 'tokens', counter.reason);
  assert.equal(counter.encoding, ENCODING);
  assert.equal(ENCODING, 'o200k_base');
  for (const ex of IMPORT_EXAMPLES) {
    for (const item of importPasted(toolsig, ex.text, { lossy: true }).items) {
      assert.equal(counter.count(item.json), encode(item.json).length, ex.id);
      assert.equal(counter.count(item.signature), encode(item.signature).length, ex.id);
      assert.ok(counter.count(item.signature) < counter.count(item.json), `${ex.id}: the signature is shorter`);
    }
  }
  assert.match(counterNote(counter), /o200k_base encoding/);
  // where the tokenizer cannot load: characters (code points), and said so
  const fallback = await loadCounter(() => Promise.reject(new Error('HTTP 404')));
  assert.equal(fallback.unit, 'characters');
  assert.equal(fallback.count('a😀é'), 3);
  assert.equal(counterNote(fallback), 'The tokenizer did not load (HTTP 404): lengths are in characters, not tokens.');
  assert.equal((await loadCounter(() => Promise.resolve({}))).unit, 'characters');
  const card = String(importItemMarkup({ form: 'tool', label: '[0]', name: 'a', signature: ':any', json: '{}', warnings: [], error: null }, fallback, ''));
  assert.ok(card.includes('<span data-count="json">2 characters</span>'), card);
});

test('the server serves the tokenizer\'s modules and toolsig/publish, and nothing else of node_modules', () => {
  for (const p of ['/node_modules/gpt-tokenizer/esm/encoding/o200k_base.js', '/node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js',
    '/node_modules/gpt-tokenizer/esm/GptEncoding.js', '/node_modules/gpt-tokenizer/esm/modelsChatEnabled.gen.js',
    '/dist/publish-browser.mjs', '/dist/publish.mjs', '/dist/toolsig-cli.wasm']) {
    assert.equal(resolveRequestPath(p), p.slice(1), p);
  }
  for (const p of ['/node_modules/gpt-tokenizer/package.json', '/node_modules/gpt-tokenizer/cjs/main.js',
    '/node_modules/gpt-tokenizer/esm/main.js.map', '/node_modules/gpt-tokenizer/esm/a/b/c.js', '/node_modules/gpt-tokenizer/src/main.ts',
    '/node_modules/playwright-core/index.mjs', '/node_modules/gpt-tokenizer/esm/../../playwright-core/index.js', '/dist/publish-node.mjs']) {
    assert.equal(resolveRequestPath(p), null, p);
  }
});

// ---- the Compare view ----------------------------------------------------------

test('Compare: the four kinds of break of the example\'s MCP tool, and a new description', () => {
  const ex = compareExampleById('mcp-release');
  const { result, error } = compareTexts(publish, ex.before, ex.after);
  assert.equal(error, null);
  assert.deepEqual(result.changes.map((c) => [c.tool, c.path, c.old, c.new, c.effect, 'example' in c ? c.example : '–']), [
    ['search_issues', 'state', ':enum[open closed all] = "open"', ':enum[open closed] = "open"', 'breaks callers', 'all'],
    ['search_issues', 'limit', ':int[1..100] = 20', ':int[1..50] = 20', 'breaks callers', 100],
    ['search_issues', 'repo', '', ':string', 'breaks callers', '–'],
    ['search_issues', '(returns).total', ':int', ':int?', 'breaks consumers', '–'],
    ['search_issues', '(description)', '"Search issues in a repository."', '"Search issues in one repository, newest first."', 'compatible', '–'],
  ]);
  assert.deepEqual(verdict(result), { kind: 'error', text: '4 changes break callers or consumers; 1 compatible.' });
  const two = compareTexts(publish, compareExampleById('signatures').before, compareExampleById('signatures').after);
  assert.deepEqual(two.result.changes.map((c) => [c.tool, c.path, c.effect]),
    [['', 'limit', 'breaks callers'], ['', 'lang', 'compatible'], ['', '(returns).items[].title', 'breaks consumers']]);
  const table = String(changeTableMarkup(two.result));
  assert.ok(!table.includes('Tool</th>') && !table.includes('change-tool'), 'no tool column for two signatures');
  assert.ok(String(changeTableMarkup(result)).includes('<th scope="col">Tool</th>'));
});

test('Compare: the verdict counts what breaks, what may, and what is compatible', () => {
  const change = (effect) => ({ tool: '', path: 'x', old: '', new: '', effect, why: '', line: '' });
  const say = (...effects) => verdict({ breaks: effects.some((e) => e !== 'compatible'), changes: effects.map(change) });
  assert.deepEqual(say(), { kind: 'ok', text: 'Nothing breaks: no changes.' });
  assert.deepEqual(say('compatible'), { kind: 'ok', text: 'Nothing breaks: 1 change, compatible.' });
  assert.deepEqual(say('compatible', 'compatible'), { kind: 'ok', text: 'Nothing breaks: 2 changes, all compatible.' });
  assert.deepEqual(say('breaks callers'), { kind: 'error', text: '1 change breaks callers or consumers.' });
  assert.deepEqual(say('breaks callers', 'breaks consumers', 'may break callers', 'compatible'),
    { kind: 'error', text: '2 changes break callers or consumers; 1 more change may break them; 1 compatible.' });
  assert.deepEqual(say('may break consumers', 'may break callers'),
    { kind: 'warning', text: '2 changes may break them (toolsig cannot prove either way).' });
  assert.deepEqual(Object.keys(EFFECT_BADGE), ['compatible', 'breaks callers', 'breaks consumers', 'may break callers', 'may break consumers']);
});

test('Compare: a change row shows every text escaped, the effect as a badge, the example when there is one', () => {
  const evil = '<img src=x onerror=alert(1)>';
  const change = {
    tool: `t${evil}`, path: `p${evil}`, old: `"${evil}"`, new: '', effect: 'breaks consumers', why: `why ${evil} & 'so'`,
    example: { a: evil }, line: '',
  };
  const row = String(changeRowMarkup(change));
  assert.ok(!row.includes('<img'), row);
  assert.ok(row.includes(`<td class="change-tool" data-label="Tool">t${escapeHtml(evil)}</td>`), row);
  assert.ok(row.includes(`<code>p${escapeHtml(evil)}</code>`), row);
  assert.ok(row.includes(`<code>&quot;${escapeHtml(evil)}&quot;</code> → <span class="muted">(none)</span>`), row);
  assert.ok(row.includes(`<td class="change-why" data-label="Why">why ${escapeHtml(evil)} &amp; &#39;so&#39;</td>`), row);
  assert.ok(row.includes(`<code>${escapeHtml(JSON.stringify({ a: evil }))}</code>`), row);
  assert.ok(row.includes('<tr class="change change-error">') && row.includes('<span class="badge badge-error">breaks consumers</span>'), row);
  // no example: an empty cell; an example of null is shown
  const { example, ...without } = change;
  assert.ok(String(changeRowMarkup(without)).includes('<td class="change-example" data-label="Example"></td>'));
  assert.ok(String(changeRowMarkup({ ...without, example: null })).includes('<code>null</code>'));
  // the badge of each effect; a name diff does not give is no colour
  assert.ok(String(changeRowMarkup({ ...without, effect: 'may break callers' })).includes('badge badge-warning'));
  assert.ok(String(changeRowMarkup({ ...without, effect: 'compatible' })).includes('badge badge-ok'));
  assert.ok(String(changeRowMarkup({ ...without, effect: `x${evil}` })).includes(`badge badge-idle">x${escapeHtml(evil)}`));
  assert.ok(!String(changeRowMarkup(without, { tools: false })).includes('change-tool'));
});

test('Compare: an error is under the side it is about, at its line and column there', () => {
  assert.equal(sideOf('old: expected a type'), 'before');
  assert.equal(sideOf('new: [0].sig: signature error'), 'after');
  assert.equal(sideOf('old is a signature and new is a list of tools'), null);
  const before = compareTexts(publish, '(q :string,\n limit :int', '(q :string) -> :int');
  assert.equal(before.result, null);
  assert.equal(before.error.side, 'before');
  assert.match(before.error.reason, /^old: expected "," or "\)" after the type of "limit", found end of input$/);
  assert.deepEqual(before.error.at, { index: 23, line: 2, column: 12 });
  const after = compareTexts(publish, '(q :string) -> :int', '(q :string) -> :integer');
  assert.equal(after.error.side, 'after');
  assert.equal(after.error.reason, 'new: unknown type ":integer"');
  assert.equal('(q :string) -> :integer'.slice(after.error.at.index), ':integer');
  assert.equal(after.error.hint, 'did you mean :int?');
  const json = compareTexts(publish, '[{"name": "a", "sig": ":int"}]', '[{"name": }]');
  assert.equal(json.error.side, 'after');
  assert.equal(json.error.reason, 'new: expected a JSON value, found "}"');
  const both = compareTexts(publish, '(q :string) -> :int', '[{"name": "a", "sig": ":int"}]');
  assert.deepEqual([both.error.side, both.error.at], [null, null]);
  assert.match(both.error.reason, /compare two signatures or two lists of tools/);
  const box = String(sideErrorMarkup(after.error, 'after-input'));
  assert.ok(box.includes('data-field="after-input" data-at="15" title="line 1, column 16"'), box);
  assert.ok(box.includes('<p class="hint">Hint: did you mean :int?</p>'), box);
  assert.ok(box.includes('new: unknown type &quot;:integer&quot;'), box);
});

// ---- the Infer view ------------------------------------------------------------

test('Infer: JSON Lines are a sample a line (blank lines skipped), a JSON list a sample an element, one value the only sample', () => {
  assert.deepEqual(SAMPLE_SPLITS.map((s) => s.label), [
    'one JSON value per sample, one per line (JSON Lines)', 'a JSON list: each element is a sample', 'one value: the only sample',
  ]);
  assert.deepEqual(SPLIT_IDS, ['lines', 'list', 'one']);
  for (const split of SPLIT_IDS) {
    assert.deepEqual(splitSamples('', split), { kind: 'empty' }, split);
    assert.deepEqual(splitSamples(' \n\t\r\n', split), { kind: 'empty' }, split);
  }
  assert.deepEqual(splitSamples('{"a": 1}\n\n  \r\n[2, "x"]\r\nnull\n"s"\n', 'lines'), { kind: 'samples', samples: [{ a: 1 }, [2, 'x'], null, 's'] });
  assert.deepEqual(splitSamples('[{"a": 1},\n {"a": 2}]', 'list'), { kind: 'samples', samples: [{ a: 1 }, { a: 2 }] });
  assert.deepEqual(splitSamples('[{"a": 1},\n {"a": 2}]', 'one'), { kind: 'samples', samples: [[{ a: 1 }, { a: 2 }]] });
  assert.deepEqual(splitSamples('[]', 'list'), { kind: 'samples', samples: [] });
  // a list mode text that is no list is given to infer as it is: infer says so
  assert.deepEqual(splitSamples('{"a": 1}', 'list'), { kind: 'samples', samples: { a: 1 } });
  // a value split over lines is one sample, not JSON Lines
  assert.equal(splitSamples('{"a":\n 1}', 'lines').kind, 'error');
  assert.deepEqual(splitSamples('{"a":\n 1}', 'one'), { kind: 'samples', samples: [{ a: 1 }] });
  assert.equal(enumsOf(''), 0);
  assert.equal(enumsOf('3'), 3);
  assert.ok(Number.isNaN(enumsOf('-')));
});

test('Infer: text that is not JSON is an error at its line; the column only when the engine\'s message gives a position', () => {
  // the engine says where: line and column in the whole text
  const lines = '{"a": 1}\n{"a": 2,}\n{"a": 3}';
  const { error } = splitSamples(lines, 'lines');
  const local = /at position (\d+)/.exec(error.reason);
  if (local) {
    assert.deepEqual([error.line, error.column, error.index, error.range], [2, Number(local[1]) + 1, 9 + Number(local[1]), null]);
  } else {
    assert.deepEqual([error.line, error.column, error.index, error.range], [2, null, 9, [9, 18]]);
  }
  assert.equal(error.reason, (() => { try { JSON.parse('{"a": 2,}'); } catch (e) { return e.message; } })(), 'the engine\'s message as it is');
  // a position V8 gives: two values on one line, the second at column 10
  const two = splitSamples('1\n{"a": 1} {"b": 2}', 'lines').error;
  assert.match(two.reason, /at position 9\b/);
  assert.deepEqual([two.line, two.column, two.index, two.range], [2, 10, 11, null]);
  assert.equal(splitSamples('[1,\n 2] 3', 'list').error.line, 2, 'in a whole text, the line of the position');
  assert.equal(splitSamples('[1,\n 2] 3', 'list').error.column, 5);
  // no position in the message: the line of a JSON Lines sample, marked whole; nothing for a whole text
  const withoutPosition = '{"a": 1}\n{"a":}';
  const noPlace = splitSamples(withoutPosition, 'lines').error;
  if (!/position|line \d+ column/.test(noPlace.reason)) {
    assert.deepEqual([noPlace.line, noPlace.column, noPlace.index, noPlace.range], [2, null, 9, [9, 15]]);
    const whole = splitSamples('{"a":}', 'one').error;
    assert.deepEqual([whole.line, whole.column, whole.index, whole.range], [null, null, null, null]);
    assert.deepEqual(inferSummary({ kind: 'parse', error: whole }), { kind: 'error', text: 'No signature: the text is not JSON.' });
    assert.deepEqual(inferSummary({ kind: 'parse', error: noPlace }), { kind: 'error', text: 'No signature: the text is not JSON at line 2.' });
  }
  const end = splitSamples('{"a": 1}\n{"a": 1', 'lines').error;
  assert.equal(end.line, 2);
  assert.deepEqual(inferSummary(inferPasted(publish, '1\n{"a": 1} {"b": 2}', 'lines', '0')),
    { kind: 'error', text: 'No signature: the text is not JSON at line 2, column 10.' });
});

test('Infer: the example is the README\'s issues, and every sample validates against its signature', () => {
  const ex = inferExampleById('issues');
  assert.equal(ex, INFER_EXAMPLES[0]);
  assert.equal(ex.split, 'lines');
  assert.equal(ex.text.split('\n').length, 3);
  const r = inferPasted(publish, ex.text, ex.split, ex.enums);
  assert.deepEqual(r, {
    kind: 'ok',
    count: 3,
    signature: '{number :int, title :string, state :string, user {login :string}, labels [{name :string, color :string?}], assignee {login :string}?, closed_at :datetime?, comments :int, locked :bool?}',
    error: null,
  });
  assert.deepEqual(inferSummary(r), { kind: 'ok', text: '3 samples: each validates against this signature.' });
  assert.equal(inferPasted(publish, ex.text, 'lines', '3').signature.includes('state :enum[open closed]'), true);
  for (const example of INFER_EXAMPLES) {
    const got = inferPasted(publish, example.text, example.split, example.enums);
    assert.equal(got.kind, 'ok', example.id);
    // the inferred text is a signature (the shorthand form) that takes every sample
    const sig = Signature.parse(got.signature);
    try {
      const samples = splitSamples(example.text, example.split).samples;
      assert.equal(samples.length, got.count, example.id);
      for (const sample of samples) assert.equal(sig.validateJSON(JSON.stringify(sample)).ok, true, `${example.id}: ${JSON.stringify(sample)}`);
    } finally {
      sig.free();
    }
  }
  assert.equal(inferPasted(publish, inferExampleById('forecasts').text, 'list', '2').signature,
    '{city :enum[Oslo Bergen], temp :float, wind {speed :int, gust :int?}, updated :datetime, alert :string?}');
  // the same values, three ways
  const one = inferPasted(publish, '[{"id": 1}, {"id": 2, "x": null}]', 'one', '');
  assert.deepEqual([one.count, one.signature], [1, '[{id :int, x :any?}]']);
  const list = inferPasted(publish, '[{"id": 1}, {"id": 2, "x": null}]', 'list', '');
  assert.deepEqual([list.count, list.signature], [2, '{id :int, x :any?}']);
  const single = inferPasted(publish, '{"id": 1}', 'one', '0');
  assert.deepEqual(inferSummary(single), { kind: 'ok', text: '1 sample: each validates against this signature.' });
});

test('Infer: numbers keep the text they were written with where the engine gives it', () => {
  const keeps = typeof JSON.rawJSON === 'function' && JSON.parse('1.0', (k, v, c) => c?.source) === '1.0';
  assert.equal(JSON.stringify(readSample('[10.0, 1, 1e400, 2.5]')), keeps ? '[10.0,1,1e400,2.5]' : '[10,1,null,2.5]');
  assert.equal(JSON.stringify(readSample('[10.0]', { keep: false })), '[10]');
  assert.deepEqual(readSample('{"a": [1, "x", null]}'), { a: [1, 'x', null] });
  assert.equal(inferPasted(publish, '{"price": 10.0}\n{"price": 3}', 'lines', '').signature, keeps ? '{price :float}' : '{price :int}');
});

test('Infer: what infer refuses is said plainly: no sample, not a list, too deep, enums it does not take', () => {
  const none = inferPasted(publish, '[]', 'list', '0');
  assert.deepEqual(none, { kind: 'infer', count: 0, signature: null, error: { reason: 'toolsig: no sample to infer from', hint: null } });
  assert.deepEqual(inferSummary(none), { kind: 'error', text: 'No signature: toolsig cannot infer one from these samples.' });
  const notList = inferPasted(publish, '{"a": 1}', 'list', '0');
  assert.equal(notList.error.reason, 'toolsig: infer takes a list of samples, got object');
  assert.match(notList.error.hint, /choose "one value: the only sample"/);
  const deep = `${'['.repeat(65)}1${']'.repeat(65)}`;
  assert.equal(inferPasted(publish, `${'['.repeat(64)}1${']'.repeat(64)}`, 'one', '0').kind, 'ok', '64 levels are a signature');
  const tooDeep = inferPasted(publish, `1\n${deep}`, 'lines', '0');
  assert.equal(tooDeep.kind, 'infer');
  assert.match(tooDeep.error.reason, /^toolsig: the sample at \[1\]\[0\]\[0\].* nests deeper than 64 levels of lists and objects/);
  for (const enums of ['-1', '1.5']) {
    assert.equal(inferPasted(publish, '"a"', 'lines', enums).error.reason, `toolsig: infer: enums must be a whole number from 0, got ${enums}`);
  }
  assert.deepEqual(inferSummary(inferPasted(publish, '\n', 'lines', '0')), {
    kind: 'idle', text: 'Paste sample values: one per line, a JSON list of them, or one value.',
  });
});

test('Infer: the error under the samples is escaped, a button to its place when it has one', () => {
  const evil = '<img src=x onerror=alert(1)>';
  const parse = splitSamples(`{"a": 1}\n${evil}`, 'lines').error;
  assert.ok(parse.reason.includes('<img'), 'the engine quotes the text it could not read');
  const box = String(inferErrorMarkup(parse, 'infer-input'));
  assert.ok(!box.includes('<img'), box);
  assert.ok(box.includes(escapeHtml(parse.reason)), box);
  assert.ok(box.includes(`data-field="infer-input" data-at="${parse.index}"`), box);
  assert.ok(box.includes(parse.column === null ? 'title="line 2"' : `title="line 2, column ${parse.column}"`), box);
  const placed = String(inferErrorMarkup({ reason: `x ${evil}`, index: 4, line: 1, column: 5, range: null }, 'infer-input'));
  assert.ok(placed.includes('data-at="4" title="line 1, column 5"') && !placed.includes('<img'), placed);
  // no place (a whole text without a position, or infer's error): no button; the hint escaped
  const plain = String(inferErrorMarkup({ reason: evil, hint: `use "${evil}"` }, 'infer-input'));
  assert.ok(!plain.includes('<button') && !plain.includes('<img'), plain);
  assert.ok(plain.includes(`<p class="hint">Hint: ${escapeHtml(`use "${evil}"`)}</p>`), plain);
  assert.ok(!String(inferErrorMarkup({ reason: 'r', index: null, line: null, column: null, range: null }, 'f')).includes('<button'));
  assert.equal(String(inferErrorMarkup(null, 'infer-input')), '');
});
