// errors.mjs: many errors, read. The ~10 KB items payload with every
// item's id written as a string (100 errors), validated as JSON text with
// the errors read (path, message, UTF-16 index), against JSON.parse + Ajv
// with allErrors (its errors read), and the same payload valid, measured
// in the same run.
//
//   node bench/js/errors.mjs [--rounds 15] [--round-ms 100]
//
// A benchmark, not a test: it always exits 0.
import Ajv from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Signature } from 'toolsig';
import { ITEMS_SIG, itemsPayload } from './cases.mjs';
import { fmtInt, fmtRatio, fmtSpread, measure, printMachine, printTable } from './harness.mjs';

function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const opts = { rounds: arg('--rounds', 15), roundMs: arg('--round-ms', 100) };

const sig = Signature.parse(ITEMS_SIG);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const check = ajv.compile(sig.toJsonSchema());

const valid = JSON.stringify(itemsPayload(100));
const broken = itemsPayload(100);
for (const item of broken.items) item.id = String(item.id);
const invalid = JSON.stringify(broken);

// Both must see the 100 errors, or the comparison means nothing.
const mine = sig.validateJSON(invalid);
check(JSON.parse(invalid));
if (mine.errors.length !== 100 || check.errors.length !== 100 || !sig.validateJSON(valid).ok) {
  throw new Error(`errors: toolsig ${mine.errors.length}, Ajv ${check.errors?.length}`);
}

// What a caller reads of each error.
const readMine = (r) => {
  let n = 0;
  for (const e of r.errors) n += e.path.length + e.message.length + e.index;
  return n;
};
const readAjv = (errors) => {
  let n = 0;
  for (const e of errors) n += e.instancePath.length + e.message.length;
  return n;
};

printMachine();
console.log(`~10 KB items (${valid.length} bytes), 100 errors (every id a string)`);
const results = measure([
  { name: 'JSON.parse + Ajv allErrors, valid', fn: () => check(JSON.parse(valid)) },
  { name: 'JSON.parse + Ajv allErrors, 100 errors read', fn: () => { check(JSON.parse(invalid)); return readAjv(check.errors); } },
  { name: 'toolsig validateJSON, valid', fn: () => sig.validateJSON(valid).ok },
  { name: 'toolsig validateJSON, 100 errors read', fn: () => readMine(sig.validateJSON(invalid)) },
], opts);
const by = Object.fromEntries(results.map((r) => [r.name, r.median]));
const base = by['JSON.parse + Ajv allErrors, 100 errors read'];
printTable(['case', 'ops/s (median)', 'spread', 'µs/op', 'vs Ajv, 100 errors'],
  results.map((r) => [r.name, fmtInt(r.median), fmtSpread(r), (1e6 / r.median).toFixed(2), fmtRatio(r.median, base)]));
const vsAjv = by['toolsig validateJSON, 100 errors read'] / base;
const slower = by['toolsig validateJSON, valid'] / by['toolsig validateJSON, 100 errors read'];
printTable(['target', 'measured', 'needed', 'met'], [
  ['100 errors in 10 KB >= 1x JSON.parse + Ajv allErrors', `${vsAjv.toFixed(2)}x`, '1x', vsAjv >= 1 ? 'yes' : 'NO'],
  ['invalid within 1.5x of valid (time invalid / valid)', `${slower.toFixed(2)}x`, '<= 1.5x', slower <= 1.5 ? 'yes' : 'NO'],
]);
