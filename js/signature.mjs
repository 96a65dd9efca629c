// signature.mjs: Signature, a parsed signature holding one handle in wasm
// memory (released by free() / [Symbol.dispose]() or, as a safety net, by a
// FinalizationRegistry when the Signature is collected), its validation
// streams, and its Standard Schema props.
import {
  NON_JSON, W, addIndexes, describeArgument, info, isOutOfMemory, outOfMemory, outSlot, ownOptions,
  pathString, putString, readOptions, readOut, seedHash, seeded, takeJSON, takeString, toJSONText, utf16Index,
} from './wasm.mjs';
import { SignatureError, lazyOkResult, lazyValue, okResult, tooDeepAt, valueErrorMessage } from './results.mjs';
import { FAST_DEPTH, fastChecker } from './fast.mjs';
import { renderToolList, strictWarningText, toOpenApi30 } from './schemas.mjs';

const FORMAT_HIDE_FIREWALLED = 1;
const FORMAT_NO_DESCRIPTIONS = 2;
const SCHEMA_STRICT = 1;
// JS numbers are doubles: an int where :float is declared is the same
// number either way, so the core neither rewrites it nor answers for it.
const NUMBERS_ARE_DOUBLES = 4;
// Repair (SPEC §12.1): switched on / off; neither is the core's default
// (off for return values, on for tool arguments).
const REPAIR = 8;
const NO_REPAIR = 16;
// A stream's caller (the ValidationStream) keeps the text: the core drops
// the list elements it validated instead of keeping a copy of everything.
const CALLER_KEEPS_TEXT = 32;
// Issues of tsig_api_validate_fast's document say their UTF-16 index too.
const API_UTF16_INDEXES = 64;
// What a push answers besides the state (tsig_api_stream_step).
const API_STREAM_CHANGED = 4;
const API_STREAM_TOO_LARGE = -2;
const API_STREAM_NOMEM = -1;
// The modes the check table is told of (tsig_mode): disabled, whose values
// it never calls clean, and strict, where another key is an error.
const MODE_DISABLED = 2;
const MODE_STRICT = 3;

const FREED = Symbol('toolsig.freed'); // on the Error of using a freed Signature
// maxErrors crosses into wasm as a 32-bit signed number.
const MAX_ERRORS_LIMIT = 0x7fffffff;
const JSON_SCHEMA_TARGETS = new Set(['draft-2020-12', 'draft-07', 'openapi-3.0']);

// The options each method takes.
const VALIDATE_OPTIONS = ['mode', 'maxErrors', 'maxDepth', 'repair'];
const STREAM_OPTIONS = ['input', ...VALIDATE_OPTIONS];
const SCHEMA_OPTIONS = ['strict'];
const FORMAT_OPTIONS = ['hideFirewalled', 'descriptions'];
const REDACT_OPTIONS = ['mode'];
// Standard JSON Schema's libraryOptions, as this library reads them.
const LIBRARY_OPTIONS = ['strict', 'onWarning'];

// [mode, maxErrors, maxDepth, repair bits] when no options are given (the
// core's defaults).
const DEFAULT_OPTIONS = Object.freeze([0, 0, 0, 0]);

// Reads the validation options o (read by readOptions) into the core's
// numbers (0: the core's default). A given option must be meaningful: a
// mode by name, maxErrors a whole number from 1, maxDepth from 1 to the
// core's limit of 10000 (the core would clamp a larger one silently),
// repair true or false (switched on / off; neither is the core's default:
// off for return values, on for tool arguments).
function validateOptions(o) {
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
  const r = o.repair;
  if (r !== undefined && typeof r !== 'boolean') {
    throw new TypeError(`toolsig: repair must be true or false, got ${describeOption(r)}`);
  }
  return [modeOf[mode], numbers[0], numbers[1], r === undefined ? 0 : r ? REPAIR : NO_REPAIR];
}

function describeOption(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  return typeof v === 'object' && v !== null ? 'an object' : String(v);
}

// The shared success result of a value that needed no change: `value` is

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
  #clean = [null, null]; // per side: the core's check table as a test (fast.mjs)

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
      throw new TypeError(`toolsig: a signature is a string, got ${describeArgument(text)}`);
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
    // Lets the core's files reach the handle (core.mjs does not export it).
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
    const o = readOptions(opts, 'format', FORMAT_OPTIONS);
    let flags = o.hideFirewalled ? FORMAT_HIDE_FIREWALLED : 0;
    if (o.descriptions === false) flags |= FORMAT_NO_DESCRIPTIONS;
    return takeString(W.tsig_format(this.#live(), flags, 0));
  }

  // The options of a validation call, read: [mode, maxErrors, maxDepth,
  // repair flags]; where: the method's name, for errors about them.
  static #options(opts, where) {
    return opts === undefined ? DEFAULT_OPTIONS : validateOptions(readOptions(opts, where, VALIDATE_OPTIONS));
  }

  // Whether the core would accept the JS value as it is (valid, nothing to
  // say or change), told by its check table without a call: then the
  // value itself is the result. false means only "ask the core".
  #isClean(input, value, o) {
    if (o[0] === MODE_DISABLED) return false;
    const handle = this.#live(); // a freed Signature throws, table or not
    let clean = this.#clean[input];
    if (clean === null) {
      const ptr = W.tsig_api_check_table(handle, input);
      if (!ptr) throw outOfMemory();
      clean = this.#clean[input] = fastChecker(takeJSON(ptr));
    }
    return clean(value, (o[2] && o[2] < FAST_DEPTH ? o[2] : FAST_DEPTH) - 1, o[0] === MODE_STRICT);
  }

  #run(input, text, o, original, source) {
    const [mode, maxErrors, maxDepth, repair] = o;
    const [ptr, len] = putString(text, false);
    const rc = W.tsig_api_validate_fast(this.#live(), input, ptr, len, mode, maxErrors, maxDepth, outSlot,
      NUMBERS_ARE_DOUBLES | API_UTF16_INDEXES | (source != null ? repair : 0));
    if (rc === 0) return original === undefined ? lazyOkResult(text) : okResult(original);
    const doc = takeJSON(readOut());
    if (doc.error) throw new TypeError(`toolsig: ${doc.error.message}`);
    const result = { ok: doc.ok, value: undefined, errors: doc.errors, warnings: doc.warnings };
    if (doc.ok) result.value = 'value' in doc ? doc.value : original;
    else delete result.value; // each issue's index is the core's (API_UTF16_INDEXES)
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
    const o = Signature.#options(opts, 'validate');
    if (this.#isClean(0, value, o)) return okResult(value);
    return this.#run(0, toJSONText(value, 'value'), o, value, null);
  }

  /** Validates JSON text against the return type; bad JSON is an error with line/column/index. */
  validateJSON(text, opts) {
    if (typeof text !== 'string') throw new TypeError('toolsig: validateJSON takes JSON text (a string)');
    return this.#run(0, text, Signature.#options(opts, 'validateJSON'), undefined, text);
  }

  /** Validates tool arguments against the parameters, with coercion. */
  validateInput(args, opts) {
    const o = Signature.#options(opts, 'validateInput');
    if (this.#isClean(1, args, o)) return okResult(args);
    return this.#run(1, toJSONText(args, 'arguments'), o, args, null);
  }

  /** As validateInput, from JSON text (an LLM's tool-call arguments). */
  validateInputJSON(text, opts) {
    if (typeof text !== 'string') throw new TypeError('toolsig: validateInputJSON takes JSON text (a string)');
    return this.#run(1, text, Signature.#options(opts, 'validateInputJSON'), undefined, text);
  }

  /** JSON Schema of the return type; {strict: true} for OpenAI strict structured outputs. */
  toJsonSchema(opts) {
    const { strict } = readOptions(opts, 'toJsonSchema', SCHEMA_OPTIONS);
    return takeJSON(W.tsig_api_schema(this.#live(), 0, strict ? SCHEMA_STRICT : 0)).schema;
  }

  /** The parameters as one object schema, for function-calling tool definitions. */
  toolParametersSchema(opts) {
    const { strict } = readOptions(opts, 'toolParametersSchema', SCHEMA_OPTIONS);
    return takeJSON(W.tsig_api_schema(this.#live(), 1, strict ? SCHEMA_STRICT : 0)).schema;
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
    if (typeof name !== 'string') {
      throw new TypeError(`toolsig: renderTool takes a tool name (a string), got ${describeArgument(name)}`);
    }
    if (description != null && typeof description !== 'string') {
      throw new TypeError(`toolsig: renderTool: a description is a string, got ${describeArgument(description)}`);
    }
    return renderToolList([{ name, signature: this, description }], false, 'both');
  }

  /**
   * A validator fed the text in chunks as a model streams it (SPEC §12.2):
   * {input, mode, maxErrors, maxDepth, repair}; push(chunk) and end() each
   * return {state, errors, warnings, partial}, end() also the one-shot
   * result's ok and value.
   */
  stream(opts) {
    // The options but input are validateJSON's (or validateInputJSON's).
    const shared = readOptions(opts, 'stream', STREAM_OPTIONS);
    const inputOption = shared.input;
    delete shared.input;
    if (inputOption !== undefined && typeof inputOption !== 'boolean') {
      throw new TypeError(`toolsig: input must be true or false, got ${describeOption(inputOption)}`);
    }
    const [mode, maxErrors, maxDepth, repair] = validateOptions(shared);
    const input = inputOption ? 1 : 0;
    const flags = NUMBERS_ARE_DOUBLES | CALLER_KEEPS_TEXT | repair;
    if (!seeded) seedHash();
    const handle = W.tsig_api_stream_new(this.#live(), input, mode, maxErrors, maxDepth, flags);
    if (!handle) throw outOfMemory();
    // what the one-shot call of the same text takes, for a changed value
    const again = input ? (text) => this.validateInputJSON(text, shared) : (text) => this.validateJSON(text, shared);
    // the same stream anew, for a partial value read after end()
    const anew = () => this.stream(opts);
    return new ValidationStream(CREATE, this, handle, again, anew);
  }

  /** The value with firewalled ("_") fields stripped or masked ({mode: 'strip'|'mask'}). */
  redact(value, opts) {
    const mode = readOptions(opts, 'redact', REDACT_OPTIONS).mode ?? 'strip';
    if (mode !== 'strip' && mode !== 'mask') {
      throw new TypeError(`toolsig: unknown redact mode ${JSON.stringify(mode)} (modes: strip, mask)`);
    }
    const text = toJSONText(value, 'value');
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

// tsig_stream_state, by number.
const STREAM_STATES = ['incomplete', 'invalid', 'complete'];

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
  }

  /** The value read so far (SPEC §12.2), made when first read. */
  get partial() {
    if (typeof this.#partial === 'function') this.#partial = this.#partial();
    return this.#partial;
  }
}

// result.value becomes the value of again(text), the one-shot validation of
// the stream's text, done when first read.
function lazyRewritten(result, text, again) {
  let value;
  let done = false;
  Object.defineProperty(result, 'value', {
    get() {
      if (!done) {
        value = again(text).value;
        done = true;
      }
      return value;
    },
    enumerable: true,
    configurable: true,
  });
}

/** A stream of JSON text validated as it arrives (Signature#stream). */
class ValidationStream {
  #sig;
  #handle;
  #text = ''; // the text pushed so far, for the UTF-16 index of each issue
  #held = ''; // a high surrogate that ended a chunk: its pair is next
  #last = null; // [errors, warnings] of the last judged result, null while incomplete
  #push = 0; // how many pushes so far: a partial value is read before the next
  #again; // the one-shot validation of the text, for a changed value the core did not write
  #anew; // a stream with the same options, for a partial value read after end()

  constructor(token, sig, handle, again, anew) {
    if (token !== CREATE) throw new TypeError('toolsig: use signature.stream() to make a stream');
    this.#sig = sig;
    this.#handle = handle;
    this.#again = again;
    this.#anew = anew;
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
    const [ptr, len] = putString(text, false);
    const rc = W.tsig_api_stream_step(handle, ptr, len);
    if (rc === API_STREAM_TOO_LARGE) throw new RangeError('toolsig: the stream is larger than the input limit');
    if (rc === API_STREAM_NOMEM) throw outOfMemory();
    this.#text += text; // as the core has it: only once it took the chunk
    const state = STREAM_STATES[rc & ~API_STREAM_CHANGED];
    if (rc & API_STREAM_CHANGED) {
      // A result judged since the last push: read once, kept until the next.
      const doc = takeJSON(W.tsig_api_stream_push(handle, 0, 0, 0));
      this.#last = null;
      if (doc.result) {
        addIndexes(doc.result.errors, this.#text);
        addIndexes(doc.result.warnings, this.#text);
        this.#last = [doc.result.errors, doc.result.warnings];
      }
    }
    const at = ++this.#push;
    const errors = this.#last ? this.#last[0].map((e) => ({ ...e })) : [];
    const warnings = this.#last ? this.#last[1].map((e) => ({ ...e })) : [];
    return new StreamResult(state, errors, warnings, () => {
      if (at !== this.#push || !this.#handle) {
        throw new Error('toolsig: a partial value is read before the next push or end()');
      }
      return this.#partialNow();
    });
  }

  #partialNow() {
    return this.#partialOf(takeJSON(W.tsig_api_stream_push(this.#live(), 0, 0, 1)));
  }

  // The partial value of a push document: the core's copy (a repaired
  // text), or where to cut the text kept here ([from, to, close]: its UTF-8
  // bytes from..to, then close).
  #partialOf(doc) {
    if (!('cut' in doc)) return doc.partial;
    if (doc.cut === null) return null;
    const [from, to, close] = doc.cut;
    const text = this.#text;
    return JSON.parse(text.slice(utf16Index(text, from), utf16Index(text, to)) + close);
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
    // The partial value: the text itself when it is a whole value as
    // given, else a cut of it (or the core's copy of a repaired text),
    // made when read.
    const text = this.#text;
    let partial;
    if (W.tsig_api_stream_partial_is_text(handle)) {
      partial = () => JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } else if (W.tsig_api_stream_drops_text(handle)) {
      const doc = takeJSON(W.tsig_api_stream_push(handle, 0, 0, 1));
      partial = () => this.#partialOf(doc);
    } else {
      // The core's copy (a stream with repair on, which keeps its text):
      // made when read, by a stream of the same options fed the text kept
      // here, which reads it as this one would have (a stream's partial
      // value is the same in any chunking), so that end() costs the
      // one-shot call alone.
      const anew = this.#anew;
      partial = () => {
        const again = anew();
        try {
          return again.push(text).partial;
        } finally {
          again.free();
        }
      };
    }
    const doc = takeJSON(W.tsig_api_stream_end(handle));
    this.free();
    addIndexes(doc.errors, this.#text);
    addIndexes(doc.warnings, this.#text);
    const result = new StreamResult(doc.ok ? 'complete' : 'invalid', doc.errors, doc.warnings, partial);
    result.ok = doc.ok;
    // A value as given is not sent back: read from the text when asked for.
    // A changed one the core did not keep the text to write (it dropped
    // what it validated) is the one-shot call's, on the text kept here.
    if (doc.ok) {
      if ('value' in doc) result.value = doc.value;
      else if (doc.changed) lazyRewritten(result, this.#text, this.#again);
      else lazyValue(result, this.#text);
    }
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
  // The options are the standard's ({target, libraryOptions}), written by a
  // framework: only libraryOptions, this library's, are checked key by key.
  const schemaFor = (options) => {
    const o = ownOptions(options);
    const target = o.target;
    if (!JSON_SCHEMA_TARGETS.has(target)) {
      throw new Error(`toolsig: JSON Schema target ${JSON.stringify(target)} is not supported (targets: draft-2020-12, draft-07, openapi-3.0)`);
    }
    const lib = readOptions(o.libraryOptions, 'libraryOptions', LIBRARY_OPTIONS);
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

export {
  Signature,
  handleOf,
};
