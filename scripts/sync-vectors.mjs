// sync-vectors.mjs (`npm run sync-vectors`): copies the shared conformance
// vectors and JSONTestSuite from ../shared (or $TOOLSIG_SHARED) into
// tests/vectors and tests/jsontestsuite, the copies the tests read, so that a
// clone tests itself. Files gone from ../shared are removed from the copy.
// tests/js/test-data.test.mjs fails while the copy and ../shared differ.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_DATA, repoRoot, sharedDir } from './lib.mjs';

const from = sharedDir();
for (const name of TEST_DATA) {
  const src = join(from, name);
  if (!existsSync(src)) {
    console.error(`sync-vectors: no ${src}: set TOOLSIG_SHARED=<folder holding ${TEST_DATA.join(' and ')}>`);
    process.exit(2);
  }
}
for (const name of TEST_DATA) {
  const dest = join(repoRoot, 'tests', name);
  rmSync(dest, { recursive: true, force: true });
  cpSync(join(from, name), dest, { recursive: true });
  console.log(`copied ${join(from, name)} -> tests/${name}`);
}
