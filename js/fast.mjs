// The JS side of the core's check table (src/checking/check_table.c,
// tsig_api_check_table): it tells, without a call into the core, that a JS
// value is one the core would accept as it is (valid, no warning, nothing
// to change), so that the value itself is the result. It decides nothing
// of its own: each node of the table becomes a closure that makes the
// plain checks the table names, and a node the table leaves to the core
// (0), a value it cannot place, or anything JSON would carry another way
// (a class instance, a toJSON method, own or inherited, undefined, NaN, a
// hole, a key out of the declared order, strings too long to be sure of
// the text's size) answers false, and the core judges the value as before.
// tests/js/fast.test.mjs runs every validate vector and random values
// through both and finds no value called clean that the core is not.

// How deep the closures follow a value: below a signature's own 64 levels
// and every depth limit a caller may set, so a value they accept is never
// refused by the core for its depth.
const FAST_DEPTH = 64;

const fastNever = () => false;

// A bound of the table ([number as written, exclusive] or null) as a test
// of a number, or undefined when the written number is not the shortest
// form of a double (then the double and the written number might compare
// differently, and the node is left to the core).
function fastBound(b, lower) {
  if (b === null) return null;
  const [text, exclusive] = b;
  const n = Number(text);
  if (!Number.isFinite(n) || String(n) !== text) return undefined;
  if (lower) return exclusive ? (x) => x > n : (x) => x >= n;
  return exclusive ? (x) => x < n : (x) => x <= n;
}

// A test of a measure (a number, a length) by the bounds lo and hi.
function fastRange(lo, hi) {
  const l = fastBound(lo, true);
  const h = fastBound(hi, false);
  if (l === undefined || h === undefined) return undefined;
  if (l && h) return (x) => l(x) && h(x);
  return l || h || null;
}

// An object JSON.stringify writes as its own keys: a plain one, with no
// toJSON (own, inherited or not enumerable), which would write another value.
const fastIsPlain = (v) => {
  const p = Object.getPrototypeOf(v);
  return (p === Object.prototype || p === null) && v.toJSON === undefined;
};

// A list JSON.stringify writes element by element.
const fastIsList = (v) => Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype && v.toJSON === undefined;

// The UTF-16 units of strings the closures may still pass in one call: a
// value whose strings are longer is the core's, which knows the size of the
// text (TSIG_MAX_INPUT) and the runtime's longest string.
const FAST_UNITS = 1 << 24;
let fastUnits = 0;
const fastFits = (s) => (fastUnits -= s.length) >= 0;

// Any value JSON carries as it is, d levels of nesting left.
function fastPlain(v, d) {
  switch (typeof v) {
    case 'string': return fastFits(v);
    case 'boolean': return true;
    case 'number': return Number.isFinite(v);
    case 'object': {
      if (v === null) return true;
      if (d <= 0) return false;
      if (Array.isArray(v)) {
        if (!fastIsList(v)) return false;
        for (let i = 0; i < v.length; i++) if (!fastPlain(v[i], d - 1)) return false;
        return true;
      }
      return fastPlainObject(v, d);
    }
    default: return false;
  }
}

function fastPlainObject(v, d) {
  if (d <= 0 || !fastIsPlain(v)) return false;
  for (const k of Object.keys(v)) if (!fastFits(k) || !fastPlain(v[k], d - 1)) return false;
  return true;
}

const SURROGATE = /[\uD800-\uDFFF]/;

function codePoints(s) {
  let n = 0;
  for (const _ of s) n += 1; // eslint-disable-line no-unused-vars
  return n;
}

// The closure (value, d) => clean? of one node.
function fastNode(t) {
  if (t === 0) return fastNever;
  switch (t[0]) {
    case 's': {
      const r = fastRange(t[1], t[2]);
      if (r === undefined) return fastNever;
      if (r === null) return (v) => typeof v === 'string' && fastFits(v);
      // the length in code points (a lone surrogate is one)
      return (v) => typeof v === 'string' && fastFits(v) && r(SURROGATE.test(v) ? codePoints(v) : v.length);
    }
    case 'i': {
      const r = fastRange(t[1], t[2]);
      if (r === undefined) return fastNever;
      // at 1e21 and up JSON.stringify writes an exponent
      return (v) => Number.isInteger(v) && v < 1e21 && v > -1e21 && (r === null || r(v));
    }
    case 'f': {
      const r = fastRange(t[1], t[2]);
      if (r === undefined) return fastNever;
      return (v) => typeof v === 'number' && Number.isFinite(v) && (r === null || r(v));
    }
    case 'b': return (v) => typeof v === 'boolean';
    case 'p': {
      const re = new RegExp(t[1]);
      return (v) => typeof v === 'string' && fastFits(v) && re.test(v);
    }
    case 'a': return fastPlain;
    case 'm': return (v, d) => typeof v === 'object' && v !== null && !Array.isArray(v) && fastPlainObject(v, d);
    case 'e': {
      const values = new Set(t[1]);
      return (v) => typeof v === 'string' && values.has(v);
    }
    case 'o': {
      const inner = fastNode(t[1]);
      return (v, d, strict) => v === null || inner(v, d, strict);
    }
    case 'l': {
      const elem = fastNode(t[1]);
      const r = fastRange(t[2], t[3]);
      if (r === undefined) return fastNever;
      return (v, d, strict) => {
        if (d <= 0 || !fastIsList(v)) return false;
        if (r !== null && !r(v.length)) return false;
        for (let i = 0; i < v.length; i++) if (!elem(v[i], d - 1, strict)) return false;
        return true;
      };
    }
    case 'r': return fastRecord(t[1], t[2]);
    default: return fastNever;
  }
}

// A typed map: its fields at most once each (an object has no key twice),
// in the declared order and before any other key (the core writes them so);
// a field required, or with a default (which the core fills), present.
// Another key is kept as it is, but in strict mode (an error) and where it
// names a field once folded as the core matches keys (folds: pairs of a
// byte and the byte it matches as, "-_", from the table).
function fastRecord(fields, folds) {
  const index = new Map();
  const checks = [];
  let needed = 0;
  fields.forEach(([name, t, flags], i) => {
    index.set(name, i);
    checks.push(fastNode(t));
    if (flags) needed += 1;
  });
  const flagsOf = fields.map((f) => f[2]);
  const names = fields.map((f) => f[0]);
  const fold = (k) => {
    for (let i = 0; i + 1 < folds.length; i += 2) k = k.replaceAll(folds[i], folds[i + 1]);
    return k;
  };
  const normalized = new Set(fields.map((f) => fold(f[0])));
  return (v, d, strict) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || d <= 0 || !fastIsPlain(v)) return false;
    let last = -1;
    let present = 0;
    let other = false;
    for (const k of Object.keys(v)) {
      // the next field, most often: no lookup
      const i = k === names[last + 1] ? last + 1 : index.get(k);
      if (i === undefined) {
        if (strict || !fastFits(k) || normalized.has(fold(k)) || !fastPlain(v[k], d - 1)) return false;
        other = true;
        continue;
      }
      if (i <= last || other) return false;
      last = i;
      const x = v[k];
      if (flagsOf[i]) {
        if (flagsOf[i] & 2 && x === null) return false;
        present += 1;
      }
      if (!checks[i](x, d - 1, strict)) return false;
    }
    return present === needed;
  };
}

/** The clean-value test of a check table: (value, depth, strict) => boolean. */
function fastChecker(table) {
  const check = fastNode(table);
  return (v, d, strict) => {
    fastUnits = FAST_UNITS;
    return check(v, d, strict);
  };
}

export { FAST_DEPTH, fastChecker };
