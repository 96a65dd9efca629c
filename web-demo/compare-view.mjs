// compare-view.mjs: the Compare view: two signatures or two lists of tools,
// "before" and "after", and what the change breaks.
//
// Both texts go to diff, of the package's toolsig/publish entry, as they
// are: the core decides what each side is (a signature, an MCP tools/list
// result or bare list, an OpenAI or Anthropic tools array, a list of
// {name, sig}), matches tools by name and judges every change. This module
// only collects its answer and draws it: a verdict, and a row per change.
import { html, issueItem } from './html.mjs';

// diff says which side it could not read at the start of its reason.
const SIDE_OF_PREFIX = [['old: ', 'before'], ['new: ', 'after']];

/** The side ('before', 'after') a reason of diff's is about, or null for both. */
export function sideOf(reason) {
  for (const [prefix, side] of SIDE_OF_PREFIX) if (reason.startsWith(prefix)) return side;
  return null;
}

/**
 * publish.diff(before, after) for the two texts (publish: toolsig/publish,
 * its diff and SignatureError): {result: {breaks, changes}, error: null}
 * or {result: null, error: {side, reason, hint, at: {index, line, column}
 * or null}}, where side is the text the error is in ('before' or 'after',
 * or null when it is about both) and at its place in that text. A
 * SignatureError is the answer; anything else is thrown.
 */
export function compareTexts(publish, before, after) {
  try {
    return { result: publish.diff(before, after), error: null };
  } catch (e) {
    if (!(e instanceof publish.SignatureError)) throw e;
    const side = sideOf(e.reason);
    const at = side && typeof e.index === 'number' ? { index: e.index, line: e.line, column: e.column } : null;
    return { result: null, error: { side, reason: e.reason, hint: e.hint ?? null, at } };
  }
}

// Each effect diff names, as a badge: a definite break, one that cannot
// be proved either way, or none.
export const EFFECT_BADGE = Object.freeze({
  compatible: 'ok',
  'breaks callers': 'error',
  'breaks consumers': 'error',
  'may break callers': 'warning',
  'may break consumers': 'warning',
});

const badgeOf = (effect) => EFFECT_BADGE[effect] ?? 'idle';

/**
 * The verdict on a diff's result: {kind ('ok', 'warning', 'error'), text}.
 * "Nothing breaks" when every change is compatible; else how many changes
 * break callers or consumers, and how many may.
 */
export function verdict(result) {
  const count = (kind) => result.changes.filter((c) => badgeOf(c.effect) === kind).length;
  const breaking = count('error');
  const maybe = count('warning');
  const n = result.changes.length;
  if (breaking === 0 && maybe === 0) {
    return { kind: 'ok', text: n ? `Nothing breaks: ${n === 1 ? '1 change, compatible' : `${n} changes, all compatible`}.` : 'Nothing breaks: no changes.' };
  }
  const parts = [];
  if (breaking) parts.push(`${breaking} ${breaking === 1 ? 'change breaks' : 'changes break'} callers or consumers`);
  if (maybe) parts.push(`${maybe} ${breaking ? 'more ' : ''}${maybe === 1 ? 'change' : 'changes'} may break them${breaking ? '' : ' (toolsig cannot prove either way)'}`);
  const rest = n - breaking - maybe;
  if (rest) parts.push(`${rest} compatible`);
  return { kind: breaking ? 'error' : 'warning', text: `${parts.join('; ')}.` };
}

// A place in canonical form, or "(none)" where there was none (a
// parameter added, a tool removed).
const place = (text) => (text === '' ? html`<span class="muted">(none)</span>` : html`<code>${text}</code>`);

/**
 * One change as a table row: the tool (when the sides are lists of
 * tools), the path, old → new, the effect as a badge, why, and the value
 * that shows the break when diff gave one. Every text is escaped.
 */
export function changeRowMarkup(change, { tools = true } = {}) {
  const example = 'example' in change ? html`<code>${JSON.stringify(change.example)}</code>` : '';
  return html`<tr class="change change-${badgeOf(change.effect)}">
  ${tools ? html`<td class="change-tool" data-label="Tool">${change.tool}</td>` : ''}
  <td class="change-path" data-label="Path"><code>${change.path}</code></td>
  <td class="change-types" data-label="Before → after">${place(change.old)} → ${place(change.new)}</td>
  <td class="change-effect" data-label="Effect"><span class="badge badge-${badgeOf(change.effect)}">${change.effect}</span></td>
  <td class="change-why" data-label="Why">${change.why}</td>
  <td class="change-example" data-label="Example">${example}</td>
</tr>`;
}

/** The table of a diff's changes, a row each; the tool column only for lists of tools. */
export function changeTableMarkup(result) {
  const tools = result.changes.some((c) => c.tool !== '');
  return html`<table class="changes">
  <thead><tr>${tools ? html`<th scope="col">Tool</th>` : ''}<th scope="col">Path</th><th scope="col">Before → after</th><th scope="col">Effect</th><th scope="col">Why</th><th scope="col">Example</th></tr></thead>
  <tbody>${result.changes.map((c) => changeRowMarkup(c, { tools }))}</tbody>
</table>`;
}

/**
 * The error under one side's editor: the reason (a button that selects
 * its place in the editor whose textarea has the id `field`, when it has
 * one) and the hint.
 */
export function sideErrorMarkup(error, field) {
  const { at } = error;
  const where = at ? `line ${at.line}, column ${at.column}` : '';
  const item = issueItem({ kind: 'error', text: error.reason, at: at ? at.index : null, where, field });
  return html`<ol class="issues">${item}</ol>${error.hint ? html`<p class="hint">Hint: ${error.hint}</p>` : ''}`;
}
