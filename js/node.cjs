// node.cjs: toolsig for Node (CommonJS, require('toolsig')). The same API
// as node.mjs over its own instance of toolsig.wasm; dist/core.cjs is
// generated from core.mjs by the build.
'use strict';
const { randomFillSync } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const core = require('../dist/core.cjs');

const wasm = new WebAssembly.Module(readFileSync(join(__dirname, '..', 'dist', 'toolsig.wasm')));
core.bind(new WebAssembly.Instance(wasm, core.imports).exports, randomFillSync);

// bind, imports, describeArgument, ownOptions, readOptions,
// strictWarningText, renderTemplate, info, isOutOfMemory, isNonJSON,
// toJSONText and the exposure helpers (EXPOSURES, SIDES, exposed, oneOf,
// shown) are the loaders' and tools' business; runCommandLine is the bin's
// (js/cli.mjs).
const {
  bind, imports, describeArgument, ownOptions, readOptions, strictWarningText, renderTemplate, info,
  isOutOfMemory, isNonJSON, toJSONText, EXPOSURES, SIDES, exposed, oneOf, shown, runCommandLine, ...api
} = core;
module.exports = { ...api, ...require('../dist/tools.cjs') };
