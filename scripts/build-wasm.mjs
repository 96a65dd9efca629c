// build-wasm.mjs: compiles the C core to dist/toolsig.wasm with Debian's
// Emscripten, and writes the package's JS to dist/ minified, with
// dist/core.cjs and dist/tools.cjs (the CommonJS forms of dist/core.mjs
// and dist/tools.mjs; scripts/ship-js.mjs): dist/ is what the package
// ships and what the tests load.
//
// The module is standalone: no Emscripten JS loader, no imports but the
// memory-growth notice, so the same file loads in Node, browsers and edge
// runtimes through js/core.mjs. A second module, dist/toolsig-cli.wasm, is
// the same objects with the command line (src/cli) linked in, for the
// package's bin (dist/cli.mjs): the library's module, which every import
// loads, does not carry a command line it never runs. Run directly (`node
// scripts/build-wasm.mjs`) or through npm test / npm start / npm pack.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StepError, repoRoot, run } from './lib.mjs';
import { spawnSync } from 'node:child_process';
import { shipJs } from './ship-js.mjs';

export const WASM_TOOLS = [{ command: 'emcc', packages: ['emscripten'] }];

// The folders of src/, from the ground up (docs/ARCHITECTURE.md): the core
// is every .c file in them.
export const LAYERS = ['ground', 'types', 'checking', 'language', 'conversions', 'boundary'];

// The exported C functions, from js/wasm-exports.txt: {library, cli}, the
// names toolsig.wasm exports and the ones toolsig-cli.wasm adds to them
// (listed after the line "[toolsig-cli.wasm]").
export function wasmExports() {
  const lines = readFileSync(join(repoRoot, 'js', 'wasm-exports.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const at = lines.indexOf('[toolsig-cli.wasm]');
  if (at < 0) throw new StepError('js/wasm-exports.txt has no [toolsig-cli.wasm] section');
  return { library: lines.slice(0, at), cli: lines.slice(at + 1) };
}

// The validation hot path (the one-pass reader, the validator's traversal
// and typed maps, the push reader and what follows its steps in a stream,
// the loop that validates a stream's list elements as they become whole)
// is compiled for speed,
// everything else for size: -O3 on these files makes
// validation 2.5 times as fast on 10 KB for ~3 KB more gzip; -O3 everywhere
// would add ~26 KB gzip for nothing measurable (bench/RESULTS.md). They are
// compiled to wasm at once, not as LTO bitcode: the link's -Oz LTO would
// inline the size-built files' functions into them (~1 KB gzip more for
// toolsig.wasm) for no speed. What is off the hot paths in them (repair,
// json.c's trees and the quotes, echoes and paths of messages) is marked
// TSIG_SMALL (src/internal.h) and built for size there.
const HOT_SOURCES = ['src/ground/json.c', 'src/checking/validate.c', 'src/checking/validate_map.c',
  'src/checking/validate_feed.c', 'src/checking/validate_stream.c', 'src/checking/stream.c'];
const CJSON = 'third_party/cjson/cJSON.c';
// What toolsig-cli.wasm imports beyond toolsig.wasm's imports: standard
// input as it arrives and output written at once (js/cli.mjs gives them).
const CLI_HOST_IMPORTS = ['env.tsig_host_read', 'env.tsig_host_write'];

// Flags of every compile and of the link. Bulk memory turns memset/memcpy
// into single instructions (the size-built libc loops byte by byte
// otherwise); every runtime toolsig supports has it (Node 18, Chrome 75,
// Firefox 79, Safari 15, workerd).
//
// SIMD128 lets the JSON reader scan sixteen bytes at a time (src/ground/json.c);
// Node 18, Chrome 91, Firefox 89, Safari 16.4 and workerd run it. `node
// scripts/build-wasm.mjs --scalar` builds without it (TSIG_SCALAR: the
// eight-byte loops alone), for comparison and for older engines.
const SCALAR = process.argv.includes('--scalar');
// Only json.c, validate.c, validate_map.c and validate_stream.c (their
// inline string reader, internal.h) and stream.c (the newlines of what a
// stream drops) get it, with the vectorizers off: they would grow the
// module (+1.5 KB gzip for toolsig.wasm with -msimd128 on every file,
// +2 KB on validate.c alone) for nothing; the sixteen-byte scans are
// written by hand.
const COMMON_FLAGS = ['-flto', '-mbulk-memory', '-std=c11'];
const SIMD_SOURCES = ['src/ground/json.c', 'src/checking/validate.c', 'src/checking/validate_map.c',
  'src/checking/validate_stream.c', 'src/checking/stream.c'];
const SIMD_FLAGS = SCALAR ? ['-DTSIG_SCALAR'] : ['-msimd128', '-fno-vectorize', '-fno-slp-vectorize'];
const INCLUDES = ['include', 'src', 'third_party/cjson'].map((d) => `-I${join(repoRoot, d)}`);

// What dist/ is built from: every file below these folders, and these
// files (package-lock.json pins esbuild, which minifies the JS). Its
// digest (with emcc's version and the build's flags) is kept in
// build/wasm-inputs.sha256 after a build; buildWasm({ifChanged: true})
// builds again only when it differs or an output is missing.
const INPUT_DIRS = ['src', 'include', 'third_party/cjson', 'js', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json'];
const OUTPUTS = ['toolsig.wasm', 'toolsig-cli.wasm', 'core.mjs', 'core.cjs', 'tools.cjs', 'cli.mjs'];
const STAMP = join(repoRoot, 'build', 'wasm-inputs.sha256');

function inputsDigest() {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_DIRS.flatMap((dir) => readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? e.path, e.name).slice(repoRoot.length + 1))),
    ...INPUT_FILES,
  ].sort();
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(join(repoRoot, f))).update('\0');
  const emcc = spawnSync('emcc', ['--version'], { encoding: 'utf8', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
  hash.update(emcc.stdout ?? '').update(SCALAR ? 'scalar' : 'simd');
  return hash.digest('hex');
}

// Builds dist/ (below). With ifChanged, first compares the digest of its
// inputs with the one the last build kept, and does nothing when they are
// equal and every output is there (a second `npm start` with nothing
// changed reaches the playground in a few seconds).
export function buildWasm({ ifChanged = false } = {}) {
  const digest = inputsDigest();
  const built = OUTPUTS.every((f) => existsSync(join(repoRoot, 'dist', f)));
  if (ifChanged && built && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === digest) {
    console.log('dist/ is up to date with its sources: nothing to build');
    return;
  }
  rmSync(STAMP, { force: true });
  buildAll();
  writeFileSync(STAMP, `${digest}\n`);
}

function buildAll() {
  const dist = join(repoRoot, 'dist');
  const objects = join(repoRoot, 'build', 'wasm');
  mkdirSync(dist, { recursive: true });
  rmSync(objects, { recursive: true, force: true });
  mkdirSync(objects, { recursive: true });
  const cSources = (dir, skip = []) => readdirSync(join(repoRoot, dir))
    .filter((f) => f.endsWith('.c') && !skip.includes(f))
    .sort()
    .map((f) => `${dir}/${f}`);
  // The command line runs in toolsig-cli.wasm, in memory (src/cli/memory.c,
  // for js/cli.mjs); native.c is the native executable's files and streams.
  const cli = cSources('src/cli', ['native.c']);
  const own = [...LAYERS.flatMap((layer) => cSources(`src/${layer}`)), ...cli];
  const sources = [...own, CJSON];
  const objectOf = (f) => join('build', 'wasm', f.replace(/^.*\//, '').replace(/\.c$/, '.o'));
  if (new Set(sources.map(objectOf)).size !== sources.length) {
    throw new StepError('two C sources share a file name: their objects in build/wasm would collide');
  }
  // One object per source, named after it, in build/wasm. cJSON reads
  // numbers with tsig_strtod (decimal.c): libc's strtod would bring ~8 KB
  // of long double arithmetic for the same results.
  const groups = [
    ['-O3', own.filter((f) => HOT_SOURCES.includes(f)), '-fno-lto'],
    ['-Oz', own.filter((f) => !HOT_SOURCES.includes(f))],
    ['-Oz', [CJSON], '-Dstrtod=tsig_strtod'],
  ];
  const emcc = (level, files, outDir, extra) => run('emcc',
    [level, ...COMMON_FLAGS, ...INCLUDES, ...extra, '-c', ...files.map((f) => join(repoRoot, f))],
    { cwd: join(repoRoot, outDir), env: { NODE_PATH: '/usr/share/nodejs' } });
  const compile = (level, files, outDir, ...extra) => {
    const simd = files.filter((f) => SIMD_SOURCES.includes(f));
    const rest = files.filter((f) => !SIMD_SOURCES.includes(f));
    if (simd.length) emcc(level, simd, outDir, [...extra, ...SIMD_FLAGS]);
    if (rest.length) emcc(level, rest, outDir, extra);
  };
  for (const [level, files, ...extra] of groups) compile(level, files, join('build', 'wasm'), ...extra);
  const exported = wasmExports();
  const link = (output, objectFiles, names, extra = []) => run('emcc', [
    '-Oz', ...COMMON_FLAGS, '--no-entry',
    '-sSTANDALONE_WASM', '-sMALLOC=emmalloc', '-sFILESYSTEM=0',
    '-sALLOW_MEMORY_GROWTH', '-sINITIAL_MEMORY=8MB', '-sTOTAL_STACK=4MB',
    `-sEXPORTED_FUNCTIONS=${names.map((n) => `_${n}`).join(',')}`,
    ...extra,
    ...objectFiles,
    '-o', join('dist', output),
  ], { env: { NODE_PATH: '/usr/share/nodejs' } });
  const cliObjects = new Set(cli.map(objectOf));
  link('toolsig.wasm', sources.map(objectOf).filter((o) => !cliObjects.has(o)), exported.library);
  // The command line's module imports what its host gives (src/cli/cli.h,
  // tsig_cli_run_live): emcc is told to leave undefined symbols to the
  // host, quietly (its warning read like a failure on every build): the
  // imports are checked here instead, to be the library's and those.
  link('toolsig-cli.wasm', sources.map(objectOf), [...exported.library, ...exported.cli],
    ['-sERROR_ON_UNDEFINED_SYMBOLS=0', '-sWARN_ON_UNDEFINED_SYMBOLS=0']);
  const importsOf = (file) => WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(join(dist, file))))
    .map((i) => `${i.module}.${i.name}`).sort();
  const want = [...importsOf('toolsig.wasm'), ...CLI_HOST_IMPORTS].sort();
  if (importsOf('toolsig-cli.wasm').join() !== want.join()) {
    throw new StepError(`toolsig-cli.wasm imports ${importsOf('toolsig-cli.wasm').join(', ')}; expected ${want.join(', ')}`);
  }
  shipJs();
  console.log('wrote dist/: toolsig.wasm, toolsig-cli.wasm, the package\'s JS, core.cjs and tools.cjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWasm();
