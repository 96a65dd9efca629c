// The JSON Schemas the JS API produces, checked by real validators: every
// schema of every valid signature of parse.json (return type and
// parameters, normal and strict) compiles in Ajv (draft 2020-12 and
// draft-07, strict mode, ajv-formats for date-time); the strict ones follow
// OpenAI's strict structured-output rules, with the exceptions SPEC §9
// forces named; and a differential check: for sample values built from each
// signature, the signature and Ajv with its schema accept the same values,
// with every disagreement explained.
//
// Ajv options: strict mode is on (strictSchema, strictTypes, strictTuples,
// strictRequired), plus allowUnionTypes, because SPEC §9 writes nullable
// primitives as a type array ("type": ["string", "null"]), which is standard
// JSON Schema that Ajv's strictTypes only allows when asked.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv07 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Signature } from 'toolsig';
import { readRecords } from './support/jsonval.mjs';
import { vectorsDir } from './support/env.mjs';


// ------------------------------------------------------------ AST helpers
//
// Types of the AST as JSON (SPEC §2, §11.2): a primitive's name,
// {optional}, {list}, {map: [[name, T] | [name, T, {default,
// description}] | ["*", T]]}, {enum: [...]}, {union: [...]} and a refined
// type {refined: T, ge|gt|le|lt}.

const isObj = (t) => typeof t === 'object' && t !== null;
const has = (t, k) => isObj(t) && k in t;
/** The declared fields of a {map} node: [name, T] pairs without "*". */
const fieldsOf = (t) => t.map.filter(([k]) => k !== '*').map(([k, x]) => [k, x]);
/** The T of a map's "* T" entry, or undefined. */
const extraOf = (t) => (t.map.find(([k]) => k === '*') || [])[1];
/** The [name, T, meta] entries of a map with a default. */
const defaultedOf = (t) => new Set(t.map.filter(([k, , m]) => k !== '*' && m && 'default' in m).map(([k]) => k));
/** A refined node's base, or the node itself. */
const base = (t) => (has(t, 'refined') ? t.refined : t);

const AJV_OPTIONS = { strict: true, allowUnionTypes: true, allErrors: true };

function makeAjv(Ajv) {
  const ajv = new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

const validators = [['draft 2020-12', makeAjv(Ajv2020)], ['draft-07', makeAjv(Ajv07)]];

/** The signatures of every valid record of parse.json, each once. */
const signatures = [...new Set(readRecords(readFileSync(join(vectorsDir, 'parse.json'), 'utf8'))
  .filter((r) => r.ok)
  .map((r) => r.canonical))];

// The signatures above, plus ones that reach every rule of SPEC §9 together.
const EXTRA = [
  '(a :keyword?, b [:int]?, c {x :datetime}?, d :any?, e :map?, f-g :float) -> [{id :int, t :datetime?, m :map?, l [:any]?, k {z :bool}?}]',
  '(q :string) -> {rows [{id :int, tags [:keyword], meta :map, raw :any, when :datetime?}]?, total :int}',
  ':datetime?',
  '[[{a :int?}]?]',
  '{a {b {c {d {e {f {g {h {i {j {k :int}}}}}}}}}}}',
];
const ALL = [...signatures, ...EXTRA];

// ---------------------------------------------------------------- compiles

function schemasOf(sig) {
  return [
    ['toJsonSchema()', sig.toJsonSchema()],
    ['toJsonSchema({strict})', sig.toJsonSchema({ strict: true })],
    ['toolParametersSchema()', sig.toolParametersSchema()],
    ['toolParametersSchema({strict})', sig.toolParametersSchema({ strict: true })],
  ];
}

test('parse.json gives signatures to check', () => {
  assert.ok(signatures.length >= 50, `${signatures.length} signatures`);
});

describe('every schema compiles in Ajv 2020-12 and draft-07 (strict mode)', () => {
  for (const text of ALL) {
    test(text, () => {
      const sig = Signature.parse(text);
      try {
        for (const [what, schema] of schemasOf(sig)) {
          for (const [draft, ajv] of validators) {
            assert.doesNotThrow(() => ajv.compile(schema), `${what} in ${draft}: ${JSON.stringify(schema)}`);
          }
        }
      } finally {
        sig.free();
      }
    });
  }
});

// ----------------------------------------------------- OpenAI strict rules
//
// Rules checked on every strict schema (OpenAI "Structured Outputs",
// supported subset of JSON Schema):
//   root       the root is an object schema ("type": "object")
//   closed     every object with properties has additionalProperties: false
//   required   every property of such an object is in required
//   nullable   a field that is optional in the signature accepts null
//   keywords   only type, properties, required, additionalProperties, items,
//              anyOf and format appear; format is only "date-time"
//   typed      every schema has a type or an anyOf
//   anyOf      anyOf is never at the root
//   depth      at most 10 levels of nested objects
// Exceptions SPEC §9 forces (each is asserted to be what it is):
//   - a return type that is neither a typed map nor a list has its own
//     schema at the root (":int" is {"type":"integer"}, ":any" is {},
//     ":map" is {"type":"object"}, an optional map is an anyOf with null);
//     only lists are wrapped in {items}.
//   - ":any" is {} (no type), ":any?" is {} too.
//   - ":map" is {"type":"object"} with no properties and no
//     additionalProperties (any object is allowed).
//   - a signature may nest up to 64 levels: deeper than 10 stays deeper.

// SPEC §11.5 keeps in strict schemas what OpenAI's strict mode supports:
// enum, description, the numeric bounds and minItems / maxItems.
const ALLOWED = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'format',
  'enum', 'description', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems']);

function isAnySchema(s) {
  return Object.keys(s).length === 0;
}

function isMapSchema(s) {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.includes('object') && !('properties' in s) && Object.keys(s).every((k) => k === 'type');
}

function acceptsNull(s) {
  if (isAnySchema(s)) return true;
  if (Array.isArray(s.type)) return s.type.includes('null');
  return Array.isArray(s.anyOf) && s.anyOf.some((x) => x.type === 'null');
}

/** The schema of the non-null branch of a nullable schema (or the schema). */
function nonNull(s) {
  if (Array.isArray(s.anyOf)) return s.anyOf.find((x) => x.type !== 'null');
  return s;
}

/** Violations of the generic rules anywhere in the schema, as strings. */
function ruleViolations(schema) {
  const out = [];
  const walk = (s, where, objectDepth) => {
    for (const k of Object.keys(s)) if (!ALLOWED.has(k)) out.push(`${where}: keyword ${k}`);
    if ('format' in s && s.format !== 'date-time') out.push(`${where}: format ${s.format}`);
    if (!('type' in s) && !('anyOf' in s) && !('enum' in s) && !isAnySchema(s)) out.push(`${where}: no type`);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('object')) {
      if ('properties' in s) {
        if (s.additionalProperties !== false) out.push(`${where}: additionalProperties is not false`);
        const keys = Object.keys(s.properties);
        if (JSON.stringify(s.required) !== JSON.stringify(keys)) {
          out.push(`${where}: required ${JSON.stringify(s.required)} is not every property ${JSON.stringify(keys)}`);
        }
        if (objectDepth + 1 > 10) out.push(`${where}: nested objects deeper than 10`);
        for (const [k, x] of Object.entries(s.properties)) walk(x, `${where}/properties/${k}`, objectDepth + 1);
      } else if (!isMapSchema(s)) {
        out.push(`${where}: an object schema that is neither closed nor :map`);
      }
    }
    if (types.includes('array')) {
      if (!('items' in s)) out.push(`${where}: array without items`);
      else walk(s.items, `${where}/items`, objectDepth);
    }
    if ('anyOf' in s) {
      if (where === '#') out.push('#: anyOf at the root');
      s.anyOf.forEach((x, i) => walk(x, `${where}/anyOf/${i}`, objectDepth));
    }
  };
  walk(schema, '#', 0);
  return out;
}

/** The nesting of typed maps in a type of the AST. */
function mapDepth(t) {
  if (typeof t === 'string' || 'enum' in t) return 0;
  if ('refined' in t) return mapDepth(t.refined);
  if ('union' in t) return Math.max(0, ...t.union.map(mapDepth));
  if ('optional' in t) return mapDepth(t.optional);
  if ('list' in t) return mapDepth(t.list);
  return 1 + Math.max(0, ...t.map.map(([, x]) => mapDepth(x)));
}

/** Walks an AST type and its schema together: optional fields must accept null. */
function nullableViolations(t, s, where, out) {
  if (typeof t === 'string' || 'enum' in t || 'union' in t) return;
  if ('refined' in t) {
    nullableViolations(t.refined, s, where, out);
  } else if ('optional' in t) {
    if (!acceptsNull(s)) out.push(`${where}: optional type does not accept null`);
    nullableViolations(t.optional, nonNull(s), where, out);
  } else if ('list' in t) {
    nullableViolations(t.list, s.items, `${where}/items`, out);
  } else {
    // A map with "* T" is exported as :map in strict mode (SPEC §11.6).
    if (extraOf(t)) return;
    s = nonNull(s);
    for (const [name, x] of fieldsOf(t)) {
      const p = s.properties && s.properties[name];
      if (!p) {
        out.push(`${where}: no property ${name}`);
        continue;
      }
      nullableViolations(x, p, `${where}/properties/${name}`, out);
    }
  }
}

/** The violations a strict schema may have because SPEC §9 says so. */
function forcedExceptions(returns) {
  const allowed = [];
  const inner = typeof returns === 'object' && 'optional' in returns ? returns.optional : returns;
  const rootIsTypedMap = typeof returns === 'object' && 'map' in returns && !extraOf(returns);
  const rootIsList = typeof inner === 'object' && 'list' in inner;
  if (!rootIsTypedMap && !rootIsList) allowed.push('#: the root is not an object schema', '#: anyOf at the root');
  if (mapDepth(returns) + (rootIsList ? 1 : 0) > 10) allowed.push('nested objects deeper than 10');
  return allowed;
}

describe('strict schemas follow OpenAI strict structured outputs', () => {
  for (const text of ALL) {
    test(text, () => {
      const sig = Signature.parse(text);
      try {
        const { returns, params } = sig.ast;
        // The return type.
        const out = sig.toJsonSchema({ strict: true });
        const v = ruleViolations(out);
        const rootIsObject = out.type === 'object';
        if (!rootIsObject) v.push('#: the root is not an object schema');
        const allowed = forcedExceptions(returns);
        const unexplained = v.filter((x) => !allowed.some((a) => x === a || x.endsWith(a)));
        assert.deepEqual(unexplained, [], `toJsonSchema({strict}) of ${text}: ${JSON.stringify(out)}`);
        const list = sig.returnsList;
        const nulls = [];
        nullableViolations(returns, list ? out.properties.items : out, '#', nulls);
        assert.deepEqual(nulls, []);
        // A list is wrapped; only the forced exceptions leave the root bare.
        if (list) assert.deepEqual(out.required, ['items']);
        if (!rootIsObject) {
          assert.ok(isAnySchema(out) || isMapSchema(out) || typeof returns === 'string' || 'optional' in returns ||
            'enum' in returns || 'union' in returns || 'refined' in returns || extraOf(returns),
            `a bare root is a scalar, :any, :map or optional: ${JSON.stringify(out)}`);
        }
        // The parameters: always an object at the root.
        const ps = sig.toolParametersSchema({ strict: true });
        const pv = ruleViolations(ps).filter((x) => !x.endsWith('nested objects deeper than 10') ||
          Math.max(0, ...params.map(([, t]) => mapDepth(t))) + 1 <= 10);
        assert.deepEqual(pv, [], `toolParametersSchema({strict}) of ${text}: ${JSON.stringify(ps)}`);
        assert.equal(ps.type, 'object');
        const pnulls = [];
        nullableViolations({ map: params }, ps, '#', pnulls);
        assert.deepEqual(pnulls, []);
      } finally {
        sig.free();
      }
    });
  }
});

test('the rule checker flags what OpenAI strict mode rejects', () => {
  const closed = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], additionalProperties: false };
  assert.deepEqual(ruleViolations(closed), []);
  assert.deepEqual(ruleViolations({ ...closed, additionalProperties: true }), ['#: additionalProperties is not false']);
  assert.deepEqual(ruleViolations({ ...closed, required: [] }), ['#: required [] is not every property ["a"]']);
  assert.deepEqual(ruleViolations({ ...closed, properties: { a: { type: 'string', format: 'email' } } }), ['#/properties/a: format email']);
  assert.deepEqual(ruleViolations({ ...closed, properties: { a: { type: 'string', minLength: 1 } } }), ['#/properties/a: keyword minLength']);
  assert.deepEqual(ruleViolations({ ...closed, properties: { a: { type: 'integer', default: 1 } } }), ['#/properties/a: keyword default']);
  assert.deepEqual(ruleViolations({ type: 'array' }), ['#: array without items']);
  assert.deepEqual(ruleViolations({ anyOf: [closed, { type: 'null' }] }), ['#: anyOf at the root']);
  assert.deepEqual(ruleViolations({ type: 'object', properties: {}, required: [], additionalProperties: false, title: 'x' }),
    ['#: keyword title']);
  const out = [];
  nullableViolations({ map: [['a', { optional: 'int' }]] }, closed, '#', out);
  assert.deepEqual(out, ['#/properties/a: optional type does not accept null']);
});

test('the forced exceptions are exactly what SPEC §9 writes', () => {
  const schema = (t) => {
    const sig = Signature.parse(t);
    try {
      return sig.toJsonSchema({ strict: true });
    } finally {
      sig.free();
    }
  };
  assert.deepEqual(schema(':any'), {});
  assert.deepEqual(schema(':any?'), {});
  assert.deepEqual(schema(':map'), { type: 'object' });
  assert.deepEqual(schema(':map?'), { type: ['object', 'null'] });
  assert.deepEqual(schema(':int'), { type: 'integer' });
  assert.deepEqual(schema('{a :int}?'), {
    anyOf: [{ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], additionalProperties: false }, { type: 'null' }],
  });
});

// ------------------------------------------------------------ differential

const DATETIMES = [
  '2026-05-03T09:14:00Z', '2026-05-03t09:14:00z', '2026-05-03T09:14:00.123456789+02:00', '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-05-03T23:59:60Z', '2026-05-03T09:14Z', '2026-05-03 09:14:00Z',
  '2026-05-03T09:14:00', '2026-05-03T24:00:00Z', '2026-05-03T09:14:00+2:00', '2026-05-03T09:14:00-00:00',
  '9999-12-31T23:59:59.999Z', '2026-13-03T09:14:00Z', '2026-05-03T09:14:00.Z', 'yesterday',
];
const BAD = [null, 'x', 'not a keyword!', 7, -2, 1.5, true, [], {}, { k: 1 }, [1, 'a']];

/** A number inside a refined node's bounds (int: an integer). */
function inRange(t, int) {
  const lo = t.ge ?? (t.gt !== undefined ? t.gt + (int ? 1 : 0.5) : undefined);
  const hi = t.le ?? (t.lt !== undefined ? t.lt - (int ? 1 : 0.5) : undefined);
  let v = lo !== undefined ? lo : hi !== undefined ? Math.min(hi, 3) : 3;
  if (int) v = lo !== undefined ? Math.ceil(v) : Math.floor(v);
  if (hi !== undefined && v > hi) v = int ? Math.floor(hi) : hi;
  if (lo !== undefined && t.gt !== undefined && v <= t.gt) v = int ? Math.floor(t.gt) + 1 : (t.gt + (hi ?? t.gt + 1)) / 2;
  if (t.lt !== undefined && v >= t.lt) v = int ? Math.ceil(t.lt) - 1 : ((lo ?? t.lt - 1) + t.lt) / 2;
  return v;
}

/** A count (length) inside a refined node's bounds, at least 1 when it may be. */
function countIn(t) {
  const lo = t.ge ?? (t.gt !== undefined ? t.gt + 1 : 1);
  return Math.max(lo, 0);
}

function good(t) {
  if (typeof t === 'string') {
    return {
      string: 's', int: 3, float: 1.5, bool: true, keyword: 'ok_1', any: { x: [1] }, map: { k: 1 },
      datetime: '2026-05-03T09:14:00Z',
    }[t];
  }
  if ('enum' in t) return t.enum[0];
  if ('union' in t) return good(t.union[0]);
  if ('refined' in t) {
    const b = t.refined;
    if (b === 'int') return inRange(t, true);
    if (b === 'float') return inRange(t, false);
    if (b === 'string') return 's'.repeat(countIn(t));
    return Array.from({ length: countIn(t) }, () => good(b.list));
  }
  if ('optional' in t) return good(t.optional);
  if ('list' in t) return [good(t.list)];
  return Object.fromEntries(fieldsOf(t).map(([k, x]) => [k, good(x)]));
}

/** Every node of a good value: [path (keys/indexes), type]. */
function nodes(t, path = [], out = []) {
  out.push([path, t]);
  let inner = typeof t === 'object' && 'optional' in t ? t.optional : t;
  inner = base(inner);
  if (typeof inner === 'object' && 'union' in inner) inner = base(inner.union[0]);
  if (typeof inner === 'object' && 'list' in inner) {
    if (countIn(has(t, 'refined') ? t : has(t, 'optional') && has(t.optional, 'refined') ? t.optional : {}) > 0) {
      nodes(inner.list, [...path, 0], out);
    }
  } else if (typeof inner === 'object' && 'map' in inner) {
    for (const [k, x] of fieldsOf(inner)) nodes(x, [...path, k], out);
  }
  return out;
}

const REMOVE = Symbol('remove');
const STRICT_LENGTHS = Symbol('strict lengths');

/** True when a strict schema of t accepts more than t (SPEC §11.5, §11.6):
 * a defaulted field is nullable there, and a map with "* T" is :map. */
function looserInStrict(t) {
  if (!isObj(t)) return false;
  if ('map' in t) return !!extraOf(t) || defaultedOf(t).size > 0 || t.map.some(([, x]) => looserInStrict(x));
  if ('union' in t) return t.union.some(looserInStrict);
  return looserInStrict(t.optional ?? t.list ?? t.refined);
}

/** False for a value holding a number JSON cannot carry (1e400 reads as Infinity in JS). */
const finite = (v) => (typeof v === 'number' ? Number.isFinite(v) : !isObj(v) || Object.values(v).every(finite));

function setAt(value, path, replacement) {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1];
  if (replacement === REMOVE) delete at[last];
  else at[last] = replacement;
  return copy;
}

/** Sample values for a type: a good one, then one change at every node. */
function samples(t) {
  const base = good(t);
  const out = [base];
  for (const [path, node] of nodes(t)) {
    for (const b of BAD) out.push(setAt(base, path, b));
    const inner = typeof node === 'object' && 'optional' in node ? node.optional : node;
    if (inner === 'datetime') for (const d of DATETIMES) out.push(setAt(base, path, d));
    if (has(inner, 'refined')) {
      // Around each bound.
      for (const k of ['ge', 'gt', 'le', 'lt']) {
        if (!(k in inner)) continue;
        for (const d of [-1, 0, 1]) {
          const n = inner[k] + d;
          if (inner.refined === 'int' || inner.refined === 'float') out.push(setAt(base, path, n));
          else if (n >= 0 && n < 300 && inner.refined === 'string') out.push(setAt(base, path, 'é'.repeat(n)));
          else if (n >= 0 && n < 300) out.push(setAt(base, path, Array.from({ length: n }, () => good(inner.refined.list))));
        }
      }
    }
    if (has(inner, 'enum')) for (const v of inner.enum) out.push(setAt(base, path, v));
    if (has(inner, 'union')) for (const m of inner.union) out.push(setAt(base, path, good(m)));
    if (typeof inner === 'object' && 'list' in inner) out.push(setAt(base, path, []));
    if (typeof inner === 'object' && 'map' in inner) {
      const extra = { ...structuredClone(good(inner)), zz_extra: 1 };
      out.push(setAt(base, path, extra));
      for (const [k] of fieldsOf(inner)) out.push(setAt(base, [...path, k], REMOVE));
    }
  }
  return out;
}

/** The value with every absent optional field of a typed map set to null. */
function withNulls(t, v) {
  if (typeof t === 'string' || v === null || typeof v !== 'object' || 'enum' in t || 'union' in t) return v;
  if ('refined' in t) return withNulls(t.refined, v);
  if ('optional' in t) return withNulls(t.optional, v);
  if ('list' in t) return Array.isArray(v) ? v.map((x) => withNulls(t.list, x)) : v;
  if (Array.isArray(v)) return v;
  const out = { ...v };
  const defaulted = defaultedOf(t);
  for (const [k, x] of fieldsOf(t)) {
    if (!(k in out) && ((typeof x === 'object' && 'optional' in x) || defaulted.has(k))) out[k] = null;
    else if (k in out) out[k] = withNulls(x, out[k]);
  }
  return out;
}

/**
 * Why the signature and the schema may disagree on a value, or null:
 * - :keyword is {"type":"string"} in JSON Schema (SPEC §9): the schema
 *   cannot tell which strings are keywords, so it is looser there;
 * - :datetime is "format": "date-time": ajv-formats allows second 60 only
 *   at 23:59 UTC (a real leap second), SPEC §3 allows second 60 on any
 *   minute; ajv-formats also takes a space for the "T" (RFC 3339's note
 *   allows it "for readability"), SPEC §3 only "T" or "t".
 */
function explain(sigResult, ajvOk, ajvErrors, value) {
  // A JS number holds integers exactly only up to 2^53: an enum value such
  // as 12345678901234567890 reaches the core rounded (README: "JS numbers").
  const inexact = (v) => (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) ||
    (isObj(v) && Object.values(v).some(inexact));
  if (!sigResult.ok && ajvOk && inexact(value)) return 'inexact number';
  // Strict schemas leave out minLength / maxLength (SPEC §11.5).
  if (ajvErrors.length && ajvErrors.every((e) => e.keyword === 'minLength' || e.keyword === 'maxLength') &&
      sigResult === STRICT_LENGTHS) return 'strict drops length bounds';
  if (!sigResult.ok && ajvOk && sigResult.errors.every((e) => /^expected keyword, got string /.test(e.message))) {
    return 'keyword';
  }
  if (sigResult.ok && !ajvOk && ajvErrors.every((e) => e.keyword === 'format') &&
      JSON.stringify(value).match(/T\d\d:\d\d:60/i)) {
    return 'leap second';
  }
  if (!sigResult.ok && ajvOk && JSON.stringify(value).match(/\d\d\d\d-\d\d-\d\d \d\d:/) &&
      sigResult.errors.every((e) => /^expected datetime, got string "\d{4}-\d\d-\d\d /.test(e.message))) {
    return 'space separator';
  }
  return null;
}

describe('differential: the signature and Ajv with its schema accept the same sample values', () => {
  for (const text of ALL) {
    test(text, () => {
      const sig = Signature.parse(text);
      const disagreements = [];
      try {
        const { returns, params } = sig.ast;
        const outSchema = sig.toJsonSchema();
        const strictSchema = sig.toJsonSchema({ strict: true });
        const paramSchema = sig.toolParametersSchema();
        for (const [draft, ajv] of validators) {
          const out = ajv.compile(outSchema);
          const strict = ajv.compile(strictSchema);
          const ps = ajv.compile(paramSchema);
          for (const value of samples(returns).filter(finite)) {
            // A list return type is wrapped in {items} by its schema.
            const data = sig.returnsList ? { items: value } : value;
            // Extra fields: the schema closes every typed map, so compare
            // with the signature's strict mode, which rejects them too.
            const r = sig.validate(value, { mode: 'strict' });
            const ajvOk = out(data);
            if (r.ok !== ajvOk) {
              const why = explain(r, ajvOk, out.errors || [], value);
              if (!why) disagreements.push({ draft, schema: 'output', value, sig: r.errors, ajv: out.errors });
            }
            // Strict schema: every field required, optionals nullable. It
            // rejects only what is absent on top of the normal schema.
            const strictOk = strict(data);
            if (strictOk && !ajvOk && !explain(STRICT_LENGTHS, false, out.errors || [], value) && !looserInStrict(returns)) {
              disagreements.push({ draft, schema: 'strict accepts more', value });
            }
            if (!strictOk && ajvOk) {
              const filled = withNulls(returns, value);
              if (!strict(sig.returnsList ? { items: filled } : filled)) {
                disagreements.push({ draft, schema: 'strict', value, ajv: strict.errors });
              }
            }
          }
          // Parameters: coercion only widens what the schema accepts. What
          // the schema accepts, validateInput accepts unchanged; what
          // validateInput accepts, its coerced value passes the schema.
          for (const args of samples({ map: params }).filter(finite)) {
            const r = sig.validateInput(args, { mode: 'strict' });
            const ajvOk = ps(args);
            if (ajvOk && !r.ok) {
              const why = explain(r, false, [], args) ?? explain(r, true, [], args);
              if (!why) disagreements.push({ draft, schema: 'parameters (schema accepts)', value: args, sig: r.errors });
            }
            if (r.ok && !ps(r.value)) {
              const why = explain(r, false, ps.errors, r.value);
              if (!why) disagreements.push({ draft, schema: 'parameters (coerced value)', value: r.value, ajv: ps.errors });
            }
          }
        }
      } finally {
        sig.free();
      }
      assert.deepEqual(disagreements, [], JSON.stringify(disagreements.slice(0, 5), null, 1));
    });
  }
});

test('the keyword and date-time disagreements are what they are said to be', () => {
  const sig = Signature.parse('{k :keyword, t :datetime}');
  try {
    const schema = sig.toJsonSchema();
    for (const [, ajv] of validators) {
      const check = ajv.compile(schema);
      // keyword: the schema is looser.
      assert.equal(sig.validate({ k: 'not a keyword!', t: '2026-05-03T09:14:00Z' }).ok, false);
      assert.equal(check({ k: 'not a keyword!', t: '2026-05-03T09:14:00Z' }), true);
      // second 60 outside 23:59 UTC: SPEC §3 allows it, ajv-formats does not.
      assert.equal(sig.validate({ k: 'ok', t: '2026-05-03T09:14:60Z' }).ok, true);
      assert.equal(check({ k: 'ok', t: '2026-05-03T09:14:60Z' }), false);
      // A space for the "T": ajv-formats takes it, SPEC §3 does not.
      assert.equal(sig.validate({ k: 'ok', t: '2026-05-03 09:14:00Z' }).ok, false);
      assert.equal(check({ k: 'ok', t: '2026-05-03 09:14:00Z' }), true);
      // Everything else about date-time agrees.
      for (const d of DATETIMES.filter((x) => !/ |:60/.test(x))) {
        assert.equal(sig.validate({ k: 'ok', t: d }).ok, check({ k: 'ok', t: d }), d);
      }
    }
  } finally {
    sig.free();
  }
});
