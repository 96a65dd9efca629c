// compare.mjs: two builds of the package side by side in one process, on
// the speed benchmark's payloads, their measurements interleaved round by
// round (so a noisy neighbour slows both alike): how a change moved
// validateJSON / validateInputJSON / validate, before and after.
//
//   node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--rounds 15]
//
// Each DIR is a package root whose dist/node.mjs is loaded (for example a
// `git worktree add --detach /tmp/before REV` built with
// `node scripts/build-wasm.mjs`, and this repository). Prints ops/s of
// each and the ratio after/before. A benchmark: always exits 0.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ITEMS_INPUT_SIG, ITEMS_SIG, TOOL_SIG, itemsPayload, toolPayload } from './cases.mjs';
import { consume, fmtInt, fmtRatio, measure, printMachine, printTable } from './harness.mjs';

const [beforeDir, afterDir] = process.argv.slice(2).filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
if (!beforeDir || !afterDir) {
  console.error('usage: node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--rounds N]');
  process.exit(2);
}
const at = process.argv.indexOf('--rounds');
const rounds = at > 0 ? Number(process.argv[at + 1]) : 15;

const load = async (dir) => import(pathToFileURL(join(resolve(dir), 'dist', 'node.mjs')).href);
const builds = { before: await load(beforeDir), after: await load(afterDir) };

const items10k = JSON.stringify(itemsPayload(100));
const items1m = JSON.stringify(itemsPayload(10000));
const tool = toolPayload();
const toolText = JSON.stringify(tool);
const work = [
  ['validateJSON, 10 KB', (s) => s.out.validateJSON(items10k).ok],
  ['validateJSON, 1 MB', (s) => s.out.validateJSON(items1m).ok],
  ['validateInputJSON, 150 B', (s) => s.tool.validateInputJSON(toolText).ok],
  ['validateInput(object), 150 B', (s) => s.tool.validateInput(tool).ok],
];

const sigs = {};
for (const [name, pkg] of Object.entries(builds)) {
  sigs[name] = { out: pkg.Signature.parse(ITEMS_SIG), input: pkg.Signature.parse(ITEMS_INPUT_SIG), tool: pkg.Signature.parse(TOOL_SIG) };
}
const cases = [];
for (const [what, fn] of work) {
  for (const name of ['before', 'after']) cases.push({ name: `${what} [${name}]`, fn: () => consume(fn(sigs[name])) });
}
const results = measure(cases, { rounds });
printMachine();
console.log(`before: ${beforeDir}\nafter:  ${afterDir}\n`);
const rows = work.map(([what], i) => {
  const b = results[2 * i], a = results[2 * i + 1];
  return [what, fmtInt(b.median), fmtInt(a.median), fmtRatio(a.median, b.median)];
});
printTable(['ops/s (median)', 'before', 'after', 'after/before'], rows);
