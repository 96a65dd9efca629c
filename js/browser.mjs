// browser.mjs: toolsig for browsers. Fetches toolsig.wasm next to the
// package (a top-level await), so once the import resolves every call is
// synchronous.
import { bind, imports } from './core.mjs';

const url = new URL('../dist/toolsig.wasm', import.meta.url);

async function instantiate() {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`toolsig: cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

bind((await instantiate()).exports);

export * from './api.mjs';
