// size.mjs: the bytes a user of the package loads, raw and gzip -9, next
// to the files Node loads for each peer library.
//
//   node bench/js/size.mjs
//
// toolsig: dist/toolsig.wasm and every JS file `import "toolsig"` loads in
// Node (js/node.mjs, js/api.mjs, js/core.mjs, ...), each gzipped on its own
// with `gzip -9 -n` (zlib at level 9 where gzip is missing). The
// other loaders are listed for reference. Peers: every file Node reads for
// `import(peer)`, found by a module-load hook in a child process: the
// published files, unminified, as a Node user loads them (a bundler that
// tree-shakes and minifies would ship less). A benchmark, not a test:
// always exits 0.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printMachine, printTable, repoRoot } from './harness.mjs';

const TARGET_GZIP = 30 * 1024;

// gzip -9 itself when the machine has it (its deflate differs from zlib's
// by a few hundred bytes on the wasm), else zlib at level 9.
const hasGzip = spawnSync('gzip', ['--version']).status === 0;
function gz(b) {
  if (!hasGzip) return gzipSync(b, { level: 9 }).length;
  const r = spawnSync('gzip', ['-9', '-n', '-c'], { input: b, maxBuffer: 1 << 28 });
  return r.stdout.length;
}

function measureFiles(paths) {
  const files = paths.map((p) => {
    const b = readFileSync(p);
    return { path: p, raw: b.length, gzip: gz(b) };
  });
  return {
    files,
    raw: files.reduce((a, f) => a + f.raw, 0),
    gzip: files.reduce((a, f) => a + f.gzip, 0),
  };
}

// The child: registers a load hook that reports every file: URL, imports
// the library, adds the CommonJS modules it required, prints the list.
const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  const r = await next(url, context);
  if (url.startsWith('file:')) port.postMessage(url);
  return r;
}`;

async function child(lib) {
  const { register, createRequire } = await import('node:module');
  const { MessageChannel } = await import('node:worker_threads');
  const { pathToFileURL } = await import('node:url');
  const { port1, port2 } = new MessageChannel();
  const seen = new Set();
  port1.on('message', (u) => seen.add(u));
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, import.meta.url, {
    data: { port: port2 }, transferList: [port2],
  });
  await import(lib);
  await new Promise((r) => setTimeout(r, 100));
  port1.close();
  for (const k of Object.keys(createRequire(import.meta.url).cache)) seen.add(pathToFileURL(k).href);
  const self = import.meta.url;
  const files = [...seen].filter((u) => u !== self).map((u) => fileURLToPath(u));
  process.stdout.write(JSON.stringify(files));
}

function loadedFiles(lib) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', lib], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${lib}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function parent() {
  printMachine();
  console.log(`compression: ${hasGzip ? 'gzip -9 -n' : 'zlib level 9 (no gzip here)'}, each file on its own`);
  const at = (...p) => join(repoRoot, ...p);
  // The JS files come from the same load hook as the peers' (so a new
  // module imported by the entry point is counted); the wasm is read with fs.
  const js = loadedFiles('toolsig').sort();
  const toolsig = measureFiles([at('dist', 'toolsig.wasm'), ...js]);

  console.log('\ntoolsig, what `import "toolsig"` loads in Node');
  printTable(['file', 'raw', 'gzip -9'],
    [...toolsig.files.map((f) => [relative(repoRoot, f.path), f.raw, f.gzip]), ['total', toolsig.raw, toolsig.gzip]]);

  // The other entry points load the same modules, but for the loader.
  const shared = js.filter((f) => !f.endsWith(join('dist', 'node.mjs')));
  const others = [
    ['CommonJS (require)', [at('dist', 'core.cjs'), at('dist', 'tools.cjs'), at('dist', 'node.cjs')]],
    ['browser', [...shared, at('dist', 'browser.mjs')]],
    ['edge', [...shared, at('dist', 'edge.mjs')]],
  ].map(([name, files]) => [name, [at('dist', 'toolsig.wasm'), ...files]]);
  console.log('\nother entry points (for reference)');
  printTable(['entry', 'raw', 'gzip -9'], others.map(([name, files]) => {
    const m = measureFiles(files);
    return [name, m.raw, m.gzip];
  }));

  const peers = ['zod', 'valibot', 'arktype', 'ajv', 'ajv-formats'];
  const rows = peers.map((p) => {
    const m = measureFiles(loadedFiles(p));
    return [p, m.files.length, m.raw, m.gzip, `${(m.gzip / toolsig.gzip).toFixed(2)}x`];
  });
  console.log('\nfiles Node loads for import(peer): unminified, as published');
  printTable(['library', 'files', 'raw', 'gzip -9', 'vs toolsig gzip'],
    [['toolsig', toolsig.files.length, toolsig.raw, toolsig.gzip, '1.00x'], ...rows]);

  const met = toolsig.gzip <= TARGET_GZIP;
  console.log(`\nTarget: toolsig <= ${kb(TARGET_GZIP)} gzip: ${kb(toolsig.gzip)} (${toolsig.gzip} bytes): ${met ? 'met' : 'NOT met'}`);
}

const c = process.argv.indexOf('--child');
if (c > 0) await child(process.argv[c + 1]);
else parent();
