// locate.mjs: where things are in the text of the playground's editors.
//
// This is editor work, not validation: toolsig has already judged the text
// and reported issues by path ("results[0].id") or by position (UTF-16
// index); these functions only turn those into character ranges so the page
// can underline and select them. They assume the JSON text is well formed
// (toolsig reports a path only for text it could read) and give up quietly,
// returning null, when it is not.

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

const WS = new Set([' ', '\t', '\n', '\r']);

// A small reader that records where each value is. Nodes:
// {start, end, kind: 'object'|'array'|'scalar', members?: [{key, keyStart, value}], items?: [node]}.
// Recursion is bounded by the depth toolsig accepts (at most 10000 levels).
class Reader {
  constructor(text) {
    this.text = text;
    this.i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.depth = 0;
  }

  ws() {
    while (this.i < this.text.length && WS.has(this.text[this.i])) this.i += 1;
  }

  fail() {
    throw new SyntaxError('not JSON');
  }

  string() {
    const start = this.i;
    this.i += 1;
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (c === '\\') this.i += 2;
      else if (c === '"') {
        this.i += 1;
        return JSON.parse(this.text.slice(start, this.i));
      } else this.i += 1;
    }
    return this.fail();
  }

  value() {
    this.ws();
    const start = this.i;
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      this.depth += 1;
      if (this.depth > 10000) this.fail();
      const node = c === '{' ? this.object(start) : this.array(start);
      this.depth -= 1;
      return node;
    }
    if (c === '"') {
      this.string();
    } else {
      while (this.i < this.text.length && !/[\s,\]}:]/.test(this.text[this.i])) this.i += 1;
      if (this.i === start) this.fail();
    }
    return { start, end: this.i, kind: 'scalar' };
  }

  object(start) {
    const members = [];
    this.i += 1;
    this.ws();
    if (this.text[this.i] === '}') {
      this.i += 1;
      return { start, end: this.i, kind: 'object', members };
    }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.fail();
      const keyStart = this.i;
      const key = this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail();
      this.i += 1;
      const value = this.value();
      members.push({ key, keyStart, value });
      this.ws();
      if (this.text[this.i] === ',') {
        this.i += 1;
        continue;
      }
      if (this.text[this.i] === '}') {
        this.i += 1;
        return { start, end: this.i, kind: 'object', members };
      }
      this.fail();
    }
  }

  array(start) {
    const items = [];
    this.i += 1;
    this.ws();
    if (this.text[this.i] === ']') {
      this.i += 1;
      return { start, end: this.i, kind: 'array', items };
    }
    for (;;) {
      items.push(this.value());
      this.ws();
      if (this.text[this.i] === ',') {
        this.i += 1;
        continue;
      }
      if (this.text[this.i] === ']') {
        this.i += 1;
        return { start, end: this.i, kind: 'array', items };
      }
      this.fail();
    }
  }
}

/** The position tree of JSON text, or null when it cannot be read. */
export function readPositions(text) {
  try {
    const reader = new Reader(text);
    const root = reader.value();
    return root;
  } catch {
    return null;
  }
}

// Keys match as toolsig matches them to fields: equal after "-" -> "_".
const norm = (key) => key.replaceAll('-', '_');

/**
 * The range of the place a path names, in the text the tree was read from:
 * {start, end, found}. An object member is its key through its value
 * ("\"id\": \"abc\""), a list element its value, the root the whole
 * document. A path that goes where the data has nothing (a missing field)
 * gives the deepest object or list that exists, with found false. With
 * `last`, a key present twice picks the later one (a duplicate key).
 */
export function locatePath(tree, segments, { last = false } = {}) {
  if (!tree) return null;
  let node = tree;
  let range = { start: tree.start, end: tree.end, found: true };
  for (const seg of segments) {
    if (typeof seg === 'number') {
      const item = node.kind === 'array' ? node.items[seg] : undefined;
      if (!item) return { start: node.start, end: node.end, found: false };
      node = item;
      range = { start: item.start, end: item.end, found: true };
    } else {
      if (node.kind !== 'object') return { start: node.start, end: node.end, found: false };
      const want = norm(seg);
      const matches = node.members.filter((m) => norm(m.key) === want);
      const member = last ? matches[matches.length - 1] : matches[0];
      if (!member) return { start: node.start, end: node.end, found: false };
      node = member.value;
      range = { start: member.keyStart, end: member.value.end, found: true };
    }
  }
  return range;
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
