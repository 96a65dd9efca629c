// cold-start.mjs: time from import to the first validation, in a fresh
// Node process per sample, for toolsig and each peer.
//
//   node bench/js/cold-start.mjs [--samples 15]
//
// Each sample runs this file again as a child (`--child <lib>`). The child
// times, with performance.now(), `await import(...)` of the library, making
// the schema of the ~150-byte tool arguments, and validating them once:
// what an agent pays before its first tool call. The parent also times the
// whole child process (Node's own start-up included, the same for all).
// Samples of the libraries are interleaved; the table shows the median and
// the range. A benchmark, not a test: always exits 0.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TOOL_SIG, make, toolPayload } from './cases.mjs';

// What each library does from its import to its first result.
const firstValidation = {
  async toolsig() {
    const { Signature } = await import('toolsig');
    return Signature.parse(TOOL_SIG).validateInput(toolPayload()).ok;
  },
  async zod() {
    const { z } = await import('zod');
    return make.zod('tool', z).safeParse(toolPayload()).success;
  },
  async valibot() {
    const v = await import('valibot');
    return v.safeParse(make.valibot('tool', v), toolPayload()).success;
  },
  async arktype() {
    const { type } = await import('arktype');
    return !(make.arktype('tool', type)(toolPayload()) instanceof type.errors);
  },
  async ajv() {
    const [{ default: Ajv }, { default: addFormats }] = await Promise.all([
      import('ajv/dist/2020.js'), import('ajv-formats'),
    ]);
    return make.ajv('tool', Ajv, addFormats)(toolPayload());
  },
};

async function child(lib) {
  const t0 = performance.now();
  const ok = await firstValidation[lib]();
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ok, ms }));
}

async function parent() {
  const { fmtSpread, median, printMachine, printTable } = await import('./harness.mjs');
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Number(process.argv[at + 1]) : 15;
  const self = fileURLToPath(import.meta.url);
  const libs = Object.keys(firstValidation);
  const inside = Object.fromEntries(libs.map((l) => [l, []]));
  const wall = Object.fromEntries(libs.map((l) => [l, []]));
  for (let s = 0; s < samples + 1; s++) {
    for (const lib of libs) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [self, '--child', lib], { encoding: 'utf8' });
      const total = performance.now() - t0;
      if (r.status !== 0) throw new Error(`${lib} child failed: ${r.stderr}`);
      const { ok, ms } = JSON.parse(r.stdout);
      if (!ok) throw new Error(`${lib}: the first validation did not pass`);
      if (s === 0) continue; // the first round fills the OS file cache
      inside[lib].push(ms);
      wall[lib].push(total);
    }
  }
  printMachine();
  console.log(`${samples} fresh processes per library, interleaved; times in ms (median, fastest/slowest vs median)`);
  const stat = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
  const rows = libs.map((l) => ({ lib: l, inside: stat(inside[l]), wall: stat(wall[l]) }));
  const zod = rows.find((r) => r.lib === 'zod').inside.median;
  console.log('');
  printTable(
    ['library', 'import + schema + first validate', 'spread', 'vs zod', 'whole process', 'spread'],
    rows.map((r) => [
      r.lib, r.inside.median.toFixed(2), fmtSpread(r.inside), `${(r.inside.median / zod).toFixed(2)}x`,
      r.wall.median.toFixed(1), fmtSpread(r.wall),
    ]),
  );
  const ts = rows.find((r) => r.lib === 'toolsig').inside.median;
  console.log(`\nTarget: toolsig below Zod 4: ${ts.toFixed(2)} ms vs ${zod.toFixed(2)} ms: ${ts < zod ? 'met' : 'NOT met'}`);
}

const c = process.argv.indexOf('--child');
if (c > 0) await child(process.argv[c + 1]);
else await parent();
