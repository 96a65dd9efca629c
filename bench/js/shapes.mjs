// shapes.mjs: tool arguments of three real shapes, the way agent frameworks
// hand them over, with the value read: as JSON text (an LLM's tool call)
// against JSON.parse + Ajv and JSON.parse alone, and as a JS object (the
// frameworks' parsed arguments, Standard Schema) against Valibot, Zod and
// Ajv, all in one run.
//
//   node bench/js/shapes.mjs [--rounds 15] [--round-ms 100]
//
// The shapes: a search (an enum, a date-time, a bounded int), a file edit
// (long strings full of escapes: code), a calendar event (nesting, a list of
// objects, ranges, an optional object). Ajv checks toolsig's own JSON Schema
// of the parameters (the same rules); Valibot and Zod schemas are written by
// hand to the same rules. A benchmark, not a test: it always exits 0.
import Ajv from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as v from 'valibot';
import { z } from 'zod';
import { Signature } from 'toolsig';
import { fmtInt, fmtRatio, fmtSpread, measure, printMachine, printTable } from './harness.mjs';

function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const opts = { rounds: arg('--rounds', 15), roundMs: arg('--round-ms', 100) };

const vint = (lo, hi) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
const CODE_OLD = 'def total(self):\n    """Sum of the cart."""\n    return sum(i.price for i in self.items)\n';
const CODE_NEW = 'def total(self, tax=0.0):\n    """Sum of the cart, with \\"tax\\"."""\n    s = sum(i.price * i.qty for i in self.items)\n\treturn round(s * (1 + tax), 2)\n';

const SHAPES = [
  {
    name: 'search (enum, date-time, bounds)',
    sig: '(query :string, limit :int[1..50], sort :enum[relevance date popularity]?, since :datetime?, lang :string?) -> :any',
    value: { query: 'rust wasm json validators benchmark 2026', limit: 10, sort: 'date', since: '2026-01-15T00:00:00Z', lang: 'en' },
    valibot: v.looseObject({
      query: v.string(),
      limit: vint(1, 50),
      sort: v.optional(v.nullable(v.picklist(['relevance', 'date', 'popularity']))),
      since: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp()))),
      lang: v.optional(v.nullable(v.string())),
    }),
    zod: z.looseObject({
      query: z.string(),
      limit: z.int().min(1).max(50),
      sort: z.enum(['relevance', 'date', 'popularity']).nullish(),
      since: z.iso.datetime({ offset: true }).nullish(),
      lang: z.string().nullish(),
    }),
  },
  {
    name: 'file edit (long escaped strings)',
    sig: '(path :string, old_text :string, new_text :string, replace_all :bool?) -> :any',
    value: { path: 'shop/cart.py', old_text: CODE_OLD.repeat(2), new_text: CODE_NEW.repeat(2), replace_all: false },
    valibot: v.looseObject({
      path: v.string(), old_text: v.string(), new_text: v.string(), replace_all: v.optional(v.nullable(v.boolean())),
    }),
    zod: z.looseObject({
      path: z.string(), old_text: z.string(), new_text: z.string(), replace_all: z.boolean().nullish(),
    }),
  },
  {
    name: 'calendar (nesting, lists, ranges)',
    sig: '(title :string, start :datetime, end :datetime, attendees [{email :string, optional :bool?}][..20], '
      + 'reminders [:int[0..10080]]?, recurrence {freq :enum[daily weekly monthly], count :int[1..100]?}?) -> :any',
    value: {
      title: 'Quarterly planning',
      start: '2026-03-02T09:00:00+01:00',
      end: '2026-03-02T10:30:00+01:00',
      attendees: [{ email: 'ada@example.com' }, { email: 'grace@example.com', optional: true }, { email: 'alan@example.com' }],
      reminders: [10, 60, 1440],
      recurrence: { freq: 'monthly', count: 12 },
    },
    valibot: v.looseObject({
      title: v.string(),
      start: v.pipe(v.string(), v.isoTimestamp()),
      end: v.pipe(v.string(), v.isoTimestamp()),
      attendees: v.pipe(v.array(v.looseObject({ email: v.string(), optional: v.optional(v.nullable(v.boolean())) })),
        v.maxLength(20)),
      reminders: v.optional(v.nullable(v.array(vint(0, 10080)))),
      recurrence: v.optional(v.nullable(v.looseObject({
        freq: v.picklist(['daily', 'weekly', 'monthly']), count: v.optional(v.nullable(vint(1, 100))),
      }))),
    }),
    zod: z.looseObject({
      title: z.string(),
      start: z.iso.datetime({ offset: true }),
      end: z.iso.datetime({ offset: true }),
      attendees: z.array(z.looseObject({ email: z.string(), optional: z.boolean().nullish() })).max(20),
      reminders: z.array(z.int().min(0).max(10080)).nullish(),
      recurrence: z.looseObject({ freq: z.enum(['daily', 'weekly', 'monthly']), count: z.int().min(1).max(100).nullish() }).nullish(),
    }),
  },
];

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

printMachine();
console.log(`harness: ${opts.rounds} interleaved rounds of ~${opts.roundMs} ms per case after warm-up`);
const targets = [];
for (const shape of SHAPES) {
  const sig = Signature.parse(shape.sig);
  const std = sig.input['~standard'];
  const check = ajv.compile(sig.toolParametersSchema());
  const text = JSON.stringify(shape.value);
  // every validator must accept the value, or the comparison means nothing
  const verdicts = {
    toolsig: sig.validateInputJSON(text).ok && sig.validateInput(shape.value).ok && !std.validate(shape.value).issues,
    ajv: check(shape.value), valibot: v.safeParse(shape.valibot, shape.value).success,
    zod: shape.zod.safeParse(shape.value).success,
  };
  for (const [n, ok] of Object.entries(verdicts)) if (!ok) throw new Error(`${shape.name}: ${n} refuses the value`);

  const textCases = measure([
    { name: 'JSON.parse', fn: () => JSON.parse(text) },
    { name: 'JSON.parse + Ajv', fn: () => { const x = JSON.parse(text); return check(x) && x; } },
    { name: 'JSON.parse + Valibot', fn: () => v.safeParse(shape.valibot, JSON.parse(text)).output },
    { name: 'toolsig validateInputJSON + read value', fn: () => { const r = sig.validateInputJSON(text); return r.ok && r.value; } },
  ], opts);
  const t = Object.fromEntries(textCases.map((r) => [r.name, r.median]));
  console.log(`\n${shape.name}: JSON text (${text.length} bytes), value read`);
  printTable(['case', 'ops/s (median)', 'spread', 'µs/op', 'vs JSON.parse + Ajv', 'vs JSON.parse'],
    textCases.map((r) => [r.name, fmtInt(r.median), fmtSpread(r), (1e6 / r.median).toFixed(2),
      fmtRatio(r.median, t['JSON.parse + Ajv']), fmtRatio(r.median, t['JSON.parse'])]));

  const objectCases = measure([
    { name: 'Ajv', fn: () => check(shape.value) },
    { name: 'Valibot safeParse', fn: () => v.safeParse(shape.valibot, shape.value).success },
    { name: 'Zod safeParse', fn: () => shape.zod.safeParse(shape.value).success },
    { name: 'toolsig validateInput', fn: () => sig.validateInput(shape.value).ok },
    { name: 'toolsig ~standard.validate', fn: () => !std.validate(shape.value).issues },
  ], opts);
  const o = Object.fromEntries(objectCases.map((r) => [r.name, r.median]));
  console.log(`\n${shape.name}: JS object`);
  printTable(['case', 'ops/s (median)', 'spread', 'µs/op', 'vs Valibot'],
    objectCases.map((r) => [r.name, fmtInt(r.median), fmtSpread(r), (1e6 / r.median).toFixed(2),
      fmtRatio(r.median, o['Valibot safeParse'])]));

  const read = t['toolsig validateInputJSON + read value'];
  targets.push([`${shape.name}: text, value read >= 0.9x JSON.parse + Ajv`, read / t['JSON.parse + Ajv'], 0.9]);
  targets.push([`${shape.name}: text, value read / JSON.parse alone (the limit)`, read / t['JSON.parse'], null]);
  targets.push([`${shape.name}: validateInput(object) >= 1x Valibot`, o['toolsig validateInput'] / o['Valibot safeParse'], 1]);
  targets.push([`${shape.name}: ~standard.validate >= 1x Valibot`, o['toolsig ~standard.validate'] / o['Valibot safeParse'], 1]);
  sig.free();
}
console.log('\nTargets');
printTable(['target', 'measured', 'needed', 'met'], targets.map(([label, ratio, need]) => [
  label, `${ratio.toFixed(2)}x`, need === null ? '-' : `${need}x`, need === null ? '-' : ratio >= need ? 'yes' : 'NO']));
