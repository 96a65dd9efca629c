// compare.mjs: two builds of the package, before and after a change, on
// the speed benchmark's payloads: how the change moved validateJSON,
// validateInputJSON and validate; with --other, the paths around
// validation instead (a report of many errors, streams, repair, redact,
// normalizeKeys, templates, JSON Schema both ways).
//
//   node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--runs 6] [--other] [--before-entry F] [--after-entry F]
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

const VALIDATION = [
  ['validateJSON, 10 KB', (s, p) => s.out.validateJSON(p.items10k).ok],
  ['validateJSON, 1 MB', (s, p) => s.out.validateJSON(p.items1m).ok],
  ['validateInputJSON, 150 B', (s, p) => s.tool.validateInputJSON(p.toolText).ok],
  ['validateInput(object), 150 B', (s, p) => s.tool.validateInput(p.tool).ok],
];

const streamed = (stream, chunks) => {
  for (const c of chunks) stream.push(c);
  return stream.end().ok;
};
const OTHER = [
  ['validateJSON, 10 KB, 100 errors read', (s, p) => s.out.validateJSON(p.bad10k).errors[99].message],
  ['stream, 1 MB in 1 KB chunks', (s, p) => streamed(s.out.stream(), p.chunks1k)],
  ['stream, 10 KB in 16 B chunks', (s, p) => streamed(s.out.stream(), p.chunks16)],
  ['repair, 100 KB', (s, p) => s.repair.validateJSON(p.repair, { repair: true }).ok],
  ['repair, 100 KB in 1 KB chunks', (s, p) => streamed(s.repair.stream({ repair: true }), p.repairChunks)],
  ['redact (strip), 10 KB', (s, p) => s.firewalled.redact(p.firewalled, { mode: 'strip' })],
  ['normalizeKeys, 10 KB', (s, p) => s.pkg.normalizeKeys(p.dashed)],
  ['Prompt render, 10 KB of arguments', (s, p) => s.prompt.render(p.items).length],
  ['importJsonSchema', (s, p) => {
    const { signature } = s.pkg.importJsonSchema(p.schema);
    const text = signature.toString();
    signature.free();
    return text;
  }],
  ['toJsonSchema', (s) => s.out.toJsonSchema()],
];

const cut = (text, size) => {
  const chunks = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
};

async function child(dir, entry, other) {
  const pkg = await import(pathToFileURL(join(resolve(dir), 'dist', entry)).href);
  const s = { out: pkg.Signature.parse(ITEMS_SIG), input: pkg.Signature.parse(ITEMS_INPUT_SIG), tool: pkg.Signature.parse(TOOL_SIG) };
  const tool = toolPayload();
  const p = { items10k: JSON.stringify(itemsPayload(100)), items1m: JSON.stringify(itemsPayload(10000)), tool, toolText: JSON.stringify(tool) };
  if (other) {
    // the items with every id a string (100 errors), keys with dashes,
    // firewalled fields, and model-style text to repair (bench_stream's)
    const items = itemsPayload(100);
    const bad = itemsPayload(100);
    for (const item of bad.items) item.id = String(item.id);
    let repair = 'Here is the result:\n```json\n[\n';
    for (let i = 0; repair.length < 100000; i++) {
      repair += `  {'id': ${i}, ok: True, "title": 'Item ${i} about widgets', tags: ['a', 'b',], // note\n   "score": None},\n`;
    }
    repair += ']\n```\nDone.';
    Object.assign(p, {
      items,
      bad10k: JSON.stringify(bad),
      chunks1k: cut(p.items1m, 1024),
      chunks16: cut(p.items10k, 16),
      repair,
      repairChunks: cut(repair, 1024),
      firewalled: { ...items, _note: 'x', items: items.items.map((i) => ({ ...i, _raw: { a: [1, 2, 3] } })) },
      dashed: JSON.parse(p.items10k.replaceAll('"title"', '"item-title"')),
      schema: s.out.toJsonSchema(),
    });
    Object.assign(s, {
      pkg,
      repair: pkg.Signature.parse('[{id :int, ok :bool, title :string, tags [:string], score :float?}]'),
      firewalled: pkg.Signature.parse('{count :int, _note :string, items [{id :int, title :string, _raw :any, score :float, tags [:string]}]}'),
      prompt: pkg.definePrompt('Items ({{count}}):\n{{#items}}- {{id}}: {{title}} ({{score}}) {{#tags}}#{{.}} {{/tags}}\n{{/items}}',
        `(count :int, items [{id :int, title :string, score :float, tags [:string]}]) -> :any`),
    });
  }
  const work = other ? OTHER : VALIDATION;
  const results = measure(work.map(([name, fn]) => ({ name, fn: () => consume(fn(s, p)) })), { rounds: 7, roundMs: 60 });
  process.stdout.write(JSON.stringify(results.map((r) => r.median)));
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4], process.argv[5] === 'other');
} else {
  const option = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const entries = { before: option('--before-entry', 'node.mjs'), after: option('--after-entry', 'node.mjs') };
  const [beforeDir, afterDir] = process.argv.slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !/^\d+$/.test(a) && !/^--(before|after)-entry$/.test(all[i - 1]));
  if (!beforeDir || !afterDir) {
    console.error('usage: node bench/js/compare.mjs BEFORE_DIR AFTER_DIR [--runs N] [--other]');
    process.exit(2);
  }
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 6;
  const other = process.argv.includes('--other');
  const work = other ? OTHER : VALIDATION;
  const self = fileURLToPath(import.meta.url);
  const samples = { before: [], after: [] };
  for (let r = 0; r < runs; r++) {
    for (const [name, dir] of [['before', beforeDir], ['after', afterDir]]) {
      const out = spawnSync(process.execPath, [self, '--child', dir, entries[name], other ? 'other' : 'validation'],
        { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(out.stderr);
      samples[name].push(JSON.parse(out.stdout));
    }
  }
  printMachine();
  console.log(`before: ${beforeDir} (dist/${entries.before})\nafter:  ${afterDir} (dist/${entries.after})\n${runs} runs each, alternating\n`);
  const rows = work.map(([what], i) => {
    const b = median(samples.before.map((x) => x[i]));
    const a = median(samples.after.map((x) => x[i]));
    return [what, fmtInt(b), fmtInt(a), fmtRatio(a, b)];
  });
  printTable(['ops/s (median of runs)', 'before', 'after', 'after/before'], rows);
}
