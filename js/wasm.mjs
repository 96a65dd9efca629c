// wasm.mjs: the toolsig API's side of one instance of toolsig.wasm: binding
// its exports, wasm memory, strings in and out (UTF-8 there, UTF-16 indexes
// here), JS values as JSON text, options objects, and running out of memory.
// The loaders (node.mjs, node.cjs, browser.mjs, edge.mjs) instantiate the
// wasm module and call bind() once with its exports, through core.mjs.
//
// Memory rules: a buffer the core's files allocate in wasm memory is freed
// in a `finally`; a string the core returns is read and freed at once.

let W = null; // the wasm exports
let initialized = null; // the exports whose _initialize has run
let heap = null; // Uint8Array over W.memory.buffer, refreshed after growth
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');
let scratch = 0; // a reusable input buffer in wasm memory
let scratchCap = 0;
// scratch..scratch+scratchCap as a view, kept across calls: a new view
// per call cost a 1 KB chunk's encoding about a third more. Empty (its
// buffer detached) once memory grew; null until made, and when the
// buffer is replaced.
let scratchView = null;
let outSlot = 0; // 4 bytes where the core writes a returned pointer

const NON_JSON = Symbol('toolsig.nonJSON'); // on TypeErrors about values JSON cannot carry
const OUT_OF_MEMORY = Symbol('toolsig.outOfMemory'); // on the RangeError of outOfMemory()

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
      scratchView = null;
      const cap = Math.max(max, 1024);
      scratch = alloc(cap);
      scratchCap = cap;
    }
    ptr = scratch;
  }
  const h = mem();
  if (str.length < 32) {
    // Short strings: a plain loop beats encodeInto's call overhead.
    let i = 0;
    for (; i < str.length; i++) {
      const c = str.charCodeAt(i);
      if (c >= 0x80) break;
      h[ptr + i] = c;
    }
    if (i === str.length) return [ptr, i];
  }
  if (!own && (!scratchView || scratchView.byteLength === 0)) scratchView = h.subarray(scratch, scratch + scratchCap);
  return [ptr, encoder.encodeInto(str, own ? h.subarray(ptr, ptr + max) : scratchView).written];
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

// Turns a JS value into JSON text for the core. JSON.stringify decides what
// a JS value means as data (as it does on the way to an LLM or over HTTP):
// Date becomes its ISO string, toJSON() is honoured, and an object property
// whose value is undefined, a function or a symbol is left out (the field is
// absent). Values JSON cannot carry are refused with a TypeError naming
// where they are, instead of being dropped or turned into null silently:
// undefined, a function or a symbol as the value itself or as a list
// element, NaN and Infinity, a BigInt, a cycle, and nesting too deep for
// JSON.stringify. what: what the caller calls the value, a key of SENT.
function toJSONText(value, what) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    const bad = findNonJSON(value);
    if (bad) throw nonJSONError(what, bad);
    if (e instanceof RangeError) {
      const err = new TypeError(`toolsig: ${SENT[what].whole} ${SENT[what].nest} too deeply to be sent as JSON`);
      err[NON_JSON] = { segments: [], message: 'nests too deeply to be sent as JSON' };
      throw err;
    }
    throw new TypeError(`toolsig: ${SENT[what].whole} cannot be sent as JSON: ${e.message}`);
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

// How messages about a value sent as JSON name it: the whole value, its
// verbs ("the arguments are undefined", "nest too deeply"), and a value at
// a place inside it ("the argument at days is NaN").
const SENT = {
  value: { whole: 'the value', is: 'is', nest: 'nests', part: 'the value' },
  arguments: { whole: 'the arguments', is: 'are', nest: 'nest', part: 'the argument' },
  schema: { whole: 'the schema', is: 'is', nest: 'nests', part: 'the schema' },
  tool: { whole: 'the tool', is: 'is', nest: 'nests', part: 'the tool' },
  samples: { whole: 'the samples', is: 'are', nest: 'nest', part: 'the sample' },
};

// The TypeError for a value JSON cannot carry; err[NON_JSON] keeps the place
// and a message without it, for Standard Schema issues.
function nonJSONError(what, bad) {
  const words = SENT[what];
  const where = bad.segments.length ? `${words.part} at ${cut(pathString(bad.segments))} is` : `${words.whole} ${words.is}`;
  const err = new TypeError(`toolsig: ${where} ${bad.what}, which JSON cannot carry`);
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

// An object's own properties, on an object without a prototype: a property
// some dependency set on Object.prototype (`skip`, `mode`) must never reach
// an option. null and undefined give an empty one.
function ownOptions(opts) {
  return Object.assign(Object.create(null), opts ?? undefined);
}

// What an argument of the wrong kind is, for "got ...": "undefined",
// "number", "null".
function describeArgument(v) {
  return v === null ? 'null' : typeof v;
}

// The options object `opts` of `where` ("validate", "tool search", ...),
// read once as its own properties (ownOptions), each one of `known`: a key
// that is not, a typo most often, is a TypeError naming it and the known
// ones, rather than an option left at its default without a word. null and
// undefined are no options; anything but an object (a list too) is a
// TypeError.
function readOptions(opts, where, known) {
  if (opts != null && (typeof opts !== 'object' || Array.isArray(opts))) {
    throw new TypeError(`toolsig: ${where}: options are an object {${known.join(', ')}}`);
  }
  const o = ownOptions(opts);
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) {
      throw new TypeError(`toolsig: ${where}: unknown option ${cut(JSON.stringify(k))} (options: ${known.join(', ')})`);
    }
  }
  return o;
}

// The command line run in memory (tsig_cli_run_live in src/cli/cli.h), for the
// package's bin (js/cli.mjs) only, which binds core.mjs to
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
    const answer = W.tsig_cli_run_live(argv.length, block, block + 4 * argv.length, files.length, outSlot);
    if (!answer) return null;
    const bytes = mem().slice(answer, answer + readOut());
    W.free(answer);
    return bytes;
  } finally {
    W.free(block);
  }
}

// The message's "got ...": a string or a number as written, anything else
// its kind.
function shown(v) {
  if (typeof v === 'string') return cut(JSON.stringify(v));
  if (typeof v === 'number') return String(v);
  return v === null ? 'null' : typeof v;
}

export {
  NON_JSON,
  W,
  addIndexes,
  bind,
  cut,
  describeArgument,
  imports,
  info,
  isNonJSON,
  isOutOfMemory,
  outOfMemory,
  outSlot,
  ownOptions,
  pathString,
  putString,
  readOptions,
  readOut,
  runCommandLine,
  seedHash,
  seeded,
  shown,
  takeJSON,
  takeString,
  toJSONText,
  utf16Index,
  walkValue,
};
