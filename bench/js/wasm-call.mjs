// wasm-call.mjs: the validator alone, called straight on toolsig.wasm with
// the JSON text already in wasm memory: no JS layer, no string encoding.
// Set against speed.mjs it shows what the JS boundary costs; with WASM=file
// it compares builds of the module.
//
//   [WASM=path/to/toolsig.wasm] node bench/js/wasm-call.mjs [--rounds 9]
import { readFileSync } from 'node:fs';
import { ITEMS_SIG, TOOL_OUT_SIG, itemsPayload, toolPayload } from './cases.mjs';
import { fmtSpread, measure, printTable } from './harness.mjs';

const file = process.env.WASM ?? new URL('../../dist/toolsig.wasm', import.meta.url);
const W = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)),
  { env: { emscripten_notify_memory_growth() {} } }).exports;
W._initialize?.();

function put(s) {
  const b = new TextEncoder().encode(s);
  const p = W.malloc(b.length + 1);
  new Uint8Array(W.memory.buffer).set(b, p);
  return [p, b.length];
}

const out = W.malloc(4);
const cases = [];
for (const [label, sigText, payload] of [
  ['~10 KB items', ITEMS_SIG, itemsPayload(100)],
  ['~150 B tool arguments', TOOL_OUT_SIG, toolPayload()],
]) {
  const [sp, sl] = put(sigText);
  const h = W.tsig_api_parse(sp, sl, out);
  const [jp, jl] = put(JSON.stringify(payload));
  const call = () => W.tsig_api_validate_fast(h, 0, jp, jl, 0, 0, 0, out) === 0;
  if (!call()) throw new Error(`${label}: not valid`);
  cases.push({ name: `${label} (${jl} bytes)`, fn: call, bytes: jl });
}
const at = process.argv.indexOf('--rounds');
const results = measure(cases, { rounds: at > 0 ? Number(process.argv[at + 1]) : 9, roundMs: 50, warmupMs: 100 });
console.log(`${typeof file === 'string' ? file : 'dist/toolsig.wasm'}: tsig_api_validate_fast, text in wasm memory`);
printTable(['payload', 'µs/call', 'spread', 'MB/s'], results.map((r, i) => [
  r.name, (1e6 / r.median).toFixed(3), fmtSpread(r), ((cases[i].bytes * r.median) / 1e6).toFixed(0),
]));
