// stream-wasm.mjs: what a stream costs in toolsig.wasm itself, without the
// JS layer: the 1 MB payload of stream.mjs already in wasm memory, one
// tsig_api_validate_fast call against a stream fed it in chunks
// (tsig_api_stream_new with the flags js/signature.mjs gives, a
// tsig_api_stream_step per chunk, tsig_api_stream_end), for a return
// value and tool arguments. Several builds of the module are measured in
// the same process, their rounds interleaved; each case's time is the
// best of its rounds (on a shared machine the best round is the one least
// disturbed, steadier than a median here), and the ratio is stream over
// one call.
//
//   node bench/js/stream-wasm.mjs [--chunk BYTES] [--rounds N] [a.wasm b.wasm ...]
//
// Without files: dist/toolsig.wasm. A benchmark, not a test.
import { readFileSync } from 'node:fs';
import { ITEMS_INPUT_SIG, ITEMS_SIG, itemsPayload } from './cases.mjs';
import { printMachine, printTable } from './harness.mjs';

const args = process.argv.slice(2);
function option(name, fallback) {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive integer`);
  args.splice(at, 2);
  return value;
}
const chunk = option('--chunk', 1024);
const rounds = option('--rounds', 40);
const files = args.length ? args : [new URL('../../dist/toolsig.wasm', import.meta.url).pathname];

const NUMBERS_ARE_DOUBLES = 4;
const CALLER_KEEPS_TEXT = 32;
const text = JSON.stringify(itemsPayload(10000));
const bytes = new TextEncoder().encode(text).length;

function cases(file) {
  const W = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)),
    { env: { emscripten_notify_memory_growth() {} } }).exports;
  W._initialize?.();
  const malloc = (n) => {
    const p = W.malloc(n);
    if (!p) throw new Error(`${file}: out of memory`);
    return p;
  };
  const put = (s) => {
    const b = new TextEncoder().encode(s);
    const p = malloc(b.length + 1);
    new Uint8Array(W.memory.buffer).set(b, p);
    return [p, b.length];
  };
  const out = malloc(4);
  const [jp, jl] = put(text);
  return [[ITEMS_SIG, 0], [ITEMS_INPUT_SIG, 1]].map(([sigText, input]) => {
    const [sp, sl] = put(sigText);
    const h = W.tsig_api_parse(sp, sl, out);
    if (!h) throw new Error(`${file}: the signature does not parse`);
    const one = () => {
      if (W.tsig_api_validate_fast(h, input, jp, jl, 0, 0, 0, out, NUMBERS_ARE_DOUBLES) !== 0) throw new Error('not valid');
    };
    // The stream's answer (its end's document), checked once before the
    // rounds: a stream that failed would be timed as one that worked.
    const streamed = (check) => {
      const s = W.tsig_api_stream_new(h, input, 0, 0, 0, NUMBERS_ARE_DOUBLES | CALLER_KEEPS_TEXT);
      for (let at = 0; at < jl; at += chunk) {
        if (W.tsig_api_stream_step(s, jp + at, Math.min(chunk, jl - at)) < 0) throw new Error('a push failed');
      }
      const doc = W.tsig_api_stream_end(s);
      if (check) {
        const h8 = new Uint8Array(W.memory.buffer);
        const answer = JSON.parse(new TextDecoder().decode(h8.subarray(doc, h8.indexOf(0, doc))));
        if (!answer.ok) throw new Error(`${file}: the stream did not validate the payload`);
      }
      W.free(doc);
      W.tsig_stream_free(s);
    };
    streamed(true);
    return [one, () => streamed(false)];
  });
}

printMachine();
console.log(`payload: ${bytes} bytes in chunks of ${chunk} bytes, best of ${rounds} rounds of 5 calls\n`);

const builds = files.map(cases);
const best = builds.map((b) => b.map(() => [Infinity, Infinity]));
for (let r = 0; r < rounds; r++) {
  builds.forEach((b, i) => b.forEach((pair, k) => pair.forEach((fn, m) => {
    const t = performance.now();
    for (let n = 0; n < 5; n++) fn();
    best[i][k][m] = Math.min(best[i][k][m], (performance.now() - t) / 5);
  })));
}
const rows = [];
files.forEach((f, i) => ['return value', 'tool arguments'].forEach((label, k) => {
  const [one, streamed] = best[i][k];
  rows.push([f, label, one.toFixed(3), streamed.toFixed(3), `${(streamed / one).toFixed(2)}x`]);
}));
printTable(['module', 'payload', 'one call, ms', 'stream, ms', 'stream / one call'], rows);
