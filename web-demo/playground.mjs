// playground.mjs: the toolsig playground page.
//
// Every judgement (parsing, validation, coercion, reports, schemas, prompt
// rendering, redaction, placeholders, imports of schemas and tools) is a
// call into the package's browser build (../dist/browser.mjs, which loads
// ../dist/toolsig.wasm); what a change breaks and the signature of sample
// values, into the browser build of toolsig/publish
// (../dist/publish-browser.mjs), loaded with the Compare or Infer view. This file only wires the controls and the tabs of the views
// (tabs.mjs), shows the results, and turns the positions and paths toolsig
// reports into underlines and selections in the editors.
import { COMPARE_EXAMPLES, EXAMPLES, DEFAULT_EXAMPLE, IMPORT_EXAMPLES, INFER_EXAMPLES, exampleById } from './examples.mjs';
import { compareTexts, changeTableMarkup, sideErrorMarkup, verdict } from './compare-view.mjs';
import { html, setMarkup } from './html.mjs';
import { counterNote, importItemMarkup, importPasted, importSummary } from './import-view.mjs';
import { SAMPLE_SPLITS, inferErrorMarkup, inferPasted, inferSummary } from './infer-view.mjs';
import { cutText, errorRange, issueRange, placeholderRange, lineColumn } from './locate.mjs';
import { replay } from './replay.mjs';
import { DEFAULT_STATE, decodeState, encodeState, normalizeState } from './state.mjs';
import { VIEWS, tabAfterKey, viewById } from './tabs.mjs';
import { loadCounter } from './tokens.mjs';

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 150;
const STREAM_TICK_MS = 25; // between two pushes of a replayed stream
const THEME_KEY = 'toolsig-playground-theme';
// Data larger than this is validated but not mapped to positions.

let api = null; // the toolsig package, once loaded
let current = null; // the Signature of the editor's text, or null

// ---- editors with an underline layer ---------------------------------------

// A textarea over a backdrop that repeats its text with <mark>s where
// issues are. The backdrop has the same font, padding and wrapping, so a
// mark sits under the characters it covers; it scrolls with the textarea.
class Editor {
  constructor(textarea, { maxHeight = 420 } = {}) {
    this.input = textarea;
    this.layer = textarea.parentElement.querySelector('.backdrop');
    this.text = this.layer.querySelector('.backdrop-text');
    this.maxHeight = maxHeight;
    this.marks = [];
    textarea.addEventListener('scroll', () => this.syncScroll());
    // Marks point into the text as it was judged: drop them while it changes.
    textarea.addEventListener('input', () => this.setMarks([]));
  }

  get value() { return this.input.value; }

  set value(text) {
    this.input.value = text;
    this.render();
  }

  // marks: [{start, end, kind: 'error'|'warning'|'fed', id}] (UTF-16
  // ranges; 'fed' is the text a stream has read so far).
  setMarks(marks) {
    this.marks = marks;
    this.render();
  }

  syncScroll() {
    this.layer.scrollTop = this.input.scrollTop;
    this.layer.scrollLeft = this.input.scrollLeft;
  }

  // Grows the textarea with its text, up to maxHeight (then it scrolls).
  fit() {
    const ta = this.input;
    ta.style.height = 'auto';
    ta.style.height = `${Math.min(ta.scrollHeight + 2, this.maxHeight)}px`;
  }

  // Rebuilds the backdrop: the text cut at every mark boundary (cutText);
  // a piece covered by marks becomes one <mark> (an error wins over a
  // warning). An empty mark has no characters to underline: at the end of
  // the text it gets a marker one space wide after the last character
  // (anywhere else a marker would push the text out of line).
  render() {
    const text = this.input.value;
    const frag = document.createDocumentFragment();
    for (const piece of cutText(text, this.marks)) {
      if (piece.marks.length === 0) {
        frag.append(text.slice(piece.start, piece.end));
        continue;
      }
      const at = piece.start === piece.end;
      if (at && piece.start !== text.length) continue;
      const mark = document.createElement('mark');
      const kind = ['error', 'warning', 'fed'].find((k) => piece.marks.some((m) => m.kind === k));
      mark.className = at ? `${kind === 'error' ? 'mark-error' : 'mark-warning'} mark-end` : `mark-${kind}`;
      mark.dataset.ids = piece.marks.map((m) => m.id).join(' ');
      mark.dataset.start = String(piece.start);
      mark.textContent = at ? '\u00a0' : text.slice(piece.start, piece.end);
      frag.append(mark);
    }
    // A final newline needs something after it to take up its line.
    if (text.endsWith('\n') || text === '') frag.append('\u200b');
    this.text.replaceChildren(frag);
    this.fit();
    this.syncScroll();
  }

  // Selects [start, end) and scrolls it into view, in the textarea and on
  // the page.
  select(start, end, id) {
    const ta = this.input;
    ta.focus({ preventScroll: true });
    ta.setSelectionRange(start, end, 'forward');
    const mark = id == null ? null : this.text.querySelector(`mark[data-ids~="${id}"]`);
    if (mark) {
      const top = mark.offsetTop;
      if (top < ta.scrollTop || top > ta.scrollTop + ta.clientHeight - 24) {
        ta.scrollTop = Math.max(0, top - ta.clientHeight / 3);
      }
    }
    this.syncScroll();
    ta.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }
}

// ---- small rendering functions -----------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children.filter((c) => c != null));
  return node;
}

function setOutput(id, text, { muted = false } = {}) {
  const pre = $(id);
  pre.textContent = text;
  pre.classList.toggle('is-muted', muted);
  const copy = document.querySelector(`button[data-copy="${id}"]`);
  if (copy) copy.disabled = muted || text === '';
}

function setStatus(id, kind, text) {
  const node = $(id);
  node.className = `status status-${kind}`;
  node.textContent = text;
}

function markInvalid(input, invalid) {
  if (invalid) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---- the type tree ---------------------------------------------------------

// One row of the tree for a type of the signature's AST (SPEC "AST as
// JSON" and §11.2): its name (a parameter or field, or a role), its kind,
// its bounds, default and description, and its children. notes is the
// {default, description} of a parameter or field.
function typeRow(name, type, role, notes) {
  let optional = false;
  let t = type;
  while (t && typeof t === 'object' && 'optional' in t) {
    optional = true;
    t = t.optional;
  }
  let bounds = '';
  if (t && typeof t === 'object' && 'refined' in t) {
    bounds = boundsText(t);
    t = t.refined;
  }
  const label = el('span', { class: 'tree-row' });
  if (name !== null) {
    const firewalled = name.startsWith('_');
    const extra = name === '*' && !role;
    label.append(el('span', { class: `tree-name${role || extra ? ' tree-role' : ''}`, text: extra ? 'any other key' : name }));
    if (firewalled && !role) label.append(' ', el('span', { class: 'badge badge-fw', text: 'firewalled' }));
  }
  const children = [];
  if (typeof t === 'string') {
    label.append(' ', el('code', { class: 'tree-type', text: `:${t}` }));
  } else if ('list' in t) {
    label.append(' ', el('span', { class: 'tree-kind', text: 'list of' }));
    children.push(typeRow('each', t.list, true));
  } else if ('map' in t) {
    const fields = t.map.filter(([field]) => field !== '*').length;
    const star = t.map.length > fields ? ' and typed extra keys' : '';
    label.append(' ', el('span', { class: 'tree-kind', text: (fields ? `map, ${plural(fields, 'field')}` : 'map, no fields') + star }));
    for (const [field, ft, fnotes] of t.map) children.push(typeRow(field, ft, false, fnotes));
  } else if ('enum' in t) {
    label.append(' ', el('span', { class: 'tree-kind', text: t.enum.length === 1 ? 'exactly' : 'one of' }));
    for (const v of t.enum) label.append(' ', el('code', { class: 'tree-type tree-value', text: enumValueText(v) }));
  } else if ('union' in t) {
    label.append(' ', el('span', { class: 'tree-kind', text: `one of ${plural(t.union.length, 'type')}` }));
    t.union.forEach((m, i) => children.push(typeRow(`or ${i + 1}`, m, true)));
  }
  if (bounds) label.append(' ', el('span', { class: 'badge badge-bound', text: bounds }));
  if (optional) label.append(' ', el('span', { class: 'badge badge-opt', text: 'optional' }));
  if (notes && 'default' in notes) {
    label.append(' ', el('span', { class: 'badge badge-default', text: `default ${JSON.stringify(notes.default)}` }));
  }
  if (notes && 'description' in notes) {
    label.append(' ', el('span', { class: 'tree-desc', text: notes.description }));
  }
  const li = el('li', {}, label);
  if (children.length) li.append(el('ul', {}, ...children));
  return li;
}

// An enum value as the canonical form writes it: a bare word, else JSON.
function enumValueText(v) {
  if (typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_.\/+-]*$/.test(v) && !['true', 'false', 'null'].includes(v)) return v;
  return JSON.stringify(v);
}

// The bounds of a refined type in words: ">= 1", "1..100", "> 0 and <= 1";
// a length for strings and lists.
function boundsText(t) {
  const lo = 'ge' in t ? ['>=', t.ge] : 'gt' in t ? ['>', t.gt] : null;
  const hi = 'le' in t ? ['<=', t.le] : 'lt' in t ? ['<', t.lt] : null;
  let text = lo && hi && lo[0] === '>=' && hi[0] === '<=' ? `${lo[1]}..${hi[1]}`
    : [lo, hi].filter(Boolean).map(([op, n]) => `${op} ${n}`).join(' and ');
  const base = t.refined;
  if (base === 'string' || (base && typeof base === 'object' && 'list' in base)) text = `length ${text}`;
  return text;
}

// A few words for a type: "a list", "a map", "an int", "an optional map".
function describeType(t) {
  if (typeof t === 'string') return `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`;
  if ('optional' in t) return `an optional ${describeType(t.optional).replace(/^an? /, '')}`;
  if ('refined' in t) return describeType(t.refined);
  if ('enum' in t) return 'an enum';
  if ('union' in t) return 'a union';
  return 'list' in t ? 'a list' : 'a map';
}

function renderTree(sig) {
  const box = $('out-tree');
  if (!sig) {
    box.replaceChildren(el('p', { class: 'muted', text: 'No tree: the signature has an error.' }));
    return;
  }
  const ast = sig.ast;
  const params = ast.params.length
    ? el('ul', {}, ...ast.params.map(([name, t, notes]) => typeRow(name, t, false, notes)))
    : el('ul', {}, el('li', {}, el('span', { class: 'tree-row muted', text: 'none (the shorthand form)' })));
  box.replaceChildren(el('ul', { class: 'tree' },
    el('li', {}, el('span', { class: 'tree-row' }, el('span', { class: 'tree-head', text: 'Parameters' })), params),
    el('li', {}, el('span', { class: 'tree-row' },
      el('span', { class: 'tree-head', text: 'Returns' }), ' ', el('code', { class: 'tree-sig', text: sig.returns })),
    el('ul', {}, typeRow('value', ast.returns, true)))));
}

// ---- state -----------------------------------------------------------------

function readState() {
  return normalizeState({
    sig: editors.sig.value,
    data: editors.data.value,
    target: document.querySelector('input[name="target"]:checked')?.value,
    mode: $('mode').value,
    schema: $('schema-kind').value,
    repair: $('repair').value,
    name: $('tool-name').value,
    desc: $('tool-desc').value,
    tpl: editors.tpl.value,
    view: shownView(),
    imported: editors.imported.value,
    lossy: $('import-lossy').checked ? 'on' : '',
    before: editors.before.value,
    after: editors.after.value,
    samples: editors.samples.value,
    split: document.querySelector('input[name="infer-split"]:checked')?.value,
    enums: $('infer-enums').value,
  }, api.coreInfo().modes);
}

function applyState(state) {
  editors.sig.value = state.sig;
  editors.data.value = state.data;
  editors.tpl.value = state.tpl;
  $(`target-${state.target}`).checked = true;
  $('mode').value = state.mode;
  $('schema-kind').value = state.schema;
  $('repair').value = state.repair;
  $('tool-name').value = state.name;
  $('tool-desc').value = state.desc;
  editors.imported.value = state.imported;
  $('import-lossy').checked = state.lossy === 'on';
  editors.before.value = state.before;
  editors.after.value = state.after;
  editors.samples.value = state.samples;
  $(`infer-split-${state.split}`).checked = true;
  $('infer-enums').value = state.enums;
  showView(state.view);
  syncExampleMenu(state);
  syncViewExamples(state);
}

// The validation modes, as the core names them.
function fillModeMenu() {
  const menu = $('mode');
  menu.replaceChildren(...api.coreInfo().modes.map((m) => el('option', { value: m, text: m })));
}

// The state of an example of the signature view. The other views keep
// what `others` holds (the page's state, when an example is chosen).
function stateOfExample(ex, others = DEFAULT_STATE) {
  const { view, imported, lossy, before, after, samples, split, enums } = others;
  return normalizeState({ ...DEFAULT_STATE, ...ex, view, imported, lossy, before, after, samples, split, enums }, api.coreInfo().modes);
}

// Shows the example the state is (when it is one), else "Your own".
function syncExampleMenu(state) {
  const same = EXAMPLES.find((ex) => {
    const s = stateOfExample(ex);
    return s.sig === state.sig && s.data === state.data;
  });
  $('example').value = same ? same.id : '';
}

let lastHash = '';

// Keeps the URL in step with the page (replaced, not pushed: typing makes
// no history). A state too large for a URL leaves the last one in place.
function writeHash(state) {
  const hash = encodeState(state);
  if (hash === location.hash) {
    lastHash = hash;
    return;
  }
  try {
    history.replaceState(null, '', hash);
    lastHash = hash;
  } catch {
    announce('This state is too large for a link; the link keeps the previous state.');
  }
}

// ---- the live view -----------------------------------------------------------

function updateSignature(state) {
  if (current) current.free();
  current = null;
  const errorBox = $('sig-error');
  try {
    current = api.Signature.parse(state.sig);
  } catch (e) {
    if (!(e instanceof api.SignatureError)) throw e;
    const [start, end] = errorRange(state.sig, e.index);
    editors.sig.setMarks([{ start, end, kind: 'error', id: 'sig' }]);
    markInvalid(editors.sig.input, true);
    setStatus('sig-status', 'error', `Signature error at line ${e.line}, column ${e.column}: ${e.reason}`);
    errorBox.hidden = false;
    $('sig-error-message').textContent = e.reason;
    $('sig-error-where').textContent = `(line ${e.line}, column ${e.column}, index ${e.index})`;
    const hint = $('sig-error-hint');
    hint.hidden = !e.hint;
    hint.textContent = e.hint ? `Hint: ${e.hint}` : '';
    setOutput('sig-error-text', e.toString());
    setOutput('out-canonical', 'No canonical form: the signature has an error.', { muted: true });
    $('out-returns-list').textContent = '–';
    renderTree(null);
    return;
  }
  editors.sig.setMarks([]);
  markInvalid(editors.sig.input, false);
  errorBox.hidden = true;
  const params = current.params.length;
  setStatus('sig-status', 'ok', `Valid signature: ${plural(params, 'parameter')}, returns ${describeType(current.ast.returns)}.`);
  setOutput('out-canonical', current.canonical);
  $('out-returns-list').textContent = current.returnsList ? 'true' : 'false';
  renderTree(current);
}

// Issues as the page lists them: every error and warning with the range it
// points at in the data text (null when it points at no place). The core
// gives each its span: a value, the object that lacks a field (marked at
// its start), the key that came second, a repair, a position in text that
// is not JSON (issueRange).
function placeIssues(result, text) {
  const entries = [
    ...result.errors.map((issue) => ({ issue, kind: 'error' })),
    ...result.warnings.map((issue) => ({ issue, kind: 'warning' })),
  ];
  return entries.map(({ issue, kind }, n) => ({ id: `i${n}`, issue, kind, range: issueRange(text, issue) }));
}

function renderIssues(listId, placed, onPick, emptyText) {
  const list = $(listId);
  if (placed.length === 0) {
    list.replaceChildren(el('li', { class: 'issue-none muted', text: emptyText }));
    return;
  }
  list.replaceChildren(...placed.map((p) => {
    const text = p.label;
    const content = [el('span', { class: `badge badge-${p.kind}`, text: p.kind }), ' ', el('span', { class: 'issue-text', text })];
    if (!p.range) return el('li', { class: `issue issue-${p.kind}` }, ...content);
    return el('li', { class: `issue issue-${p.kind}` }, el('button', {
      type: 'button',
      class: 'issue-link',
      'data-issue': p.id,
      title: p.where,
      onclick: () => onPick(p),
    }, ...content, el('span', { class: 'visually-hidden', text: ` (${p.where})` })));
  }));
}

// The repairs of a result (its warnings with code 'repaired') shown in a
// copy of the text the core read: each marked where it happened, with its
// message as the mark's title, and numbered in the list below it. The text
// and the messages go into the page as text, never as markup. Choosing a
// repair in the list selects its place in the editor while the editor
// still holds that text.
function renderRepairs(placed, text) {
  const repairs = placed.filter((p) => p.kind === 'warning' && p.issue.code === 'repaired');
  $('repair-box').hidden = repairs.length === 0;
  $('repair-count').textContent = String(repairs.length);
  if (repairs.length === 0) {
    $('repair-text').replaceChildren();
    $('repair-list').replaceChildren();
    return;
  }
  const number = new Map(repairs.map((p, k) => [p.id, k + 1]));
  const marks = repairs.filter((p) => p.range).map((p) => ({ ...p.range, id: p.id, label: p.label }));
  const copy = document.createDocumentFragment();
  for (const piece of cutText(text, marks)) {
    const chars = text.slice(piece.start, piece.end);
    if (piece.marks.length === 0) {
      copy.append(chars);
      continue;
    }
    copy.append(el('mark', {
      class: piece.start === piece.end ? 'mark-repair mark-point' : 'mark-repair',
      title: piece.marks.map((m) => m.label).join('\n'),
      'data-ids': piece.marks.map((m) => m.id).join(' '),
      'data-start': String(piece.start),
      'data-n': piece.opens.map((m) => number.get(m.id)).join(',') || null,
    }, chars));
  }
  $('repair-text').replaceChildren(copy);
  const pick = (p) => {
    if (editors.data.value === text) editors.data.select(p.range.start, p.range.end, p.id);
  };
  $('repair-list').replaceChildren(...repairs.map((p, k) => {
    const content = [el('span', { class: 'repair-n', text: String(k + 1) }), ' ', el('span', { class: 'issue-text', text: p.label })];
    if (!p.range) return el('li', { class: 'issue issue-warning' }, ...content);
    return el('li', { class: 'issue issue-warning' }, el('button', {
      type: 'button',
      class: 'issue-link',
      'data-repair': String(k + 1),
      title: p.where,
      onclick: () => pick(p),
    }, ...content, el('span', { class: 'visually-hidden', text: ` (${p.where})` })));
  }));
}

// The options of the data pane: the mode, and repair unless left to the
// core's default for the target.
function validateOptions(state) {
  const opts = { mode: state.mode };
  if (state.repair) opts.repair = state.repair === 'on';
  return opts;
}

// Issues of a result placed in text and labelled for the list.
function labelIssues(result, text) {
  const placed = placeIssues(result, text);
  for (const p of placed) {
    p.label = p.issue.path ? `${p.issue.path}: ${p.issue.message}` : p.issue.message;
    if (p.range) {
      const { line, column } = lineColumn(text, p.range.start);
      p.where = p.range.found ? `line ${line}, column ${column}` : `missing: in the value at line ${line}, column ${column}`;
    }
  }
  return placed;
}

function updateData(state) {
  const text = state.data;
  if (!current) {
    editors.data.setMarks([]);
    markInvalid(editors.data.input, false);
    setStatus('data-status', 'idle', 'Fix the signature to validate data.');
    renderIssues('issues', [], null, 'None yet.');
    renderRepairs([], '');
    setOutput('out-report', 'No report: the signature has an error.', { muted: true });
    setOutput('out-value', 'No value: the signature has an error.', { muted: true });
    return;
  }
  const input = state.target === 'input';
  let result;
  try {
    result = input
      ? current.validateInputJSON(text, validateOptions(state))
      : current.validateJSON(text, validateOptions(state));
  } catch (e) {
    editors.data.setMarks([]);
    setStatus('data-status', 'error', `Could not validate: ${e.message}`);
    renderIssues('issues', [], null, 'None.');
    renderRepairs([], '');
    setOutput('out-report', '', { muted: true });
    setOutput('out-value', '', { muted: true });
    return;
  }
  const placed = labelIssues(result, text);
  editors.data.setMarks(placed.filter((p) => p.range).map((p) => ({ ...p.range, kind: p.kind, id: p.id })));
  markInvalid(editors.data.input, !result.ok);

  const nErr = result.errors.length;
  const nWarn = result.warnings.length;
  const what = input ? 'arguments' : 'result';
  if (!result.ok) {
    setStatus('data-status', 'error', `Invalid ${what}: ${plural(nErr, 'error')}${nWarn ? `, ${plural(nWarn, 'warning')}` : ''}.`);
  } else if (state.mode === 'disabled') {
    setStatus('data-status', 'idle', 'Not validated (mode disabled): the JSON text is read and passed through.');
  } else {
    setStatus('data-status', nWarn ? 'warning' : 'ok', `Valid ${what}${nWarn ? ` with ${plural(nWarn, 'warning')}` : ''}.`);
  }
  renderIssues('issues', placed, (p) => editors.data.select(p.range.start, p.range.end, p.id), 'No errors or warnings.');
  renderRepairs(placed, text);

  const { reportTitles } = api.coreInfo();
  const report = api.formatReport(result, { title: input ? reportTitles.input : reportTitles.output });
  setOutput('out-report', report || '(empty: nothing to report)', { muted: report === '' });
  $('h-value').textContent = input ? 'Arguments after coercion' : 'Value as validated';
  if (result.ok) setOutput('out-value', JSON.stringify(result.value, null, 2));
  else setOutput('out-value', 'No value: the data has errors.', { muted: true });
}

function updateOutputs(state) {
  if (!current) {
    for (const id of ['out-schema', 'out-prompt', 'out-parent', 'out-strip', 'out-mask']) {
      setOutput(id, 'Fix the signature first.', { muted: true });
    }
    return;
  }
  const schema = state.schema === 'params'
    ? current.toolParametersSchema()
    : current.toJsonSchema({ strict: state.schema === 'strict' });
  setOutput('out-schema', JSON.stringify(schema, null, 2));

  try {
    setOutput('out-prompt', api.renderTools([{ name: state.name, signature: current, description: state.desc }]));
  } catch (e) {
    setOutput('out-prompt', e.message, { muted: true });
  }

  setOutput('out-parent', current.format({ hideFirewalled: true }));
  // Redaction works on the data as a value: read the JSON text first.
  let value;
  let readable = true;
  try {
    value = JSON.parse(state.data);
  } catch {
    readable = false;
  }
  if (!readable) {
    setOutput('out-strip', 'The data is not JSON text.', { muted: true });
    setOutput('out-mask', 'The data is not JSON text.', { muted: true });
  } else {
    for (const mode of ['strip', 'mask']) {
      try {
        setOutput(`out-${mode}`, JSON.stringify(current.redact(value, { mode }), null, 2));
      } catch (e) {
        setOutput(`out-${mode}`, e.message, { muted: true });
      }
    }
  }
}

function updateTemplate(state) {
  const tpl = state.tpl;
  if (!current || tpl === '') {
    editors.tpl.setMarks([]);
    markInvalid(editors.tpl.input, false);
    setStatus('tpl-status', 'idle', current ? 'Write a template to check its placeholders against the parameters.' : 'Fix the signature first.');
    renderIssues('tpl-issues', [], null, 'No placeholder errors.');
    $('tpl-issues').hidden = true;
    setOutput('out-placeholders', 'None.', { muted: true });
    return;
  }
  const check = api.checkPlaceholders(tpl, current);
  const placed = check.errors.map((e, n) => {
    const [start, end] = placeholderRange(tpl, e.index);
    const { line, column } = lineColumn(tpl, start);
    return { id: `t${n}`, kind: 'error', label: e.message, range: { start, end, found: true }, where: `line ${line}, column ${column}` };
  });
  editors.tpl.setMarks(placed.map((p) => ({ ...p.range, kind: 'error', id: p.id })));
  markInvalid(editors.tpl.input, !check.ok);
  setStatus('tpl-status', check.ok ? 'ok' : 'error', check.ok
    ? `Every placeholder matches the parameters (${plural(check.placeholders.length, 'name')}).`
    : `${plural(check.errors.length, 'placeholder error')}.`);
  $('tpl-issues').hidden = check.ok;
  renderIssues('tpl-issues', placed, (p) => editors.tpl.select(p.range.start, p.range.end, p.id), 'No placeholder errors.');
  setOutput('out-placeholders', check.placeholders.join('\n') || 'None.', { muted: check.placeholders.length === 0 });
}

// ---- streaming (SPEC §12.2) ----------------------------------------------------

// The replay under way: {steps (replay.mjs), timer, text}, or null.
let streaming = null;

const STATE_BADGE = { incomplete: 'badge-idle', invalid: 'badge-error', complete: 'badge-ok' };

function showStreamButton(running) {
  const button = $('stream');
  button.textContent = running ? 'Stop' : 'Stream';
  button.setAttribute('aria-pressed', running ? 'true' : 'false');
}

// Shows one step of the replay: the state, how far it got, the errors and
// warnings placed in the text read so far, the partial value.
function showStreamStep(step, text, stopped) {
  const read = text.slice(0, step.fed);
  const badge = $('stream-state');
  badge.textContent = step.state;
  badge.className = `badge ${STATE_BADGE[step.state]}`;
  const of = `${step.fed} of ${plural(text.length, 'character')}`;
  let progress;
  if (stopped) progress = `Stopped after ${of}.`;
  else if (!step.done) progress = `Read ${of}.`;
  else if (step.fed < text.length) progress = `Invalid after ${of}: the rest is not needed to know.`;
  else progress = `Ended after all ${plural(text.length, 'character')}: the one-shot result.`;
  $('stream-progress').textContent = progress;
  const placed = labelIssues(step, read);
  renderIssues('stream-issues', placed, (p) => editors.data.select(p.range.start, p.range.end, p.id),
    step.state === 'incomplete' ? 'No definite error so far.' : 'No errors or warnings.');
  const marks = placed.filter((p) => p.range).map((p) => ({ ...p.range, kind: p.kind, id: p.id }));
  if (!step.done) marks.push({ start: 0, end: step.fed, kind: 'fed', id: 'fed' });
  editors.data.setMarks(marks);
  setOutput('stream-partial', JSON.stringify(step.partial, null, 2));
}

function streamTick() {
  const run = streaming;
  const { value: step, done } = run.steps.next();
  if (done) return;
  run.last = step;
  showStreamStep(step, run.text, false);
  if (step.done) {
    streaming = null;
    showStreamButton(false);
    announce(`Stream ${step.state} after ${step.fed} of ${plural(run.text.length, 'character')}.`);
    return;
  }
  run.timer = setTimeout(streamTick, STREAM_TICK_MS);
}

function startStream() {
  const state = readState();
  if (!current) return;
  update(); // the one-shot view of the same text, and no replay left over
  let steps;
  try {
    steps = replay(current, state.data, { ...validateOptions(state), input: state.target === 'input' });
  } catch (e) {
    setStatus('data-status', 'error', `Could not stream: ${e.message}`);
    return;
  }
  const first = { fed: 0, state: 'incomplete', errors: [], warnings: [], partial: null, done: false };
  streaming = { steps, text: state.data, timer: 0, last: first };
  $('stream-box').hidden = false;
  showStreamButton(true);
  showStreamStep(first, state.data, false);
  streaming.timer = setTimeout(streamTick, STREAM_TICK_MS);
}

// Stops the replay under way: by the button (what it showed stays), or
// because the text or the options changed (it no longer applies).
function stopStream(keep) {
  if (!streaming) {
    if (!keep) $('stream-box').hidden = true;
    return;
  }
  const run = streaming;
  streaming = null;
  clearTimeout(run.timer);
  run.steps.return(); // releases the stream
  showStreamButton(false);
  if (keep) showStreamStep(run.last, run.text, true);
  if (!keep) $('stream-box').hidden = true;
}

function updateSignatureView(state) {
  updateSignature(state);
  $('stream').disabled = !current;
  updateData(state);
  updateOutputs(state);
  updateTemplate(state);
  syncExampleMenu(state);
}

// ---- the Import view -------------------------------------------------------------

// The token counter (tokens.mjs) once loaded, and its loading, started
// the first time the Import view is shown.
let counter = null;
let counterLoading = null;

// The marks of an error the core placed in an editor's text: the word or
// character at its index (errorRange), with an id the error's button names.
function errorMarks(text, at) {
  if (!at) return [];
  const [start, end] = errorRange(text, at.index);
  return [{ start, end, kind: 'error', id: `at${at.index}` }];
}

function updateImportView(state) {
  if (!counterLoading) {
    counterLoading = loadCounter().then((loaded) => {
      counter = loaded;
      if (shownView() === 'import') updateImportView(readState());
    });
  }
  const imported = importPasted(api, state.imported, { lossy: state.lossy === 'on' });
  const summary = importSummary(imported);
  setStatus('import-status', summary.kind, summary.text);
  // Only a JSON Schema is read from the text as pasted: its error has a
  // place there. A tool's error names its place by JSON Pointer.
  const whole = imported.kind === 'schema' ? imported.items[0].error : null;
  editors.imported.setMarks(errorMarks(state.imported, whole?.at));
  markInvalid(editors.imported.input, whole !== null);
  $('import-count-note').textContent = counterNote(counter);
  setMarkup($('import-items'), html`${imported.items.map((item) => importItemMarkup(item, counter, 'import-input'))}`);
  syncViewExamples(state);
}

// ---- the Compare view ------------------------------------------------------------

// toolsig/publish (diff, infer), once loaded, and its loading, started
// the first time the Compare or Infer view is shown: the package's entry
// for people who publish tools, with its own module and wasm
// (dist/publish-browser.mjs, which fetches dist/toolsig-cli.wasm), which
// the other views do not need.
let publish = null;
let publishLoading = null;

// The status line of each view that needs toolsig/publish.
const PUBLISH_STATUS = { compare: 'compare-verdict', infer: 'infer-status' };

// True once toolsig/publish is loaded; until then, starts its loading
// (the view shown is updated when it is done) and says so in the status
// line of every view that needs it.
function publishReady() {
  if (publish) return true;
  if (publishLoading) return false;
  for (const id of Object.values(PUBLISH_STATUS)) setStatus(id, 'idle', 'Loading toolsig/publish…');
  publishLoading = import('../dist/publish-browser.mjs').then((loaded) => {
    publish = loaded;
    const view = shownView();
    if (view in PUBLISH_STATUS) UPDATES[view](readState());
  }, (e) => {
    for (const id of Object.values(PUBLISH_STATUS)) {
      setStatus(id, 'error', `Could not load toolsig/publish: ${e.message}. Build it with node scripts/build-wasm.mjs (or npm start).`);
    }
  });
  return false;
}

function updateCompareView(state) {
  syncViewExamples(state);
  if (!publishReady()) return;
  const { result, error } = compareTexts(publish, state.before, state.after);
  // An error is shown under the side it is about, and marked in its text.
  for (const side of ['before', 'after']) {
    const mine = error && error.side === side ? error : null;
    editors[side].setMarks(mine ? errorMarks(state[side], mine.at) : []);
    markInvalid(editors[side].input, mine !== null);
    setMarkup($(`${side}-error`), mine ? sideErrorMarkup(mine, `${side}-input`) : html``);
  }
  if (error) {
    setStatus('compare-verdict', 'error', error.side
      ? `Not compared: the ${error.side} side is not a signature or a list of tools.`
      : `Not compared: ${error.reason}`);
    setMarkup($('compare-changes'), html``);
  } else {
    const said = verdict(result);
    setStatus('compare-verdict', said.kind, said.text);
    setMarkup($('compare-changes'), result.changes.length ? changeTableMarkup(result) : html``);
  }
}

// ---- the Infer view --------------------------------------------------------------

// The signature inferred from the samples as last shown, for the button
// that takes it to the Signature view (null when there is none).
let inferred = null;

// The radios of how the text holds samples, from SAMPLE_SPLITS.
function fillSplitRadios() {
  $('infer-split').replaceChildren(...SAMPLE_SPLITS.map((split) => el('label', {},
    el('input', { type: 'radio', name: 'infer-split', value: split.id, id: `infer-split-${split.id}`, onchange: update }),
    ` ${split.label}`)));
}

function updateInferView(state) {
  syncViewExamples(state);
  if (!publishReady()) {
    inferred = null;
    $('infer-use').disabled = true;
    return;
  }
  const result = inferPasted(publish, state.samples, state.split, state.enums);
  const summary = inferSummary(result);
  setStatus('infer-status', summary.kind, summary.text);
  // A parse error is marked in the text: the character at its place, or
  // its line when the engine's message gives no place in it.
  const parse = result.kind === 'parse' ? result.error : null;
  let marks = [];
  if (parse?.range) marks = [{ start: parse.range[0], end: parse.range[1], kind: 'error', id: `at${parse.index}` }];
  else if (parse?.index != null) marks = errorMarks(state.samples, parse);
  editors.samples.setMarks(marks);
  markInvalid(editors.samples.input, result.error !== null);
  setMarkup($('infer-error'), inferErrorMarkup(result.error, 'infer-input'));
  inferred = result.signature;
  if (inferred === null) {
    setOutput('infer-signature', result.kind === 'empty' ? 'No samples yet.' : 'No signature: see the error under the samples.', { muted: true });
  } else {
    setOutput('infer-signature', inferred);
  }
  $('infer-count').textContent = result.count === null ? '–' : String(result.count);
  $('infer-use').disabled = inferred === null;
}

// The inferred signature into the Signature view's editor, and that view
// shown with its editor focused.
function useInferred() {
  if (inferred === null) return;
  editors.sig.value = inferred;
  openView('signature');
  editors.sig.input.focus();
  announce('The inferred signature is in the Signature view\'s editor.');
}

// ---- views and tabs --------------------------------------------------------------

// What each view does when the state changes, by its id in tabs.mjs.
const UPDATES = {
  signature: updateSignatureView,
  import: updateImportView,
  compare: updateCompareView,
  infer: updateInferView,
};

// The view shown: the id of the selected tab.
function shownView() {
  return document.querySelector('#tabs [aria-selected="true"]')?.dataset.view ?? VIEWS[0].id;
}

// The tab bar, from VIEWS: a tab per view, as the ARIA tabs pattern has
// them (the selected tab alone in the tab order; the arrow keys, Home and
// End move between tabs and show the view).
function fillTabs() {
  const bar = $('tabs');
  for (const view of VIEWS) {
    bar.append(el('button', {
      type: 'button',
      role: 'tab',
      id: `tab-${view.id}`,
      class: 'tab',
      'data-view': view.id,
      'aria-controls': `view-${view.id}`,
      'aria-selected': 'false',
      tabindex: '-1',
      text: view.label,
      onclick: () => openView(view.id),
    }));
  }
  bar.addEventListener('keydown', (event) => {
    const next = tabAfterKey(event.target.dataset.view, event.key);
    if (!next) return;
    event.preventDefault();
    openView(next);
    $(`tab-${next}`).focus();
  });
}

// Shows the view `id` (or the first) and hides the others; the header's
// example menu (the signature view's) and the skip link follow it.
function showView(id) {
  const view = viewById(id);
  for (const v of VIEWS) {
    const on = v.id === view.id;
    const tab = $(`tab-${v.id}`);
    tab.setAttribute('aria-selected', on ? 'true' : 'false');
    tab.tabIndex = on ? 0 : -1;
    $(`view-${v.id}`).hidden = !on;
  }
  $('example-field').hidden = view.id !== 'signature';
  const skip = document.querySelector('.skip-link');
  skip.href = `#${view.editor}`;
  skip.textContent = `Skip to the ${view.label.toLowerCase()} editor`;
  // A hidden editor has no height to fit: each is fitted once shown.
  for (const e of Object.values(editors)) e.fit();
}

function openView(id) {
  if (id === shownView()) return;
  showView(id);
  update();
}

function update() {
  stopStream(false);
  const state = readState();
  UPDATES[state.view](state);
  writeHash(state);
  document.body.dataset.ready = 'true';
}

let timer = 0;
function scheduleUpdate() {
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

// ---- copy, theme, examples -----------------------------------------------------

function announce(text) {
  const node = $('announce');
  node.textContent = '';
  setTimeout(() => { node.textContent = text; }, 30);
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission: fall back to a selected, hidden textarea.
    const ta = el('textarea', { class: 'visually-hidden', readonly: true, 'aria-hidden': 'true' });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    ta.remove();
    return ok;
  }
}

async function onCopy(button, text, what) {
  const ok = await copyText(text);
  const label = button.textContent;
  button.textContent = ok ? 'Copied' : 'Copy failed';
  announce(ok ? `Copied ${what}.` : `Could not copy ${what}.`);
  setTimeout(() => { button.textContent = label; }, 1400);
}

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

function storedTheme() {
  try { return localStorage.getItem(THEME_KEY); } catch { return null; }
}

function effectiveTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return darkQuery.matches ? 'dark' : 'light';
}

function showTheme() {
  $('theme').setAttribute('aria-pressed', effectiveTheme() === 'dark' ? 'true' : 'false');
}

function initTheme() {
  const saved = storedTheme();
  if (saved === 'light' || saved === 'dark') document.documentElement.dataset.theme = saved;
  showTheme();
  darkQuery.addEventListener('change', showTheme);
  $('theme').addEventListener('click', () => {
    const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try { localStorage.setItem(THEME_KEY, next); } catch { /* private mode: the choice lasts this visit */ }
    showTheme();
    announce(`${next === 'dark' ? 'Dark' : 'Light'} theme.`);
  });
}

function fillExampleMenu() {
  const select = $('example');
  select.append(el('option', { value: '', text: 'Your own' }));
  const groups = new Map();
  for (const ex of EXAMPLES) {
    if (!groups.has(ex.group)) {
      const g = el('optgroup', { label: ex.group });
      groups.set(ex.group, g);
      select.append(g);
    }
    groups.get(ex.group).append(el('option', { value: ex.id, text: ex.title }));
  }
  select.addEventListener('change', () => {
    const ex = exampleById(select.value);
    if (!ex) return;
    applyState(stateOfExample(ex, readState()));
    update();
  });
}

// The example menus of the Import and Compare views: choosing one fills
// the view's editors; each shows the example its texts are, else "Your own".
function fillViewExamples() {
  const menus = [
    ['import-example', IMPORT_EXAMPLES, (ex) => { editors.imported.value = ex.text; }],
    ['compare-example', COMPARE_EXAMPLES, (ex) => {
      editors.before.value = ex.before;
      editors.after.value = ex.after;
    }],
    ['infer-example', INFER_EXAMPLES, (ex) => {
      editors.samples.value = ex.text;
      $(`infer-split-${ex.split}`).checked = true;
      $('infer-enums').value = ex.enums;
    }],
  ];
  for (const [id, examples, fill] of menus) {
    const select = $(id);
    select.append(el('option', { value: '', text: 'Your own' }),
      ...examples.map((ex) => el('option', { value: ex.id, text: ex.title })));
    select.addEventListener('change', () => {
      const ex = examples.find((e) => e.id === select.value);
      if (!ex) return;
      fill(ex);
      update();
    });
  }
}

function syncViewExamples(state) {
  $('import-example').value = IMPORT_EXAMPLES.find((ex) => ex.text === state.imported)?.id ?? '';
  $('compare-example').value = COMPARE_EXAMPLES.find((ex) => ex.before === state.before && ex.after === state.after)?.id ?? '';
  $('infer-example').value = INFER_EXAMPLES.find((ex) => ex.text === state.samples && ex.split === state.split && ex.enums === state.enums)?.id ?? '';
}

// ---- start ---------------------------------------------------------------------

const editors = {};

function wire() {
  editors.sig = new Editor($('sig-input'), { maxHeight: 220 });
  editors.data = new Editor($('data-input'), { maxHeight: 460 });
  editors.tpl = new Editor($('tpl-input'), { maxHeight: 260 });
  editors.imported = new Editor($('import-input'), { maxHeight: 560 });
  editors.before = new Editor($('before-input'), { maxHeight: 340 });
  editors.after = new Editor($('after-input'), { maxHeight: 340 });
  editors.samples = new Editor($('infer-input'), { maxHeight: 560 });
  for (const id of ['sig-input', 'data-input', 'tpl-input', 'tool-name', 'tool-desc', 'import-input', 'before-input', 'after-input', 'infer-input', 'infer-enums']) {
    $(id).addEventListener('input', () => {
      stopStream(false); // it streams the text as it was
      scheduleUpdate();
    });
  }
  for (const id of ['mode', 'schema-kind', 'repair', 'import-lossy']) $(id).addEventListener('change', update);
  $('infer-use').addEventListener('click', useInferred);
  // The errors the Import, Compare and Infer views list are buttons
  // naming an editor and an index (html.mjs, issueItem): choosing one
  // selects that place in that editor.
  $('app').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-field][data-at]');
    if (!button) return;
    const editor = Object.values(editors).find((e) => e.input.id === button.dataset.field);
    if (!editor) return;
    const [start, end] = errorRange(editor.value, Number(button.dataset.at));
    editor.select(start, end, `at${button.dataset.at}`);
  });
  $('stream').addEventListener('click', () => (streaming ? stopStream(true) : startStream()));
  for (const radio of document.querySelectorAll('input[name="target"]')) radio.addEventListener('change', update);

  for (const button of document.querySelectorAll('button[data-copy]')) {
    const what = button.getAttribute('aria-label').replace(/^Copy /, '');
    button.addEventListener('click', () => onCopy(button, $(button.dataset.copy).textContent, what));
  }
  $('share').addEventListener('click', () => {
    update();
    onCopy($('share'), location.href, 'the link to this state');
  });
  window.addEventListener('hashchange', () => {
    if (location.hash === lastHash) return;
    const state = decodeState(location.hash, api.coreInfo().modes);
    if (state) {
      applyState(state);
      update();
    }
  });
  window.addEventListener('resize', () => {
    for (const e of Object.values(editors)) e.fit();
  });
}

async function main() {
  initTheme();
  try {
    api = await import('../dist/browser.mjs');
  } catch (e) {
    const msg = $('loading');
    msg.classList.add('status-error');
    msg.textContent = `Could not load toolsig: ${e.message}. Build it with node scripts/build-wasm.mjs (or npm start).`;
    throw e;
  }
  fillModeMenu();
  fillTabs();
  fillSplitRadios();
  fillExampleMenu();
  fillViewExamples();
  wire();
  $('loading').hidden = true;
  $('app').hidden = false;
  applyState(decodeState(location.hash, api.coreInfo().modes) ?? stateOfExample(exampleById(DEFAULT_EXAMPLE)));
  update();
}

main();
