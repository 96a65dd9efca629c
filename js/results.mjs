// results.mjs: what a call answers: the result objects of validation, the
// errors (SignatureError, the messages of a value the core refused) and the
// SPEC report text of a result (formatReport).
import {
  W, cut, describeArgument, info, pathString, putString, readOptions, takeString, utf16Index, walkValue,
} from './wasm.mjs';

// The options of formatReport.
const REPORT_OPTIONS = ['title'];

/**
 * A signature, JSON Schema or template that could not be read. `message` is
 * the whole caret picture (position, the source line, the caret, the hint):
 * frameworks and loggers show only the message. `reason` is the core's
 * message alone.
 */
// What marks a SignatureError, shared by every copy of this file: the
// package's main entry and toolsig/publish each hold one (each its own
// module), and an error either throws is a SignatureError to both.
const SIGNATURE_ERROR = Symbol.for('toolsig.SignatureError');

class SignatureError extends Error {
  static [Symbol.hasInstance](v) {
    return v !== null && typeof v === 'object' && v[SIGNATURE_ERROR] === true;
  }

  constructor(error, source) {
    const text = error.text ?? error.message;
    const hint = error.hint ?? null;
    super(hint && !text.includes(hint) ? `${text}\n  hint: ${hint}` : text);
    this.name = 'SignatureError';
    Object.defineProperty(this, SIGNATURE_ERROR, { value: true });
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

// result.value becomes JSON.parse(text), done when first read.
function lazyValue(result, text) {
  Object.defineProperty(result, 'value', LAZY_VALUE);
  new LazyValue(result, text);
  return result;
}

function lazyOkResult(text) {
  const result = lazyValue({ ok: true }, text);
  result.errors = [];
  result.warnings = [];
  return result;
}

/**
 * The SPEC report text of a result: `Tool validation errors:\n- path: message` ...
 * result is an object with an errors list, a warnings list or both.
 */
function formatReport(result, opts) {
  if (result === null || typeof result !== 'object' || (result.errors === undefined && result.warnings === undefined)) {
    throw new TypeError('toolsig: formatReport takes a result {errors, warnings}');
  }
  const title = readOptions(opts, 'formatReport', REPORT_OPTIONS).title ?? info().report_titles.input;
  if (typeof title !== 'string') {
    throw new TypeError(`toolsig: formatReport: title must be a string, got ${describeArgument(title)}`);
  }
  const lists = {};
  for (const name of ['errors', 'warnings']) {
    const list = result[name] ?? [];
    if (!Array.isArray(list)) throw new TypeError(`toolsig: formatReport: ${name} must be a list`);
    lists[name] = list.map((e, i) => {
      if (e === null || typeof e !== 'object' || typeof e.message !== 'string' ||
          (e.path != null && typeof e.path !== 'string')) {
        throw new TypeError(`toolsig: formatReport: ${name}[${i}] must be {path, message} with string fields`);
      }
      return { path: e.path ?? '', message: e.message };
    });
  }
  const [ptr, len] = putString(JSON.stringify(lists), true);
  try {
    const [tptr, tlen] = putString(title, false);
    return takeString(W.tsig_api_report(ptr, len, tptr, tlen));
  } finally {
    W.free(ptr);
  }
}

// The SignatureError of a failed import. Its JSON Pointer names the place;
// a line and column only mean something in text the caller wrote, so they
// are dropped when the schema was given as an object.
function importError(error, input) {
  if (typeof input === 'string') return new SignatureError(error, input);
  return new SignatureError({ ...error, line: null, column: null, offset: null }, null);
}

export {
  SignatureError,
  formatReport,
  importError,
  lazyOkResult,
  lazyValue,
  okResult,
  tooDeepAt,
  valueErrorMessage,
};
