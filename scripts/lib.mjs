// lib.mjs: what `npm test` and `npm start` share: running commands, installing
// missing system packages on a Debian machine, and building toolsig with CMake.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// At most this many parallel compile jobs (the machines are small and shared).
export const JOBS = '2';

// The native tool chain: a command to look for, and the Debian package that
// provides it when it is missing.
export const NATIVE_TOOLS = [
  { command: 'cmake', packages: ['cmake'] },
  { command: 'make', packages: ['make'] },
  { command: 'cc', packages: ['gcc', 'libc6-dev'] },
];

// Debian's Chromium, which the playground's browser test drives (with
// playwright-core). Looked for at its path: the test launches that binary.
// A font comes with it, so screenshots show text.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const BROWSER_TOOLS = [
  { command: 'chromium', path: CHROMIUM_PATH, packages: ['chromium', 'fonts-dejavu-core'] },
];

// Thrown by run() so a step fails with the command that failed, not a stack.
export class StepError extends Error {}

// Runs a command with inherited stdio from the repository root. Throws a
// StepError when it cannot start or exits non-zero (unless allowFailure, in
// which case the exit status is returned).
export function run(cmd, args, { env, allowFailure = false, cwd = repoRoot } = {}) {
  const shown = [cmd, ...args].map(a => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(' ');
  console.log(`$ ${shown}`);
  const res = spawnSync(cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (res.error) throw new StepError(`could not run ${cmd}: ${res.error.message}`);
  const status = res.status ?? 1;
  if (status !== 0 && !allowFailure) {
    throw new StepError(`${shown} exited with ${res.signal ?? status}`);
  }
  return status;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

// Installs the Debian packages of every missing tool with apt-get (apt-get
// update first, once). A tool is {command, packages} and, optionally, the
// path where it must be (else it is looked for on PATH). Prints what it
// found; installs nothing when nothing is missing. Throws a StepError
// naming the packages when it cannot.
export function installMissing(tools) {
  const missing = tools.filter(t => (t.path ? !existsSync(t.path) : !hasCommand(t.command)));
  if (missing.length === 0) {
    console.log(`found: ${tools.map(t => t.command).join(', ')}`);
    return;
  }
  const packages = [...new Set(missing.flatMap(t => t.packages))];
  console.log(`missing: ${missing.map(t => t.command).join(', ')}; installing ${packages.join(' ')}`);
  if (!hasCommand('apt-get')) {
    throw new StepError(`no apt-get here: install ${packages.join(' ')} by hand`);
  }
  const apt = ['-o', 'DPkg::Lock::Timeout=600'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', [...apt, 'update'], { env });
  run('apt-get', [...apt, 'install', '-y', '--no-install-recommends', ...packages], { env });
}

// The test data the repository carries, copied from the shared folder by
// `npm run sync-vectors`: tests/<name> for each name.
export const TEST_DATA = ['vectors', 'jsontestsuite'];

// The shared folder the copies come from: $TOOLSIG_SHARED, else ../shared
// beside the repository. Only sync-vectors and the test that compares the
// copies read it; a clone without it tests itself from tests/.
export function sharedDir() {
  return resolve(process.env.TOOLSIG_SHARED || join(repoRoot, '..', 'shared'));
}

// Configures and builds toolsig in build/<name>.
export function cmakeBuild(name, { buildType = 'Release', sanitize = false } = {}) {
  const dir = join('build', name);
  run('cmake', ['-S', '.', '-B', dir,
    `-DCMAKE_BUILD_TYPE=${buildType}`,
    `-DTSIG_SANITIZE=${sanitize ? 'ON' : 'OFF'}`]);
  run('cmake', ['--build', dir, '--parallel', JOBS]);
  return dir;
}

// Runs every ctest of build/<name>, printing the output of failures.
export function ctest(name) {
  run('ctest', ['--test-dir', join('build', name), '--output-on-failure', '--parallel', JOBS]);
}

// Path of the toolsig binary built in build/<name>.
export function toolsigBinary(name) {
  return join(repoRoot, 'build', name, 'toolsig');
}

// Installs the npm packages pinned by package-lock.json unless node_modules
// is already up to date with it. `npm install` rather than `npm ci`: npm 11's
// ci refuses a lock file that lists workerd's binary only for the platforms
// that were resolved, while install takes the lock as it is and leaves it
// unchanged.
export function npmInstall() {
  const lock = join(repoRoot, 'package-lock.json');
  const installed = join(repoRoot, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) {
    console.log('node_modules is up to date with package-lock.json');
    return;
  }
  run('npm', ['install', '--no-audit', '--no-fund']);
}

// Runs Node's test runner over every *.test.mjs file below the given
// folders (listed here: Node 20 takes no globs, and pointed at a folder it
// would run fixtures too). TAP output, ending with "# pass N" / "# fail N".
export function nodeTests(folders) {
  const files = folders.flatMap((dir) => readdirSync(join(repoRoot, dir), { recursive: true })
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join(dir, f)));
  if (files.length === 0) throw new StepError(`no *.test.mjs files in ${folders.join(', ')}`);
  run(process.execPath, ['--test', ...files]);
}

// Runs steps in order, printing each name as it starts; stops at the first
// failure and exits non-zero. steps: [{ name, run }]. With quietEnd nothing
// is printed after the last step's own output, so a test runner's closing
// lines end the run.
export function runSteps(title, steps, { quietEnd = false } = {}) {
  const started = Date.now();
  for (const [i, step] of steps.entries()) {
    console.log(`\n==> [${i + 1}/${steps.length}] ${step.name}`);
    const t0 = Date.now();
    try {
      step.run();
    } catch (e) {
      const why = e instanceof StepError ? e.message : (e && e.stack) || String(e);
      console.error(`\n${title}: step "${step.name}" failed: ${why}`);
      process.exit(1);
    }
    if (!(quietEnd && i === steps.length - 1)) {
      console.log(`--- ${step.name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  if (!quietEnd) {
    console.log(`\n${title}: all ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
