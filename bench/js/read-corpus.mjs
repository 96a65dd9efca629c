// read-corpus.mjs: how toolsig reads text as models write it, next to
// jsonrepair followed by Ajv, on the corpus bench/read-corpus/corpus.json.
//
//   node bench/js/read-corpus.mjs [--json]
//
// Each record of the corpus is a text, the signature the model was given,
// whether the text is tool arguments (`input`) or a result, and what a
// careful person reads in it knowing the signature (`expect`): a value, or
// "refuse" where the text is cut off, holds two values that fit, or can be
// read only by a guess (SPEC §13.3). The expectations were written from the
// texts, not from either tool's output; three were changed after review,
// each saying why in its `why` (bench/RESULTS.md).
//
// toolsig: validateInputJSON(text, {repair: true}) for arguments,
// validateJSON(text, {repair: true}) for results. The peer: jsonrepair, then
// JSON.parse, then Ajv 8 (coerceTypes: true, the date-time format of
// ajv-formats) against toolsig's JSON Schema of the same side:
// toolParametersSchema() for arguments, toJsonSchema() for results, with
// the {items} wrapper of a list result taken off. The value goes to Ajv
// inside a one-property object, so that Ajv can coerce a value at the root
// too.
//
// Each outcome is one of:
//   read     ok, and deep-equal to the expectation;
//   wrong    ok, and another value than expected, or any value where a
//            person refuses: what an agent would act on;
//   refused  not ok, or the reader threw: the model is asked again.
// The counts are the whole result: no timing. With --json the summary is
// printed as JSON instead of tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { jsonrepair } from 'jsonrepair';
import { Signature } from '../../dist/node.mjs';
import { printTable } from './harness.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const CORPUS_PATH = join(repoRoot, 'bench', 'read-corpus', 'corpus.json');

/** The corpus records, in file order. */
export function loadCorpus(path = CORPUS_PATH) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

// One parsed signature per text, shared by every record that names it.
const signatures = new Map();
function signature(text) {
  let sig = signatures.get(text);
  if (!sig) {
    sig = Signature.parse(text);
    signatures.set(text, sig);
  }
  return sig;
}

/** toolsig's reading of a record: {ok, value} or {ok: false, error}. */
export function readWithToolsig(record) {
  try {
    const sig = signature(record.signature);
    const r = record.input
      ? sig.validateInputJSON(record.text, { repair: true })
      : sig.validateJSON(record.text, { repair: true });
    return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.errors[0]?.message ?? 'not ok' };
  } catch (e) {
    return { ok: false, error: `threw: ${e.message}` };
  }
}

const ajv = addFormats(new Ajv({ coerceTypes: true, strict: false }));
const peerValidators = new Map();
function peerValidator(record) {
  const key = `${record.input ? 'input' : 'result'} ${record.signature}`;
  let validate = peerValidators.get(key);
  if (!validate) {
    const sig = signature(record.signature);
    let schema = record.input ? sig.toolParametersSchema() : sig.toJsonSchema();
    if (!record.input && sig.returnsList) schema = schema.properties.items;
    validate = ajv.compile({ type: 'object', properties: { value: schema }, required: ['value'] });
    peerValidators.set(key, validate);
  }
  return validate;
}

/** The peer's reading of a record: jsonrepair, JSON.parse, Ajv. */
export function readWithPeer(record) {
  try {
    const holder = { value: JSON.parse(jsonrepair(record.text)) };
    const validate = peerValidator(record);
    if (!validate(holder)) return { ok: false, error: `${validate.errors[0].instancePath} ${validate.errors[0].message}` };
    return { ok: true, value: holder.value };
  } catch (e) {
    return { ok: false, error: `threw: ${e.message}` };
  }
}

export const READERS = { toolsig: readWithToolsig, 'jsonrepair + Ajv': readWithPeer };

/** 'read', 'wrong' or 'refused': an outcome judged against a record's expectation. */
export function judge(record, outcome) {
  if (!outcome.ok) return 'refused';
  return record.expect !== 'refuse' && isDeepStrictEqual(outcome.value, record.expect) ? 'read' : 'wrong';
}

/**
 * Counts one reader over the records: per shape and in total, the records,
 * those where a person reads a value (`values`; the others expect a
 * refusal), records read as expected, wrong values and refusals, and every
 * wrong value with its record (id, text, what the reader returned, what was
 * expected).
 */
export function tally(records, reader) {
  const empty = () => ({ records: 0, values: 0, read: 0, wrong: 0, refused: 0 });
  const shapes = {};
  const total = empty();
  const wrong = [];
  for (const record of records) {
    const outcome = reader(record);
    const verdict = judge(record, outcome);
    shapes[record.shape] ??= empty();
    for (const c of [shapes[record.shape], total]) {
      c.records++;
      if (record.expect !== 'refuse') c.values++;
      c[verdict]++;
    }
    if (verdict === 'wrong') {
      wrong.push({ id: record.id, text: record.text, returned: outcome.value, expected: record.expect });
    }
  }
  return { shapes, total, wrong };
}

function version(name) {
  return JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
}

function main() {
  const records = loadCorpus();
  const results = Object.fromEntries(Object.entries(READERS).map(([name, reader]) => [name, tally(records, reader)]));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ records: records.length, results }, null, 2));
    return;
  }
  console.log(`corpus: ${records.length} records (bench/read-corpus/corpus.json)`);
  console.log(`node ${process.version}; jsonrepair ${version('jsonrepair')}, ajv ${version('ajv')}, ajv-formats ${version('ajv-formats')}\n`);
  const names = Object.keys(results);
  const shapes = Object.keys(results[names[0]].shapes);
  const cells = (c) => [c.read, c.wrong, c.refused];
  printTable(
    ['shape', 'records', 'values', ...names.flatMap((n) => [`${n}: read`, 'wrong', 'refused'])],
    [...shapes, 'total'].map((shape) => {
      const counts = names.map((n) => (shape === 'total' ? results[n].total : results[n].shapes[shape]));
      return [shape, counts[0].records, counts[0].values, ...counts.flatMap(cells)];
    }),
  );
  console.log('\nvalues: records where a person reads a value; the others expect a refusal');
  for (const name of names) {
    const { wrong } = results[name];
    console.log(`\n${name}: ${wrong.length} wrong value${wrong.length === 1 ? '' : 's'}`);
    for (const w of wrong) {
      console.log(`- ${w.id}\n    text:     ${JSON.stringify(w.text)}\n    returned: ${JSON.stringify(w.returned)}\n    expected: ${JSON.stringify(w.expected)}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
