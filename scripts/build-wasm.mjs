// build-wasm.mjs: compiles the C core to dist/toolsig.wasm with Debian's
// Emscripten, and writes dist/core.cjs (the CommonJS form of js/core.mjs).
//
// The module is standalone: no Emscripten JS loader, no imports but the
// memory-growth notice, so the same file loads in Node, browsers and edge
// runtimes through js/core.mjs. Run directly (`node scripts/build-wasm.mjs`)
// or through npm test / npm start / npm pack.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StepError, repoRoot, run } from './lib.mjs';

export const WASM_TOOLS = [{ command: 'emcc', packages: ['emscripten'] }];

// The exported C functions, from js/wasm-exports.txt.
export function wasmExports() {
  return readFileSync(join(repoRoot, 'js', 'wasm-exports.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

// core.mjs ends with one `export { ... };` list: the CommonJS form assigns
// that list to module.exports instead.
export function coreToCommonJS(source) {
  const at = source.lastIndexOf('\nexport {');
  if (at < 0 || /^\s*(import|export)\s/m.test(source.slice(0, at))) {
    throw new StepError('js/core.mjs must have no imports and end with one export list');
  }
  const list = source.slice(at + '\nexport '.length).replace(/;\s*$/, '');
  return `'use strict';\n// Generated from js/core.mjs by scripts/build-wasm.mjs: do not edit.\n${source.slice(0, at)}\nmodule.exports = ${list};\n`;
}

export function buildWasm() {
  const dist = join(repoRoot, 'dist');
  mkdirSync(dist, { recursive: true });
  const cSources = (dir, skip = []) => readdirSync(join(repoRoot, dir))
    .filter((f) => f.endsWith('.c') && !skip.includes(f))
    .sort()
    .map((f) => join(dir, f));
  // The command line runs in the module too, in memory (src/cli/memory.c,
  // for js/cli.mjs); native.c is the native executable's files and streams.
  const sources = [...cSources('src'), ...cSources(join('src', 'cli'), ['native.c'])];
  const exported = wasmExports().map((n) => `_${n}`).join(',');
  run('emcc', [
    '-Oz', '-flto', '--no-entry', '-std=c11',
    '-sSTANDALONE_WASM', '-sMALLOC=emmalloc', '-sFILESYSTEM=0',
    '-sALLOW_MEMORY_GROWTH', '-sINITIAL_MEMORY=8MB', '-sTOTAL_STACK=4MB',
    `-sEXPORTED_FUNCTIONS=${exported}`,
    '-Iinclude', '-Isrc', '-Ithird_party/cjson',
    ...sources, 'third_party/cjson/cJSON.c',
    '-o', join('dist', 'toolsig.wasm'),
  ], { env: { NODE_PATH: '/usr/share/nodejs' } });
  const core = readFileSync(join(repoRoot, 'js', 'core.mjs'), 'utf8');
  writeFileSync(join(dist, 'core.cjs'), coreToCommonJS(core));
  console.log('wrote dist/toolsig.wasm and dist/core.cjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWasm();
