// Options objects: every function and method of the package that takes one
// refuses a key it does not know, naming the key and the ones it knows (a
// misspelt option must not leave the option at its default without a
// word), refuses options that are not an object, and reads own properties
// only. One table lists every entry point; a test checks that the table
// has each place of js/ that reads options. A method that resolves to its
// answer (a tool's calls) rejects where the others throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  Signature, checked, defineTool, definePrompt, formatReport, importJsonSchema, importTool, renderTools,
} from 'toolsig';
import { infer } from 'toolsig/publish';
import { repoRoot } from './support/env.mjs';

const sig = Signature.parse('(n :int) -> {a :int, _secret :string}');
const tool = defineTool('search', [({ n }) => n, '(n :int) -> :int']);
const result = sig.validateInput({ n: 'x' });

const VALIDATE = ['mode', 'maxErrors', 'maxDepth', 'repair'];

// [where (as errors name it), the options it knows, a call with options].
const ENTRY_POINTS = [
  ['validate', VALIDATE, (o) => sig.validate({ a: 1, _secret: 's' }, o)],
  ['validateJSON', VALIDATE, (o) => sig.validateJSON('{"a": 1, "_secret": "s"}', o)],
  ['validateInput', VALIDATE, (o) => sig.validateInput({ n: 1 }, o)],
  ['validateInputJSON', VALIDATE, (o) => sig.validateInputJSON('{"n": 1}', o)],
  ['stream', ['input', ...VALIDATE], (o) => sig.stream(o).end()],
  ['format', ['hideFirewalled', 'descriptions'], (o) => sig.format(o)],
  ['toJsonSchema', ['strict'], (o) => sig.toJsonSchema(o)],
  ['toolParametersSchema', ['strict'], (o) => sig.toolParametersSchema(o)],
  ['redact', ['mode'], (o) => sig.redact({ a: 1, _secret: 's' }, o)],
  ['libraryOptions', ['strict', 'onWarning'],
    (o) => sig['~standard'].jsonSchema.input({ target: 'draft-2020-12', libraryOptions: o })],
  ['formatReport', ['title'], (o) => formatReport(result, o)],
  ['importJsonSchema', ['lossy'], (o) => importJsonSchema({ type: 'integer' }, o)],
  ['importTool', ['lossy'], (o) => importTool({ name: 't', inputSchema: { type: 'object', properties: {} } }, o)],
  ['tool search', ['fn', 'signature', 'description', 'cache', 'cacheSize', 'mode', 'skip', 'type', 'expose', 'nativeResult'],
    (o) => defineTool('search', { fn: () => 1, ...o })],
  ['tool search: nativeResult', ['preview', 'limit'],
    (o) => defineTool('search', { fn: () => 1, expose: 'both', cache: true, nativeResult: o })],
  ['parametersSchema', ['strict'], (o) => tool.parametersSchema(o)],
  ['toOpenAI', ['strict', 'api', 'onWarning'], (o) => tool.toOpenAI(o)],
  ['exposedTo', ['agent'], (o) => tool.exposedTo('code', o)],
  ['call', ['side'], (o) => tool.call({ n: 1 }, o)],
  ['callJSON', ['side'], (o) => tool.callJSON('{"n": 1}', o)],
  ['callForParent', ['side'], (o) => tool.callForParent({ n: 1 }, o)],
  ['callForParentJSON', ['side'], (o) => tool.callForParentJSON('{"n": 1}', o)],
  ['renderTools', ['agent'], (o) => renderTools([tool], o)],
  ['checked', ['title', 'onWarnings'], (o) => checked(sig, () => 1, o)],
  ['definePrompt', ['maxLength'], (o) => definePrompt('{{n}}', sig, o)],
  ['infer', ['enums'], (o) => infer([{ n: 1 }], o)],
];

// The entry point refuses the options with `expected` (assert.throws'
// form): it throws it, or, when it resolves to its answer, rejects with it.
async function refuses(call, options, expected, where) {
  let answer;
  try {
    answer = call(options);
  } catch (e) {
    assert.throws(() => { throw e; }, expected, where);
    return;
  }
  assert.ok(answer instanceof Promise, `${where}: neither threw nor rejected`);
  await assert.rejects(answer, expected, where);
}

// The entry point takes the options: it returns, or resolves.
async function accepts(call, options, where) {
  let answer;
  assert.doesNotThrow(() => { answer = call(options); }, where);
  if (answer instanceof Promise) await assert.doesNotReject(answer, where);
}

test('every options object refuses an unknown key with a TypeError naming it and the known ones', async () => {
  for (const [where, known, call] of ENTRY_POINTS) {
    const message = `toolsig: ${where}: unknown option "mod" (options: ${known.join(', ')})`;
    await refuses(call, { mod: 'strict' }, { name: 'TypeError', message }, where);
    // Beside known options too, and whatever the value.
    await refuses(call, { [known[known.length - 1]]: undefined, mod: undefined }, { name: 'TypeError', message }, where);
  }
});

test('every options object may be left out, null or empty', async () => {
  for (const [where, , call] of ENTRY_POINTS) {
    for (const none of [undefined, null, {}]) await accepts(call, none, where);
  }
});

test('options that are not an object are a TypeError naming the options', async () => {
  for (const [where, known, call] of ENTRY_POINTS) {
    if (where === 'tool search') continue; // defineTool's forms: tools.test.mjs
    const message = `toolsig: ${where}: options are an object {${known.join(', ')}}`;
    for (const bad of ['strict', 5, true, ['mode']]) {
      await refuses(call, bad, { name: 'TypeError', message }, `${where}(${JSON.stringify(bad)})`);
    }
  }
});

test('options are own properties: an inherited key is neither an option nor an unknown one', async () => {
  for (const [where, known, call] of ENTRY_POINTS) {
    if (where === 'tool search') continue; // spread: own keys only already
    await accepts(call, Object.create({ mod: 'strict' }), where);
    await accepts(call, Object.create({ [known[0]]: 'not read' }), where);
  }
});

test('a misspelt option is refused where it used to be ignored: mode, strict, lossy, title', () => {
  assert.throws(() => sig.validate({ a: 'x' }, { mod: 'disabled' }), /unknown option "mod"/);
  assert.throws(() => sig.toJsonSchema({ strickt: true }), /toJsonSchema: unknown option "strickt" \(options: strict\)/);
  assert.throws(() => importJsonSchema({ type: 'integer' }, { lossey: true }), /unknown option "lossey"/);
  assert.throws(() => formatReport(result, { titel: 'Return' }), /unknown option "titel"/);
  // Spelt right, each one still works.
  assert.equal(sig.validate({ a: 'x' }, { mode: 'disabled' }).ok, true);
  assert.deepEqual(sig.toJsonSchema({ strict: true }).required, ['a', '_secret']);
  assert.match(formatReport(result, { title: 'Return' }), /^Return validation errors:/);
});

test('checked: a report title that is not a string is a TypeError when the function is made', () => {
  for (const title of [5, true, {}]) {
    assert.throws(() => checked(sig, () => 1, { title }), { name: 'TypeError', message: `toolsig: checked: title must be a string, got ${typeof title}` });
  }
  assert.equal(typeof checked(sig, () => 1, { title: 'Search' }), 'function');
});

test('a stream passes its options, but input, to the one-shot validation of a changed value', () => {
  const s = Signature.parse('(n :int) -> :any').stream({ input: true, mode: 'enabled' });
  s.push('{"n": "4"}');
  const r = s.end();
  assert.equal(r.ok, true);
  assert.deepEqual(r.value, { n: 4 });
});

test('an unknown key too long to show whole is cut in the message', () => {
  const key = 'k'.repeat(10_000);
  assert.throws(() => sig.format({ [key]: 1 }), (e) => e instanceof TypeError && e.message.length < 300 && e.message.includes('…'));
});

// The places of js/ that read an options object: the `where` of each
// readOptions(opts, where, known) call, and the method names Signature's
// validation methods give it through #run.
function placesReadingOptions() {
  const dir = join(repoRoot, 'js');
  const places = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/readOptions\([\w.]+, (?:'([^']+)'|`([^`]+)`)/g)) places.add(m[1] ?? m[2]);
    for (const m of source.matchAll(/this\.#run\([^;]*'(\w+)'\);/g)) places.add(m[1]);
  }
  return places;
}

test('the table has every place of js/ that reads options', () => {
  const places = placesReadingOptions();
  assert.ok(places.size >= 18, [...places].join(', '));
  const tested = new Set(ENTRY_POINTS.map(([where]) => where.replace(/^tool search/, 'tool ${name}')));
  for (const where of places) assert.ok(tested.has(where), `${where} reads options and is not in ENTRY_POINTS`);
});
