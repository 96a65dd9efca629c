// harness.mjs: a small benchmark harness and the machine facts every
// benchmark prints.
//
// measure(cases) runs each case's function in timed rounds, the cases
// interleaved round by round so that a noisy neighbour slows them all
// alike. A case is first calibrated (a batch long enough to time), then
// warmed up, then timed for `rounds` rounds; the result is the median
// ops/s with the lowest and highest round, so the spread is visible.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// Results flow into this so that no call can be optimised away.
let sink = 0;
export function consume(x) {
  sink = (sink + (x ? 1 : 0)) | 0;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// Runs fn `n` times, returns the elapsed milliseconds.
function timeBatch(fn, n) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) consume(fn());
  return performance.now() - t0;
}

// Smallest power-of-two batch that takes at least `ms` milliseconds.
function calibrate(fn, ms) {
  let n = 1;
  for (;;) {
    const dt = timeBatch(fn, n);
    if (dt >= ms || n >= 1 << 26) return { n, dt };
    n *= 2;
  }
}

/**
 * Measures cases [{name, fn}] for `rounds` interleaved rounds of about
 * `roundMs` each, after `warmupMs` of warm-up per case. Returns
 * [{name, median, min, max}] in ops/s.
 */
export function measure(cases, { rounds = 15, roundMs = 100, warmupMs = 300 } = {}) {
  const plans = cases.map((c) => {
    const { n, dt } = calibrate(c.fn, 5);
    const batch = Math.max(1, Math.round(n * (roundMs / Math.max(dt, 0.001))));
    const warm = performance.now();
    while (performance.now() - warm < warmupMs) timeBatch(c.fn, Math.max(1, batch >> 3));
    return { ...c, batch, samples: [] };
  });
  for (let r = 0; r < rounds; r++) {
    for (const p of plans) {
      const dt = timeBatch(p.fn, p.batch);
      p.samples.push((p.batch * 1000) / dt);
    }
  }
  return plans.map((p) => ({
    name: p.name,
    median: median(p.samples),
    min: Math.min(...p.samples),
    max: Math.max(...p.samples),
  }));
}

export { median };

/** Prints rows (arrays of cells) as an aligned text table under a header. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}

/** 1234567 -> "1,234,567". */
export function fmtInt(x) {
  return Math.round(x).toLocaleString('en-US');
}

/** The ratio a/b as "3.21x". */
export function fmtRatio(a, b) {
  return `${(a / b).toFixed(2)}x`;
}

/** Spread of a measurement: lowest and highest round around the median, in %. */
export function fmtSpread(m) {
  const lo = ((m.min / m.median - 1) * 100).toFixed(0);
  const hi = ((m.max / m.median - 1) * 100).toFixed(0);
  return `${lo}%/+${hi}%`;
}

function peerVersion(name) {
  try {
    return JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

export const PEERS = ['ajv', 'ajv-formats', 'zod', 'valibot', 'arktype'];

/** The facts a reader needs to compare runs: date, CPU, Node, peer versions. */
export function printMachine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let load = '';
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    load = 'n/a';
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    commit = 'n/a';
  }
  console.log(`date: ${new Date().toISOString()}  commit: ${commit}`);
  console.log(`machine: ${availableParallelism()} CPUs, ${cpu}, load average ${load}`);
  console.log(`node: ${process.version}  peers: ${PEERS.map((p) => `${p} ${peerVersion(p)}`).join(', ')}`);
}
