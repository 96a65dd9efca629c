// core.mjs: the toolsig API over one instance of toolsig.wasm, the one
// module the loaders (node.mjs, node.cjs, browser.mjs, edge.mjs, cli.mjs),
// api.mjs and tools.mjs import from.
//
// Only these files talk to the core. They move strings in and out of wasm
// memory and turn the core's JSON answers into JS objects; every check
// (parsing, validation, coercion, schemas, placeholders) happens in the
// core. By concern:
//
// - wasm.mjs: binding the exports, memory, strings and values in and out,
//   UTF-16 indexes, out of memory;
// - signature.mjs: Signature, its streams and Standard Schema props;
// - results.mjs: results, issues and errors, formatReport;
// - schemas.mjs: imports, tool lists, templates, strict warnings,
//   normalizeKeys, coreInfo.
//
// The package ships them as one file, dist/core.mjs (scripts/ship-js.mjs):
// one module, one wasm instance's state, and importing it under another
// URL gives another copy of that state.
import {
  bind, describeArgument, imports, info, isNonJSON, isOutOfMemory, ownOptions, readOptions, runCommandLine,
  toJSONText,
} from './wasm.mjs';
import { Signature } from './signature.mjs';
import { SignatureError, formatReport } from './results.mjs';
import {
  EXPOSURES, SIDES, checkPlaceholders, coreInfo, exposed, importJsonSchema, importTool, normalizeKeys,
  oneOf, renderTemplate, renderTools, shown, strictWarningText,
} from './schemas.mjs';

export {
  EXPOSURES,
  SIDES,
  exposed,
  oneOf,
  shown,
  toJSONText,
  bind,
  describeArgument,
  imports,
  ownOptions,
  readOptions,
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
