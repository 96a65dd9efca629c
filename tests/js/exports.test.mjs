// The boundary between the JS package and toolsig.wasm: the exported C
// functions are the ones js/wasm-exports.txt lists, each declared in the
// public header; the module needs no imports but the memory-growth notice;
// the JS never evaluates code from strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, requireBuild, wasmPath } from './support/env.mjs';

const listed = readFileSync(join(repoRoot, 'js', 'wasm-exports.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

// The C library's allocator: JS needs it to hand buffers to the core. It is
// declared by <stdlib.h>, not by toolsig.h.
const C_LIBRARY = ['malloc', 'free'];
// The command line run in memory, for the package's bin: declared in
// src/cli/cli.h, not part of the library's API (wasm-exports.txt says so).
const CLI = ['tsig_cli_run'];

// What Emscripten adds to every standalone module: the memory, the
// function table, the constructor runner, and stack and errno functions.
const EMSCRIPTEN = ['memory', '__indirect_function_table', '_initialize', '__errno_location', 'stackSave', 'stackRestore',
  'stackAlloc'];

function wasmModule() {
  requireBuild();
  return new WebAssembly.Module(readFileSync(wasmPath));
}

/** A header without comments, so a name in a comment does not count as declared. */
function headerCode(path = join('include', 'toolsig.h')) {
  return readFileSync(join(repoRoot, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ');
}

test('wasm-exports.txt lists each function once, as C identifiers', () => {
  assert.ok(listed.length > 0);
  assert.equal(new Set(listed).size, listed.length);
  for (const name of listed) assert.match(name, /^[A-Za-z_][A-Za-z0-9_]*$/);
});

test('every listed name but the C allocator and the CLI entry is declared as a function in include/toolsig.h', () => {
  const code = headerCode();
  for (const name of listed.filter((n) => !C_LIBRARY.includes(n) && !CLI.includes(n))) {
    assert.match(code, new RegExp(`\\b${name}\\s*\\(`), `${name} is declared in toolsig.h`);
    assert.match(name, /^tsig_/, `${name} has the tsig_ prefix`);
  }
  assert.deepEqual(listed.filter((n) => C_LIBRARY.includes(n)).sort(), [...C_LIBRARY].sort());
  const cli = headerCode(join('src', 'cli', 'cli.h'));
  for (const name of listed.filter((n) => CLI.includes(n))) {
    assert.match(cli, new RegExp(`\\b${name}\\s*\\(`), `${name} is declared in src/cli/cli.h`);
  }
});

test('dist/toolsig.wasm exports every listed function, and nothing else but Emscripten\'s own', () => {
  const exported = WebAssembly.Module.exports(wasmModule());
  const functions = new Set(exported.filter((e) => e.kind === 'function').map((e) => e.name));
  for (const name of listed) assert.ok(functions.has(name), `${name} is exported`);
  const extra = exported.map((e) => e.name).filter((n) => !listed.includes(n) && !EMSCRIPTEN.includes(n));
  assert.deepEqual(extra, []);
  assert.ok(exported.some((e) => e.name === 'memory' && e.kind === 'memory'));
});

test('dist/toolsig.wasm imports nothing but env.emscripten_notify_memory_growth', () => {
  assert.deepEqual(WebAssembly.Module.imports(wasmModule()),
    [{ module: 'env', name: 'emscripten_notify_memory_growth', kind: 'function' }]);
});

test('js/core.mjs calls only listed functions of the module', () => {
  const core = readFileSync(join(repoRoot, 'js', 'core.mjs'), 'utf8');
  const used = new Set([...core.matchAll(/\bW\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  const unknown = [...used].filter((n) => !listed.includes(n) && n !== 'memory' && n !== '_initialize');
  assert.deepEqual(unknown, []);
  for (const name of listed) assert.ok(used.has(name), `${name} is listed but not used by core.mjs`);
});

test('no eval( or new Function in js/*.mjs, js/*.cjs and dist/*.cjs', () => {
  requireBuild();
  const files = ['js', 'dist'].flatMap((dir) => readdirSync(join(repoRoot, dir))
    .filter((f) => f.endsWith('.mjs') || f.endsWith('.cjs'))
    .map((f) => join(repoRoot, dir, f)));
  assert.ok(files.length >= 7);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /\beval\s*\(/, file);
    assert.doesNotMatch(text, /\bnew\s+Function\b/, file);
    assert.doesNotMatch(text, /\bFunction\s*\(/, file);
  }
});

/** JS source without its comments (line comments at the start of a line, and block comments). */
function jsCode(file) {
  return readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
}

test('the edge build compiles no WebAssembly from bytes: the runtime hands it a module', () => {
  const edge = jsCode(join(repoRoot, 'js', 'edge.mjs'));
  assert.match(edge, /import wasm from '\.\.\/dist\/toolsig\.wasm'/);
  assert.doesNotMatch(edge, /WebAssembly\.(compile|instantiate|Module)\b/);
  const core = jsCode(join(repoRoot, 'js', 'core.mjs'));
  assert.doesNotMatch(core, /WebAssembly\.(compile|instantiate|Module|Instance)\b/);
});
