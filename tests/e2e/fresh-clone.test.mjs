// A new user's first command, from a copy of the repository with no shared
// folder beside it and no node_modules (scripts/fresh-clone.mjs): `npm
// start` installs the npm packages (from npm's cache: they were installed
// from the registry earlier in this run), builds dist/, and serves the
// playground; a second `npm start` with nothing changed serves it without
// building. (`npm run fresh-clone` also runs `npm test` in such a copy.)
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { copyWorkingTree, startOnce } from '../../scripts/fresh-clone.mjs';

const dir = copyWorkingTree();
after(() => rmSync(dirname(dir), { recursive: true, force: true }));

test('npm start in a fresh copy installs, builds and serves the playground; a second start builds nothing', async () => {
  assert.ok(!existsSync(join(dir, 'node_modules')) && !existsSync(join(dirname(dir), 'shared')));
  const first = await startOnce(dir, { env: { npm_config_offline: 'true' } });
  assert.equal(first.page, 200, first.output);
  assert.equal(first.wasm, 200, first.output);
  assert.match(first.output, /npm install/, 'the first start installs the npm packages');
  assert.ok(existsSync(join(dir, 'node_modules', 'esbuild')), 'esbuild, which the build uses, is installed');
  assert.match(first.output, /\| npx toolsig validate .* --input/, 'the command line is shown at work');
  assert.doesNotMatch(first.output, /undefined symbol/, 'the wasm build warns of nothing');
  const second = await startOnce(dir, { env: { npm_config_offline: 'true' } });
  assert.equal(second.page, 200, second.output);
  assert.match(second.output, /nothing to build/, second.output);
  assert.match(second.output, /node_modules is up to date/, second.output);
});

test('npm start says a port in use at once, before it installs or builds anything', async () => {
  const { createServer } = await import('node:net');
  const { spawnSync } = await import('node:child_process');
  const { repoRoot } = await import('../../scripts/lib.mjs');
  const busy = createServer();
  await new Promise((resolve) => busy.listen(0, '127.0.0.1', resolve));
  try {
    const res = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
      env: { ...process.env, PORT: String(busy.address().port) }, encoding: 'utf8', timeout: 60000,
    });
    assert.equal(res.status, 1, res.stdout + res.stderr);
    assert.match(res.stderr, new RegExp(`port ${busy.address().port} on 127\\.0\\.0\\.1 is in use: set PORT to another port`));
    assert.doesNotMatch(res.stdout, /==>/, 'no step was started');
  } finally {
    busy.close();
  }
});
