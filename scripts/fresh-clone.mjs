// fresh-clone.mjs (`npm run fresh-clone`): what a new user does, checked.
// Copies the repository as a clone would have it (the files git tracks,
// and the new ones it does not ignore, as they are in the working tree)
// into a new temporary folder with nothing beside it (no ../shared) and no
// node_modules, runs `npm start` there until the playground answers, stops
// it, runs `npm start` again (nothing changed: it must reach the playground
// without building), then `npm test` in the same folder.
//
//   node scripts/fresh-clone.mjs [--offline] [--no-test] [--keep]
//
// --offline installs the npm packages from npm's cache only (what the test
// that runs this in `npm test` passes: the packages were installed from the
// registry moments before). --no-test leaves out `npm test` in the clone.
// --keep leaves the folder. Exits non-zero, saying why, on a failure.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './lib.mjs';

// Copies the working tree's files that a commit of it would hold into
// <new temporary folder>/toolsig; returns that path.
export function copyWorkingTree() {
  const dir = join(mkdtempSync(join(tmpdir(), 'toolsig-clone-')), 'toolsig');
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate'],
    { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const f of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(join(dir, dirname(f)), { recursive: true });
    try {
      copyFileSync(join(repoRoot, f), join(dir, f));
    } catch (e) {
      if (e.code !== 'ENOENT') throw e; // deleted in the working tree
    }
  }
  return dir;
}

// Runs `npm start` in dir with PORT=0 until it prints the playground's URL,
// fetches the page and the wasm module from it, then stops it. Resolves to
// {url, output, seconds, page, wasm} (page and wasm: HTTP statuses).
// Rejects with the output so far when it exits first or takes longer than
// timeoutMs.
export function startOnce(dir, { env = {}, timeoutMs = 10 * 60 * 1000 } = {}) {
  const t0 = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: dir, env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const stop = () => {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`npm start printed no URL in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    let done = false;
    const onData = async (chunk) => {
      output += chunk;
      const m = /toolsig playground: (http:\/\/127\.0\.0\.1:\d+\/web-demo\/)/.exec(output);
      if (!m || done) return;
      done = true;
      const seconds = (Date.now() - t0) / 1000;
      try {
        const page = (await fetch(m[1])).status;
        const wasm = (await fetch(new URL('/dist/toolsig.wasm', m[1]))).status;
        resolve({ url: m[1], output, seconds, page, wasm });
      } catch (e) {
        reject(e);
      } finally {
        clearTimeout(timer);
        stop();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => { output += c; });
    child.on('exit', (code) => {
      if (done) return;
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before serving:\n${output}`));
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  for (const a of args) {
    if (!['--offline', '--no-test', '--keep'].includes(a)) {
      console.error(`fresh-clone: unknown option ${a} (options: --offline, --no-test, --keep)`);
      process.exit(2);
    }
  }
  const env = args.includes('--offline') ? { npm_config_offline: 'true' } : {};
  const dir = copyWorkingTree();
  console.log(`fresh-clone: ${dir} (nothing beside it, no node_modules)`);
  let failed = false;
  try {
    for (const run of ['first', 'second']) {
      const r = await startOnce(dir, { env });
      console.log(`fresh-clone: ${run} npm start served ${r.url} in ${r.seconds.toFixed(1)} s (page ${r.page}, wasm ${r.wasm})`);
      if (r.page !== 200 || r.wasm !== 200) throw new Error(`the playground did not answer:\n${r.output}`);
      if (run === 'second' && !r.output.includes('nothing to build')) {
        throw new Error(`the second npm start built again:\n${r.output}`);
      }
    }
    if (!args.includes('--no-test')) {
      const t = spawnSync('npm', ['test'], { cwd: dir, stdio: 'inherit' });
      if (t.status !== 0) throw new Error(`npm test in the clone exited with ${t.status}`);
      console.log('fresh-clone: npm test passed in the clone');
    }
  } catch (e) {
    console.error(`fresh-clone: ${e.message}`);
    failed = true;
  } finally {
    if (args.includes('--keep')) console.log(`fresh-clone: kept ${dir}`);
    else rmSync(dirname(dir), { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
