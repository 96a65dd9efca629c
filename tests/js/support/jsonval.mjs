// jsonval.mjs: a JSON reader for the tests that keeps what JSON.parse loses.
//
// The vector files decide a number's kind by its text (SPEC §3: an int iff
// the text has no ".", "e" or "E"), hold integers of 10 000 digits and
// strings with lone surrogates, and the order of object keys matters to some
// results (SPEC §4). This reader keeps all of it:
//
//   string        a JS string (lone surrogates kept as they are)
//   int, float    a JNum {kind: 'int' | 'float', text} (the text as written)
//   true, false   a JS boolean
//   null          null
//   array         a JS array of values
//   object        a JMap {entries: [[key, value], ...]} in document order
//                 (a repeated key is kept as a second entry)
//
// equal() compares two such values by the rules of the vectors README:
// kinds must match (an int never equals a float), ints exactly, floats as
// IEEE doubles, lists in order, maps without regard to key order;
// equalOrdered() also requires the same key order (and, asked for, lets an
// int stand for the float its text makes with ".0" appended: what the JS
// API leaves as written where validateInput's :float would write 42.0).
// equalJS() compares an
// expected value with what JSON.parse made of a result, where only what a JS
// value can carry is comparable (see its comment).
//
// The reader is iterative (an explicit stack), so 100 000-deep text does not
// overflow the JS stack.

/** A JSON number, kept as written. */
export class JNum {
  constructor(text) {
    this.text = text;
    this.kind = /[.eE]/.test(text) ? 'float' : 'int';
  }
}

/** A JSON object: its entries in document order. */
export class JMap {
  constructor(entries = []) {
    this.entries = entries;
  }

  /** The value of the last entry with this key (JSON.parse's answer), or undefined. */
  get(key) {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      if (this.entries[i][0] === key) return this.entries[i][1];
    }
    return undefined;
  }

  has(key) {
    return this.entries.some(([k]) => k === key);
  }

  keys() {
    return this.entries.map(([k]) => k);
  }
}

/** The kind of a value as SPEC §3 names it. */
export function kindOf(v) {
  if (v === null) return 'nil';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof JNum) return v.kind;
  if (Array.isArray(v)) return 'list';
  if (v instanceof JMap) return 'map';
  throw new TypeError(`not a JSON value: ${typeof v}`);
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * Reads JSON text (RFC 8259, no byte-order mark) into the values above.
 * Throws a SyntaxError naming the UTF-16 index of the first bad character.
 */
export function parse(text) {
  let i = 0;
  const n = text.length;
  const fail = (what) => {
    throw new SyntaxError(`JSON: ${what} at index ${i}`);
  };
  const skipWs = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const readString = () => {
    // text[i] is the opening quote.
    i++;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in string');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      const e = text[i + 1];
      const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        fail('bad escape');
      }
      start = i;
    }
  };
  const readScalar = () => {
    const c = text[i];
    if (c === '"') return readString();
    if (text.startsWith('true', i)) { i += 4; return true; }
    if (text.startsWith('false', i)) { i += 5; return false; }
    if (text.startsWith('null', i)) { i += 4; return null; }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) fail('expected a value');
    i += m[0].length;
    return new JNum(m[0]);
  };

  // Each open container on the stack: {value, key} (key: the pending key of a map).
  const stack = [];
  let root;
  let done = false;
  const attach = (v) => {
    if (stack.length === 0) {
      root = v;
      done = true;
      return;
    }
    const top = stack[stack.length - 1];
    if (Array.isArray(top.value)) top.value.push(v);
    else top.value.entries.push([top.key, v]);
  };

  skipWs();
  while (!done) {
    skipWs();
    const top = stack[stack.length - 1];
    // Inside a map, a key (or the end) comes first.
    if (top && top.value instanceof JMap && top.needKey) {
      if (text[i] === '}' && top.value.entries.length === 0 && !top.afterComma) {
        i++;
        stack.pop();
        attach(top.value);
        if (!done) afterValue();
        continue;
      }
      if (text[i] !== '"') fail('expected a key');
      top.key = readString();
      skipWs();
      if (text[i] !== ':') fail('expected ":"');
      i++;
      top.needKey = false;
      continue;
    }
    if (top && Array.isArray(top.value) && top.value.length === 0 && !top.afterComma && text[i] === ']') {
      i++;
      stack.pop();
      attach(top.value);
      if (!done) afterValue();
      continue;
    }
    if (i >= n) fail('unexpected end');
    const c = text[i];
    if (c === '[') {
      i++;
      stack.push({ value: [], afterComma: false });
      continue;
    }
    if (c === '{') {
      i++;
      stack.push({ value: new JMap(), needKey: true, afterComma: false, key: null });
      continue;
    }
    attach(readScalar());
    if (!done) afterValue();
  }
  skipWs();
  if (i !== n) fail('text after the value');
  return root;

  // After a value inside a container: "," continues it, "]" / "}" closes it
  // (and then the closed container is itself a value of its parent).
  function afterValue() {
    for (;;) {
      skipWs();
      const top = stack[stack.length - 1];
      const isList = Array.isArray(top.value);
      if (text[i] === ',') {
        i++;
        top.afterComma = true;
        if (!isList) top.needKey = true;
        return;
      }
      if (text[i] === (isList ? ']' : '}')) {
        i++;
        stack.pop();
        attach(top.value);
        if (done) return;
        continue;
      }
      fail(isList ? 'expected "," or "]"' : 'expected "," or "}"');
    }
  }
}

/** JSON text of a value, numbers as written and keys in order (compact). */
export function stringify(v) {
  if (v === null) return 'null';
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  if (v instanceof JNum) return v.text;
  if (Array.isArray(v)) return `[${v.map(stringify).join(',')}]`;
  if (v instanceof JMap) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${stringify(x)}`).join(',')}}`;
  throw new TypeError(`not a JSON value: ${typeof v}`);
}

/** The JS value JSON.parse would make of this value (numbers rounded to doubles). */
export function toJS(v) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof JNum) return Number(v.text);
  if (Array.isArray(v)) return v.map(toJS);
  if (v instanceof JMap) {
    const o = {};
    for (const [k, x] of v.entries) {
      // Plain assignment would call the __proto__ setter; JSON.parse defines.
      Object.defineProperty(o, k, { value: toJS(x), enumerable: true, writable: true, configurable: true });
    }
    return o;
  }
  throw new TypeError(`not a JSON value: ${typeof v}`);
}

/**
 * True when JSON.parse(stringify(v)) then JSON.stringify gives back the same
 * value by equal(): every number keeps its kind and digits through a double,
 * and no key repeats. Such a value can be given to the JS API as a JS value.
 */
export function survivesJS(v) {
  if (v instanceof JNum) {
    const d = Number(v.text);
    if (!Number.isFinite(d)) return false;
    // JSON.stringify writes an integral double without "." and big ones with "e+".
    const back = JSON.stringify(d);
    return equal(v, new JNum(back));
  }
  if (Array.isArray(v)) return v.every(survivesJS);
  if (v instanceof JMap) {
    return new Set(v.keys()).size === v.entries.length && v.entries.every(([, x]) => survivesJS(x));
  }
  return true;
}

function numEqual(a, b) {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'int') return BigInt(a.text) === BigInt(b.text);
  return Number(a.text) === Number(b.text);
}

function mapLookup(m) {
  const byKey = new Map(m.entries);
  return byKey.size === m.entries.length ? byKey : null;
}

function eq(a, b, ordered, intForFloat) {
  const ka = kindOf(a);
  if (intForFloat && ka === 'float' && kindOf(b) === 'int') return a.text === `${b.text}.0`;
  if (ka !== kindOf(b)) return false;
  switch (ka) {
    case 'nil': return true;
    case 'string':
    case 'bool': return a === b;
    case 'int':
    case 'float': return numEqual(a, b);
    case 'list': return a.length === b.length && a.every((x, i) => eq(x, b[i], ordered, intForFloat));
    default: {
      if (a.entries.length !== b.entries.length) return false;
      const la = mapLookup(a);
      const lb = mapLookup(b);
      if (ordered || !la || !lb) {
        // Ordered, or a map with a repeated key: entry by entry.
        return a.entries.every(([k, x], i) => k === b.entries[i][0] && eq(x, b.entries[i][1], ordered, intForFloat));
      }
      for (const [k, x] of la) {
        if (!lb.has(k) || !eq(x, lb.get(k), ordered, intForFloat)) return false;
      }
      return true;
    }
  }
}

/** Equality of the vectors README: kinds match, maps unordered. */
export function equal(a, b) {
  return eq(a, b, false, false);
}

/**
 * As equal(), and every map has its keys in the same order. With
 * {intForFloat: true}, an int in actual b also matches a float in expected
 * a that is its text with ".0" appended (42 for 42.0, nothing else).
 */
export function equalOrdered(a, b, { intForFloat = false } = {}) {
  return eq(a, b, true, intForFloat);
}

/**
 * Compares an expected value with a JS value that came out of JSON.parse.
 * JS has one number type, so a number matches when the expected text read as
 * a double is the same double (1.0 matches 1; a 30-digit int matches its
 * rounded double); kinds are otherwise as in equal(), with key order
 * checked too when ordered. The exact kind and digits of numbers are
 * checked on JSON text with equal(), not here.
 */
export function equalJS(expected, actual, { ordered = false } = {}) {
  const k = kindOf(expected);
  switch (k) {
    case 'nil': return actual === null;
    case 'string': return actual === expected;
    case 'bool': return actual === expected;
    case 'int':
    case 'float': return typeof actual === 'number' && Number(expected.text) === actual;
    case 'list':
      return Array.isArray(actual) && actual.length === expected.length &&
        expected.every((x, i) => equalJS(x, actual[i], { ordered }));
    default: {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
      const keys = Object.keys(actual);
      const lookup = mapLookup(expected);
      if (!lookup || keys.length !== lookup.size) return false;
      if (ordered && !expected.entries.every(([key], i) => keys[i] === key)) return false;
      for (const [key, x] of lookup) {
        if (!Object.prototype.hasOwnProperty.call(actual, key) || !equalJS(x, actual[key], { ordered })) return false;
      }
      return true;
    }
  }
}

/** Short text of a value for assertion messages (cut at 300 characters). */
export function show(v) {
  let s;
  try {
    s = v instanceof JNum || v instanceof JMap || Array.isArray(v) ? stringify(v) : JSON.stringify(v);
  } catch {
    s = String(v);
  }
  if (s === undefined) s = String(v);
  return s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s;
}

/**
 * Reads a vector file (a JSON array of records) into plain objects whose
 * fields are values of this reader: rec.sig is a string, rec.data a JNum,
 * JMap, ... as written.
 */
export function readRecords(text) {
  const all = parse(text);
  if (!Array.isArray(all)) throw new TypeError('a vector file is a JSON array');
  return all.map((r) => {
    if (!(r instanceof JMap)) throw new TypeError('a vector record is a JSON object');
    return Object.fromEntries(r.entries);
  });
}
