// start.mjs (`npm start`): installs what is missing, builds toolsig (the
// native CLI and the WebAssembly module), shows the CLI at work (its help,
// then a seed signature checking tool arguments, with a coercion warning,
// and a tool result, with an error), then serves the playground on
// 127.0.0.1 (PORT, default 8080) until Ctrl-C.
//
// `npm start -- --no-demo` leaves out the CLI demonstration.
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { WASM_TOOLS, buildWasm } from './build-wasm.mjs';
import {
  NATIVE_TOOLS, StepError, cmakeBuild, installMissing, repoRoot, runSteps, toolsigBinary,
} from './lib.mjs';
import { portFromEnv, serveForever } from './serve.mjs';

const SEED = '(id :int, name :string) -> :bool';
const args = process.argv.slice(2);
for (const a of args) {
  if (a !== '--no-demo') {
    console.error(`npm start: unknown option ${a} (options: --no-demo)`);
    process.exit(2);
  }
}
const demo = !args.includes('--no-demo');
const port = portFromEnv();

// Runs the built toolsig with args and stdin text, echoing it as a shell
// line, then its output and exit status. Exit statuses 0 and 1 (valid,
// rejected) are both what a demonstration expects; anything else fails.
function show(cliArgs, stdin) {
  const bin = toolsigBinary('release');
  const quoted = cliArgs.map(a => (/^[\w@./=-]+$/.test(a) ? a : `'${a}'`)).join(' ');
  const pipe = stdin === undefined ? '' : `echo '${stdin}' | `;
  console.log(`\n$ ${pipe}${relative(repoRoot, bin)} ${quoted}`);
  const res = spawnSync(bin, cliArgs, { input: stdin ?? '', encoding: 'utf8' });
  if (res.error) throw new StepError(`could not run toolsig: ${res.error.message}`);
  process.stdout.write(res.stdout);
  process.stdout.write(res.stderr);
  console.log(`(exit ${res.status})`);
  if (res.status !== 0 && res.status !== 1) throw new StepError(`toolsig exited with ${res.status}`);
}

const steps = [
  { name: 'install missing tools (cmake, make, C compiler)', run: () => installMissing(NATIVE_TOOLS) },
  { name: 'install missing tools (Emscripten)', run: () => installMissing(WASM_TOOLS) },
  { name: 'build (build/release)', run: () => cmakeBuild('release', { buildType: 'Release' }) },
  { name: 'WebAssembly build (dist/toolsig.wasm)', run: buildWasm },
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
serveForever(port);
