// The playground in a real browser: Debian's Chromium driven by
// playwright-core, against the page served by scripts/serve.mjs on
// 127.0.0.1 (a free port). Checks what a person sees while typing a
// signature and data, importing tools, comparing two versions of them and
// inferring a signature from samples, the tabs, the shareable URL, keyboard
// and labels, the phone width, and that the page logs no error. Saves screenshots (light and dark, desktop
// and phone) under build/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { importTool } from '../../dist/node.mjs';
import { CHROMIUM_PATH, repoRoot } from '../../scripts/lib.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { importExampleById, inferExampleById } from '../../web-demo/examples.mjs';

const CHROMIUM = CHROMIUM_PATH;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = join(repoRoot, 'build', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

let running;
let profile;
let context;
let page;
const problems = []; // console errors and page errors, of every page

function watch(p) {
  p.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  p.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  p.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  p.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  p.setDefaultTimeout(5000);
  return p;
}

async function openPlayground(p, hash = '') {
  await p.goto(`${running.url}${hash}`);
  await p.waitForSelector('body[data-ready="true"]');
}

// Replaces an editor's text as a paste would, then waits for the debounced
// update to show it.
async function setText(selector, text) {
  await page.locator(selector).fill(text);
}

async function textOf(selector) {
  return page.locator(selector).textContent();
}

// Waits until the element's text satisfies the check (a string to contain,
// or a predicate); fails with the text it last had.
async function waitText(selector, check, timeout = 4000) {
  const ok = typeof check === 'string' ? (t) => t.includes(check) : check;
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await textOf(selector);
    if (ok(last)) return last;
    if (Date.now() > end) assert.fail(`${selector}: unexpected text ${JSON.stringify(last)}`);
    await page.waitForTimeout(40);
  }
}

async function selectExample(id) {
  await page.selectOption('#example', id);
}

before(async () => {
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  assert.ok(existsSync(join(repoRoot, 'dist', 'toolsig.wasm')), 'dist/toolsig.wasm is not built');
  running = await startServer({ port: 0 });
  profile = mkdtempSync(join(tmpdir(), 'toolsig-chromium-'));
  mkdirSync(SHOTS, { recursive: true });
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: DESKTOP,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = watch(context.pages()[0] ?? await context.newPage());
  await openPlayground(page);
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => (running ? running.server.close(resolve) : resolve()));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the page loads the browser build and shows the first example', async () => {
  assert.equal(await page.title(), 'toolsig playground');
  await waitText('#out-canonical', '(query :string, limit :int) -> {count :int, items [{id :int}]}');
  await waitText('#sig-status', 'Valid signature');
});

test('a valid signature shows its canonical form, tree and JSON Schema', async () => {
  await setText('#sig-input', '(query :string,limit:int?)->\n  {count :int, items [{id :int, _score :float}]}');
  await waitText('#out-canonical', (t) => t === '(query :string, limit :int?) -> {count :int, items [{id :int, _score :float}]}');
  assert.equal(await textOf('#out-returns-list'), 'false');
  const tree = await textOf('#out-tree');
  for (const part of ['Parameters', 'query', ':string', 'limit', 'optional', 'Returns', 'items', 'list of', '_score', 'firewalled']) {
    assert.ok(tree.includes(part), `tree lacks ${part}: ${tree}`);
  }
  const schema = JSON.parse(await textOf('#out-schema'));
  assert.deepEqual(schema, {
    type: 'object',
    properties: {
      count: { type: 'integer' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'integer' }, _score: { type: 'number' } },
          required: ['id', '_score'],
          additionalProperties: false,
        },
      },
    },
    required: ['count', 'items'],
    additionalProperties: false,
  });
  await page.selectOption('#schema-kind', 'params');
  await waitText('#out-schema', '"limit"');
  const params = JSON.parse(await textOf('#out-schema'));
  assert.deepEqual(params.required, ['query']);
  assert.deepEqual(params.properties.limit, { type: ['integer', 'null'] });
  await page.selectOption('#schema-kind', 'normal');
  await waitText('#out-parent', (t) => t === '(query :string, limit :int?) -> {count :int, items [{id :int}]}');
  await page.fill('#tool-name', 'search');
  await page.fill('#tool-desc', 'Search the index.');
  await waitText('#out-prompt', (t) => t === '## Tools you can call\n\nsearch(query :string, limit :int?) -> {count :int, items [{id :int}]}\n  Search the index.');
});

test('a bad signature is underlined at the error index with message and hint', async () => {
  // Typed key by key, as a person would: the view follows once typing pauses.
  await page.fill('#sig-input', '');
  await page.locator('#sig-input').pressSequentially('(items :list) -> :bool', { delay: 5 });
  await waitText('#sig-status', 'unknown type ":list"');
  assert.ok((await textOf('#sig-error-hint')).includes('use [:type], e.g. [:int], [:string], [:any]'));
  assert.ok((await textOf('#sig-error-where')).includes('line 1, column 8, index 7'));
  assert.equal(await textOf('#sig-error-text'),
    'signature error at 1:8: unknown type ":list"\n  (items :list) -> :bool\n         ^\n  hint: use [:type], e.g. [:int], [:string], [:any]');
  assert.equal(await page.getAttribute('#sig-input', 'aria-invalid'), 'true');
  // The underline covers ":list", starting at UTF-16 index 7, and sits
  // exactly over those characters of the textarea.
  const geo = await page.evaluate(() => {
    const ta = document.querySelector('#sig-input');
    const mark = document.querySelector('[data-editor="sig"] mark');
    const back = document.querySelector('[data-editor="sig"] .backdrop');
    const before = mark.previousSibling ? mark.previousSibling.textContent : '';
    const ts = getComputedStyle(ta);
    const bs = getComputedStyle(back);
    const tr = ta.getBoundingClientRect();
    const mr = mark.getBoundingClientRect();
    return {
      text: mark.textContent,
      start: Number(mark.dataset.start),
      before,
      markLeft: mr.left,
      markTop: mr.top,
      charWidth: mr.width / mark.textContent.length,
      contentLeft: tr.left + parseFloat(ts.borderLeftWidth) + parseFloat(ts.paddingLeft),
      contentTop: tr.top + parseFloat(ts.borderTopWidth) + parseFloat(ts.paddingTop),
      lineHeight: parseFloat(ts.lineHeight),
      same: ['fontFamily', 'fontSize', 'lineHeight', 'paddingLeft', 'paddingTop', 'letterSpacing', 'whiteSpace']
        .filter((k) => ts[k] !== bs[k]),
    };
  });
  assert.equal(geo.text, ':list');
  assert.equal(geo.start, 7);
  assert.equal(geo.before, '(items ');
  assert.deepEqual(geo.same, [], 'the textarea and its underline layer differ in these styles');
  assert.ok(Math.abs(geo.markLeft - (geo.contentLeft + 7 * geo.charWidth)) < 1.5,
    `underline at x=${geo.markLeft}, character 7 at x=${geo.contentLeft + 7 * geo.charWidth}`);
  assert.ok(geo.markTop >= geo.contentTop - 1 && geo.markTop < geo.contentTop + geo.lineHeight);
  // Nothing downstream pretends to work.
  assert.ok((await textOf('#data-status')).includes('Fix the signature'));
  // Fixed as the hint says: the error goes away.
  await setText('#sig-input', '(items [:any]) -> :bool');
  await waitText('#sig-status', 'Valid signature');
  assert.equal(await page.locator('[data-editor="sig"] mark').count(), 0);
  assert.equal(await page.isHidden('#sig-error'), true);
});

test('an error at the end of the text is marked after the last character', async () => {
  await setText('#sig-input', '(a :int');
  await waitText('#sig-status', 'found end of input');
  const mark = page.locator('[data-editor="sig"] mark');
  assert.equal(await mark.getAttribute('data-start'), '7');
  assert.match(await mark.getAttribute('class'), /mark-end/);
});

test('invalid data shows the report, the list, and selects the span the core gave when clicked', async () => {
  await setText('#sig-input', '(query :string) -> {results [{id :int, title :string}]}');
  await page.check('#target-output');
  await setText('#data-input', '{\n  "results": [\n    {"id": "abc", "title": "First"}\n  ]\n}');
  await waitText('#issues', 'results[0].id: expected int, got string "abc"');
  assert.equal(await textOf('#out-report'), 'Return validation errors:\n- results[0].id: expected int, got string "abc"');
  assert.ok((await textOf('#data-status')).includes('1 error'));
  assert.equal(await page.getAttribute('#data-input', 'aria-invalid'), 'true');
  await page.click('#issues button[data-issue]');
  const picked = await page.evaluate(() => {
    const ta = document.activeElement;
    return { id: ta.id, text: ta.value.slice(ta.selectionStart, ta.selectionEnd) };
  });
  // the span of the value the error is about: underlined and selected
  assert.deepEqual(picked, { id: 'data-input', text: '"abc"' });
  assert.equal(await textOf('[data-editor="data"] mark'), '"abc"');
  assert.ok((await textOf('#out-value')).includes('No value'));
});

test('JSON text errors link to their line and column', async () => {
  await setText('#data-input', '{"results": [\n  {"id": 1,}\n]}');
  await waitText('#issues', 'JSON error at 2:12');
  await page.click('#issues button[data-issue]');
  const at = await page.evaluate(() => document.activeElement.selectionStart);
  assert.equal(at, '{"results": [\n  {"id": 1,'.length);
});

test('strict mode rejects an extra field that enabled mode keeps', async () => {
  await setText('#data-input', '{"results": [{"id": 1, "title": "a", "rank": 3}], "took_ms": 12}');
  await waitText('#data-status', 'Valid result');
  assert.ok((await textOf('#out-value')).includes('"rank": 3'));
  await page.selectOption('#mode', 'strict');
  await waitText('#issues', 'results[0].rank: unexpected field');
  assert.ok((await textOf('#issues')).includes('took_ms: unexpected field'));
  assert.equal(await textOf('#out-report'),
    'Return validation errors:\n- results[0].rank: unexpected field\n- took_ms: unexpected field');
  await page.click('#issues li:nth-child(2) button');
  assert.equal(await page.evaluate(() => {
    const ta = document.activeElement;
    return ta.value.slice(ta.selectionStart, ta.selectionEnd);
  }), '12');
  // warn_only reports errors as warnings (and, like enabled, keeps extra fields).
  await page.selectOption('#mode', 'warn_only');
  await waitText('#data-status', 'Valid result.');
  await setText('#data-input', '{"results": [{"id": "x", "title": "a"}]}');
  await waitText('#data-status', 'Valid result with 1 warning');
  assert.equal(await textOf('#out-report'), 'Return validation warnings:\n- results[0].id: expected int, got string "x"');
  await page.selectOption('#mode', 'enabled');
});

test('tool input is validated with coercion and shows the coerced value', async () => {
  await selectExample('input-coercion');
  await waitText('#out-canonical', '(id :int, name :string) -> :bool');
  assert.equal(await page.isChecked('#target-input'), true);
  await waitText('#issues', 'id: coerced string "42" to int');
  assert.equal(await textOf('#out-report'), 'Tool validation warnings:\n- id: coerced string "42" to int');
  assert.deepEqual(JSON.parse(await textOf('#out-value')), { id: 42, name: 'Alice' });
});

test('the firewalled view and redaction', async () => {
  await selectExample('firewalled');
  await waitText('#out-parent', (t) => t === '{summary :string}');
  assert.deepEqual(JSON.parse(await textOf('#out-strip')), { summary: '3 new emails from the team' });
  assert.deepEqual(JSON.parse(await textOf('#out-mask')), { summary: '3 new emails from the team', _raw_data: '<Firewalled>' });
  assert.ok((await textOf('#out-prompt')).includes('email_digest() -> {summary :string}'));
});

test('the placeholder checker lists names and underlines bad ones', async () => {
  await selectExample('named-params');
  await waitText('#tpl-issues', '{{user.email}}: user has no field email (fields: id, name)');
  assert.equal(await textOf('#out-placeholders'), 'user.name\nlimit\nuser.email');
  await page.click('#tpl-issues button');
  assert.equal(await page.evaluate(() => {
    const ta = document.activeElement;
    return `${ta.id}:${ta.value.slice(ta.selectionStart, ta.selectionEnd)}`;
  }), 'tpl-input:{{user.email}}');
  await setText('#tpl-input', 'Hello {{user.name}}');
  await waitText('#tpl-status', 'Every placeholder matches');
});

// Records what the stream box shows each time its partial value or state
// changes, so a test sees every step of a replay however fast it runs.
async function recordStream() {
  await page.evaluate(() => {
    window.streamLog = [];
    const note = () => window.streamLog.push({
      state: document.getElementById('stream-state').textContent,
      partial: document.getElementById('stream-partial').textContent,
      progress: document.getElementById('stream-progress').textContent,
    });
    window.streamObserver?.disconnect();
    window.streamObserver = new MutationObserver(note);
    for (const id of ['stream-state', 'stream-partial', 'stream-progress']) {
      window.streamObserver.observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
    }
  });
}

const streamLog = () => page.evaluate(() => window.streamLog);

test('the stream button replays the data: incomplete while it arrives, then complete, repairs underlined', async () => {
  await selectExample('llm-text');
  await waitText('#data-status', 'Valid arguments with 7 warnings');
  await recordStream();
  await page.click('#stream');
  assert.equal(await textOf('#stream'), 'Stop');
  assert.equal(await page.getAttribute('#stream', 'aria-pressed'), 'true');
  await waitText('#stream-progress', 'Ended after all');
  assert.equal(await textOf('#stream-state'), 'complete');
  assert.equal(await textOf('#stream'), 'Stream');
  assert.deepEqual(JSON.parse(await textOf('#stream-partial')), { query: 'llm agents', limit: 10, sort: 'date' });
  const log = await streamLog();
  const states = log.map((e) => e.state);
  assert.equal(states.indexOf('invalid'), -1, states.join(' '));
  assert.ok(states.lastIndexOf('incomplete') < states.indexOf('complete'), states.join(' '));
  // the value so far, shown while it arrives: open strings and maps closed
  assert.ok(log.some((e) => e.state === 'incomplete' && e.partial.includes('"query": "llm') && !e.partial.includes('limit')),
    'no partial value with the query alone');
  // each repair warning underlined where it happened, as the one-shot call places it
  assert.ok((await textOf('#stream-issues')).includes('repaired JSON at 5:3: quoted the key limit'));
  const marked = await page.$$eval('[data-editor="data"] mark.mark-warning', (ms) => ms.map((m) => m.textContent));
  assert.ok(marked.includes('limit'), marked.join('|'));
  assert.equal(await page.locator('[data-editor="data"] mark.mark-fed').count(), 0);
  await page.click('#stream-issues li:nth-child(5) button');
  assert.equal(await page.evaluate(() => {
    const ta = document.activeElement;
    return ta.value.slice(ta.selectionStart, ta.selectionEnd);
  }), 'limit');
});

// What the page shows for each example of model output (read with repair
// on): its status, the value read, and how many repairs it lists.
const LLM_OUTPUT = {
  'llm-enum-text': ['Valid result with 1 warning.', 'TWO', 1],
  'llm-string-text': ['Valid result with 1 warning.', 'hello', 1],
  'llm-triple-quoted': ['Valid result with 1 warning.', { code: 'def f():\n    return 1' }, 1],
  'llm-backtick': ['Valid result with 1 warning.', { cmd: 'ls -la' }, 1],
  'llm-fence-after-prose': ['Valid result with 2 warnings.', { id: 'a' }, 2],
  'llm-bare-words': ['Valid result with 3 warnings.', { key: 'value with space', n: 2 }, 3],
  'llm-inner-quote': ['Valid result with 1 warning.', { title: 'The TV has a 24" screen' }, 1],
  'llm-example-then-answer': ['Valid arguments with 1 warning.', { q: 'cats', limit: 3 }, 1],
  'llm-ambiguous': ['Invalid result: 1 error.', null, 0],
};

test('the LLM output examples are read with repair on, or refused', async () => {
  for (const [id, [status, value, repairs]] of Object.entries(LLM_OUTPUT)) {
    await selectExample(id);
    await waitText('#data-status', (t) => t === status);
    assert.equal(await page.inputValue('#repair'), 'on', id);
    assert.equal(await page.isHidden('#repair-box'), repairs === 0, id);
    if (value === null) {
      assert.equal(await textOf('#out-value'), 'No value: the data has errors.');
      assert.ok((await textOf('#issues')).includes('a second value matches the type; the text is ambiguous'), id);
      continue;
    }
    assert.deepEqual(JSON.parse(await textOf('#out-value')), value, id);
    assert.equal(await textOf('#repair-count'), String(repairs), id);
    assert.equal(await page.locator('#repair-list li').count(), repairs, id);
    assert.equal(await page.locator('#repair-text mark').count(), repairs, id);
  }
});

// The marks of the copy of the text in the repair box: their text, where
// they start, the text before them, their title and number.
const repairMarks = () => page.$$eval('#repair-text mark', (ms) => ms.map((m) => {
  const range = document.createRange();
  range.setStart(document.getElementById('repair-text'), 0);
  range.setEndBefore(m);
  return { text: m.textContent, start: Number(m.dataset.start), before: range.toString(), title: m.title, n: m.dataset.n };
}));

test('each repair is marked where it happened, titled with its message, and listed', async () => {
  await selectExample('llm-bare-words');
  await waitText('#data-status', 'Valid result with 3 warnings.');
  const text = await page.inputValue('#data-input');
  assert.equal(await textOf('#repair-text'), text, 'the copy holds the text as written');
  assert.deepEqual(await repairMarks(), [
    { text: 'key', start: 1, before: '{', title: 'repaired JSON at 1:2: quoted the key key', n: '1' },
    { text: 'value with space', start: 6, before: '{key: ', title: 'repaired JSON at 1:7: quoted the value "value with space"', n: '2' },
    { text: 'n', start: 24, before: '{key: value with space, ', title: 'repaired JSON at 1:25: quoted the key n', n: '3' },
  ]);
  assert.deepEqual(await page.$$eval('#repair-list li', (ls) => ls.map((l) => l.textContent)), [
    '1 repaired JSON at 1:2: quoted the key key (line 1, column 2)',
    '2 repaired JSON at 1:7: quoted the value "value with space" (line 1, column 7)',
    '3 repaired JSON at 1:25: quoted the key n (line 1, column 25)',
  ]);
  // the editor underlines the same characters
  assert.deepEqual(await page.$$eval('[data-editor="data"] mark.mark-warning', (ms) => ms.map((m) => m.textContent)),
    ['key', 'value with space', 'n']);
  // choosing a repair selects its place in the editor
  await page.click('#repair-list li:nth-child(2) button');
  assert.equal(await page.evaluate(() => {
    const ta = document.activeElement;
    return `${ta.id}:${ta.value.slice(ta.selectionStart, ta.selectionEnd)}`;
  }), 'data-input:value with space');
  // a text with no repair hides the box
  await setText('#data-input', '{"key": "v", "n": 2}');
  await waitText('#data-status', (t) => t === 'Valid result.');
  assert.equal(await page.isHidden('#repair-box'), true);
});

test('the text and the messages in the repair box are text, never markup', async () => {
  await selectExample('llm-bare-words');
  await waitText('#data-status', 'Valid result with 3 warnings.');
  const text = '{key: <b>é😀</b> & <img src=x onerror=window.pwned=1>, n: 2}';
  await setText('#data-input', text);
  await waitText('#repair-list', '<b>é😀</b>');
  assert.equal(await textOf('#repair-text'), text);
  const marks = await repairMarks();
  assert.deepEqual(marks.map((m) => m.text), ['key', '<b>é😀</b> & <img src=x onerror=window.pwned=1>', 'n']);
  assert.ok(marks[1].title.startsWith('repaired JSON at 1:7: quoted the value "<b>é😀</b> & <img'), marks[1].title);
  assert.equal(await page.locator('.pane-data b, .pane-data img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
});

test('a streamed value is invalid at its first wrong value, before the rest arrives', async () => {
  await selectExample('llm-stream-error');
  await waitText('#data-status', 'Invalid result');
  await recordStream();
  await page.click('#stream');
  await waitText('#stream-state', 'invalid');
  const total = (await page.inputValue('#data-input')).length;
  const progress = await waitText('#stream-progress', 'Invalid after');
  const fed = Number(/after (\d+) of/.exec(progress)[1]);
  assert.ok(fed < total / 2 + 20, `read ${fed} of ${total}`);
  // known at its opening quote, before the string itself arrived (SPEC
  // §12.2: a value's kind is its first character's)
  assert.ok((await textOf('#stream-issues')).includes('items[1].id: expected int, got string "\u2026"'));
  assert.equal(await textOf('[data-editor="data"] mark.mark-error'), '"');
  assert.equal(await textOf('#stream'), 'Stream');
  const states = (await streamLog()).map((e) => e.state);
  assert.deepEqual([...new Set(states)], ['incomplete', 'invalid']);
});

test('a replay is stopped by its button, and dropped when the data changes', async () => {
  await selectExample('nested');
  await page.click('#stream');
  await waitText('#stream-progress', 'Read ');
  await page.click('#stream');
  const stopped = await waitText('#stream-progress', 'Stopped after');
  assert.equal(await textOf('#stream-state'), 'incomplete');
  assert.equal(await page.getAttribute('#stream', 'aria-pressed'), 'false');
  assert.ok(await page.locator('[data-editor="data"] mark.mark-fed').count() > 0, 'the text read so far is shown');
  await page.waitForTimeout(150);
  assert.equal(await textOf('#stream-progress'), stopped, 'nothing is pushed after Stop');
  await page.click('#stream');
  await waitText('#stream-progress', 'Read ');
  await page.locator('#data-input').press('End');
  await page.keyboard.type(' ');
  assert.equal(await page.isHidden('#stream-box'), true);
  assert.equal(await textOf('#stream'), 'Stream');
  await page.waitForTimeout(150);
  assert.equal(await page.locator('[data-editor="data"] mark.mark-fed').count(), 0);
});

test('every example parses or fails as it should, with data that fits', async () => {
  const ids = await page.$$eval('#example option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.ok(ids.length >= 20, `only ${ids.length} examples`);
  for (const id of ids) {
    await selectExample(id);
    const bad = id.startsWith('mistake-');
    await waitText('#sig-status', bad ? 'Signature error' : 'Valid signature');
    if (bad) assert.ok((await textOf('#sig-error-hint')).startsWith('Hint: '), `${id} has no hint`);
    else assert.ok(!(await textOf('#data-status')).startsWith('✗'), `${id}: ${await textOf('#data-status')}`);
  }
});

// ---- the tabs, Import and Compare -------------------------------------------------

// Shows a view by its tab, and waits until its panel is the one shown.
async function openTab(id) {
  await page.click(`#tab-${id}`);
  await page.waitForSelector(`#view-${id}:not([hidden])`);
}

const visibleViews = () => page.$$eval('[role="tabpanel"]', (ps) => ps.filter((p) => !p.hidden).map((p) => p.id));

test('the tab bar: the signature view first, then Import, Compare and Infer, by mouse, keys and URL', async () => {
  assert.deepEqual(await page.$$eval('#tabs [role="tab"]', (ts) => ts.map((t) => t.textContent)), ['Signature', 'Import', 'Compare', 'Infer']);
  assert.equal(await page.getAttribute('#tab-signature', 'aria-selected'), 'true');
  assert.deepEqual(await visibleViews(), ['view-signature']);
  await openTab('import');
  assert.deepEqual(await visibleViews(), ['view-import']);
  assert.equal(await page.getAttribute('#tab-import', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('#tab-signature', 'aria-selected'), 'false');
  assert.equal(await page.isHidden('#example-field'), true, 'the signature examples belong to the signature view');
  assert.equal(await page.getAttribute('.skip-link', 'href'), '#import-input');
  // the arrow keys move between tabs and show their views; one tab is in the tab order
  await page.focus('#tab-import');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#view-compare:not([hidden])');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-compare');
  assert.deepEqual(await page.$$eval('#tabs [role="tab"]', (ts) => ts.map((t) => t.tabIndex)), [-1, -1, 0, -1]);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#view-infer:not([hidden])');
  assert.equal(await page.getAttribute('.skip-link', 'href'), '#infer-input');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#view-signature:not([hidden])');
  await page.keyboard.press('End');
  await page.waitForSelector('#view-infer:not([hidden])');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#view-compare:not([hidden])');
  // the view is in the URL: a reload opens it
  await page.waitForFunction(() => location.hash.startsWith('#s='));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await visibleViews(), ['view-compare']);
  await openTab('signature');
  assert.equal(await page.isHidden('#example-field'), false);
  assert.equal(await page.getAttribute('.skip-link', 'href'), '#sig-input');
});

// What the page shows for each card of the Import view.
const importCards = () => page.$$eval('#import-items > li', (cards) => cards.map((c) => ({
  name: c.querySelector('.import-name').textContent,
  badge: c.querySelector('.import-head .badge').textContent,
  signature: c.querySelector('.import-signature')?.textContent ?? null,
  issues: [...c.querySelectorAll('.issue')].map((i) => i.textContent),
  json: c.querySelector('[data-count="json"]')?.textContent ?? null,
  sig: c.querySelector('[data-count="signature"]')?.textContent ?? null,
})));

test('Import reads an MCP list tool by tool: signatures, the lossy warning, both token counts', async () => {
  await openTab('import');
  await page.selectOption('#import-example', 'mcp');
  await waitText('#import-count-note', "gpt-tokenizer's o200k_base encoding", 15000);
  await waitText('#import-status', '2 tools: 1 read, 1 not read.');
  const { tools } = JSON.parse(importExampleById('mcp').text);
  // what Node reads and counts with the benchmark's tokenizer, for the first tool
  const first = importTool(tools[0]);
  const firstSig = first.signature.toString();
  first.signature.free();
  const tokens = (text) => `${encode(text).length} tokens`;
  let cards = await importCards();
  assert.deepEqual(cards, [
    { name: 'search_issues', badge: 'exact', signature: firstSig, issues: [], json: tokens(JSON.stringify(tools[0])), sig: tokens(firstSig) },
    {
      name: 'tools[1]', badge: 'not read', signature: null,
      issues: ['error #/inputSchema/properties/repo/pattern: unsupported pattern'], json: null, sig: null,
    },
  ]);
  assert.ok((await textOf('#import-items')).includes('Hint: toolsig cannot express this; the lossy option widens it, with a warning'));
  assert.ok(encode(firstSig).length < encode(JSON.stringify(tools[0])).length);
  // lossy: the pattern is dropped, with a warning
  await page.check('#import-lossy');
  await waitText('#import-status', '2 tools: 2 read, 1 with warnings.');
  const second = importTool(tools[1], { lossy: true });
  const secondSig = second.signature.toString();
  second.signature.free();
  cards = await importCards();
  assert.deepEqual(cards[1], {
    name: 'create_issue', badge: '1 warning', signature: secondSig,
    issues: ['warning #/inputSchema/properties/repo/pattern: unsupported pattern, dropped'],
    json: tokens(JSON.stringify(tools[1])), sig: tokens(secondSig),
  });
  assert.ok((await textOf('#import-items > li:nth-child(2) [data-count="share"]')).endsWith('% of the JSON)'));
  await page.uncheck('#import-lossy');
  await waitText('#import-status', '1 not read');
});

test('Import reads OpenAI and Anthropic tools arrays and a JSON Schema', async () => {
  await openTab('import');
  const weather = '(city :string "City name, e.g. Oslo", unit :enum[celsius fahrenheit]?, days :int[1..7]?) -> :any';
  for (const id of ['openai', 'anthropic']) {
    await page.selectOption('#import-example', id);
    await waitText('#import-status', (t) => t === '1 tool: 1 read.');
    const [card] = await importCards();
    assert.deepEqual([card.name, card.badge, card.signature], ['get_weather', 'exact', weather], id);
    const tool = JSON.parse(importExampleById(id).text)[0];
    assert.equal(card.json, `${encode(JSON.stringify(tool)).length} tokens`, id);
  }
  await page.selectOption('#import-example', 'schema');
  await waitText('#import-status', 'A JSON Schema, read exactly.');
  const [card] = await importCards();
  assert.deepEqual([card.name, card.signature], ['JSON Schema', '{answer :string, confidence :float[0..1], sources [{url :string, quote :string?}]?}']);
  assert.match(card.json, /^\d+ tokens$/);
  // pasting a list of tools of one's own: the example menu says so
  await setText('#import-input', '[{"name": "ping", "inputSchema": {"type": "object"}}]');
  await waitText('#import-items', 'ping');
  assert.equal(await page.inputValue('#import-example'), '');
  assert.deepEqual((await importCards()).map((c) => c.signature), [':any']);
});

test('Import: text that is not JSON is the core\'s error, underlined at its line and column', async () => {
  await openTab('import');
  const text = '{"type": "object",\n "properties": {"a": {"type": "integer",}}}';
  await setText('#import-input', text);
  await waitText('#import-status', 'Not read: 1 error at line 2, column 41.');
  assert.equal(await page.getAttribute('#import-input', 'aria-invalid'), 'true');
  assert.deepEqual((await importCards()).map((c) => [c.name, c.badge, c.issues]),
    [['JSON Schema', 'not read', ['error JSON error at 2:41: expected a string key, found "}" (line 2, column 41)']]]);
  assert.equal(await textOf('[data-editor="import"] mark.mark-error'), '}');
  await page.click('#import-items button[data-at]');
  assert.deepEqual(await page.evaluate(() => {
    const ta = document.activeElement;
    return [ta.id, ta.selectionStart, ta.value.slice(ta.selectionStart, ta.selectionEnd)];
  }), ['import-input', text.indexOf(',}') + 1, '}']);
  // JSON, but no schema toolsig reads: the error names the member
  await setText('#import-input', '{"type": "object", "properties": {"a": {"type": "foo"}}}');
  await waitText('#import-items', '#/properties/a/type: unknown type "foo"');
  assert.ok((await textOf('#import-items')).includes('Hint: toolsig cannot express this'));
  // fixed: no mark, no error
  await setText('#import-input', '{"type": "string"}');
  await waitText('#import-status', 'A JSON Schema, read exactly.');
  assert.equal(await page.locator('[data-editor="import"] mark').count(), 0);
  assert.equal(await page.getAttribute('#import-input', 'aria-invalid'), null);
});

// The rows of the Compare view's table: each cell's text, and the badge's class.
const changeRows = () => page.$$eval('#compare-changes tbody tr', (rows) => rows.map((r) => ({
  cells: [...r.cells].map((c) => c.textContent.trim()),
  badge: r.querySelector('.badge').className,
})));

test('Compare shows what breaks: the verdict, a row per change, coloured badges, examples', async () => {
  await openTab('compare');
  await page.selectOption('#compare-example', 'mcp-release');
  await waitText('#compare-verdict', (t) => t === '4 changes break callers or consumers; 1 compatible.', 15000);
  assert.match(await page.getAttribute('#compare-verdict', 'class'), /status-error/);
  assert.deepEqual(await page.$$eval('#compare-changes th', (ths) => ths.map((t) => t.textContent)),
    ['Tool', 'Path', 'Before → after', 'Effect', 'Why', 'Example']);
  assert.deepEqual(await changeRows(), [
    { cells: ['search_issues', 'state', ':enum[open closed all] = "open" → :enum[open closed] = "open"', 'breaks callers', 'expected one of open, closed, got string "all"', '"all"'], badge: 'badge badge-error' },
    { cells: ['search_issues', 'limit', ':int[1..100] = 20 → :int[1..50] = 20', 'breaks callers', 'expected int in 1..50, got int 100', '100'], badge: 'badge badge-error' },
    { cells: ['search_issues', 'repo', '(none) → :string', 'breaks callers', 'a new required parameter', ''], badge: 'badge badge-error' },
    { cells: ['search_issues', '(returns).total', ':int → :int?', 'breaks consumers', 'the field may now be absent', ''], badge: 'badge badge-error' },
    { cells: ['search_issues', '(description)', '"Search issues in a repository." → "Search issues in one repository, newest first."', 'compatible', 'the description changed', ''], badge: 'badge badge-ok' },
  ]);
  // the badges are coloured apart
  const colours = await page.$$eval('#compare-changes .badge', (bs) => bs.map((b) => getComputedStyle(b).backgroundColor));
  assert.notEqual(colours[0], colours[4]);
  // two signatures: no tool column
  await page.selectOption('#compare-example', 'signatures');
  await waitText('#compare-verdict', (t) => t === '2 changes break callers or consumers; 1 compatible.');
  assert.deepEqual((await changeRows()).map((r) => r.cells.slice(0, 2)), [['limit', ':int[1..100] = 10 → :int[1..50] = 10'],
    ['lang', '(none) → :string?'], ['(returns).items[].title', ':string → :string?']]);
  // nothing that breaks
  await setText('#after-input', await page.inputValue('#before-input'));
  await waitText('#compare-verdict', (t) => t === 'Nothing breaks: no changes.');
  assert.match(await page.getAttribute('#compare-verdict', 'class'), /status-ok/);
  assert.equal(await page.locator('#compare-changes tr').count(), 0);
});

test('Compare: a side that does not read is an error under it, underlined where it is', async () => {
  await openTab('compare');
  await page.selectOption('#compare-example', 'signatures');
  await waitText('#compare-verdict', 'break callers');
  await setText('#after-input', '(query :string,\n limit :integer) -> :any');
  await waitText('#after-error', 'new: unknown type ":integer"');
  assert.ok((await textOf('#after-error')).includes('Hint: did you mean :int?'));
  assert.equal(await textOf('#before-error'), '');
  assert.equal(await page.isVisible('#before-error'), false);
  assert.equal(await textOf('#compare-verdict'), 'Not compared: the after side is not a signature or a list of tools.');
  assert.equal(await page.locator('#compare-changes tr').count(), 0);
  assert.equal(await textOf('[data-editor="after"] mark.mark-error'), ':integer');
  assert.equal(await page.getAttribute('#after-input', 'aria-invalid'), 'true');
  await page.click('#after-error button[data-at]');
  assert.deepEqual(await page.evaluate(() => {
    const ta = document.activeElement;
    return [ta.id, ta.value.slice(ta.selectionStart, ta.selectionEnd)];
  }), ['after-input', ':integer']);
  // the other side
  await setText('#before-input', '[{"name": "a", "sig": ":int"},]');
  await waitText('#before-error', 'old: ');
  assert.equal(await textOf('#after-error'), '', 'one error at a time: the first side that does not read');
  assert.equal(await page.locator('[data-editor="before"] mark.mark-error').count(), 1);
  // a signature against a list of tools: about both sides
  await setText('#before-input', '[{"name": "a", "sig": ":int"}]');
  await setText('#after-input', '(q :string) -> :int');
  await waitText('#compare-verdict', 'compare two signatures or two lists of tools');
  assert.equal(await textOf('#before-error') + await textOf('#after-error'), '');
});

test('Compare: the texts of a change are text, never markup', async () => {
  await openTab('compare');
  const tool = (description) => JSON.stringify([{ name: 'a<b>', sig: '(x :int) -> :int', description }]);
  await setText('#before-input', tool('<img src=x onerror=window.pwned=1>'));
  await setText('#after-input', tool('<b>bold</b> & \'q\''));
  await waitText('#compare-verdict', 'Nothing breaks: 1 change, compatible.');
  assert.deepEqual((await changeRows())[0].cells,
    ['a<b>', '(description)', '"<img src=x onerror=window.pwned=1>" → "<b>bold</b> & \'q\'"', 'compatible', 'the description changed', '']);
  assert.equal(await page.locator('#compare-changes img, #compare-changes b').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await openTab('import');
  await setText('#import-input', '[{"name": "<img src=x onerror=window.pwned=2>", "inputSchema": {"type": "object"}}]');
  await waitText('#import-items', '<img src=x onerror=window.pwned=2>');
  assert.equal(await page.locator('#import-items img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
});

// ---- the Infer view --------------------------------------------------------------

// The signature of the README's issues, the view's example.
const ISSUES_SIG = '{number :int, title :string, state :string, user {login :string}, labels [{name :string, color :string?}], assignee {login :string}?, closed_at :datetime?, comments :int, locked :bool?}';

// What JSON.parse says of a text in the page's engine (its messages are the view's).
const parseMessage = (text) => page.evaluate((t) => {
  try {
    JSON.parse(t);
    return null;
  } catch (e) {
    return e.message;
  }
}, text);

async function chooseSplit(id) {
  await page.check(`#infer-split-${id}`);
}

test('Infer writes the signature every sample validates against, live as the samples change', async () => {
  await openTab('infer');
  await page.selectOption('#infer-example', 'issues');
  await waitText('#infer-status', (t) => t === '3 samples: each validates against this signature.', 15000);
  assert.match(await page.getAttribute('#infer-status', 'class'), /status-ok/);
  assert.equal(await textOf('#infer-signature'), ISSUES_SIG);
  assert.equal(await textOf('#infer-count'), '3');
  assert.equal(await page.isChecked('#infer-split-lines'), true);
  assert.equal(await page.inputValue('#infer-enums'), '0');
  assert.equal(await page.inputValue('#infer-input'), inferExampleById('issues').text);
  assert.equal(await page.isEnabled('#infer-use'), true);
  // a fourth sample, pasted at the end: a label has a description now, and a number is a float
  await setText('#infer-input', `${inferExampleById('issues').text}\n{"number": 9.5, "title": "x", "state": "open", "user": {"login": "eve"}, "labels": [{"name": "ux", "description": "UX"}], "comments": 0}`);
  await waitText('#infer-count', (t) => t === '4');
  assert.equal(await textOf('#infer-signature'), ISSUES_SIG.replace('number :int', 'number :float')
    .replace('color :string?}', 'color :string?, description :string?}'));
  assert.equal(await page.inputValue('#infer-example'), '', 'no longer the example');
  // enums, up to 3 values a field
  await page.selectOption('#infer-example', 'issues');
  await page.fill('#infer-enums', '3');
  await waitText('#infer-signature', 'state :enum[open closed]');
  await page.fill('#infer-enums', '0');
  await waitText('#infer-signature', (t) => t === ISSUES_SIG);
  // copied as it is shown
  await page.click('button[data-copy="infer-signature"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ISSUES_SIG);
  await waitText('#announce', 'Copied the inferred signature.');
});

test('Infer: the text holds samples one per line, as a JSON list, or as one value', async () => {
  await openTab('infer');
  await page.selectOption('#infer-example', 'issues');
  await waitText('#infer-count', (t) => t === '3');
  // JSON Lines read as one list: not JSON, at the second line
  await chooseSplit('list');
  await waitText('#infer-status', (t) => t === 'No signature: the text is not JSON at line 2, column 1.');
  assert.match(await page.getAttribute('#infer-status', 'class'), /status-error/);
  const message = await parseMessage(inferExampleById('issues').text);
  assert.equal(await textOf('#infer-error .issue-text'), message);
  assert.equal(await textOf('[data-editor="infer"] mark.mark-error'), '{');
  assert.equal(await page.getAttribute('#infer-input', 'aria-invalid'), 'true');
  assert.equal(await textOf('#infer-signature'), 'No signature: see the error under the samples.');
  assert.equal(await textOf('#infer-count'), '–');
  assert.equal(await page.isDisabled('#infer-use'), true);
  assert.equal(await page.isDisabled('button[data-copy="infer-signature"]'), true);
  // the same samples in a list
  const issues = inferExampleById('issues').text.split('\n').map((line) => JSON.parse(line));
  await setText('#infer-input', JSON.stringify(issues, null, 2));
  await waitText('#infer-signature', (t) => t === ISSUES_SIG);
  assert.equal(await textOf('#infer-count'), '3');
  assert.equal(await page.getAttribute('#infer-input', 'aria-invalid'), null);
  assert.equal(await page.locator('[data-editor="infer"] mark').count(), 0);
  // the list as the only sample
  await chooseSplit('one');
  await waitText('#infer-signature', (t) => t === `[${ISSUES_SIG}]`);
  assert.equal(await textOf('#infer-status'), '1 sample: each validates against this signature.');
  // a list split over lines is no JSON Lines
  await chooseSplit('lines');
  await waitText('#infer-status', 'No signature: the text is not JSON at line 1');
  // the forecasts example: a list, with enums up to 2
  await page.selectOption('#infer-example', 'forecasts');
  await waitText('#infer-signature', (t) => t === '{city :enum[Oslo Bergen], temp :float, wind {speed :int, gust :int?}, updated :datetime, alert :string?}');
  assert.equal(await page.isChecked('#infer-split-list'), true);
  assert.equal(await page.inputValue('#infer-enums'), '2');
  // the view's text, its way of holding samples and its enums are in the link
  await page.waitForFunction(() => location.hash.startsWith('#s='));
  await chooseSplit('one');
  await waitText('#infer-count', (t) => t === '1');
  await page.waitForFunction(() => document.querySelector('#infer-split-one').checked && location.hash.length > 20);
  const other = watch(await context.newPage());
  await openPlayground(other, new URL(page.url()).hash);
  await other.waitForFunction(() => document.querySelector('#infer-count').textContent === '1');
  assert.equal(await other.isVisible('#view-infer'), true);
  assert.equal(await other.isChecked('#infer-split-one'), true);
  assert.equal(await other.inputValue('#infer-enums'), '2');
  assert.equal(await other.textContent('#infer-signature'), await textOf('#infer-signature'));
  await other.close();
});

test('Infer: an error is said plainly: a line that is not JSON, underlined; no sample; a sample too deep; enums', async () => {
  await openTab('infer');
  await page.selectOption('#infer-example', 'issues');
  await waitText('#infer-count', (t) => t === '3');
  // a position in the engine's message: its line and column
  const text = '{"a": 1}\n{"a": 2} x\n{"a": 3}';
  await setText('#infer-input', text);
  await waitText('#infer-status', (t) => t === 'No signature: the text is not JSON at line 2, column 10.');
  assert.equal(await textOf('#infer-error .issue-text'), await parseMessage('{"a": 2} x'));
  assert.equal(await textOf('[data-editor="infer"] mark.mark-error'), 'x');
  await page.click('#infer-error button[data-at]');
  assert.deepEqual(await page.evaluate(() => {
    const ta = document.activeElement;
    return [ta.id, ta.selectionStart, ta.value.slice(ta.selectionStart, ta.selectionEnd)];
  }), ['infer-input', text.indexOf('x'), 'x']);
  // no position in the message: the line, marked whole; no column is guessed
  const bad = '{"a":}';
  await setText('#infer-input', `{"a": 1}\n${bad}`);
  const said = await parseMessage(bad);
  if (/position|line \d+ column/.test(said)) {
    await waitText('#infer-status', 'No signature: the text is not JSON at line 2, column ');
  } else {
    await waitText('#infer-status', (t) => t === 'No signature: the text is not JSON at line 2.');
    assert.equal(await textOf('[data-editor="infer"] mark.mark-error'), bad);
  }
  assert.equal(await textOf('#infer-error .issue-text'), said);
  // no sample at all
  await chooseSplit('list');
  await setText('#infer-input', '[]');
  await waitText('#infer-error', 'toolsig: no sample to infer from');
  assert.equal(await textOf('#infer-status'), 'No signature: toolsig cannot infer one from these samples.');
  assert.equal(await textOf('#infer-count'), '0');
  assert.equal(await page.isDisabled('#infer-use'), true);
  // one value where a list was said
  await setText('#infer-input', '{"a": 1}');
  await waitText('#infer-error', 'toolsig: infer takes a list of samples, got object');
  assert.ok((await textOf('#infer-error .hint')).includes('choose "one value: the only sample"'));
  // deeper than a signature can be
  await chooseSplit('one');
  await setText('#infer-input', `${'['.repeat(65)}1${']'.repeat(65)}`);
  await waitText('#infer-error', 'nests deeper than 64 levels of lists and objects');
  // enums it does not take
  await setText('#infer-input', '"a"');
  await page.fill('#infer-enums', '-1');
  await waitText('#infer-error', 'toolsig: infer: enums must be a whole number from 0, got -1');
  // fixed: no error, no mark
  await page.fill('#infer-enums', '');
  await waitText('#infer-signature', (t) => t === ':string');
  assert.equal(await textOf('#infer-error'), '');
  assert.equal(await page.getAttribute('#infer-input', 'aria-invalid'), null);
  assert.equal(await page.locator('[data-editor="infer"] mark').count(), 0);
  // nothing pasted
  await setText('#infer-input', '');
  await waitText('#infer-status', (t) => t === 'Paste sample values: one per line, a JSON list of them, or one value.');
  assert.equal(await textOf('#infer-signature'), 'No samples yet.');
});

test('Infer: numbers are read as written, and what a sample holds is text, never markup', async () => {
  await openTab('infer');
  await chooseSplit('lines');
  await page.fill('#infer-enums', '0');
  await setText('#infer-input', '{"price": 10.0, "n": 1}\n{"price": 3, "n": 1e400}');
  await waitText('#infer-signature', (t) => t === '{price :float, n :float}');
  const evil = '<img src=x onerror=window.pwned=3>';
  const sample = JSON.stringify({ [evil]: '<b>x</b>', kind: evil });
  await page.fill('#infer-enums', '2');
  await setText('#infer-input', `${sample}\n${sample}`);
  await waitText('#infer-signature', evil);
  assert.ok((await textOf('#infer-signature')).includes('"<b>x</b>"'));
  await setText('#infer-input', `${sample}\n${evil}`);
  await waitText('#infer-error', '<img src=x');
  assert.equal(await page.locator('#view-infer img, #view-infer b').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.fill('#infer-enums', '0');
});

test('Infer: "Use in Signature view" puts the signature in its editor and shows it', async () => {
  await openTab('infer');
  await page.selectOption('#infer-example', 'issues');
  await waitText('#infer-signature', (t) => t === ISSUES_SIG);
  await page.click('#infer-use');
  await page.waitForSelector('#view-signature:not([hidden])');
  assert.equal(await page.getAttribute('#tab-signature', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('#sig-input'), ISSUES_SIG);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'sig-input');
  await waitText('#out-canonical', (t) => t === ISSUES_SIG);
  assert.equal(await textOf('#sig-status'), 'Valid signature: 0 parameters, returns a map.');
  assert.equal(await page.inputValue('#example'), '');
  // each sample is a valid result of it
  await page.check('#target-output');
  for (const line of inferExampleById('issues').text.split('\n')) {
    await setText('#data-input', line);
    await waitText('#data-status', (t) => t === 'Valid result.');
  }
  await page.check('#target-input');
});

test('the Import, Compare and Infer views: controls labelled, usable on a phone', async () => {
  for (const id of ['import', 'compare', 'infer']) {
    await openTab(id);
    const unlabelled = await page.$$eval(`#view-${id} :is(input, select, textarea, button)`, (els) => els
      .filter((e) => e.offsetParent !== null)
      .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
      .map((e) => e.id || e.outerHTML.slice(0, 60)));
    assert.deepEqual(unlabelled, [], id);
  }
  await openTab('compare');
  await page.selectOption('#compare-example', 'mcp-release');
  await waitText('#compare-verdict', '4 changes break');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, 'compare-light.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the Compare view is ${overflow}px wider than a phone`);
  await page.screenshot({ path: join(SHOTS, 'compare-phone.png'), fullPage: true });
  await openTab('import');
  await page.selectOption('#import-example', 'mcp');
  await waitText('#import-status', '2 tools');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) <= 0);
  await openTab('infer');
  await page.selectOption('#infer-example', 'issues');
  await waitText('#infer-count', (t) => t === '3');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) <= 0, 'the Infer view fits a phone');
  await page.screenshot({ path: join(SHOTS, 'infer-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, 'infer-light.png'), fullPage: true });
  await openTab('import');
  await page.screenshot({ path: join(SHOTS, 'import-light.png'), fullPage: true });
});

test('back on the signature view, it works as before', async () => {
  await openTab('signature');
  await selectExample('overview');
  await waitText('#out-canonical', (t) => t === '(query :string, limit :int) -> {count :int, items [{id :int}]}');
  await setText('#sig-input', '(a :int) -> :bool');
  await waitText('#out-canonical', (t) => t === '(a :int) -> :bool');
  await selectExample('overview');
  await waitText('#sig-status', 'Valid signature');
});

test('a shared URL brings the same state back', async () => {
  await setText('#sig-input', '(user {name :string}, tags [:keyword]) -> {ok :bool, _trace :map}');
  await page.check('#target-output');
  await page.selectOption('#mode', 'strict');
  await page.selectOption('#schema-kind', 'strict');
  await setText('#data-input', '{"ok": true, "extra": "é ✓ \\u00e9", "_trace": {}}');
  await page.fill('#tool-name', 'tag_user');
  await page.fill('#tool-desc', 'Tags a user.\nSecond line.');
  await setText('#tpl-input', 'Tag {{user.name}} with {{#tags}}{{.}} {{/tags}}');
  await waitText('#issues', 'extra: unexpected field');
  await page.waitForFunction(() => location.hash.startsWith('#s='));
  const url = page.url();
  const read = (p) => p.evaluate(() => ({
    sig: document.querySelector('#sig-input').value,
    data: document.querySelector('#data-input').value,
    tpl: document.querySelector('#tpl-input').value,
    target: document.querySelector('input[name="target"]:checked').value,
    mode: document.querySelector('#mode').value,
    schema: document.querySelector('#schema-kind').value,
    name: document.querySelector('#tool-name').value,
    desc: document.querySelector('#tool-desc').value,
    report: document.querySelector('#out-report').textContent,
    prompt: document.querySelector('#out-prompt').textContent,
    placeholders: document.querySelector('#out-placeholders').textContent,
  }));
  const want = await read(page);
  const other = watch(await context.newPage());
  await openPlayground(other, new URL(url).hash);
  assert.deepEqual(await read(other), want);
  assert.equal(want.mode, 'strict');
  assert.equal(want.desc, 'Tags a user.\nSecond line.');
  // The link also works in a tab that already shows the playground.
  await other.evaluate(() => { location.hash = ''; });
  await other.goto(url);
  await other.waitForFunction(() => document.querySelector('#mode').value === 'strict');
  assert.deepEqual(await read(other), want);
  await other.close();
  // The copy-link button copies that URL.
  await page.click('#share');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
});

test('copy buttons copy their output', async () => {
  await page.click('button[data-copy="out-canonical"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await textOf('#out-canonical'));
  await waitText('#announce', 'Copied the canonical form.');
});

test('controls are labelled, buttons are buttons, tab order follows the page', async () => {
  const unlabelled = await page.$$eval('input, select, textarea, button', (els) => els
    .filter((e) => e.offsetParent !== null)
    .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
    .map((e) => e.id || e.outerHTML.slice(0, 60)));
  assert.deepEqual(unlabelled, []);
  assert.equal(await page.locator('[onclick], div[role="button"], span[role="button"]').count(), 0);
  // Tab from the top of a fresh page: the skip link, the header controls,
  // then the editors in reading order.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  let order = [];
  for (let i = 0; i < 70; i += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement.id || document.activeElement.className);
    order.push(id);
  }
  order = order.slice(order.indexOf('skip-link'));
  const pos = (id) => order.indexOf(id);
  for (const id of ['example', 'share', 'theme', 'sig-input', 'data-input', 'mode', 'schema-kind', 'tool-name', 'tool-desc', 'tpl-input']) {
    assert.ok(pos(id) >= 0, `${id} is not reachable with Tab: ${order.join(' ')}`);
  }
  const seq = ['example', 'share', 'theme', 'sig-input', 'target-output', 'mode', 'data-input', 'schema-kind', 'tool-name', 'tool-desc', 'tpl-input'];
  const positions = seq.map((id) => (id === 'target-output' ? Math.max(pos('target-input'), pos('target-output')) : pos(id)));
  assert.deepEqual([...positions].sort((a, b) => a - b), positions, `tab order: ${order.join(' ')}`);
  // Focus is visible: an outline on a button, a ring around an editor.
  await page.focus('#share');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.notEqual(await page.$eval('#share', (e) => getComputedStyle(e).outlineStyle), 'none');
  await page.focus('#data-input');
  assert.notEqual(await page.$eval('[data-editor="data"]', (e) => getComputedStyle(e).outlineStyle), 'none');
  // An issue is a button reached by keyboard: Enter selects its place.
  await selectExample('error-report');
  await waitText('#issues', 'results[0].customer.id');
  await page.focus('#issues li:first-child button');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'data-input');
});

test('screenshots: light and dark, desktop and phone', async () => {
  await openPlayground(page, '');
  await selectExample('error-report');
  await setText('#tpl-input', 'List the invoices above {{limit}}.\n{{limit.max}}');
  await waitText('#tpl-issues', 'limit is int and has no fields');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, 'desktop-light.png') });
  await page.screenshot({ path: join(SHOTS, 'desktop-light-full.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.querySelector('#theme').getAttribute('aria-pressed') === 'true');
  await page.screenshot({ path: join(SHOTS, 'desktop-dark.png') });

  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone`);
  await page.screenshot({ path: join(SHOTS, 'phone-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: join(SHOTS, 'phone-light.png') });
  await page.screenshot({ path: join(SHOTS, 'phone-light-full.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
});

test('the theme toggle switches light and dark and is remembered', async () => {
  await page.emulateMedia({ colorScheme: 'light' });
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  assert.equal(await page.getAttribute('#theme', 'aria-pressed'), 'false');
  await page.click('#theme');
  assert.equal(await page.getAttribute('#theme', 'aria-pressed'), 'true');
  assert.notEqual(await bg(), light);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.click('#theme');
  assert.equal(await bg(), light);
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
