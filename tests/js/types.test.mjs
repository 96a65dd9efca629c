// The static types of the package, checked by the type checker: the files
// of tests/types/ hold assertions that fail to compile when a type is
// wrong (Equal<A, B> must be true) and @ts-expect-error lines that fail
// when the error they expect is gone. This runs tsc on them, shows that an
// assertion does bite, and holds the cost of typing signatures to a count
// of type instantiations (counts, not times: the machine is shared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, requireBuild } from './support/env.mjs';

const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const typesDir = join(repoRoot, 'tests', 'types');

function runTsc(args) {
  const r = spawnSync(process.execPath, [tsc, ...args], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.error, undefined);
  return { status: r.status, out: r.stdout + r.stderr };
}

test('tests/types/*.ts type-check: every type assertion holds and every @ts-expect-error has its error', () => {
  const r = runTsc(['-p', join(typesDir, 'tsconfig.json')]);
  assert.equal(r.status, 0, r.out);
});

test('a wrong type assertion fails to compile (the assertions bite)', () => {
  const dir = join(repoRoot, 'build', 'types-bite');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'assert.ts'), readFileSync(join(typesDir, 'assert.ts'), 'utf8'));
    writeFileSync(join(dir, 'wrong.ts'), [
      "import type { InferParams } from 'toolsig';",
      "import { type Equal, expectType } from './assert.js';",
      "expectType<Equal<InferParams<'(days :int?) -> :any'>, { days: number }>>();",
      "expectType<Equal<InferParams<'(days :int?) -> :any'>, { days?: number | null }>>();",
      '',
    ].join('\n'));
    const config = JSON.parse(readFileSync(join(typesDir, 'tsconfig.json'), 'utf8'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include: ['*.ts'] }));
    const r = runTsc(['-p', join(dir, 'tsconfig.json')]);
    assert.notEqual(r.status, 0);
    const errors = r.out.split('\n').filter((l) => l.includes('error TS'));
    assert.equal(errors.length, 1, r.out);
    assert.match(errors[0], /wrong\.ts\(3,/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// bench/RESULTS.md has the times (node bench/js/types.mjs).
test('typing 50 realistic signatures costs a bounded number of type instantiations, linear in their length', async () => {
  requireBuild();
  const { measure, typesFile } = await import('../../bench/js/types.mjs');
  assert.equal((typesFile(true).match(/Signature\.parse\('/g) ?? []).length, 50);
  const typed = measure(true);
  const untyped = measure(false);
  assert.ok(untyped.instantiations < 1000, JSON.stringify(untyped));
  assert.ok(typed.instantiations < 150_000, `50 signatures: ${typed.instantiations} instantiations`);
});
