// validate-node.cjs: "toolsig/validate" for Node (CommonJS), its own
// instance of toolsig-validate.wasm.
'use strict';
const { randomFillSync } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bind, imports, Signature, SignatureError, formatReport } = require('./validate-api.mjs');

const wasm = new WebAssembly.Module(readFileSync(join(__dirname, '..', 'dist', 'toolsig-validate.wasm')));
bind(new WebAssembly.Instance(wasm, imports).exports, randomFillSync);

module.exports = { Signature, SignatureError, formatReport };
