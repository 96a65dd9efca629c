// test.mjs (`npm test`): from a fresh Debian machine to every test run:
// installs the missing tool chain, builds natively and runs the tests, then
// builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs them
// again. Exits non-zero at the first failing step.
import { NATIVE_TOOLS, checkSharedDir, cmakeBuild, ctest, installMissing, runSteps } from './lib.mjs';

const steps = [
  { name: 'install missing tools (cmake, make, C compiler)', run: () => installMissing(NATIVE_TOOLS) },
  { name: 'find the shared vectors', run: checkSharedDir },
  { name: 'native build (build/release)', run: () => cmakeBuild('release', { buildType: 'Release' }) },
  { name: 'native tests', run: () => ctest('release') },
  { name: 'sanitizer build (build/asan: ASan + UBSan, Debug)', run: () => cmakeBuild('asan', { buildType: 'Debug', sanitize: true }) },
  { name: 'sanitizer tests', run: () => ctest('asan') },
];

runSteps('npm test', steps);
