// compare.mjs: two builds of the package, before and after a change, on
// the speed benchmark's payloads: how the change moved validateJSON,
// validateInputJSON and validate.
//
//   node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--runs 6] [--before-entry F] [--after-entry F]
//
// Each DIR is a package root whose dist/node.mjs (or dist/F) is loaded (for
// example a
// `git worktree add --detach /tmp/before REV` built with
// `node scripts/build-wasm.mjs`, and this repository). Each build is
// measured in a process of its own (two wasm instances in one process
// disturb each other's JIT), the processes alternating before, after,
// before, ... so that a noisy neighbour slows both alike; the table shows
// the median ops/s of the runs and the ratio after/before. A benchmark:
// always exits 0.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ITEMS_INPUT_SIG, ITEMS_SIG, TOOL_SIG, itemsPayload, toolPayload } from './cases.mjs';
import { consume, fmtInt, fmtRatio, measure, median, printMachine, printTable } from './harness.mjs';

const WORK = [
  ['validateJSON, 10 KB', (s, p) => s.out.validateJSON(p.items10k).ok],
  ['validateJSON, 1 MB', (s, p) => s.out.validateJSON(p.items1m).ok],
  ['validateInputJSON, 150 B', (s, p) => s.tool.validateInputJSON(p.toolText).ok],
  ['validateInput(object), 150 B', (s, p) => s.tool.validateInput(p.tool).ok],
];

async function child(dir, entry) {
  const pkg = await import(pathToFileURL(join(resolve(dir), 'dist', entry)).href);
  const s = { out: pkg.Signature.parse(ITEMS_SIG), input: pkg.Signature.parse(ITEMS_INPUT_SIG), tool: pkg.Signature.parse(TOOL_SIG) };
  const tool = toolPayload();
  const p = { items10k: JSON.stringify(itemsPayload(100)), items1m: JSON.stringify(itemsPayload(10000)), tool, toolText: JSON.stringify(tool) };
  const results = measure(WORK.map(([name, fn]) => ({ name, fn: () => consume(fn(s, p)) })), { rounds: 7, roundMs: 60 });
  process.stdout.write(JSON.stringify(results.map((r) => r.median)));
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4]);
} else {
  const option = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const entries = { before: option('--before-entry', 'node.mjs'), after: option('--after-entry', 'node.mjs') };
  const [beforeDir, afterDir] = process.argv.slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !/^\d+$/.test(a) && !/^--(before|after)-entry$/.test(all[i - 1]));
  if (!beforeDir || !afterDir) {
    console.error('usage: node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--runs N]');
    process.exit(2);
  }
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 6;
  const self = fileURLToPath(import.meta.url);
  const samples = { before: [], after: [] };
  for (let r = 0; r < runs; r++) {
    for (const [name, dir] of [['before', beforeDir], ['after', afterDir]]) {
      const out = spawnSync(process.execPath, [self, '--child', dir, entries[name]], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(out.stderr);
      samples[name].push(JSON.parse(out.stdout));
    }
  }
  printMachine();
  console.log(`before: ${beforeDir} (dist/${entries.before})\nafter:  ${afterDir} (dist/${entries.after})\n${runs} runs each, alternating\n`);
  const rows = WORK.map(([what], i) => {
    const b = median(samples.before.map((x) => x[i]));
    const a = median(samples.after.map((x) => x[i]));
    return [what, fmtInt(b), fmtInt(a), fmtRatio(a, b)];
  });
  printTable(['ops/s (median of runs)', 'before', 'after', 'after/before'], rows);
}
