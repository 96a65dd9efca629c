// The corpus of model-style texts (bench/read-corpus/corpus.json, SPEC §12
// and §13): toolsig may refuse a text a person would read, but never returns
// a value a person would not read from it. The counting is the benchmark's
// own (bench/js/read-corpus.mjs); how much of the corpus is read is the
// benchmark's to report, not a test's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Signature } from 'toolsig';
import { loadCorpus, readWithToolsig, tally } from '../../bench/js/read-corpus.mjs';

const records = loadCorpus();

test('the corpus holds at least 200 records, each complete, with unique ids', () => {
  assert.ok(records.length >= 200, `${records.length} records`);
  const ids = new Set();
  for (const r of records) {
    assert.equal(typeof r.id, 'string');
    assert.ok(!ids.has(r.id), `id ${r.id} twice`);
    ids.add(r.id);
    for (const key of ['shape', 'signature', 'text', 'why']) assert.equal(typeof r[key], 'string', `${r.id}: ${key}`);
    assert.equal(typeof r.input, 'boolean', `${r.id}: input`);
    assert.ok('expect' in r, `${r.id}: expect`);
  }
});

test('every signature of the corpus parses', () => {
  for (const text of new Set(records.map((r) => r.signature))) {
    const check = Signature.check(text);
    assert.ok(check.ok, `${text}: ${check.ok ? '' : check.error.message}`);
  }
});

test('toolsig returns no wrong value on the corpus', () => {
  const { wrong } = tally(records, readWithToolsig);
  const shown = wrong.map((w) => `${w.id}: ${JSON.stringify(w.text)}\n  returned ${JSON.stringify(w.returned)}, expected ${JSON.stringify(w.expected)}`);
  assert.equal(wrong.length, 0, `${wrong.length} wrong values:\n${shown.join('\n')}`);
});
