// validate-browser.mjs: "toolsig/validate" for browsers. Fetches
// toolsig-validate.wasm next to the package (a top-level await), so once
// the import resolves every call is synchronous.
import { bind, imports } from './validate-api.mjs';

const url = new URL('../dist/toolsig-validate.wasm', import.meta.url);

async function instantiate() {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`toolsig: cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

bind((await instantiate()).exports);

export { Signature, SignatureError, formatReport } from './validate-api.mjs';
