// publish.mjs: the functions for people who publish tools (diff, infer),
// over their own instance of toolsig-cli.wasm (the whole core: the
// library, the publishing functions and the command line), so that what
// `import 'toolsig'` loads (toolsig.wasm, for tool calls at run time, edge
// functions included) does not carry them. The package ships this file as
// one module, dist/publish.mjs (scripts/ship-js.mjs), with its own copy of
// wasm.mjs and results.mjs: its own wasm instance's state. Loaders:
// publish-node.mjs, publish-browser.mjs.
import {
  W, bind, cut, describeArgument, imports, info, pathString, putString, readOptions, shown, takeJSON, toJSONText,
} from './wasm.mjs';
import { SignatureError, importError, tooDeepAt } from './results.mjs';

// The command line's host functions, which this module never calls: the
// command line does not run here.
const PUBLISH_IMPORTS = {
  ...imports,
  env: {
    ...imports.env,
    tsig_host_read() { throw new Error('toolsig/publish: the command line does not run here'); },
    tsig_host_write() { throw new Error('toolsig/publish: the command line does not run here'); },
  },
};

// A Signature of the main entry: an object whose class is named so and
// that has its canonical text.
function isSignature(v) {
  return v !== null && typeof v === 'object' && v.constructor?.name === 'Signature' && typeof v.format === 'function';
}

// A tool of this package's own (defineTool's Tool, or {name, signature}):
// what the core reads as [{name, sig, description}].
function ownTool(t) {
  return t !== null && typeof t === 'object' && !Array.isArray(t) && 'signature' in t &&
    !('inputSchema' in t || 'input_schema' in t || 'parameters' in t || 'function' in t);
}

// One side of a diff as the core reads it: signature text, or the JSON
// text of a list of tools.
function diffSide(side, what) {
  if (typeof side === 'string') return side;
  // a Signature of the package's main entry (another module: its class
  // cannot be named here) gives its canonical text
  if (isSignature(side)) return side.toString();
  const list = Array.isArray(side) ? side : side !== null && typeof side === 'object' && Array.isArray(side.tools) ? side.tools : null;
  if (list === null) throw new TypeError(`toolsig: diff: ${what} is a Signature, its text, or a list of tools`);
  if (list.length && list.every(ownTool)) {
    return JSON.stringify(list.map((t) => ({
      name: t.name,
      sig: t.signature == null ? null : String(t.signature),
      description: t.description ?? null,
    })));
  }
  return toJSONText(side, what);
}

/**
 * What changed from `before` to `after` (two signatures, or two lists of
 * tools matched by name) and whom it breaks: {breaks, changes}, a change
 * each {tool, path, old, new, effect, why, example?, line}. Throws
 * SignatureError for a side that is neither a signature nor a list of
 * tools (its message names the side).
 */
function diff(before, after) {
  const a = diffSide(before, 'before');
  const b = diffSide(after, 'after');
  const [aptr, alen] = putString(a, true);
  let doc;
  try {
    const [bptr, blen] = putString(b, true);
    try {
      doc = takeJSON(W.tsig_api_diff(aptr, alen, bptr, blen));
    } finally {
      W.free(bptr);
    }
  } finally {
    W.free(aptr);
  }
  if (!doc.ok) {
    const given = doc.side === 'old' ? before : doc.side === 'new' ? after : null;
    throw importError(doc.error, typeof given === 'string' ? given : null);
  }
  return { breaks: doc.breaks, changes: doc.changes };
}

// tsig_api_infer's flag: the text is a list whose elements are samples.
const INFER_EACH = 1;
const INFER_OPTIONS = ['enums'];

/**
 * The signature written from sample values (the core's tsig_infer: the
 * narrowest type every sample validates against), in canonical form.
 * samples: a list of JSON values; options.enums: the most distinct values
 * a string place may have to be an enum (0, the default: none).
 */
function infer(samples, options) {
  const { enums = 0 } = readOptions(options, 'infer', INFER_OPTIONS);
  if (!Array.isArray(samples)) {
    throw new TypeError(`toolsig: infer takes a list of samples, got ${describeArgument(samples)}`);
  }
  if (!Number.isSafeInteger(enums) || enums < 0 || enums > 0xffffffff) {
    throw new TypeError(`toolsig: infer: enums must be a whole number from 0, got ${shown(enums)}`);
  }
  const text = toJSONText(samples, 'samples');
  const [ptr, len] = putString(text, true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_infer(ptr, len, INFER_EACH, enums));
  } finally {
    W.free(ptr);
  }
  if (doc.ok) return doc.signature;
  if (doc.error.kind === 'too_deep') {
    // the place in the samples given, not in the text JSON.stringify wrote
    const limit = info().limits.signature_max_depth;
    const at = cut(pathString(tooDeepAt(samples, limit + 1)));
    throw new RangeError(`toolsig: the sample at ${at} nests deeper than ${limit} levels of lists and objects, more than a signature can hold`);
  }
  throw new Error(`toolsig: ${doc.error.message}`);
}

export { PUBLISH_IMPORTS, SignatureError, bind, diff, infer };
