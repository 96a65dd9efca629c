// The test data the repository carries (tests/vectors, tests/jsontestsuite)
// is a copy of the shared folder's: where that folder stands beside the
// checkout ($TOOLSIG_SHARED, else ../shared), every file must be the same in
// both, so new vectors arrive with `npm run sync-vectors`, not by hand. A
// clone with no shared folder beside it tests itself from the copy alone.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TEST_DATA, sharedDir } from '../../scripts/lib.mjs';
import { repoRoot } from './support/env.mjs';

function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();
}

test('the repository carries its test data', () => {
  for (const name of TEST_DATA) {
    const dir = join(repoRoot, 'tests', name);
    assert.ok(existsSync(dir), `tests/${name} is missing`);
    assert.ok(files(dir).length > 10, `tests/${name} holds almost nothing`);
  }
});

test('the copy is the shared folder\'s, file for file, where that folder is beside the checkout', (t) => {
  const shared = sharedDir();
  if (!TEST_DATA.some((name) => existsSync(join(shared, name)))) {
    t.diagnostic(`no shared folder at ${shared}: the copy in tests/ is all there is to compare`);
    return;
  }
  const fix = 'run `npm run sync-vectors` to copy the shared folder in';
  for (const name of TEST_DATA) {
    const ours = join(repoRoot, 'tests', name);
    const theirs = join(shared, name);
    assert.ok(existsSync(theirs), `${theirs} is missing beside tests/${name}`);
    const a = files(ours);
    const b = files(theirs);
    assert.deepEqual(a, b, `tests/${name} and ${theirs} hold different files: ${fix}`);
    for (const f of a) {
      assert.ok(readFileSync(join(ours, f)).equals(readFileSync(join(theirs, f))),
        `tests/${name}/${f} differs from ${join(theirs, f)}: ${fix}`);
    }
  }
});
