// stream.mjs: what streaming costs against one validation of the whole text
// (SPEC §12.2; budget: a 1 MB text in 1 KB chunks at most 1.5x one
// validateJSON). The chunks are cut before timing, as a model's stream
// hands them over; each streamed run is push() of every chunk, then end(),
// against validateJSON (or validateInputJSON) of the whole text; both with
// the value read (JSON.parse of 1 MB, the same in both) and without (the
// one call's value is read only when asked for). Rounds interleave.
//
//   node bench/js/stream.mjs [--chunk BYTES] [--rounds N]
import { Signature } from '../../dist/node.mjs';
import { ITEMS_INPUT_SIG, ITEMS_SIG, itemsPayload } from './cases.mjs';
import { consume, fmtInt, fmtRatio, fmtSpread, measure, printMachine, printTable } from './harness.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const chunk = option('--chunk', 1024);
const rounds = option('--rounds', 15);
const text = JSON.stringify(itemsPayload(10000));
const chunks = [];
for (let at = 0; at < text.length; at += chunk) chunks.push(text.slice(at, at + chunk));

printMachine();
console.log(`payload: ${fmtInt(text.length)} bytes (10,000 items) in ${chunks.length} chunks of ${chunk} bytes\n`);

// A model's answer around the same value: prose, a code fence, a trailing
// comma (repair on, SPEC §12.1).
const modelText = `Here is the result:\n\`\`\`json\n${text.slice(0, -2)},]}\n\`\`\`\nDone.`;
const modelChunks = [];
for (let at = 0; at < modelText.length; at += chunk) modelChunks.push(modelText.slice(at, at + chunk));

const rows = [];
for (const [label, sigText, input, body, pieces, opts] of [
  ['return value (validateJSON)', ITEMS_SIG, false, text, chunks, undefined],
  ['tool arguments (validateInputJSON)', ITEMS_INPUT_SIG, true, text, chunks, undefined],
  ['model text to repair (validateJSON, repair on)', ITEMS_SIG, false, modelText, modelChunks, { repair: true }]]) {
  const sig = Signature.parse(sigText);
  for (const read of [false, true]) {
    const whole = () => {
      const r = input ? sig.validateInputJSON(body, opts) : sig.validateJSON(body, opts);
      return r.ok && (!read || r.value !== undefined);
    };
    const streamed = () => {
      const s = sig.stream({ input, ...opts });
      for (const c of pieces) s.push(c);
      const r = s.end();
      return r.ok && (!read || r.value !== undefined);
    };
    if (!whole() || !streamed()) throw new Error(`${label}: the payload must be valid`);
    const [a, b] = measure([{ name: 'one call', fn: whole }, { name: 'stream', fn: streamed }], { rounds });
    rows.push([`${label}${read ? ', value read' : ''}`, fmtInt(a.median), fmtSpread(a), fmtInt(b.median),
      fmtSpread(b), fmtRatio(a.median, b.median)]);
  }
  sig.free();
}
printTable(['ops/s (median)', 'one call', 'spread', 'stream', 'spread', 'stream cost'], rows);
console.log('\nstream cost: time of a stream over time of one call (budget <= 1.50x)');
