// import-view.mjs: the Import view: a pasted JSON Schema or list of tools,
// read into signatures by the core, with what each form costs in tokens.
//
// The one decision made here is which of the package's two readers a
// pasted text goes to (pastedShape): a list, or an object holding a
// "tools" list, is read tool by tool with importTool; anything else is a
// JSON Schema for importJsonSchema, given the text as pasted so that its
// errors' lines and columns are the editor's. The core reads each: it
// tells an MCP tool from an OpenAI or Anthropic one, converts the schemas,
// and words every warning and error; this module only collects what it
// said and draws it.
import { html, issueItem } from './html.mjs';

/**
 * Which reader the pasted text goes to: {kind: 'tools', tools, path} for
 * a JSON list ('' as its path) or an object with a "tools" list ('tools'),
 * {kind: 'schema', value} for any other JSON, {kind: 'schema'} for text
 * that is not JSON, and {kind: 'empty'} for blank text.
 */
export function pastedShape(text) {
  if (text.trim() === '') return { kind: 'empty' };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'schema' }; // the core says where it is not JSON
  }
  if (Array.isArray(value)) return { kind: 'tools', tools: value, path: '' };
  if (value !== null && typeof value === 'object' && Array.isArray(value.tools)) {
    return { kind: 'tools', tools: value.tools, path: 'tools' };
  }
  return { kind: 'schema', value };
}

// The error of a failed import, as the page shows it: the core's reason
// and hint, and where it is when it is in the pasted text.
function importFailure(e, placed) {
  return {
    reason: e.reason,
    hint: e.hint ?? null,
    at: placed && typeof e.index === 'number' ? { index: e.index, line: e.line, column: e.column } : null,
  };
}

// One import: read() calls the package; its Signature is turned into its
// canonical text and freed. A SignatureError becomes the item's error;
// anything else is a fault of the page and is thrown.
function readOne(api, read, placed) {
  let r;
  try {
    r = read();
  } catch (e) {
    if (!(e instanceof api.SignatureError)) throw e;
    return { name: null, signature: null, warnings: [], error: importFailure(e, placed) };
  }
  try {
    return { name: r.name ?? null, signature: r.signature.toString(), warnings: r.warnings, error: null };
  } finally {
    r.signature.free();
  }
}

/**
 * What a pasted text imports to: {kind, items}, an item for the schema or
 * for each tool: {form ('schema' or 'tool'), label ('JSON Schema', or the
 * tool's place in the list: "tools[1]", "[0]"), name (the tool's, as the
 * core read it), signature (canonical text, or null), warnings (what lossy
 * dropped or widened), error ({reason, hint, at: {index, line, column} or
 * null}, or null), json (the schema or tool as compact JSON, or null for
 * text that is not JSON)}. Each tool is given to the core as its compact
 * JSON, the same text that is counted; its errors name their place by
 * JSON Pointer.
 */
export function importPasted(api, text, { lossy = false } = {}) {
  const shape = pastedShape(text);
  const options = { lossy };
  if (shape.kind === 'empty') return { kind: 'empty', items: [] };
  if (shape.kind === 'schema') {
    const json = 'value' in shape ? JSON.stringify(shape.value) : null;
    const item = readOne(api, () => api.importJsonSchema(text, options), true);
    return { kind: 'schema', items: [{ form: 'schema', label: 'JSON Schema', json, ...item }] };
  }
  const items = shape.tools.map((tool, i) => {
    const json = JSON.stringify(tool);
    return { form: 'tool', label: `${shape.path}[${i}]`, json, ...readOne(api, () => api.importTool(json, options), false) };
  });
  return { kind: 'tools', items };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The status line of an import: {kind ('ok', 'warning', 'error', 'idle'),
 * text}.
 */
export function importSummary(imported) {
  const { kind, items } = imported;
  if (kind === 'empty') {
    return { kind: 'idle', text: 'Paste a JSON Schema, an MCP tools/list result, or an OpenAI or Anthropic tools array.' };
  }
  if (kind === 'schema') {
    const [item] = items;
    if (item.error) {
      const where = item.error.at ? ` at line ${item.error.at.line}, column ${item.error.at.column}` : '';
      return { kind: 'error', text: `Not read: 1 error${where}.` };
    }
    const n = item.warnings.length;
    return n
      ? { kind: 'warning', text: `A JSON Schema, read with ${plural(n, 'warning')}.` }
      : { kind: 'ok', text: 'A JSON Schema, read exactly.' };
  }
  if (items.length === 0) return { kind: 'idle', text: 'The list has no tools.' };
  const failed = items.filter((t) => t.error).length;
  const warned = items.filter((t) => t.warnings.length).length;
  const parts = [`${items.length - failed} read`];
  if (warned) parts.push(`${warned} with warnings`);
  if (failed) parts.push(`${failed} not read`);
  const status = failed ? 'error' : warned ? 'warning' : 'ok';
  return { kind: status, text: `${plural(items.length, 'tool')}: ${parts.join(', ')}.` };
}

// The counts of one item: the JSON and the signature side by side, and
// the signature's length as a share of the JSON's.
function countsMarkup(item, counter) {
  if (!item.signature || item.json === null) return '';
  if (!counter) return html`<p class="import-counts muted small">Counting…</p>`;
  const json = counter.count(item.json);
  const sig = counter.count(item.signature);
  const share = json ? html` <span class="muted" data-count="share">(${Math.round((100 * sig) / json)}% of the JSON)</span>` : '';
  const what = item.form === 'schema' ? 'JSON Schema' : 'Tool definition';
  return html`<dl class="import-counts">
  <div><dt>${what} <span class="muted">(JSON, compact)</span></dt><dd><span data-count="json">${json} ${counter.unit}</span></dd></div>
  <div><dt>Signature <span class="muted">(canonical form)</span></dt><dd><span data-count="signature">${sig} ${counter.unit}</span>${share}</dd></div>
</dl>`;
}

/**
 * One item as a card: its name and place, its signature, its warnings or
 * its error (a button that selects the error's place in the editor whose
 * id is `field` when the error has one), and the counts of both forms
 * (`counter` from tokens.mjs; null while it loads).
 */
export function importItemMarkup(item, counter, field) {
  const badge = item.error
    ? html`<span class="badge badge-error">not read</span>`
    : item.warnings.length
      ? html`<span class="badge badge-warning">${plural(item.warnings.length, 'warning')}</span>`
      : html`<span class="badge badge-ok">exact</span>`;
  const title = item.name ?? item.label;
  const place = item.form === 'tool' && item.name !== null ? html` <span class="muted small">${item.label}</span>` : '';
  const issues = [];
  if (item.error) {
    const { at } = item.error;
    const where = at ? `line ${at.line}, column ${at.column}` : '';
    issues.push(issueItem({ kind: 'error', text: item.error.reason, at: at ? at.index : null, where, field }));
  }
  for (const w of item.warnings) issues.push(issueItem({ kind: 'warning', text: w }));
  const hint = item.error?.hint ? html`<p class="hint">Hint: ${item.error.hint}</p>` : '';
  const signature = item.signature === null ? '' : html`<pre class="code import-signature" tabindex="0">${item.signature}</pre>`;
  return html`<li class="import-item">
  <div class="import-head"><h3 class="import-name">${title}</h3>${place} ${badge}</div>
  ${signature}
  ${issues.length ? html`<ol class="issues import-issues">${issues}</ol>` : ''}
  ${hint}
  ${countsMarkup(item, counter)}
</li>`;
}

/** What the counts are, in words, for the note above the cards. */
export function counterNote(counter) {
  if (!counter) return 'Loading the tokenizer…';
  if (counter.unit === 'tokens') {
    return `Lengths in tokens of gpt-tokenizer's ${counter.encoding} encoding (GPT-4o and later), as the token benchmark counts them.`;
  }
  return `The tokenizer did not load (${counter.reason}): lengths are in characters, not tokens.`;
}
