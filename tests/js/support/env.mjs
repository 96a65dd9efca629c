// env.mjs: where things are for the JS tests, and a second, observable
// instance of the toolsig API.
//
// The package's entry points each hold one wasm instance inside js/core.mjs
// and show none of its memory. Two tests need to look underneath the API:
// the vector test (the exact JSON text the core answered, whose numbers
// JSON.parse would round) and the memory test (the size of wasm memory).
// openInstance() gives them a separate copy of js/core.mjs (imported under
// its own URL, so it has its own module state) bound to a fresh instance of
// dist/toolsig.wasm through an exports object that records what the core
// returned. The API code that runs is the package's own, unchanged.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The conformance vectors: the repository's copy of the shared folder's. */
export const vectorsDir = join(repoRoot, 'tests', 'vectors');

export const wasmPath = join(repoRoot, 'dist', 'toolsig.wasm');

/** Fails with the fix when dist/ has not been built. */
export function requireBuild() {
  if (!existsSync(wasmPath) || !existsSync(join(repoRoot, 'dist', 'toolsig-cli.wasm')) || !existsSync(join(repoRoot, 'dist', 'core.cjs'))) {
    throw new Error('dist/toolsig.wasm is missing: run `node scripts/build-wasm.mjs` first');
  }
}

let counter = 0;
const decoder = new TextDecoder('utf-8');

/**
 * A separate instance of the API. Returns {api, exports, memory, last}:
 * api is the module namespace of that copy of js/core.mjs (Signature,
 * normalizeKeys, ...); exports the real wasm exports (for direct calls);
 * memory the wasm Memory; last() the most recent answer of the core to a
 * validate or normalize call: {entry, rc, doc} where doc is the JSON text
 * the core returned (null when the fast path answered "valid, unchanged");
 * signatureFrees() how many signatures the core has released (free(),
 * dispose or the FinalizationRegistry).
 */
export async function openInstance() {
  requireBuild();
  counter += 1;
  const url = pathToFileURL(join(repoRoot, 'dist', 'core.mjs'));
  url.search = `?instance=${counter}`;
  const core = await import(url.href);
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, core.imports);
  const real = instance.exports;
  let last = null;
  let signatureFrees = 0;

  const cString = (ptr) => {
    const h = new Uint8Array(real.memory.buffer);
    return decoder.decode(h.subarray(ptr, h.indexOf(0, ptr)));
  };
  const u32 = (ptr) => new DataView(real.memory.buffer).getUint32(ptr, true);

  const observed = { ...real };
  observed.tsig_api_validate_fast = (...args) => {
    const rc = real.tsig_api_validate_fast(...args);
    last = { entry: 'validate', rc, doc: rc === 1 ? cString(u32(args[7])) : null };
    return rc;
  };
  observed.tsig_api_normalize = (...args) => {
    const ptr = real.tsig_api_normalize(...args);
    last = { entry: 'normalize', rc: ptr ? 1 : -1, doc: ptr ? cString(ptr) : null };
    return ptr;
  };
  observed.tsig_signature_free = (handle) => {
    signatureFrees += 1;
    return real.tsig_signature_free(handle);
  };
  core.bind(observed);

  /**
   * Runs a core entry point on JSON text the way js/core.mjs does (text in
   * wasm memory, the JSON document back), for inputs that only exist as
   * text (a repeated key cannot be written as a JS value). Returns the
   * document's text.
   */
  const callOnText = (entry, text, ...rest) => {
    const bytes = new TextEncoder().encode(text);
    const ptr = real.malloc(bytes.length + 1);
    try {
      new Uint8Array(real.memory.buffer).set(bytes, ptr);
      const out = real[entry](ptr, bytes.length, ...rest);
      try {
        return cString(out);
      } finally {
        real.free(out);
      }
    } finally {
      real.free(ptr);
    }
  };

  return {
    api: core, exports: real, memory: real.memory, last: () => last, callOnText,
    signatureFrees: () => signatureFrees,
  };
}
