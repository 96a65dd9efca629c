// start.mjs (`npm start`): from a fresh clone to the playground. It takes
// the port first (127.0.0.1, PORT, default 8080), so a port in use is said
// at once, before any work; installs what is missing (Emscripten with
// apt-get, the npm packages the build uses); builds the WebAssembly module
// and the package's JS when their sources changed since the last build
// (dist/, scripts/build-wasm.mjs); shows the command line at work, through
// the package's own bin on that module (its help, then a seed signature
// checking tool arguments, with a coercion warning, and a tool result, with
// an error); then prints the playground's address and serves it until
// Ctrl-C. Nothing native is built: the playground, the bin and the package
// all run dist/toolsig*.wasm.
//
// `npm start -- --no-demo` leaves out the command-line demonstration.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { WASM_TOOLS, buildWasm } from './build-wasm.mjs';
import { StepError, installMissing, npmInstall, repoRoot, runSteps } from './lib.mjs';
import { announce, listenOrExit, portFromEnv } from './serve.mjs';

const SEED = '(id :int, name :string) -> :bool';
const args = process.argv.slice(2);
for (const a of args) {
  if (a !== '--no-demo') {
    console.error(`npm start: unknown option ${a} (options: --no-demo)`);
    process.exit(2);
  }
}
const demo = !args.includes('--no-demo');
const running = await listenOrExit(portFromEnv());

// Runs the package's bin with args and stdin text, echoing it as a shell
// line, then its output and exit status. Exit statuses 0 and 1 (valid,
// rejected) are both what a demonstration expects; anything else fails.
function show(cliArgs, stdin) {
  const quoted = cliArgs.map((a) => (/^[\w@./=-]+$/.test(a) ? a : `'${a}'`)).join(' ');
  const pipe = stdin === undefined ? '' : `echo '${stdin}' | `;
  console.log(`\n$ ${pipe}npx toolsig ${quoted}`);
  const res = spawnSync(process.execPath, [join(repoRoot, 'dist', 'cli.mjs'), ...cliArgs],
    { input: stdin ?? '', encoding: 'utf8' });
  if (res.error) throw new StepError(`could not run toolsig: ${res.error.message}`);
  process.stdout.write(res.stdout);
  process.stdout.write(res.stderr);
  console.log(`(exit ${res.status})`);
  if (res.status !== 0 && res.status !== 1) throw new StepError(`toolsig exited with ${res.status}`);
}

const steps = [
  { name: 'install missing tools (Emscripten)', run: () => installMissing(WASM_TOOLS) },
  { name: 'npm packages (npm install, pinned by package-lock.json)', run: npmInstall },
  { name: 'WebAssembly build (dist/, when its sources changed)', run: () => buildWasm({ ifChanged: true }) },
];
if (demo) {
  steps.push(
    { name: 'toolsig --help', run: () => show(['--help']) },
    {
      name: `the seed signature ${SEED}`,
      run: () => {
        show(['check', SEED]);
        // Tool arguments as an LLM wrote them: "42" is coerced to 42, with a warning.
        show(['validate', SEED, '--input'], '{"id":"42","name":"Alice"}');
        show(['validate', SEED, '--input', '--json'], '{"id":"42","name":"Alice"}');
        // A tool result of the wrong type: the report an LLM gets back.
        show(['validate', SEED], '"yes"');
      },
    },
  );
}

runSteps('npm start', steps);
announce(running);
