// node.mjs: toolsig for Node (ESM). Compiles and instantiates toolsig.wasm
// synchronously at import, so the API is ready as soon as the import is.
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bind, imports } from './core.mjs';

const wasm = new WebAssembly.Module(readFileSync(new URL('../dist/toolsig.wasm', import.meta.url)));
bind(new WebAssembly.Instance(wasm, imports).exports, randomFillSync);

export * from './api.mjs';
