// test.mjs (`npm test`): from a fresh Debian machine to every test run:
// installs the missing tool chain, builds natively and runs the tests,
// builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs them
// again, then builds the WebAssembly module and runs the JS tests, the
// playground's browser test (Chromium) among them (Node's test runner
// prints the last lines). Exits non-zero at the first failing
// step.
import { WASM_TOOLS, buildWasm } from './build-wasm.mjs';
import {
  BROWSER_TOOLS, NATIVE_TOOLS, cmakeBuild, ctest, installMissing, nodeTests, npmInstall, runSteps,
} from './lib.mjs';

const steps = [
  { name: 'install missing tools (cmake, make, C compiler)', run: () => installMissing(NATIVE_TOOLS) },
  { name: 'native build (build/release)', run: () => cmakeBuild('release', { buildType: 'Release' }) },
  { name: 'native tests', run: () => ctest('release') },
  { name: 'sanitizer build (build/asan: ASan + UBSan, Debug)', run: () => cmakeBuild('asan', { buildType: 'Debug', sanitize: true }) },
  { name: 'sanitizer tests', run: () => ctest('asan') },
  { name: 'install missing tools (Emscripten)', run: () => installMissing(WASM_TOOLS) },
  { name: 'install missing tools (Chromium, for the playground test)', run: () => installMissing(BROWSER_TOOLS) },
  { name: 'npm packages (npm install, pinned by package-lock.json)', run: npmInstall },
  { name: 'WebAssembly build (dist/toolsig.wasm)', run: buildWasm },
  { name: 'JS tests and the playground in Chromium (node --test)', run: () => nodeTests(['tests/js', 'tests/e2e']) },
];

runSteps('npm test', steps, { quietEnd: true });
