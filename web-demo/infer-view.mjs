// infer-view.mjs: the Infer view: sample JSON values (an API's responses,
// say) and the signature every one of them validates against.
//
// infer, of the package's toolsig/publish entry, writes the signature: it
// merges the samples and decides what is optional, a union, a map keyed by
// data or an enum (README, "Writing a signature from real values"). This
// module only cuts the pasted text into samples, in one of the ways of
// SAMPLE_SPLITS, and draws the answer. JSON.parse cuts it; where the
// engine gives a parsed number's source text (JSON.parse with source,
// JSON.rawJSON), a number whose text JSON.stringify would change (10.0,
// 1e3, 1e400) is given to infer as written, so the core sees the samples
// as pasted: 10.0 is a float to it, as to `toolsig infer`.
import { html, issueItem } from './html.mjs';

/** The ways the pasted text holds samples: id (in the state and the page) and label. */
export const SAMPLE_SPLITS = Object.freeze([
  Object.freeze({ id: 'lines', label: 'one JSON value per sample, one per line (JSON Lines)' }),
  Object.freeze({ id: 'list', label: 'a JSON list: each element is a sample' }),
  Object.freeze({ id: 'one', label: 'one value: the only sample' }),
]);

export const SPLIT_IDS = Object.freeze(SAMPLE_SPLITS.map((s) => s.id));

// True where JSON.parse hands a reviver the source text of what it read
// and JSON.rawJSON writes a number back as that text.
const KEEPS_NUMBER_TEXT = (() => {
  if (typeof JSON.rawJSON !== 'function') return false;
  try {
    return JSON.parse('1.0', (key, value, context) => context?.source) === '1.0';
  } catch {
    return false;
  }
})();

function keepNumberText(key, value, context) {
  if (typeof value !== 'number' || typeof context?.source !== 'string') return value;
  return context.source === JSON.stringify(value) ? value : JSON.rawJSON(context.source);
}

/**
 * One JSON text read as a sample. Numbers keep the text they were
 * written with where the engine can (see above) and `keep` is not false.
 * Throws JSON.parse's SyntaxError.
 */
export function readSample(text, { keep = true } = {}) {
  return keep && KEEPS_NUMBER_TEXT ? JSON.parse(text, keepNumberText) : JSON.parse(text);
}

// The place a JSON.parse message gives in the text it read: V8 writes
// "at position N" (a UTF-16 index), Firefox "at line L column C". Returns
// the index, or null when the message gives none (V8's "Unexpected end
// of JSON input", or its 'Unexpected token "}", "{"a":}" is not valid
// JSON'): no place is guessed.
function indexInMessage(message, text) {
  const position = /\bat position (\d+)/.exec(message);
  if (position) return Math.min(Number(position[1]), text.length);
  const place = /\bat line (\d+) column (\d+)/.exec(message);
  if (!place) return null;
  let start = 0;
  for (let line = 1; line < Number(place[1]); line += 1) {
    const eol = text.indexOf('\n', start);
    if (eol < 0) return null;
    start = eol + 1;
  }
  return Math.min(start + Number(place[2]) - 1, text.length);
}

// Line and column (1-based, UTF-16) of an index in text.
function lineColumnOf(text, index) {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - (before.lastIndexOf('\n') + 1) + 1 };
}

// The error of a text that is not JSON: the engine's message, the place
// (index, line, column) when it is known, and the range to mark: the
// character at the place, else the line when only the line is known.
function parseFailure(e, full, offset, line) {
  const local = indexInMessage(e.message, full.slice(offset, line.end));
  if (local === null) {
    return line.number === null
      ? { reason: e.message, index: null, line: null, column: null, range: null }
      : { reason: e.message, index: offset, line: line.number, column: null, range: [offset, line.end] };
  }
  const index = offset + local;
  const at = lineColumnOf(full, index);
  return { reason: e.message, index, line: at.line, column: at.column, range: null };
}

/**
 * The samples in a pasted text held the way `split` says (an id of
 * SAMPLE_SPLITS): {kind: 'empty'} for blank text; {kind: 'samples',
 * samples}, what is given to infer (for 'list', the value as it is, a
 * list or not: infer says when it is not); or {kind: 'error', error: {reason (the
 * engine's message), index, line, column, range}} for text that is not
 * JSON. JSON Lines skip blank lines and always know the line of an error;
 * the column, and the line of a whole text, only when the engine's
 * message gives the position (index, else null). range is [start, end]
 * of the line to mark when only the line is known, else null.
 */
export function splitSamples(text, split, options) {
  if (text.trim() === '') return { kind: 'empty' };
  if (split === 'lines') {
    const samples = [];
    let start = 0;
    for (let number = 1; start <= text.length; number += 1) {
      const eol = text.indexOf('\n', start);
      const end = eol < 0 ? text.length : eol;
      const line = text.slice(start, end);
      if (line.trim() !== '') {
        try {
          samples.push(readSample(line, options));
        } catch (e) {
          if (!(e instanceof SyntaxError)) throw e;
          return { kind: 'error', error: parseFailure(e, text, start, { number, end }) };
        }
      }
      start = end + 1;
    }
    return { kind: 'samples', samples };
  }
  let value;
  try {
    value = readSample(text, options);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return { kind: 'error', error: parseFailure(e, text, 0, { number: null, end: text.length }) };
  }
  return { kind: 'samples', samples: split === 'one' ? [value] : value };
}

/** The enums option of the number field's text: 0 for none (''), else the number as typed. */
export function enumsOf(text) {
  return text.trim() === '' ? 0 : Number(text);
}

/**
 * What the view shows for a pasted text: {kind ('empty', 'parse', 'infer',
 * 'ok'), count (the samples given to infer, or null), signature (infer's
 * canonical text, or null), error (a parse error as splitSamples gives
 * it, or {reason, hint (or null)} of what infer threw: a TypeError for a
 * value that is not a list or an option it refuses, an Error for no
 * sample, a RangeError for a sample nested too deeply), or null}.
 * publish is toolsig/publish (its infer); enumsText the number field's
 * text; options go to readSample. Anything infer throws that is not an
 * Error is thrown.
 */
export function inferPasted(publish, text, split, enumsText, options) {
  const cut = splitSamples(text, split, options);
  if (cut.kind === 'empty') return { kind: 'empty', count: null, signature: null, error: null };
  if (cut.kind === 'error') return { kind: 'parse', count: null, signature: null, error: cut.error };
  const { samples } = cut;
  const count = Array.isArray(samples) ? samples.length : null;
  try {
    return { kind: 'ok', count, signature: publish.infer(samples, { enums: enumsOf(enumsText) }), error: null };
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    const hint = count === null ? 'The text is one value, not a list: choose "one value: the only sample" to infer from it.' : null;
    return { kind: 'infer', count, signature: null, error: { reason: e.message, hint } };
  }
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The status line of an inference: {kind ('ok', 'error', 'idle'), text}. */
export function inferSummary(inferred) {
  const { kind, count, error } = inferred;
  if (kind === 'empty') return { kind: 'idle', text: 'Paste sample values: one per line, a JSON list of them, or one value.' };
  if (kind === 'parse') {
    const where = error.line === null ? '' : error.column === null ? ` at line ${error.line}` : ` at line ${error.line}, column ${error.column}`;
    return { kind: 'error', text: `No signature: the text is not JSON${where}.` };
  }
  if (kind === 'infer') return { kind: 'error', text: 'No signature: toolsig cannot infer one from these samples.' };
  return { kind: 'ok', text: `${plural(count, 'sample')}: each validates against this signature.` };
}

/**
 * The error of an inference, as a list under the editor: the reason (a
 * button that selects its place in the editor whose textarea has the id
 * `field`, when it has one) and the hint. Every text is escaped.
 */
export function inferErrorMarkup(error, field) {
  if (!error) return html``;
  const where = error.line === undefined || error.line === null ? ''
    : error.column === null ? `line ${error.line}` : `line ${error.line}, column ${error.column}`;
  const at = where ? error.index : null;
  const item = issueItem({ kind: 'error', text: error.reason, at, where, field });
  return html`<ol class="issues">${item}</ol>${error.hint ? html`<p class="hint">Hint: ${error.hint}</p>` : ''}`;
}
