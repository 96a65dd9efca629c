// locate.mjs: where things are in the text of the playground's editors.
//
// This is editor work, not validation: toolsig has already judged the text
// and reported where each issue is (a UTF-16 index and a length in bytes);
// these functions only turn those into character ranges, and cut the text
// at them, so the page can mark and select them. Nothing here reads JSON.

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

/**
 * The range an issue of a validation result points at in the text it
 * judged, or null when it points at no place ('too_many', or no index):
 * {start, end, found}. A span of the text is its range (a repair, a value,
 * the key that came second); a position (length 0) is the word or the
 * character there (errorRange); the object that lacks a field is marked
 * at its first character, with found false.
 */
export function issueRange(text, issue) {
  if (issue.code === 'too_many' || typeof issue.index !== 'number') return null;
  if (issue.code === 'missing') {
    const [start] = spanRange(text, issue.index, issue.length);
    return { start, end: Math.min(start + 1, text.length), found: false };
  }
  const [start, end] = issue.length === 0
    ? errorRange(text, issue.index)
    : spanRange(text, issue.index, issue.length);
  return { start, end, found: true };
}

/**
 * The text cut at both ends of every mark, for drawing the marks over it
 * or in a copy of it. marks: [{start, end, ...}] in UTF-16 indexes, in any
 * order, overlapping or not; an index past the text is its end, and a mark
 * that ends before it starts is empty. Returns the pieces in the text's
 * order, [{start, end, marks, opens}], together covering the whole text:
 * marks are the marks that cover all of the piece (none: plain text),
 * opens those of them that start with it. The empty marks at a place make
 * an empty piece there, before the text that follows. Nothing is copied
 * from the text: the caller slices it.
 */
export function cutText(text, marks) {
  const at = (i) => Math.max(0, Math.min(Number.isFinite(i) ? i : 0, text.length));
  const placed = marks.map((mark) => {
    const start = at(mark.start);
    return { mark, start, end: Math.max(start, at(mark.end)) };
  });
  const cuts = new Set([0, text.length]);
  for (const p of placed) {
    cuts.add(p.start);
    cuts.add(p.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces = [];
  const piece = (a, b, on) => ({
    start: a,
    end: b,
    marks: on.map((p) => p.mark),
    opens: on.filter((p) => p.start === a).map((p) => p.mark),
  });
  for (let k = 0; k < points.length; k += 1) {
    const a = points[k];
    const empty = placed.filter((p) => p.start === a && p.end === a);
    if (empty.length) pieces.push(piece(a, a, empty));
    if (k + 1 === points.length) break;
    const b = points[k + 1];
    pieces.push(piece(a, b, placed.filter((p) => p.start <= a && p.end >= b && p.end > p.start)));
  }
  return pieces;
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
