// publish-browser.mjs: toolsig/publish for browsers. Fetches
// toolsig-cli.wasm next to the package (a top-level await), so once the
// import resolves every call is synchronous.
import { PUBLISH_IMPORTS, bind } from './publish.mjs';

const url = new URL('../dist/toolsig-cli.wasm', import.meta.url);

async function instantiate() {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`toolsig: cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return (await WebAssembly.instantiateStreaming(response, PUBLISH_IMPORTS)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), PUBLISH_IMPORTS)).instance;
}

bind((await instantiate()).exports);

export { SignatureError, diff, infer } from './publish.mjs';
