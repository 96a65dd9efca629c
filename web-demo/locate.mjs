// locate.mjs: where things are in the text of the playground's editors.
//
// This is editor work, not validation: toolsig has already judged the text
// and reported where each issue is (a UTF-16 index and a length in bytes);
// these functions only turn those into character ranges so the page can
// underline and select them. Nothing here reads JSON.

// Characters of a signature type word or name, for the underline after an
// error's index.
const WORD = /[A-Za-z0-9_:?-]/;

/**
 * The range to underline for an error at `index` in `text`: the word
 * starting there (":list", "=>"), or one character, or, at the end of the
 * text, an empty range at the end (the page shows a marker there).
 * Returns [start, end] in UTF-16 indexes.
 */
export function errorRange(text, index) {
  const start = Math.max(0, Math.min(index ?? 0, text.length));
  if (start >= text.length) return [text.length, text.length];
  let end = start + 1;
  if (WORD.test(text[start])) {
    while (end < text.length && WORD.test(text[end])) end += 1;
  } else if (text.startsWith('=>', start) || text.startsWith('->', start) || text.startsWith('{{', start)) {
    end = start + 2;
  }
  return [start, end];
}

/**
 * The range of a template placeholder starting at `index` ("{{name}}"),
 * through its closing braces, or to the end of the line when unclosed.
 */
export function placeholderRange(text, index) {
  const start = Math.max(0, Math.min(index ?? 0, text.length));
  const close = text.indexOf('}}', start);
  const eol = text.indexOf('\n', start);
  let end;
  if (close >= 0 && (eol < 0 || close < eol)) end = close + 2;
  else end = eol >= 0 ? eol : text.length;
  if (text[end] === '}' && text.startsWith('{{{', start)) end += 1;
  return [start, Math.max(end, Math.min(start + 2, text.length))];
}

/**
 * The UTF-16 range of a span the core gave: `index` (UTF-16) where it
 * starts and `length` its bytes in UTF-8. Returns [start, end].
 */
export function spanRange(text, index, length) {
  const start = Math.max(0, Math.min(index ?? 0, text.length));
  let end = start;
  for (let bytes = 0; end < text.length && bytes < length; end += 1) {
    const c = text.charCodeAt(end);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && end + 1 < text.length) {
      bytes += 4;
      end += 1;
    } else bytes += 3;
  }
  return [start, end];
}

/** 1-based line and column (in UTF-16 units) of an index, for labels. */
export function lineColumn(text, index) {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}
