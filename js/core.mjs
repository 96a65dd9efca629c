// core.mjs: the toolsig API over one instance of toolsig.wasm.
//
// This is the only JS that talks to the core. It moves strings in and out of
// wasm memory and turns the core's JSON answers into JS objects; every check
// (parsing, validation, coercion, schemas, placeholders) happens in the core.
// The loaders (node.mjs, node.cjs, browser.mjs, edge.mjs) instantiate the
// wasm module and call bind() once with its exports.
//
// Memory rules: a buffer this file allocates in wasm memory is freed in a
// `finally`; a string the core returns is read and freed at once; a
// Signature holds one handle, released by free() / [Symbol.dispose]() or, as
// a safety net, by a FinalizationRegistry when the Signature is collected.

let W = null; // the wasm exports
let initialized = null; // the exports whose _initialize has run
let heap = null; // Uint8Array over W.memory.buffer, refreshed after growth
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');
let scratch = 0; // a reusable input buffer in wasm memory
let scratchCap = 0;
let outSlot = 0; // 4 bytes where the core writes a returned pointer

const FORMAT_HIDE_FIREWALLED = 1;
const FORMAT_NO_DESCRIPTIONS = 2;
const SCHEMA_STRICT = 1;
const SCHEMA_LOSSY = 2;
// JS numbers are doubles: an int where :float is declared is the same
// number either way, so the core neither rewrites it nor answers for it.
const NUMBERS_ARE_DOUBLES = 4;
// Repair (SPEC §12.1): switched on / off; neither is the core's default
// (off for return values, on for tool arguments).
const REPAIR = 8;
const NO_REPAIR = 16;

// The repair bits of an options object's {repair}.
function repairFlags(opts) {
  if (opts === null || typeof opts !== 'object') return 0;
  const r = ownOptions(opts).repair;
  if (r === undefined) return 0;
  if (typeof r !== 'boolean') throw new TypeError(`toolsig: repair must be true or false, got ${describeOption(r)}`);
  return r ? REPAIR : NO_REPAIR;
}
const NON_JSON = Symbol('toolsig.nonJSON'); // on TypeErrors about values JSON cannot carry
const OUT_OF_MEMORY = Symbol('toolsig.outOfMemory'); // on the RangeError of outOfMemory()
const FREED = Symbol('toolsig.freed'); // on the Error of using a freed Signature
// maxErrors crosses into wasm as a 32-bit signed number.
const MAX_ERRORS_LIMIT = 0x7fffffff;
const JSON_SCHEMA_TARGETS = new Set(['draft-2020-12', 'draft-07', 'openapi-3.0']);

/**
 * Binds the API to an instantiated toolsig.wasm (its `exports`). The first
 * bind wins: when two entry points load in one realm (node.mjs and
 * browser.mjs, say), a second instance must not replace the first, whose
 * memory every live Signature's handle points into (using or freeing a
 * handle in another instance's memory would corrupt it). fillRandom(bytes)
 * fills a Uint8Array with random bytes: crypto.getRandomValues unless
 * given (Node's loaders pass node:crypto's randomFillSync, which every
 * supported Node has).
 */
function bind(exports, fillRandom) {
  if (W) return;
  // _initialize sets up the allocator: a second run would lose every block.
  if (exports !== initialized && typeof exports._initialize === 'function') exports._initialize();
  initialized = exports;
  // Out of memory already: nothing is bound, and a later bind can retry.
  const slot = exports.malloc(16); // outSlot, and room for the hash seed
  if (!slot) throw outOfMemory();
  W = exports;
  heap = new Uint8Array(W.memory.buffer);
  outSlot = slot;
  randomFill = fillRandom ?? ((bytes) => globalThis.crypto.getRandomValues(bytes));
  seedHash();
}

// Keys the core's hash tables with 16 random bytes (toolsig.h, Section:
// hashing), so that no input can be written to collide in them. Done by
// bind() and, where random values cannot be had at that time (a Worker's
// global scope refuses them), before the first text goes in: every input
// that fills a table comes through putString.
let randomFill = null;
let seeded = false;
function seedHash() {
  const seed = new Uint8Array(16);
  try {
    randomFill(seed);
  } catch {
    return; // not now: the next call tries again
  }
  mem().set(seed, outSlot);
  W.tsig_hash_seed(outSlot);
  mem().fill(0, outSlot, outSlot + 16);
  seeded = true;
}

// What the core says about itself (tsig_api_info): mode names, limits,
// report titles, the tools header. Read once, on first use.
let infoDoc = null;
function info() {
  if (!infoDoc) {
    const doc = takeJSON(W.tsig_api_info());
    doc.modeOf = Object.assign(Object.create(null), ...doc.modes.map((name, i) => ({ [name]: i })));
    infoDoc = doc;
  }
  return infoDoc;
}

/**
 * What the core says about itself, for callers that show it: {version,
 * modes (the first is the default), reportTitles: {input, output}}. A
 * fresh copy each call.
 */
function coreInfo() {
  const { version, modes, report_titles: titles } = info();
  return { version, modes: [...modes], reportTitles: { input: titles.input, output: titles.output } };
}

// The path string of segments, as the core writes paths ("a[\"b c\"][0]").
function pathString(segments) {
  const [ptr, len] = putString(JSON.stringify(segments), true);
  try {
    return takeJSON(W.tsig_api_path(ptr, len)).path;
  } finally {
    W.free(ptr);
  }
}

// The imports toolsig.wasm expects: none but the growth notice.
const imports = {
  env: {
    emscripten_notify_memory_growth() {
      if (W) heap = new Uint8Array(W.memory.buffer); // bind() sets heap after its malloc
    },
  },
};

// Growing wasm memory detaches the old buffer, which empties every view of
// it: a length check finds that without reading W.memory.buffer each call.
function mem() {
  if (heap.byteLength === 0) heap = new Uint8Array(W.memory.buffer);
  return heap;
}

// The error every call throws when wasm memory runs out (malloc, or the
// core, answered NULL).
function outOfMemory() {
  const err = new RangeError('toolsig: out of wasm memory');
  err[OUT_OF_MEMORY] = true;
  return err;
}

// True for outOfMemory()'s errors: tools.mjs passes them on instead of
// reporting them as a tool's failure. Not part of the public API.
function isOutOfMemory(e) {
  return e != null && e[OUT_OF_MEMORY] === true;
}

// True for the TypeError of a value JSON cannot carry (NaN, a BigInt, a
// cycle, ...), as thrown by every function that takes a JS value.
function isNonJSON(e) {
  return e != null && e[NON_JSON] !== undefined;
}

function alloc(n) {
  const p = W.malloc(n > 0 ? n : 1);
  if (!p) throw outOfMemory();
  return p;
}

// Encodes a JS string as UTF-8 into wasm memory. Returns [ptr, byteLength].
// Uses the shared scratch buffer unless `own` (then the caller frees ptr).
function putString(str, own) {
  if (!seeded) seedHash();
  const max = str.length * 3 + 1;
  let ptr;
  if (own) {
    ptr = alloc(max);
  } else {
    if (scratchCap < max) {
      if (scratch) W.free(scratch);
      scratch = 0;
      scratchCap = 0;
      const cap = Math.max(max, 1024);
      scratch = alloc(cap);
      scratchCap = cap;
    }
    ptr = scratch;
  }
  const h = mem();
  let len;
  if (str.length < 32) {
    // Short strings: a plain loop beats encodeInto's call overhead.
    len = 0;
    for (let i = 0; i < str.length; i++) {
      const c = str.charCodeAt(i);
      if (c >= 0x80) {
        len = encoder.encodeInto(str, h.subarray(ptr, ptr + max)).written;
        break;
      }
      h[ptr + i] = c;
      len = i + 1;
    }
  } else {
    len = encoder.encodeInto(str, h.subarray(ptr, ptr + max)).written;
  }
  return [ptr, len];
}

// Reads a NUL-terminated UTF-8 string the core returned, then frees it.
function takeString(ptr) {
  if (!ptr) throw outOfMemory();
  try {
    const h = mem();
    const end = h.indexOf(0, ptr);
    return decoder.decode(h.subarray(ptr, end));
  } finally {
    W.free(ptr);
  }
}

function takeJSON(ptr) {
  return JSON.parse(takeString(ptr));
}

function readOut() {
  const h = mem();
  return (h[outSlot] | (h[outSlot + 1] << 8) | (h[outSlot + 2] << 16) | (h[outSlot + 3] << 24)) >>> 0;
}

// Gives every entry with a byte offset into the UTF-8 form of `str` its
// UTF-16 index, in one pass over the text however many entries there are.
function addIndexes(entries, str) {
  const list = entries.filter((e) => e.offset != null).sort((a, b) => a.offset - b.offset);
  let bytes = 0;
  let i = 0;
  for (const e of list) {
    while (i < str.length && bytes < e.offset) {
      const c = str.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length &&
        str.charCodeAt(i + 1) >= 0xdc00 && str.charCodeAt(i + 1) <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
      i += 1;
    }
    e.index = i;
  }
  return entries;
}

// Converts a byte offset into the UTF-8 form of `str` to a UTF-16 index.
function utf16Index(str, byteOffset) {
  return addIndexes([{ offset: byteOffset }], str)[0].index;
}

/**
 * A signature, JSON Schema or template that could not be read. `message` is
 * the whole caret picture (position, the source line, the caret, the hint):
 * frameworks and loggers show only the message. `reason` is the core's
 * message alone.
 */
class SignatureError extends Error {
  constructor(error, source) {
    const text = error.text ?? error.message;
    const hint = error.hint ?? null;
    super(hint && !text.includes(hint) ? `${text}\n  hint: ${hint}` : text);
    this.name = 'SignatureError';
    this.reason = error.message;
    // The stable short name ("syntax", "unknown_type", "too_deep", ...).
    this.code = error.kind ?? error.code;
    this.line = error.line ?? null;
    this.column = error.column ?? null;
    this.offset = error.offset ?? null;
    this.index = source != null && error.offset != null ? utf16Index(source, error.offset) : null;
    this.hint = hint;
    this.source = source ?? null;
    this.text = text;
  }

  /** The caret picture: message, the source line, a caret, the hint. */
  toString() {
    return this.text;
  }
}


// Turns a JS value into JSON text for the core. JSON.stringify decides what
// a JS value means as data (as it does on the way to an LLM or over HTTP):
// Date becomes its ISO string, toJSON() is honoured, and an object property
// whose value is undefined, a function or a symbol is left out (the field is
// absent). Values JSON cannot carry are refused with a TypeError naming
// where they are, instead of being dropped or turned into null silently:
// undefined, a function or a symbol as the value itself or as a list
// element, NaN and Infinity, a BigInt, a cycle, and nesting too deep for
// JSON.stringify.
function toJSONText(value, what) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    const bad = findNonJSON(value);
    if (bad) throw nonJSONError(what, bad);
    if (e instanceof RangeError) {
      const err = new TypeError(`toolsig: ${what} nests too deeply to be sent as JSON`);
      err[NON_JSON] = { segments: [], message: 'nests too deeply to be sent as JSON' };
      throw err;
    }
    throw new TypeError(`toolsig: ${what} cannot be sent as JSON: ${e.message}`);
  }
  if (text === undefined) {
    // undefined, a function or a symbol, itself or as what toJSON() gave.
    const v = value !== null && typeof value === 'object' && typeof value.toJSON === 'function' ? value.toJSON('') : value;
    throw nonJSONError(what, { segments: [], what: describeNonJSON(v) });
  }
  // JSON.stringify writes null for NaN, Infinity, and undefined or a
  // function inside a list: look for the cause only when null appears.
  if (text.includes('null')) {
    const bad = findNonJSON(value);
    if (bad) throw nonJSONError(what, bad);
  }
  return text;
}

// The TypeError for a value JSON cannot carry; err[NON_JSON] keeps the place
// and a message without it, for Standard Schema issues.
function nonJSONError(what, bad) {
  const at = bad.segments.length ? ` at ${cut(pathString(bad.segments))}` : '';
  const err = new TypeError(`toolsig: ${what}${at} is ${bad.what}, which JSON cannot carry`);
  err[NON_JSON] = { segments: bad.segments, message: `${bad.what} cannot be sent as JSON` };
  return err;
}

function describeNonJSON(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'bigint') return 'a BigInt';
  return String(v);
}

function cut(text) {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

// Walks a JS value as JSON.stringify reads it (depth first, following
// toJSON()), with its own stack (no recursion): visit(v, segments, inList,
// depth) is called for every value (depth: the containers around it) and
// the walk stops at the first answer that is not null, which it returns
// (null when none). A value met again among its own ancestors is a cycle:
// {segments, what} at once.
function walkValue(root, visit) {
  const ancestors = new Set();
  // Frames: an object or list being walked, its keys, the next position.
  const frames = [];
  const segments = [];
  let v = root;
  let key = '';
  let inList = false;
  for (;;) {
    if (v !== null && typeof v === 'object' && typeof v.toJSON === 'function') v = v.toJSON(key);
    const found = visit(v, segments, inList, frames.length);
    if (found) return found;
    if (v !== null && typeof v === 'object') {
      if (ancestors.has(v)) return { segments: segments.slice(), what: 'a reference to an enclosing value (a cycle)' };
      ancestors.add(v);
      const list = Array.isArray(v);
      frames.push({ v, list, keys: list ? null : Object.keys(v), at: 0 });
    }
    // The next value: the next element of the innermost unfinished frame.
    for (;;) {
      if (frames.length === 0) return null;
      const f = frames[frames.length - 1];
      if (f.at > 0) segments.pop();
      const n = f.list ? f.v.length : f.keys.length;
      if (f.at < n) {
        const k = f.list ? f.at : f.keys[f.at];
        f.at += 1;
        segments.push(k);
        v = f.v[k];
        key = String(k);
        inList = f.list;
        break;
      }
      frames.pop();
      ancestors.delete(f.v);
    }
  }
}

// The first place holding something JSON cannot carry: {segments, what},
// or null.
function findNonJSON(root) {
  return walkValue(root, (v, segments, inList) => {
    const t = typeof v;
    let bad = null;
    if (t === 'number') bad = Number.isFinite(v) ? null : String(v);
    else if (t === 'bigint') bad = 'a BigInt';
    else if (inList && (t === 'undefined' || t === 'function' || t === 'symbol')) bad = describeNonJSON(v);
    return bad ? { segments: segments.slice(), what: bad } : null;
  });
}

// The segments of the first object or list nested deeper than limit levels
// (the place the core's too_deep error is about, in the value the caller
// gave rather than in the text JSON.stringify wrote), or [] when none.
function tooDeepAt(value, limit) {
  const found = walkValue(value, (v, segments, inList, depth) =>
    (v !== null && typeof v === 'object' && depth >= limit ? { segments: segments.slice() } : null));
  return found ? found.segments : [];
}

// The message of a core error about a JS value: a too-deep one names the
// place in the value.
function valueErrorMessage(error, value) {
  if (error.kind !== 'too_deep') return `toolsig: ${error.message}`;
  const limit = info().limits.max_depth;
  const segments = tooDeepAt(value, limit);
  const at = segments.length ? ` at ${cut(pathString(segments))}` : '';
  return `toolsig: the value nests deeper than ${limit} levels${at}`;
}

// An options object's own properties, on an object without a prototype: a
// property some dependency set on Object.prototype (`skip`, `mode`) must
// never reach an option. null and undefined give an empty one.
function ownOptions(opts) {
  return Object.assign(Object.create(null), opts ?? undefined);
}

// [mode, maxErrors, maxDepth] when no options are given (the core's defaults).
const DEFAULT_OPTIONS = Object.freeze([0, 0, 0]);

// Reads {mode, maxErrors, maxDepth} into the core's numbers (0: the core's
// default). A given option must be meaningful: a mode by name, maxErrors a
// whole number from 1, maxDepth from 1 to the core's limit of 10000 (the
// core would clamp a larger one silently).
function validateOptions(opts) {
  if (opts != null && typeof opts !== 'object') {
    throw new TypeError('toolsig: options are an object {mode, maxErrors, maxDepth}');
  }
  const o = ownOptions(opts);
  const { modes, modeOf, limits: core } = info();
  const mode = o.mode ?? modes[0];
  if (typeof mode !== 'string' || !(mode in modeOf)) {
    throw new TypeError(`toolsig: unknown mode ${describeOption(mode)} (modes: ${modes.join(', ')})`);
  }
  const limits = [['maxErrors', o.maxErrors, MAX_ERRORS_LIMIT], ['maxDepth', o.maxDepth, core.max_depth_limit]];
  const numbers = limits.map(([name, n, max]) => {
    if (n == null) return 0;
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new TypeError(`toolsig: ${name} must be a whole number from 1 to ${max}, got ${describeOption(n)}`);
    }
    return n;
  });
  return [modeOf[mode], numbers[0], numbers[1]];
}

function describeOption(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  return typeof v === 'object' && v !== null ? 'an object' : String(v);
}

// The shared success result of a value that needed no change: `value` is
// the caller's own value (or, for JSON text, parsed when first read).
function okResult(value) {
  return { ok: true, value, errors: [], warnings: [] };
}

// The success result of JSON text that needed no change: a plain object
// whose `value` is an accessor parsing the text on first read. Building it
// is on every call's path, so the accessor is one shared function (an
// object literal with a getter makes a new closure and takes V8's slow
// path: 0.5 us a call, more than validating 150 bytes) and the text rides
// on the result as private state: a base class constructor that returns its
// argument lets a subclass add private fields to any object, so the result
// stays a plain object (same prototype, keys, order and descriptors as a
// literal) with nothing visible added.
class ReturnsArgument {
  constructor(target) {
    return target;
  }
}

class LazyValue extends ReturnsArgument {
  #text;
  #parsed;
  #done = false;

  constructor(result, text) {
    super(result);
    this.#text = text;
  }

  static read(result) {
    if (!result.#done) {
      const text = result.#text;
      result.#parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      result.#done = true;
      result.#text = null;
    }
    return result.#parsed;
  }
}

const LAZY_VALUE = {
  get: Object.getOwnPropertyDescriptor({ get value() { return LazyValue.read(this); } }, 'value').get,
  enumerable: true,
  configurable: true,
};

function lazyOkResult(text) {
  const result = { ok: true };
  Object.defineProperty(result, 'value', LAZY_VALUE);
  result.errors = [];
  result.warnings = [];
  new LazyValue(result, text);
  return result;
}

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (W) W.tsig_signature_free(handle); })
  : null;

let handleOf; // (Signature) => its handle; set in the class's static block
const CREATE = Symbol('toolsig.Signature'); // the constructor's key, never exported

/** A parsed signature, holding its type tree in wasm memory. */
class Signature {
  #handle;
  #info;
  #input;
  #standard;

  // Only Signature.parse makes one: a handle from anywhere else would let
  // the core read arbitrary wasm memory.
  constructor(token, handle, info) {
    if (token !== CREATE) {
      throw new TypeError('toolsig: use Signature.parse(text) to make a Signature');
    }
    this.#handle = handle;
    this.#info = info;
    if (registry) registry.register(this, handle, this);
  }

  /** Parses signature text; throws SignatureError with position and hint. */
  static parse(text) {
    if (typeof text !== 'string') {
      throw new TypeError(`toolsig: a signature is a string, got ${text === null ? 'null' : typeof text}`);
    }
    const [ptr, len] = putString(text, false);
    const handle = W.tsig_api_parse(ptr, len, outSlot);
    const doc = takeJSON(readOut());
    if (!handle) throw new SignatureError(doc.error, text);
    return new Signature(CREATE, handle, doc);
  }

  /** {ok:true, canonical, returnsList, ast} or {ok:false, error}: never throws for bad text. */
  static check(text) {
    try {
      const sig = Signature.parse(text);
      const r = { ok: true, canonical: sig.canonical, returnsList: sig.returnsList, ast: sig.ast };
      sig.free();
      return r;
    } catch (e) {
      if (!(e instanceof SignatureError)) throw e;
      return {
        ok: false,
        error: { code: e.code, message: e.reason, line: e.line, column: e.column, index: e.index, offset: e.offset, hint: e.hint, text: e.text },
      };
    }
  }

  static {
    // Lets the functions of this file (not callers) reach the handle.
    handleOf = (sig) => sig.#live();
  }

  #live() {
    if (!this.#handle) throw Object.assign(new Error('toolsig: this Signature was freed'), { [FREED]: true });
    return this.#handle;
  }

  get canonical() { return this.#info.canonical; }
  get returnsList() { return this.#info.returns_list; }
  /** The parsed form as JSON (SPEC "AST as JSON"); a fresh copy each time. */
  get ast() { return structuredClone(this.#info.ast); }
  /** [{name, type, optional, default?, description?}], type in canonical form. */
  get params() { return this.#info.params.map((p) => structuredClone(p)); }
  /** The return type in canonical form. */
  get returns() { return this.#info.returns; }

  toString() { return this.#info.canonical; }
  toJSON() { return this.#info.canonical; }

  /**
   * The canonical form; {hideFirewalled: true} drops "_" output fields,
   * {descriptions: false} leaves out descriptions (defaults stay).
   */
  format(opts) {
    const o = ownOptions(opts);
    let flags = o.hideFirewalled ? FORMAT_HIDE_FIREWALLED : 0;
    if (o.descriptions === false) flags |= FORMAT_NO_DESCRIPTIONS;
    return takeString(W.tsig_format(this.#live(), flags, 0));
  }

  #run(input, text, opts, original, source) {
    const [mode, maxErrors, maxDepth] = opts === undefined ? DEFAULT_OPTIONS : validateOptions(opts);
    const [ptr, len] = putString(text, false);
    const rc = W.tsig_api_validate_fast(this.#live(), input, ptr, len, mode, maxErrors, maxDepth, outSlot,
      NUMBERS_ARE_DOUBLES | (source != null ? repairFlags(opts) : 0));
    if (rc === 0) return original === undefined ? lazyOkResult(text) : okResult(original);
    const doc = takeJSON(readOut());
    if (doc.error) throw new TypeError(`toolsig: ${doc.error.message}`);
    const result = { ok: doc.ok, value: undefined, errors: doc.errors, warnings: doc.warnings };
    if (doc.ok) result.value = 'value' in doc ? doc.value : original;
    else delete result.value;
    addIndexes(result.errors, text);
    addIndexes(result.warnings, text);
    if (source == null && result.errors.length === 1 && result.errors[0].code === 'too_deep') {
      // A JS value too deep: say where in the value, not where in the text
      // JSON.stringify wrote.
      const e = result.errors[0];
      const limit = maxDepth || info().limits.max_depth;
      const segments = tooDeepAt(original, limit);
      result.errors = [{
        path: pathString(segments), segments, message: `nesting deeper than ${limit}`,
        code: e.code, offset: e.offset, length: e.length, index: e.index,
      }];
    }
    return result;
  }

  /** Validates a value against the return type (strict, no coercion). */
  validate(value, opts) {
    return this.#run(0, toJSONText(value, 'the value'), opts, value, null);
  }

  /** Validates JSON text against the return type; bad JSON is an error with line/column/index. */
  validateJSON(text, opts) {
    if (typeof text !== 'string') throw new TypeError('toolsig: validateJSON takes JSON text (a string)');
    return this.#run(0, text, opts, undefined, text);
  }

  /** Validates tool arguments against the parameters, with coercion. */
  validateInput(args, opts) {
    return this.#run(1, toJSONText(args, 'the arguments'), opts, args, null);
  }

  /** As validateInput, from JSON text (an LLM's tool-call arguments). */
  validateInputJSON(text, opts) {
    if (typeof text !== 'string') throw new TypeError('toolsig: validateInputJSON takes JSON text (a string)');
    return this.#run(1, text, opts, undefined, text);
  }

  /** JSON Schema of the return type; {strict: true} for OpenAI strict structured outputs. */
  toJsonSchema(opts) {
    return takeJSON(W.tsig_api_schema(this.#live(), 0, ownOptions(opts).strict ? SCHEMA_STRICT : 0)).schema;
  }

  /** The parameters as one object schema, for function-calling tool definitions. */
  toolParametersSchema(opts) {
    return takeJSON(W.tsig_api_schema(this.#live(), 1, ownOptions(opts).strict ? SCHEMA_STRICT : 0)).schema;
  }

  /**
   * Each place of the strict schemas that OpenAI's strict mode rejects
   * (:any, :map, typed extra fields, string length bounds, ...), as
   * "#/pointer: what" messages: {parameters, returns}.
   */
  strictWarnings() {
    const of = (params) => takeJSON(W.tsig_api_schema(this.#live(), params, SCHEMA_STRICT)).warnings;
    return { parameters: of(1), returns: of(0) };
  }

  /** "name(params) -> T" and the description indented, for a prompt. */
  renderTool(name, description) {
    return renderTools([{ name, signature: this, description }], false);
  }

  /**
   * A validator fed the text in chunks as a model streams it (SPEC §12.2):
   * {input, mode, maxErrors, maxDepth, repair}; push(chunk) and end() each
   * return {state, errors, warnings, partial}, end() also the one-shot
   * result's ok and value.
   */
  stream(opts) {
    const o = ownOptions(opts);
    if (o.input !== undefined && typeof o.input !== 'boolean') {
      throw new TypeError(`toolsig: input must be true or false, got ${describeOption(o.input)}`);
    }
    const [mode, maxErrors, maxDepth] = validateOptions(opts);
    const input = o.input ? 1 : 0;
    const flags = NUMBERS_ARE_DOUBLES | repairFlags(opts);
    if (!seeded) seedHash();
    const handle = W.tsig_api_stream_new(this.#live(), input, mode, maxErrors, maxDepth, flags);
    if (!handle) throw outOfMemory();
    return new ValidationStream(CREATE, this, handle);
  }

  /** The value with firewalled ("_") fields stripped or masked ({mode: 'strip'|'mask'}). */
  redact(value, opts) {
    const mode = ownOptions(opts).mode ?? 'strip';
    if (mode !== 'strip' && mode !== 'mask') {
      throw new TypeError(`toolsig: unknown redact mode ${JSON.stringify(mode)} (modes: strip, mask)`);
    }
    const text = toJSONText(value, 'the value');
    const [ptr, len] = putString(text, false);
    const doc = takeJSON(W.tsig_api_redact(this.#live(), ptr, len, mode === 'mask' ? 1 : 0));
    if (!doc.ok) throw new TypeError(valueErrorMessage(doc.error, value));
    return doc.value;
  }

  /** Standard Schema v1 of the return type (with Standard JSON Schema). */
  get ['~standard']() {
    if (!this.#standard) this.#standard = standardProps(this, false);
    return this.#standard;
  }

  /** The parameters as a Standard Schema (validation with coercion). */
  get input() {
    if (!this.#input) {
      const props = standardProps(this, true);
      this.#input = { '~standard': props };
    }
    return this.#input;
  }

  /** Releases the wasm memory now; the Signature cannot be used afterwards. */
  free() {
    if (this.#handle) {
      if (registry) registry.unregister(this);
      W.tsig_signature_free(this.#handle);
      this.#handle = 0;
    }
  }

  [Symbol.dispose]() {
    this.free();
  }
}

if (typeof Symbol.dispose !== 'symbol') {
  // Runtimes without explicit resource management still get a dispose().
  Signature.prototype.dispose = Signature.prototype.free;
}

const streamRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (W) W.tsig_stream_free(handle); })
  : null;

// The last push's answer: state and errors at once; the partial value (a
// copy of everything read so far) only when asked for, so that a stream
// whose partial values are not read stays linear in its length.
class StreamResult {
  #partial;
  constructor(state, errors, warnings, partial) {
    this.state = state;
    this.errors = errors;
    this.warnings = warnings;
    this.#partial = partial;
    Object.defineProperty(this, 'partial', {
      enumerable: true,
      get: () => {
        if (typeof this.#partial === 'function') this.#partial = this.#partial();
        return this.#partial;
      },
    });
  }
}

/** A stream of JSON text validated as it arrives (Signature#stream). */
class ValidationStream {
  #sig;
  #handle;
  #text = ''; // the text pushed so far, for the UTF-16 index of each issue
  #held = ''; // a high surrogate that ended a chunk: its pair is next
  #last = null; // [state, errors, warnings] of the last judged result
  #push = 0; // how many pushes so far: a partial value is read before the next

  constructor(token, sig, handle) {
    if (token !== CREATE) throw new TypeError('toolsig: use signature.stream() to make a stream');
    this.#sig = sig;
    this.#handle = handle;
    if (streamRegistry) streamRegistry.register(this, handle, this);
  }

  #live() {
    if (!this.#handle) throw new Error('toolsig: this stream has ended');
    handleOf(this.#sig); // the signature must still be there
    return this.#handle;
  }

  /** Feeds the next chunk of text: {state, errors, warnings, partial}. */
  push(chunk) {
    if (typeof chunk !== 'string') throw new TypeError('toolsig: push takes text (a string)');
    const handle = this.#live();
    let text = this.#held + chunk;
    this.#held = '';
    const last = text.length ? text.charCodeAt(text.length - 1) : 0;
    if (last >= 0xd800 && last <= 0xdbff) {
      // A character cut between its two UTF-16 halves: sent whole with the next chunk.
      this.#held = text.slice(-1);
      text = text.slice(0, -1);
    }
    this.#text += text;
    const [ptr, len] = putString(text, false);
    const doc = takeJSON(W.tsig_api_stream_push(handle, ptr, len, 0));
    if (doc.error) throw doc.error === 'too_large' ? new RangeError('toolsig: the stream is larger than the input limit') : outOfMemory();
    const at = ++this.#push;
    let errors = [];
    let warnings = [];
    if (doc.result) {
      if (!this.#last || this.#last[0] !== doc.state) {
        addIndexes(doc.result.errors, this.#text);
        addIndexes(doc.result.warnings, this.#text);
        this.#last = [doc.state, doc.result.errors, doc.result.warnings];
      }
      errors = this.#last[1].map((e) => ({ ...e }));
      warnings = this.#last[2].map((e) => ({ ...e }));
    }
    return new StreamResult(doc.state, errors, warnings, () => {
      if (at !== this.#push || !this.#handle) {
        throw new Error('toolsig: a partial value is read before the next push or end()');
      }
      return this.#partialNow();
    });
  }

  #partialNow() {
    const p = W.tsig_api_stream_push(this.#live(), 0, 0, 1);
    return takeJSON(p).partial;
  }

  /**
   * Ends the stream: the one-shot result of the whole text ({ok, value,
   * errors, warnings}, a text cut off early a JSON error) with its state
   * and the partial value. The stream's memory is released.
   */
  end() {
    const handle = this.#live();
    if (this.#held) {
      // A lone high surrogate at the end: as the one-shot call encodes it.
      const [ptr, len] = putString(this.#held, false);
      this.#text += this.#held;
      this.#held = '';
      const q = W.tsig_api_stream_push(handle, ptr, len, 0);
      if (!q) throw outOfMemory();
      W.free(q);
    }
    const partial = this.#partialNow();
    const doc = takeJSON(W.tsig_api_stream_end(handle));
    this.free();
    addIndexes(doc.errors, this.#text);
    addIndexes(doc.warnings, this.#text);
    const result = new StreamResult(doc.ok ? 'complete' : 'invalid', doc.errors, doc.warnings, partial);
    result.ok = doc.ok;
    if (doc.ok) result.value = doc.value;
    return result;
  }

  /** Releases the stream's memory now (end() does too). */
  free() {
    if (this.#handle) {
      if (streamRegistry) streamRegistry.unregister(this);
      W.tsig_stream_free(this.#handle);
      this.#handle = 0;
    }
  }

  [Symbol.dispose]() {
    this.free();
  }
}

// Standard Schema v1 props for the return type (input false) or the
// parameters (input true). A list return type's JSON Schema is the
// {items: [...]} wrapper (frameworks require an object at the root), so
// validate takes that wrapper too (an object whose only key is "items") and
// returns the list. validate never throws for a value, as Standard Schema
// asks: one JSON cannot carry (undefined, a BigInt, ...) is an issue like
// any other, and so is one that throws when read (a getter, a toJSON, a
// Proxy's trap). Only what is not the value's doing throws: a freed
// Signature, wasm memory running out.
//
// libraryOptions: {strict: true} asks for OpenAI's strict form; what it
// cannot express is passed to libraryOptions.onWarning (one message at a
// time), or else written once per signature and side with console.warn.
function standardProps(sig, input) {
  let warned = false;
  const schemaFor = (options) => {
    const o = ownOptions(options);
    const target = o.target;
    if (!JSON_SCHEMA_TARGETS.has(target)) {
      throw new Error(`toolsig: JSON Schema target ${JSON.stringify(target)} is not supported (targets: draft-2020-12, draft-07, openapi-3.0)`);
    }
    const lib = ownOptions(o.libraryOptions);
    const strict = !!lib.strict;
    const schema = input ? sig.toolParametersSchema({ strict }) : sig.toJsonSchema({ strict });
    if (strict) {
      const warnings = sig.strictWarnings()[input ? 'parameters' : 'returns'];
      if (typeof lib.onWarning === 'function') {
        for (const w of warnings) lib.onWarning(w);
      } else if (warnings.length && !warned) {
        warned = true;
        console.warn(strictWarningText(`the ${input ? 'parameters' : 'return type'} of ${sig.canonical}`, warnings));
      }
    }
    return target === 'openapi-3.0' ? toOpenApi30(schema) : schema;
  };
  const check = (value) => {
    const wrapped = !input && sig.returnsList && value !== null && typeof value === 'object' &&
      !Array.isArray(value) && Object.keys(value).length === 1 && Object.hasOwn(value, 'items');
    const prefix = wrapped ? ['items'] : [];
    let r;
    try {
      if (input) r = sig.validateInput(value);
      else r = sig.validate(wrapped ? value.items : value);
    } catch (e) {
      const bad = e && e[NON_JSON];
      if (!bad) throw e;
      return { issues: [{ message: bad.message, path: [...prefix, ...bad.segments] }] };
    }
    if (r.ok) return { value: r.value };
    return { issues: r.errors.map((e) => ({ message: e.message, path: [...prefix, ...e.segments] })) };
  };
  return {
    version: 1,
    vendor: 'toolsig',
    validate(value) {
      try {
        return check(value);
      } catch (e) {
        if (isOutOfMemory(e) || (e != null && e[FREED] === true)) throw e;
        let why;
        try {
          why = e instanceof Error ? e.message : String(e);
        } catch {
          why = 'an error that cannot be described';
        }
        return { issues: [{ message: `toolsig: the value cannot be read: ${why}`, path: [] }] };
      }
    },
    jsonSchema: { input: schemaFor, output: schemaFor },
  };
}

// The console text of strict-mode warnings about `what`.
function strictWarningText(what, warnings) {
  return `toolsig: OpenAI strict mode cannot express ${cut(what)}:\n${warnings.map((w) => `- ${w}`).join('\n')}`;
}

// A JSON Schema as this package writes it, as an OpenAPI 3.0 Schema Object
// (Gemini's function declarations): a type array with "null" becomes one
// type and "nullable": true, a {"type": "null"} member of anyOf becomes
// "nullable": true, and a numeric exclusive bound becomes the bound with a
// boolean exclusive flag. Everything else is already OpenAPI 3.0. Walks
// with its own stack; the schema's depth is the signature's (at most 64).
function toOpenApi30(root) {
  const stack = [root];
  while (stack.length) {
    const s = stack.pop();
    if (s === null || typeof s !== 'object') continue;
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t) => t !== 'null');
      if (types.length < s.type.length) s.nullable = true;
      s.type = types[0];
    }
    if (Array.isArray(s.anyOf)) {
      const members = s.anyOf.filter((m) => !(m && m.type === 'null' && Object.keys(m).length === 1));
      if (members.length < s.anyOf.length) s.nullable = true;
      s.anyOf = members;
      stack.push(...members);
    }
    for (const [bound, plain] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
      if (typeof s[bound] === 'number') {
        s[plain] = s[bound];
        s[bound] = true;
      }
    }
    if (s.properties) stack.push(...Object.values(s.properties));
    if (s.items) stack.push(s.items);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') stack.push(s.additionalProperties);
  }
  return root;
}

function asSignature(s) {
  if (s instanceof Signature) return [s, false];
  if (typeof s === 'string') return [Signature.parse(s), true];
  throw new TypeError('toolsig: expected a Signature or signature text');
}

/** The SPEC report text of a result: `Tool validation errors:\n- path: message` ... */
function formatReport(result, opts) {
  if (result !== null && result !== undefined && typeof result !== 'object') {
    throw new TypeError('toolsig: formatReport takes a result {errors, warnings}');
  }
  const lists = {};
  for (const name of ['errors', 'warnings']) {
    const list = (result && result[name]) ?? [];
    if (!Array.isArray(list)) throw new TypeError(`toolsig: formatReport: ${name} must be a list`);
    lists[name] = list.map((e, i) => {
      if (e === null || typeof e !== 'object' || typeof e.message !== 'string' ||
          (e.path != null && typeof e.path !== 'string')) {
        throw new TypeError(`toolsig: formatReport: ${name}[${i}] must be {path, message} with string fields`);
      }
      return { path: e.path ?? '', message: e.message };
    });
  }
  const title = ownOptions(opts).title ?? info().report_titles.input;
  const [ptr, len] = putString(JSON.stringify(lists), true);
  try {
    const [tptr, tlen] = putString(String(title), false);
    return takeString(W.tsig_api_report(ptr, len, tptr, tlen));
  } finally {
    W.free(ptr);
  }
}

/** Checks {{placeholders}} against a signature's parameters. */
function checkPlaceholders(template, signature) {
  if (typeof template !== 'string') throw new TypeError('toolsig: a template is a string');
  const [sig, owned] = asSignature(signature);
  try {
    const [ptr, len] = putString(template, false);
    const doc = takeJSON(W.tsig_api_placeholders(ptr, len, handleOf(sig)));
    for (const e of doc.errors) e.index = utf16Index(template, e.offset);
    return doc;
  } finally {
    if (owned) sig.free();
  }
}

/** Prompt text for tools [{name, signature, description}] under "## Tools you can call". */
function renderTools(tools, withHeader = true) {
  if (!Array.isArray(tools)) throw new TypeError('toolsig: renderTools takes a list of tools');
  const list = tools.map((t, i) => {
    if (t === null || typeof t !== 'object') throw new TypeError(`toolsig: tools[${i}] is not a tool`);
    // A Tool (or {signature: null}) without a signature renders as name(...) -> :any.
    const sig = 'signature' in t ? t.signature : t.sig;
    const text = sig instanceof Signature ? sig.canonical : sig;
    if (typeof t.name !== 'string') throw new TypeError(`toolsig: tools[${i}].name must be a string`);
    if (text !== null && typeof text !== 'string') {
      throw new TypeError(`toolsig: tools[${i}].signature must be a Signature, a string or null`);
    }
    const d = t.description;
    if (d != null && typeof d !== 'string') throw new TypeError(`toolsig: tools[${i}].description must be a string`);
    return { name: t.name, sig: text, description: d ?? null };
  });
  const [ptr, len] = putString(JSON.stringify(list), true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_render_tools(ptr, len));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) {
    // A signature that does not parse: the SignatureError Signature.parse
    // gives (caret picture, hint, index), its message naming the tool.
    const e = doc.errors[0];
    const i = e.segments[0];
    if (typeof i === 'number') {
      try {
        Signature.parse(list[i].sig).free();
      } catch (err) {
        if (err instanceof SignatureError) {
          err.message = `tools[${i}] (${list[i].name}): ${err.message}`;
          err.reason = `tools[${i}] (${list[i].name}): ${err.reason}`;
        }
        throw err;
      }
    }
    throw new TypeError(`toolsig: ${e.path ? `${e.path}: ` : ''}${e.message}`);
  }
  if (withHeader) return doc.text;
  const head = info().tools_header;
  return doc.text.startsWith(head) ? doc.text.slice(head.length) : doc.text;
}

function schemaText(schema) {
  if (typeof schema === 'string') return schema;
  return toJSONText(schema, 'the schema');
}

// The SignatureError of a failed import. Its JSON Pointer names the place;
// a line and column only mean something in text the caller wrote, so they
// are dropped when the schema was given as an object.
function importError(error, input) {
  if (typeof input === 'string') return new SignatureError(error, input);
  return new SignatureError({ ...error, line: null, column: null, offset: null }, null);
}

/** JSON Schema to Signature: {signature, warnings}; throws SignatureError naming a JSON Pointer. */
function importJsonSchema(schema, opts) {
  const text = schemaText(schema);
  const [ptr, len] = putString(text, true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_from_schema(ptr, len, ownOptions(opts).lossy ? SCHEMA_LOSSY : 0));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) throw importError(doc.error, schema);
  return { signature: Signature.parse(doc.canonical), warnings: doc.warnings };
}

/** An MCP or function-calling tool to {name, description, signature, warnings}. */
function importTool(tool, opts) {
  const text = schemaText(tool);
  const [ptr, len] = putString(text, true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_tool_from_json(ptr, len, ownOptions(opts).lossy ? SCHEMA_LOSSY : 0));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) throw importError(doc.error, tool);
  return { name: doc.name, description: doc.description, signature: Signature.parse(doc.signature), warnings: doc.warnings };
}

// Fills a template that passed checkPlaceholders with arguments (JSON text
// the signature accepted). For tools.mjs; not part of the public API.
// maxLength: the most bytes the text may have (0: the core's default).
function renderTemplate(template, sig, argsText, maxLength = 0) {
  const [tptr, tlen] = putString(template, true);
  let doc;
  try {
    const [aptr, alen] = putString(argsText, false);
    doc = takeJSON(W.tsig_api_render_template(tptr, tlen, handleOf(sig), aptr, alen, maxLength));
  } finally {
    W.free(tptr);
  }
  if (!doc.ok) {
    const message = `toolsig: cannot render the template: ${doc.error.message}`;
    if (doc.error.code === 'TSIG_ERR_TOO_LARGE') throw new RangeError(message);
    throw new Error(message);
  }
  return doc.text;
}

/** Every object key with "-" replaced by "_"; throws on a collision. */
function normalizeKeys(value) {
  const text = toJSONText(value, 'the value');
  const [ptr, len] = putString(text, false);
  const doc = takeJSON(W.tsig_api_normalize(ptr, len));
  if (!doc.ok) throw new Error(valueErrorMessage(doc.error, value));
  return doc.value;
}

// The command line run in memory (tsig_cli_run in src/cli/cli.h), for the
// package's bin (js/cli.mjs) only, which binds this file to
// toolsig-cli.wasm: not part of the API, and toolsig.wasm lacks it. argv: the command
// line, argv[0] the program's name; files: what the bin read so far, each
// {path, status, data} with data the bytes (a Uint8Array) when status is 0
// (CLI_READ_OK), else the reason (a string, or null). Returns the core's
// answer (a Uint8Array, laid out as cli.h says) or null when the core ran
// out of memory.
function runCommandLine(argv, files) {
  const strings = [...argv, ...files.flatMap((f) => [f.path, f.status === 0 ? '' : f.reason ?? ''])]
    .map((s) => encoder.encode(s));
  const datas = files.map((f) => (f.status === 0 ? f.data : null));
  // One block: argv pointers, cli_memory_file records (path, status,
  // data, len: 4 bytes each), then every string and byte array with a NUL.
  const head = 4 * argv.length + 16 * files.length;
  let size = head;
  for (const b of strings) size += b.length + 1;
  for (const d of datas) if (d) size += d.length + 1;
  const block = alloc(size);
  try {
    const h = mem();
    const view = new DataView(h.buffer);
    let at = block + head;
    const put = (bytes) => { // copies bytes and a NUL; returns where
      const ptr = at;
      h.set(bytes, ptr);
      h[ptr + bytes.length] = 0;
      at += bytes.length + 1;
      return ptr;
    };
    argv.forEach((_, i) => view.setUint32(block + 4 * i, put(strings[i]), true));
    files.forEach((f, i) => {
      const rec = block + 4 * argv.length + 16 * i;
      view.setUint32(rec, put(strings[argv.length + 2 * i]), true);
      view.setInt32(rec + 4, f.status, true);
      const data = datas[i] ? put(datas[i]) : put(strings[argv.length + 2 * i + 1]);
      view.setUint32(rec + 8, data, true);
      view.setUint32(rec + 12, datas[i] ? datas[i].length : 0, true);
    });
    const answer = W.tsig_cli_run(argv.length, block, block + 4 * argv.length, files.length, outSlot);
    if (!answer) return null;
    const bytes = mem().slice(answer, answer + readOut());
    W.free(answer);
    return bytes;
  } finally {
    W.free(block);
  }
}

export {
  bind,
  imports,
  ownOptions,
  strictWarningText,
  Signature,
  SignatureError,
  formatReport,
  checkPlaceholders,
  renderTools,
  importJsonSchema,
  importTool,
  normalizeKeys,
  coreInfo,
  info,
  runCommandLine,
  renderTemplate,
  isOutOfMemory,
  isNonJSON,
};
