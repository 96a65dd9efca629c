// hostile-schemas.mjs: how long importing each crafted JSON Schema of
// tests/js/support/hostile-schemas.mjs takes (each at most 1 MB), natively
// and through the JS package.
//
//   node bench/js/hostile-schemas.mjs [--native build/release/toolsig] [--runs 3]
//
// native: the toolsig command (from-schema, --lossy for the lossy case,
//   from-tools for the tool, given as a list of one), run `runs` times on a
//   file holding the text; the best wall time, process start included.
// js: importJsonSchema / importTool of dist/node.mjs, in a fresh Node
//   process per case (`--child <name>`): the first call (the wasm memory
//   grows to what the case needs) and the best of `runs` calls after it.
// Under the table, how each import ended: imported (the canonical form's
// length) or refused (the error). A benchmark, not a test: always exits 0.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printMachine, printTable, repoRoot } from './harness.mjs';
import { hostileCases } from '../../tests/js/support/hostile-schemas.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', 3));

// The outcome of one import, for the table (a long pointer keeps its ends).
const outcome = (ok, detail) => {
  if (ok) return `imported (${detail} bytes)`;
  const text = String(detail);
  return `refused: ${text.length > 110 ? `${text.slice(0, 40)}…${text.slice(-69)}` : text}`;
};

if (args[0] === '--child') {
  const { importJsonSchema, importTool } = await import('../../dist/node.mjs');
  const c = hostileCases().find((x) => x.name === args[1]);
  const once = () => {
    const t0 = performance.now();
    let result;
    try {
      const r = c.kind === 'tool' ? importTool(c.text) : importJsonSchema(c.text, { lossy: c.kind === 'schema-lossy' });
      result = outcome(true, r.signature.canonical.length);
      r.signature.free();
    } catch (e) {
      result = outcome(false, e.reason ?? e.message);
    }
    return { ms: performance.now() - t0, result };
  };
  const first = once();
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, once().ms);
  console.log(JSON.stringify({ first: first.ms, best, result: first.result }));
  process.exit(0);
}

const native = option('--native', join(repoRoot, 'build', 'release', 'toolsig'));
const dir = mkdtempSync(join(tmpdir(), 'toolsig-hostile-'));
const rows = [];
const outcomes = [];
try {
  printMachine();
  console.log(`native: ${native}`);
  for (const c of hostileCases()) {
    const file = join(dir, `${c.name}.json`);
    writeFileSync(file, c.kind === 'tool' ? `[${c.text}]` : c.text);
    const command = c.kind === 'tool' ? ['from-tools', file] : ['from-schema', file];
    if (c.kind === 'schema-lossy') command.push('--lossy');
    let nativeBest = Infinity;
    let nativeResult = '';
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = spawnSync(native, command, { maxBuffer: 1 << 28 });
      nativeBest = Math.min(nativeBest, performance.now() - t0);
      // the first line of the error, without the command's "error: [i] (name): "
      const err = r.stderr.toString().split('\n')[0].replace(/^(schema error|error): (\S*\[\d+\] \([^)]*\): )?/, '');
      nativeResult = r.status === 0 ? outcome(true, r.stdout.toString().trimEnd().length) : outcome(false, err);
    }
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', c.name, '--runs', String(runs)],
      { maxBuffer: 1 << 26 });
    let js = { first: NaN, best: NaN, result: child.stderr.toString().split('\n')[0] };
    try {
      js = JSON.parse(child.stdout.toString());
    } catch {
      /* the row shows what the child printed */
    }
    rows.push([c.name, `${(c.text.length / 1000).toFixed(0)} KB`, nativeBest.toFixed(0), js.first.toFixed(0),
      js.best.toFixed(0)]);
    outcomes.push(`${c.name}: ${c.what}\n  ${js.result}`);
    if (nativeResult !== js.result) outcomes.push(`  native: ${nativeResult}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('');
printTable(['case', 'size', 'native ms', 'js first ms', 'js best ms'], rows);
console.log('');
for (const line of outcomes) console.log(line);
