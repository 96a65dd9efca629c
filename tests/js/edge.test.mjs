// The edge build in a real Workers runtime: workerd (npm `workerd`) serves
// a Worker that imports js/edge.mjs, whose `import wasm from
// '../dist/toolsig.wasm'` is resolved by workerd's module config (each
// module edge.mjs reaches listed by name: esModule for .mjs, wasm for the
// .wasm, which workerd hands over as a compiled WebAssembly.Module). The Worker answers
// a request by validating its JSON body. workerd forbids eval, new Function
// and compiling WebAssembly from bytes, so an answer proves the edge build
// needs none of them; the Worker also reports that those are refused, so
// the proof does not rest on an assumption about the runtime.
//
// Bounded: workerd listens on 127.0.0.1 only (port 0, reported on the
// control fd), every wait has a timeout, three requests, then the process
// is stopped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { repoRoot, requireBuild } from './support/env.mjs';

const WORKERD = join(repoRoot, 'node_modules', '.bin', 'workerd');
const START_TIMEOUT_MS = 30000;
const REQUEST_TIMEOUT_MS = 10000;

const WORKER = `
import { Signature, formatReport } from './dist/edge.mjs';
import wasmModule from './dist/toolsig.wasm';

const sig = Signature.parse('(id :int, tags [:string]?) -> {name :string}');

function refused(fn) {
  try {
    fn();
    return false;
  } catch (e) {
    return true;
  }
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/runtime') {
      const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
      let compileFromBytes = false;
      try {
        await WebAssembly.compile(bytes);
      } catch (e) {
        compileFromBytes = true;
      }
      return Response.json({
        evalRefused: refused(() => eval('1 + 1')),
        newFunctionRefused: refused(() => new Function('return 1')),
        compileFromBytesRefused: compileFromBytes,
        wasmIsModule: wasmModule instanceof WebAssembly.Module,
      });
    }
    const result = sig.validateInputJSON(await request.text());
    return Response.json({ result, report: formatReport(result) });
  },
};
`;

/**
 * The modules of the Worker: dist/edge.mjs (the shipped file) and everything it imports
 * (static relative imports, followed through the files), each with its
 * module name relative to the package root: "dist/core.mjs",
 * "dist/toolsig.wasm".
 */
function edgeModules() {
  const seen = new Set();
  const queue = ['dist/edge.mjs'];
  while (queue.length) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    if (!name.endsWith('.mjs')) continue;
    const code = readFileSync(join(repoRoot, name), 'utf8');
    // a statement starts a line or follows a ";" (the bundles are minified)
    for (const m of code.matchAll(/(?:^|;)\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      queue.push(posix.normalize(posix.join(posix.dirname(name), m[1])));
    }
  }
  return [...seen].sort();
}

function config(modules) {
  const lines = modules.map((m) => `    (name = "${m}", ${m.endsWith('.wasm') ? 'wasm' : 'esModule'} = embed "${m}"),`);
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .toolsigWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const toolsigWorker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
${lines.join('\n')}
  ],
  compatibilityDate = "2025-01-01",
);
`;
}

let dir;
let child;
let port;
let stderr = '';

function waitForPort(proc) {
  return new Promise((resolve, reject) => {
    let control = '';
    const timer = setTimeout(() => reject(new Error(`workerd did not report a port in ${START_TIMEOUT_MS} ms: ${stderr}`)),
      START_TIMEOUT_MS);
    proc.stdio[3].on('data', (chunk) => {
      control += chunk;
      for (const line of control.split('\n')) {
        if (!line.trim()) continue;
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.event === 'listen' && msg.socket === 'http') {
          clearTimeout(timer);
          resolve(msg.port);
        }
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`workerd exited with ${code}: ${stderr}`));
    });
  });
}

before(async () => {
  requireBuild();
  assert.ok(existsSync(WORKERD), 'npm workerd is installed (npm ci)');
  dir = mkdtempSync(join(tmpdir(), 'toolsig-workerd-'));
  mkdirSync(join(dir, 'dist'));
  const modules = edgeModules();
  for (const m of ['dist/toolsig.wasm', 'dist/core.mjs']) assert.ok(modules.includes(m), modules.join(', '));
  for (const m of modules) copyFileSync(join(repoRoot, m), join(dir, m));
  writeFileSync(join(dir, 'worker.mjs'), WORKER);
  writeFileSync(join(dir, 'config.capnp'), config(modules));
  child = spawn(WORKERD, ['serve', 'config.capnp', '--socket-addr', 'http=127.0.0.1:0', '--control-fd', '3'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  port = await waitForPort(child);
});

after(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function post(path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST', body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  assert.equal(res.status, 200, `${res.status}: ${await res.clone().text()} ${stderr}`);
  return res.json();
}

test('the runtime refuses eval, new Function and compiling wasm from bytes, and hands the .wasm over compiled', async () => {
  assert.deepEqual(await post('/runtime', ''), {
    evalRefused: true, newFunctionRefused: true, compileFromBytesRefused: true, wasmIsModule: true,
  });
});

test('a Worker importing dist/edge.mjs validates JSON text: coerced value and warning', async () => {
  const { result, report } = await post('/', '{"id": "42", "tags": ["a"]}');
  assert.deepEqual(result, {
    ok: true, value: { id: 42, tags: ['a'] }, errors: [],
    warnings: [{ path: 'id', segments: ['id'], message: 'coerced string "42" to int', code: 'coerced', offset: 7, length: 4, index: 7 }],
  });
  assert.equal(report, 'Tool validation warnings:\n- id: coerced string "42" to int');
});

test('a Worker importing dist/edge.mjs reports errors with paths and JSON positions', async () => {
  const bad = await post('/', '{"id": 1.5, "tags": [1]}');
  assert.equal(bad.result.ok, false);
  assert.deepEqual(bad.result.errors.map((e) => [e.path, e.message]), [
    ['id', 'expected int, got float 1.5'], ['tags[0]', 'expected string, got int 1'],
  ]);
  const broken = await post('/', '{"id": 1,');
  assert.equal(broken.result.errors[0].line, 1);
  assert.match(broken.result.errors[0].message, /^JSON error at 1:10: /);
});

