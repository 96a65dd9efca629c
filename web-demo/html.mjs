// html.mjs: markup for the lists the Import and Compare views show, written
// as text in which every value is escaped.
//
// html`<td>${text}</td>` escapes each value it is given (& < > " '), so a
// value is text wherever it lands: between tags or inside a quoted
// attribute. Only markup made by html`` itself goes in as it is (nested
// rows, lists of them). setMarkup is the one place such markup enters the
// page, and it takes nothing else: a plain string is refused, so text a
// person typed cannot reach innerHTML without passing through html``.
// Values go between tags or into quoted attributes, never into a tag or
// attribute name.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text with the five characters that mean something in HTML escaped. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Markup made by html``: its text is safe to parse as HTML.
class Markup {
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

// One interpolated value as markup: markup as it is, a list joined,
// nothing for null, undefined and false, anything else escaped.
function part(value) {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value == null || value === false) return '';
  return escapeHtml(value);
}

/** The tag of a template literal: markup with every value escaped. */
export function html(strings, ...values) {
  let text = strings[0];
  for (let k = 0; k < values.length; k += 1) text += part(values[k]) + strings[k + 1];
  return new Markup(text);
}

/** True for markup made by html``. */
export function isMarkup(value) {
  return value instanceof Markup;
}

/** Replaces the children of `node` with markup made by html``; throws on anything else. */
export function setMarkup(node, markup) {
  if (!(markup instanceof Markup)) throw new TypeError('setMarkup takes markup made by html``');
  node.innerHTML = markup.text;
}

/**
 * One entry of an issue list, as playground.mjs draws the data pane's:
 * a badge of its kind ('error' or 'warning') and its text; with a place
 * (`at`, the UTF-16 index the core gave, and `where`, its line and column
 * in words) it is a button the page answers by selecting that place in
 * the editor whose textarea has the id `field`.
 */
export function issueItem({ kind, text, at = null, where = '', field = '' }) {
  const content = html`<span class="badge badge-${kind}">${kind}</span> <span class="issue-text">${text}</span>`;
  if (at === null) return html`<li class="issue issue-${kind}">${content}</li>`;
  return html`<li class="issue issue-${kind}"><button type="button" class="issue-link" data-field="${field}" data-at="${at}" title="${where}">${content}<span class="visually-hidden"> (${where})</span></button></li>`;
}
