// publish-node.mjs: toolsig/publish for Node. Compiles and instantiates
// toolsig-cli.wasm synchronously at import.
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PUBLISH_IMPORTS, bind } from './publish.mjs';

const wasm = new WebAssembly.Module(readFileSync(new URL('../dist/toolsig-cli.wasm', import.meta.url)));
bind(new WebAssembly.Instance(wasm, PUBLISH_IMPORTS).exports, randomFillSync);

export { SignatureError, diff, infer } from './publish.mjs';
