// speed.mjs: validation throughput of toolsig against Ajv, Zod 4, Valibot
// and ArkType, all measured in this one run on the same payloads.
//
//   node bench/js/speed.mjs [--rounds 15] [--round-ms 100]
//
// Tables: JSON text (toolsig reads the text itself; the peers need
// JSON.parse first) and JS objects (toolsig sends them as JSON text), each
// on the ~10 KB items payload and the ~150-byte tool arguments, and the
// items at ~1 MB as JSON text against JSON.parse + Ajv. toolsig's
// JSON-text result parses its `value` only when it is read, so both
// "validate only" and "validate + read value" are shown. Prints whether the
// targets are met; a benchmark, not a test, so it always exits 0.
import Ajv from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type } from 'arktype';
import { Signature } from 'toolsig';
import * as v from 'valibot';
import { z } from 'zod';
import {
  ITEMS_INPUT_SIG, ITEMS_SIG, TOOL_OUT_SIG, TOOL_SIG, itemsPayload, make, toolPayload,
} from './cases.mjs';
import { fmtInt, fmtRatio, fmtSpread, measure, printMachine, printTable } from './harness.mjs';

function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const opts = { rounds: arg('--rounds', 15), roundMs: arg('--round-ms', 100) };

const peers = {};
for (const k of ['items', 'tool']) {
  peers[k] = {
    ajv: make.ajv(k, Ajv, addFormats),
    zod: make.zod(k, z),
    valibot: make.valibot(k, v),
    arktype: make.arktype(k, type),
  };
}
const sigs = {
  items: { out: Signature.parse(ITEMS_SIG), input: Signature.parse(ITEMS_INPUT_SIG) },
  tool: { out: Signature.parse(TOOL_OUT_SIG), input: Signature.parse(TOOL_SIG) },
};

// Each peer's object validation, returning true when the value is valid.
const check = {
  Ajv: (k) => { const f = peers[k].ajv; return (x) => f(x); },
  Zod: (k) => { const s = peers[k].zod; return (x) => s.safeParse(x).success; },
  Valibot: (k) => { const s = peers[k].valibot; return (x) => v.safeParse(s, x).success; },
  ArkType: (k) => { const s = peers[k].arktype; return (x) => !(s(x) instanceof type.errors); },
};

const payloads = {
  items: { label: '~10 KB items', value: itemsPayload(100) },
  tool: { label: '~150 B tool arguments', value: toolPayload() },
  items1m: { label: '~1 MB items', value: itemsPayload(10000) },
};
for (const p of Object.values(payloads)) p.text = JSON.stringify(p.value);

// Every validator must accept the payload and refuse a broken copy of it,
// or the comparison would be meaningless.
function sanity() {
  const broken = {
    items: (() => { const b = itemsPayload(100); b.items[50].id = 'x'; return b; })(),
    tool: { ...toolPayload(), filters: { lang: 'en', since: 'yesterday' } },
  };
  for (const k of ['items', 'tool']) {
    const good = payloads[k].value;
    const verdicts = {
      ...Object.fromEntries(Object.entries(check).map(([n, mk]) => [n, [mk(k)(good), mk(k)(broken[k])]])),
      'toolsig validate': [sigs[k].out.validate(good).ok, sigs[k].out.validate(broken[k]).ok],
      'toolsig validateInput': [sigs[k].input.validateInput(good).ok, sigs[k].input.validateInput(broken[k]).ok],
      'toolsig validateJSON': [sigs[k].out.validateJSON(payloads[k].text).ok,
        sigs[k].out.validateJSON(JSON.stringify(broken[k])).ok],
    };
    for (const [n, [ok, bad]] of Object.entries(verdicts)) {
      if (!ok || bad) throw new Error(`${n} on ${k}: accepts good ${ok}, accepts broken ${bad}`);
    }
  }
}

function table(title, results, baseName) {
  const base = results.find((r) => r.name === baseName).median;
  console.log(`\n${title}`);
  printTable(['case', 'ops/s (median)', 'spread', 'µs/op', `vs ${baseName}`],
    results.map((r) => [r.name, fmtInt(r.median), fmtSpread(r), (1e6 / r.median).toFixed(2), fmtRatio(r.median, base)]));
  return Object.fromEntries(results.map((r) => [r.name, r.median]));
}

function jsonTextTable(k) {
  const { text, label } = payloads[k];
  const out = sigs[k].out;
  const input = sigs[k].input;
  const cases = [
    { name: 'JSON.parse', fn: () => JSON.parse(text) },
    ...Object.entries(check).map(([n, mk]) => {
      const f = mk(k);
      return { name: `JSON.parse + ${n}`, fn: () => f(JSON.parse(text)) };
    }),
    { name: 'toolsig validateJSON (validate only)', fn: () => out.validateJSON(text).ok },
    { name: 'toolsig validateJSON + read value', fn: () => { const r = out.validateJSON(text); return r.ok && r.value; } },
    { name: 'toolsig validateInputJSON (validate only)', fn: () => input.validateInputJSON(text).ok },
  ];
  if (k === 'items') {
    // The same with scores written as ints (`"score":3`) where :float is
    // declared, as LLMs often write them: JS numbers are doubles, so the
    // value needs no rewriting.
    const whole = JSON.stringify(itemsPayload(100, { wholeScores: true }));
    const r = input.validateInputJSON(whole);
    if (!r.ok || r.warnings.length) throw new Error('whole-number scores: not valid as they are');
    cases.push({ name: 'toolsig validateInputJSON, int scores (validate only)', fn: () => input.validateInputJSON(whole).ok });
  }
  return table(`JSON text, ${label} (${text.length} bytes)`, measure(cases, opts), 'JSON.parse + Ajv');
}

// The items at ~1 MB: where JSON.parse builds a big tree, toolsig none.
function bigTextTable() {
  const { text, label } = payloads.items1m;
  const out = sigs.items.out;
  const ajv = check.Ajv('items');
  if (!out.validateJSON(text).ok || !ajv(JSON.parse(text))) throw new Error('1 MB items: not valid');
  const cases = [
    { name: 'JSON.parse', fn: () => JSON.parse(text) },
    { name: 'JSON.parse + Ajv', fn: () => ajv(JSON.parse(text)) },
    { name: 'toolsig validateJSON (validate only)', fn: () => out.validateJSON(text).ok },
    { name: 'toolsig validateJSON + read value', fn: () => { const r = out.validateJSON(text); return r.ok && r.value; } },
  ];
  return table(`JSON text, ${label} (${text.length} bytes)`, measure(cases, opts), 'JSON.parse + Ajv');
}

function objectTable(k) {
  const { value, label, text } = payloads[k];
  const out = sigs[k].out;
  const input = sigs[k].input;
  const cases = [
    ...Object.entries(check).map(([n, mk]) => {
      const f = mk(k);
      return { name: n === 'Ajv' ? 'Ajv' : `${n} safeParse`, fn: () => f(value) };
    }),
    { name: 'toolsig validate', fn: () => out.validate(value).ok },
    { name: 'toolsig validateInput', fn: () => input.validateInput(value).ok },
  ];
  for (const c of cases) if (c.name === 'ArkType safeParse') c.name = 'ArkType';
  return table(`JS object, ${label} (${text.length} bytes as JSON)`, measure(cases, opts), 'Valibot safeParse');
}

printMachine();
console.log(`harness: ${opts.rounds} interleaved rounds of ~${opts.roundMs} ms per case after warm-up; spread = slowest/fastest round vs median`);
sanity();

const r = {
  itemsText: jsonTextTable('items'),
  toolText: jsonTextTable('tool'),
  bigText: bigTextTable(),
  itemsObj: objectTable('items'),
  toolObj: objectTable('tool'),
};

console.log('\nTargets');
const targets = [];
for (const [k, res, need] of [['10 KB', r.itemsText, 3.5], ['1 MB', r.bigText, 4], ['150 B', r.toolText, 3]]) {
  const base = res['JSON.parse + Ajv'];
  targets.push([`validateJSON ${k}, validate only >= ${need}x JSON.parse + Ajv`, res['toolsig validateJSON (validate only)'] / base, need]);
  targets.push([`validateJSON ${k}, validate + read value >= 1x JSON.parse + Ajv`, res['toolsig validateJSON + read value'] / base, 1]);
}
for (const name of ['toolsig validate', 'toolsig validateInput']) {
  targets.push([`${name.slice(8)}(object) 150 B >= Valibot safeParse`, r.toolObj[name] / r.toolObj['Valibot safeParse'], 1]);
}
printTable(['target', 'measured', 'needed', 'met'],
  targets.map(([label, ratio, need]) => [label, `${ratio.toFixed(2)}x`, `${need}x`, ratio >= need ? 'yes' : 'NO']));
