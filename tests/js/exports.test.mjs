// The boundary between the JS package and its two modules: the exported C
// functions are the ones js/wasm-exports.txt lists, each declared in the
// public header (the command line's in src/cli/cli.h); toolsig.wasm, the
// library's module, has no command line in it and toolsig-cli.wasm is the
// library with the command line; neither needs an import but the
// memory-growth notice; the JS never evaluates code from strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_PARTS, jsSource } from '../../scripts/ship-js.mjs';
import { repoRoot, requireBuild, wasmPath } from './support/env.mjs';

const lines = readFileSync(join(repoRoot, 'js', 'wasm-exports.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const section = lines.indexOf('[toolsig-cli.wasm]');
const library = lines.slice(0, section); // toolsig.wasm
const listed = [...library, ...lines.slice(section + 1)]; // toolsig-cli.wasm
const cliWasmPath = join(repoRoot, 'dist', 'toolsig-cli.wasm');

// The C library's allocator: JS needs it to hand buffers to the core. It is
// declared by <stdlib.h>, not by toolsig.h.
const C_LIBRARY = ['malloc', 'free'];
// The command line run in memory, for the package's bin: declared in
// src/cli/cli.h, not part of the library's API (wasm-exports.txt says so).
const CLI = ['tsig_cli_run_live'];
// The functions for people who publish tools: in toolsig-cli.wasm alone,
// which toolsig/publish loads (js/publish.mjs), declared in toolsig.h.
const PUBLISHING = ['tsig_api_diff', 'tsig_api_infer'];

// What Emscripten adds to every standalone module: the memory, the
// function table, the constructor runner, and stack and errno functions.
const EMSCRIPTEN = ['memory', '__indirect_function_table', '_initialize', '__errno_location', 'stackSave', 'stackRestore',
  'stackAlloc'];

function wasmModule(path = wasmPath) {
  requireBuild();
  return new WebAssembly.Module(readFileSync(path));
}

/** A header without comments, so a name in a comment does not count as declared. */
function headerCode(path = join('include', 'toolsig.h')) {
  return readFileSync(join(repoRoot, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ');
}

test('wasm-exports.txt lists each function once, as C identifiers, the command line\'s and the publishing functions in their own section', () => {
  assert.ok(section > 0, 'a [toolsig-cli.wasm] section after the library\'s names');
  assert.deepEqual(lines.slice(section + 1), [...CLI, ...PUBLISHING]);
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

const MEMORY_GROWTH = { module: 'env', name: 'emscripten_notify_memory_growth', kind: 'function' };
// The command line's module imports standard input as it arrives and
// output written at once (src/cli/cli.h, cli_memory_host), from js/cli.mjs.
const CLI_HOST = ['tsig_host_read', 'tsig_host_write'].map((name) => ({ module: 'env', name, kind: 'function' }));
for (const [file, path, names, imported] of [['toolsig.wasm', wasmPath, library, [MEMORY_GROWTH]],
  ['toolsig-cli.wasm', cliWasmPath, listed, [MEMORY_GROWTH, ...CLI_HOST]]]) {
  test(`dist/${file} exports its listed functions, and nothing else but Emscripten's own`, () => {
    const exported = WebAssembly.Module.exports(wasmModule(path));
    const functions = new Set(exported.filter((e) => e.kind === 'function').map((e) => e.name));
    for (const name of names) assert.ok(functions.has(name), `${name} is exported`);
    const extra = exported.map((e) => e.name).filter((n) => !names.includes(n) && !EMSCRIPTEN.includes(n));
    assert.deepEqual(extra, []);
    assert.ok(exported.some((e) => e.name === 'memory' && e.kind === 'memory'));
  });

  test(`dist/${file} imports nothing but ${imported.map((i) => `${i.module}.${i.name}`).join(', ')}`, () => {
    const byName = (a, b) => a.name.localeCompare(b.name);
    assert.deepEqual(WebAssembly.Module.imports(wasmModule(path)).sort(byName), [...imported].sort(byName));
  });
}

test('the library\'s module is smaller than the command line\'s: the command line is not in it', () => {
  requireBuild();
  assert.ok(readFileSync(wasmPath).length < readFileSync(cliWasmPath).length);
});

test('the core\'s files of js/ call only listed functions of the module', () => {
  const calls = (source) => new Set([...source.matchAll(/\bW\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  const used = calls(jsSource('core.mjs'));
  const ours = [...library, ...CLI];
  const unknown = [...used].filter((n) => !ours.includes(n) && n !== 'memory' && n !== '_initialize');
  assert.deepEqual(unknown, []);
  for (const name of ours) assert.ok(used.has(name), `${name} is listed but not used by the core's files`);
  // toolsig/publish: the library's names and the publishing functions
  const published = calls(jsSource('publish.mjs'));
  const beyond = [...published].filter((n) => !ours.includes(n) && !PUBLISHING.includes(n) && n !== 'memory' && n !== '_initialize');
  assert.deepEqual(beyond, []);
  for (const name of PUBLISHING) assert.ok(published.has(name), `${name} is listed but not used by js/publish.mjs`);
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
  for (const file of ['core.mjs', ...CORE_PARTS]) {
    assert.doesNotMatch(jsCode(join(repoRoot, 'js', file)), /WebAssembly\.(compile|instantiate|Module|Instance)\b/, file);
  }
  // and as shipped (minified): what an edge runtime loads
  requireBuild();
  assert.doesNotMatch(readFileSync(join(repoRoot, 'dist', 'edge.mjs'), 'utf8'), /WebAssembly\.(compile|instantiate|Module)\b/);
  assert.doesNotMatch(readFileSync(join(repoRoot, 'dist', 'core.mjs'), 'utf8'), /WebAssembly\.(compile|instantiate|Module|Instance)\b/);
});
