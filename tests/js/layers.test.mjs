// The folders of src/ are the architecture (docs/ARCHITECTURE.md): every C
// file of the core is in one layer, and what a layer's objects call or read
// is defined in the same layer or one below it, never above. Checked on
// the symbols of the native build's objects (nm), so a call that points up
// fails here whatever header declared it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LAYERS } from '../../scripts/build-wasm.mjs';
import { repoRoot } from './support/env.mjs';

const objects = join(repoRoot, 'build', 'release', 'CMakeFiles', 'toolsig_core.dir', 'src');

test('every file of src/ is in a layer folder or src/cli/, and each layer has its line in ARCHITECTURE.md', () => {
  const arch = readFileSync(join(repoRoot, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const top = readdirSync(join(repoRoot, 'src'), { withFileTypes: true });
  for (const e of top) {
    if (e.isDirectory()) assert.ok([...LAYERS, 'cli'].includes(e.name), `src/${e.name}/ is no layer`);
    else assert.equal(e.name, 'internal.h', `src/${e.name} is in no layer`);
  }
  for (const layer of LAYERS) {
    assert.ok(readdirSync(join(repoRoot, 'src', layer)).some((f) => f.endsWith('.c')), `src/${layer}/ holds no C file`);
    assert.match(arch, new RegExp(`\\| \`src/${layer}/\` \\|`), `ARCHITECTURE.md has no line for src/${layer}/`);
  }
});

test('what each layer uses is defined in its layer or below (nm over build/release)', () => {
  assert.ok(existsSync(objects), 'no native build: run `cmake -S . -B build/release && cmake --build build/release` (npm test does)');
  const defined = new Map(); // symbol -> [layer, file]
  const used = [];
  for (const [rank, layer] of LAYERS.entries()) {
    const dir = join(objects, layer);
    for (const o of readdirSync(dir).filter((f) => f.endsWith('.o'))) {
      const nm = spawnSync('nm', [join(dir, o)], { encoding: 'utf8' });
      assert.equal(nm.status, 0, nm.stderr);
      for (const line of nm.stdout.split('\n')) {
        const p = line.trim().split(/\s+/);
        if (p.length === 3 && 'TDBR'.includes(p[1])) defined.set(p[2], { rank, where: `${layer}/${o.replace(/\.o$/, '')}` });
        else if (p.length === 2 && p[0] === 'U') used.push({ rank, where: `${layer}/${o.replace(/\.o$/, '')}`, symbol: p[1] });
      }
    }
  }
  assert.ok(defined.size > 100 && used.length > 100);
  const up = used.filter((u) => defined.has(u.symbol) && defined.get(u.symbol).rank > u.rank)
    .map((u) => `src/${u.where} uses ${u.symbol} of src/${defined.get(u.symbol).where}`);
  assert.deepEqual(up, [], 'calls that point up a layer');
});
