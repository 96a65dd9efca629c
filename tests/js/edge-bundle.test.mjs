// A Worker built as the README tells users to: it imports 'toolsig' (the
// package's own exports, "workerd" condition), esbuild bundles it with
//   --bundle --format=esm --conditions=workerd,worker --loader:.wasm=copy
// (the .wasm stays an import of a file beside the bundle, which the
// runtime compiles), and workerd serves the bundle and the .wasm as its
// two modules. Bounded: 127.0.0.1 only, port 0, timeouts on every wait.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot, requireBuild } from './support/env.mjs';

const WORKERD = join(repoRoot, 'node_modules', '.bin', 'workerd');
const TIMEOUT_MS = 30000;

// The Worker of the README's edge section.
const WORKER = `import { Signature, formatReport } from 'toolsig';

const sig = Signature.parse('(query :string, limit :int?) -> :any');

export default {
  async fetch(request) {
    const r = sig.validateInputJSON(await request.text());
    return Response.json({ ...r, report: formatReport(r) }, { status: r.ok ? 200 : 422 });
  },
};
`;

let dir;
let child;
let port;
let stderr = '';
let outputs;

before(async () => {
  requireBuild();
  assert.ok(existsSync(WORKERD), 'npm workerd is installed');
  // Inside the package, so that 'toolsig' resolves through its exports as it does for a user.
  dir = join(repoRoot, 'build', `edge-bundle-${process.pid}`);
  mkdirSync(join(dir, 'out'), { recursive: true });
  writeFileSync(join(dir, 'worker.mjs'), WORKER);
  await build({
    entryPoints: [join(dir, 'worker.mjs')], outdir: join(dir, 'out'), bundle: true, format: 'esm',
    conditions: ['workerd', 'worker'], loader: { '.wasm': 'copy' }, logLevel: 'silent',
  });
  outputs = readdirSync(join(dir, 'out')).sort();
  const modules = outputs.map((f) => `(name = "${f}", ${f.endsWith('.wasm') ? 'wasm' : 'esModule'} = embed "out/${f}")`);
  writeFileSync(join(dir, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .w) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const w :Workerd.Worker = (
  modules = [ ${['worker.js', ...outputs.filter((f) => f !== 'worker.js')].map((f) => modules[outputs.indexOf(f)]).join(', ')} ],
  compatibilityDate = "2025-01-01",
);
`);
  child = spawn(WORKERD, ['serve', 'config.capnp', '--control-fd', '3'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  child.stderr.on('data', (d) => { stderr += d; });
  port = await new Promise((resolve, reject) => {
    let control = '';
    const timer = setTimeout(() => reject(new Error(`workerd did not start: ${stderr}`)), TIMEOUT_MS);
    child.stdio[3].on('data', (chunk) => {
      control += chunk;
      const listen = control.split('\n').map((l) => { try { return JSON.parse(l); } catch { return null; } })
        .find((m) => m && m.event === 'listen' && m.socket === 'http');
      if (listen) {
        clearTimeout(timer);
        resolve(listen.port);
      }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`workerd exited with ${code}: ${stderr}`)); });
  });
});

after(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('esbuild bundles a Worker importing toolsig into one module and the .wasm beside it', () => {
  assert.equal(outputs.length, 2, outputs.join(', '));
  assert.match(outputs[0], /^toolsig-[\w-]+\.wasm$/);
  const bundle = readFileSync(join(dir, 'out', 'worker.js'), 'utf8');
  assert.match(bundle, new RegExp(`^import [\\w$]+ from "\\./${outputs[0].replace('.', '\\.')}";$`, 'm'));
  assert.doesNotMatch(bundle, /WebAssembly\.(compile|instantiate)\b|readFileSync/);
});

test('the bundled Worker runs in workerd: coerced arguments, and the report for bad ones', async () => {
  const ask = (body) => fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const good = await ask('{"query": "cats", "limit": "10"}');
  assert.equal(good.status, 200, stderr);
  const g = await good.json();
  assert.deepEqual(g.value, { query: 'cats', limit: 10 });
  assert.equal(g.report, 'Tool validation warnings:\n- limit: coerced string "10" to int');
  const bad = await ask('{"limit": "ten"}');
  assert.equal(bad.status, 422);
  assert.equal((await bad.json()).report,
    'Tool validation errors:\n- query: missing required field, expected string\n- limit: expected int, got string "ten"');
});
