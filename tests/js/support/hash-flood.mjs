// Run as a child process by hostile.test.mjs: binds the core to the wasm
// module with the hash seed fixed (argv[2]: "fixed"), or from
// crypto.getRandomValues ("random"), then times validateJSON, normalizeKeys
// and importTool on names crafted to collide under the fixed seed against
// ordinary names of the same length. Prints {cost: {what: [crafted ms,
// ordinary ms]}} as JSON.
import { readFileSync } from 'node:fs';
import { bind, imports, Signature, normalizeKeys, importTool } from '../../../dist/core.mjs';
import { craftNames } from './siphash.mjs';

export const SEED = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
export const KEYS = 2048;
export const CAP = 2 * KEYS; // the largest table KEYS keys make
export const WINDOW = 32;

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const fixed = process.argv[2] === 'fixed';
  const wasm = new WebAssembly.Module(readFileSync(new URL('../../../dist/toolsig.wasm', import.meta.url)));
  bind(new WebAssembly.Instance(wasm, imports).exports, fixed ? (bytes) => bytes.set(SEED) : undefined);

  const { crafted, plain } = craftNames(SEED, KEYS, CAP, WINDOW);
  const object = (names) => `{${names.map((n) => `"${n}":0`).join(',')}}`;
  const tool = (names) => ({
    name: 't',
    inputSchema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'integer' }])) },
  });
  const map = Signature.parse(':map');
  // each job with its repetitions (a few milliseconds a measure)
  const jobs = {
    validateJSON: [10, (names) => { const text = object(names); return () => map.validateJSON(text).ok; }],
    normalizeKeys: [3, (names) => { const value = JSON.parse(object(names)); return () => normalizeKeys(value) !== null; }],
    importTool: [1, (names) => { const value = tool(names); return () => importTool(value).signature !== null; }],
  };
  const best = (run, times) => {
    let ms = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      for (let k = 0; k < times; k++) if (!run()) throw new Error('the job failed');
      ms = Math.min(ms, performance.now() - t0);
    }
    return ms;
  };
  const cost = {};
  for (const [what, [times, job]] of Object.entries(jobs)) cost[what] = [best(job(crafted), times), best(job(plain), times)];
  console.log(JSON.stringify({ cost }));
}
