// validate-node.mjs: "toolsig/validate" for Node (ESM): parsing and
// validation alone, over toolsig-validate.wasm, compiled and instantiated
// synchronously at import.
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bind, imports } from './validate-api.mjs';

const wasm = new WebAssembly.Module(readFileSync(new URL('../dist/toolsig-validate.wasm', import.meta.url)));
bind(new WebAssembly.Instance(wasm, imports).exports, randomFillSync);

export { Signature, SignatureError, formatReport } from './validate-api.mjs';
