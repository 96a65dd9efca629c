// Hostile input is ordinary input: options read as own properties only,
// Standard Schema's validate never throwing, rendered prompts bounded, the
// core's hash key taken from a random source at instantiation, and JSON
// Schemas that import in proportion to their size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Signature, SignatureError, defineTool, definePrompt, importJsonSchema, importTool } from '../../dist/node.mjs';
import {
  bigEnum, chainedAnyOf, diamond, manyConsts, nestedAnyOf, refsIntoManyDefinitions, refsToWideDefinition,
  toolWithWideRefs,
} from './support/hostile-schemas.mjs';

// Sets Object.prototype[key] for the time of fn (this file runs in its own
// process; the property is removed whatever happens).
async function withPolluted(key, value, fn) {
  Object.prototype[key] = value;
  try {
    return await fn();
  } finally {
    delete Object.prototype[key];
  }
}

test('defineTool reads its options as own properties: Object.prototype.skip and .mode change nothing', async () => {
  const fn = ({ n }) => n;
  for (const [key, value] of [['skip', true], ['mode', 'disabled']]) {
    await withPolluted(key, value, async () => {
      for (const format of [{ fn, signature: '(n :int) -> :int' }, [fn, '(n :int) -> :int']]) {
        const r = await defineTool('t', format).call({ n: 'x' });
        assert.equal(r.ok, false);
        assert.equal(r.stage, 'input');
      }
    });
  }
});

test("defineTool's and a call's options are own properties: Object.prototype.expose, .nativeResult and .side change nothing", async () => {
  const fn = ({ n }) => [n];
  for (const [key, value] of [['expose', 'code'], ['nativeResult', { preview: 'rows' }], ['side', 'code'], ['type', 'llm']]) {
    await withPolluted(key, value, async () => {
      const tool = defineTool('t', { fn, signature: '(n :int) -> [:int]', cache: true });
      assert.deepEqual([tool.expose, tool.nativeResult, tool.type], [null, null, 'native'], key);
      assert.deepEqual(tool.toOpenAI().function.name, 't');
      const both = defineTool('t', { fn, signature: '(n :int) -> [:int]', expose: 'both', cache: true });
      assert.deepEqual((await both.call({ n: 1 })).value, { kind: 'list', count: 1, shape: '[:int]' }, key);
      assert.deepEqual((await both.call({ n: 1 }, {})).value, { kind: 'list', count: 1, shape: '[:int]' }, key);
    });
  }
});

test('validate, redact, format and the schema readers read own options only', async () => {
  const sig = Signature.parse('(n :int) -> {a :int, _secret :string}');
  await withPolluted('mode', 'disabled', () => {
    assert.equal(sig.validate({ a: 'x', _secret: 's' }).ok, false);
    assert.deepEqual(sig.redact({ a: 1, _secret: 's' }), { a: 1 });
  });
  await withPolluted('hideFirewalled', true, () => {
    assert.match(sig.format(), /_secret/);
  });
  await withPolluted('strict', true, () => {
    assert.deepEqual(sig.toJsonSchema(), Signature.parse('(n :int) -> {a :int, _secret :string}').toJsonSchema({}));
  });
  await withPolluted('maxLength', 1, () => {
    assert.equal(definePrompt('Hi {{n}}', sig).render({ n: 1 }), 'Hi 1');
  });
});

test("~standard.validate never throws: a getter, a toJSON or a Proxy's trap that throws is an issue", () => {
  const sig = Signature.parse('(n :int) -> {a :int}');
  const std = sig['~standard'];
  const boom = () => { throw new Error('boom'); };
  const values = [
    { get a() { return boom(); } },
    { a: 1, toJSON: boom },
    new Proxy({}, { ownKeys: boom, get: boom, getOwnPropertyDescriptor: boom }),
    { a: { toJSON() { throw 'not an Error'; } } },
  ];
  for (const v of values) {
    let r;
    assert.doesNotThrow(() => { r = std.validate(v); });
    assert.ok(Array.isArray(r.issues) && r.issues.length === 1, JSON.stringify(r));
    assert.match(r.issues[0].message, /toolsig: the value cannot be read: (boom|not an Error)/);
  }
  // A list return type reads the {items} wrapper through the Proxy too.
  const list = Signature.parse('(n :int) -> [:int]')['~standard'];
  assert.equal(list.validate(new Proxy({}, { ownKeys: boom })).issues.length, 1);
});

test('a rendered prompt is bounded: 1 MiB by default, maxLength when given, refused before it is written', () => {
  const prompt = definePrompt('{{#items}}{{b}}{{/items}}', '(items [:int], b :string) -> :string');
  assert.equal(prompt.maxLength, 1048576);
  const args = { items: Array.from({ length: 1000 }, (_, i) => i), b: 'x'.repeat(2000) };
  assert.throws(() => prompt.render(args), (e) => e instanceof RangeError &&
    /the rendered prompt is longer than 1048576 bytes/.test(e.message));
  const big = definePrompt('{{#items}}{{b}}{{/items}}', '(items [:int], b :string) -> :string', { maxLength: 2_000_000 });
  assert.equal(big.render(args).length, 2_000_000);
  const small = definePrompt('{{b}}', '(b :string) -> :string', { maxLength: 3 });
  assert.equal(small.render({ b: 'abc' }), 'abc');
  assert.throws(() => small.render({ b: 'abcd' }), RangeError);
  // The bound counts UTF-8 bytes, as the core writes them.
  assert.throws(() => small.render({ b: 'é€' }), RangeError);
  for (const maxLength of [0, -1, 1.5, '10', 2 ** 30 + 1]) {
    assert.throws(() => definePrompt('{{b}}', '(b :string) -> :string', { maxLength }), /maxLength must be a whole number/);
  }
});

test('the core is keyed with 16 random bytes when the module is instantiated', () => {
  // A fresh process binds core.mjs to exports whose tsig_hash_seed reports
  // the bytes it was given.
  const script = `
    import { readFileSync } from 'node:fs';
    import { randomFillSync } from 'node:crypto';
    import { bind, imports } from './dist/core.mjs';
    const mod = new WebAssembly.Module(readFileSync('./dist/toolsig.wasm'));
    const exports = Object.assign({}, new WebAssembly.Instance(mod, imports).exports);
    let seen = null;
    const seed = exports.tsig_hash_seed;
    exports.tsig_hash_seed = (p) => {
      seen = Array.from(new Uint8Array(exports.memory.buffer, p, 16));
      seed(p);
    };
    bind(exports, randomFillSync);
    console.log(JSON.stringify(seen));`;
  const run = () => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script],
    { cwd: new URL('../..', import.meta.url) }).toString());
  const a = run(), b = run();
  assert.equal(a.length, 16);
  assert.notDeepEqual(a, b);
  assert.ok(a.some((x) => x !== 0));
});

test('tool.call: arguments JSON cannot carry are the caller\'s error (rejected), a result the tool\'s (ok:false)', async () => {
  const cyclic = { n: 1 };
  cyclic.self = cyclic;
  const badArgs = [{ n: NaN }, { n: 1n }, cyclic, { n: Infinity }];
  const tools = [
    defineTool('checked', [({ n }) => n, '(n :float) -> :any']),
    defineTool('skipped', { fn: ({ n }) => n, signature: '(n :float) -> :any', skip: true }),
    defineTool('unchecked', ({ n }) => n),
  ];
  for (const tool of tools) {
    for (const args of badArgs) {
      await assert.rejects(tool.call(args), (e) => e instanceof TypeError && /JSON cannot carry/.test(e.message),
        `${tool.name}: ${Object.keys(args)}`);
    }
    assert.equal((await tool.call({ n: 1 })).ok, true, `${tool.name} stays usable`);
  }
  for (const bad of [NaN, 1n, Infinity]) {
    const r = await defineTool('result', [() => ({ x: bad }), '() -> :any']).call({});
    assert.equal(r.ok, false);
    assert.equal(r.stage, 'output');
    assert.match(r.report, /^Tool error: .*JSON cannot carry/);
  }
});

test('callJSON: a number beyond the range of a double is a validation error at its path', async () => {
  const tool = defineTool('f', [({ a }) => a, '(a :float, rows [{x :any}]) -> :any']);
  for (const [text, path] of [['{"a":1e400,"rows":[]}', 'a'], ['{"a":1,"rows":[{"x":[1,-1e999]}]}', 'rows[0].x[1]']]) {
    const r = await tool.callJSON(text);
    assert.equal(r.ok, false);
    assert.equal(r.stage, 'input');
    assert.deepEqual(r.errors.map((e) => e.path), [path]);
    assert.equal(r.report, `Tool validation errors:\n- ${path}: number beyond the range of a double (+-1.8e308)`);
    assert.doesNotMatch(r.report, /Infinity|Tool error/);
  }
  const unchecked = defineTool('g', ({ a }) => a);
  assert.equal((await unchecked.callJSON('{"a":-1e400}')).errors[0].path, 'a');
  assert.deepEqual(await tool.callJSON('{"a":1.7976931348623157e308,"rows":[]}'),
    { ok: true, value: 1.7976931348623157e308, warnings: [] });
});

test('keys crafted against the hash cost what ordinary keys cost, under a known seed and a random one', async () => {
  const { craftNames, inWindow, siphash13, keyOfSeed } = await import('./support/siphash.mjs');
  const { SEED, KEYS, CAP, WINDOW } = await import('./support/hash-flood.mjs');
  // The test's hash is the core's: SipHash-1-3's published vectors and one
  // the core computed under SEED.
  const hex = ([h, l]) => h.toString(16).padStart(8, '0') + l.toString(16).padStart(8, '0');
  assert.equal(hex(siphash13([0, 0, 0, 0], new Uint8Array([]))), 'd1fba762150c532c');
  assert.equal(hex(siphash13([0, 0, 0, 0], new Uint8Array([0]))), '68a914128e01e473');
  assert.equal(hex(siphash13(keyOfSeed(SEED), new TextEncoder().encode('a-much-longer-key_name'))), '2e97fa22b86cecc5');
  // Under the known seed, colliding names are found at once; under a random
  // one (what the package takes from crypto.getRandomValues), the same
  // names spread as any names do: KEYS * WINDOW / CAP = 16 by chance.
  const { crafted } = craftNames(SEED, KEYS, CAP, WINDOW);
  assert.equal(inWindow(SEED, crafted, CAP, WINDOW), KEYS);
  assert.ok(inWindow(crypto.getRandomValues(new Uint8Array(16)), crafted, CAP, WINDOW) < 64);
  // The wasm build, seeded with the known seed (so the names collide in its
  // tables and turn them into trees) and at random: crafted names cost at
  // most a small factor of ordinary ones in every reader of keys.
  const script = new URL('./support/hash-flood.mjs', import.meta.url).pathname;
  for (const seed of ['fixed', 'random']) {
    const { cost } = JSON.parse(execFileSync(process.execPath, [script, seed]).toString());
    for (const [what, [craftedMs, plainMs]] of Object.entries(cost)) {
      assert.ok(craftedMs <= 8 * Math.max(plainMs, 0.5), `${seed} seed, ${what}: crafted ${craftedMs.toFixed(2)} ms, ordinary ${plainMs.toFixed(2)} ms`);
    }
  }
});

// ---- JSON Schemas that would expand far past their size -------------------

// The budget of an import: 4 nodes for each byte of the text, and 2^20.
const budgetOf = (text) => 4 * Buffer.byteLength(text) + 2 ** 20;

// Runs the package's bin (dist/cli.mjs) on a file holding text.
function cli(args, text) {
  const dir = mkdtempSync(join(tmpdir(), 'toolsig-hostile-'));
  try {
    const file = join(dir, 'in.json');
    writeFileSync(file, text);
    const bin = new URL('../../dist/cli.mjs', import.meta.url).pathname;
    const r = spawnSync(process.execPath, [bin, ...args, file], { maxBuffer: 1 << 28 });
    return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Asserts fn throws the import error "<place>: the schema expands past N
// nodes" (N the budget of text), place matching the pattern; returns it.
function refusedAt(fn, place, text) {
  let error;
  assert.throws(fn, (e) => { error = e; return e instanceof SignatureError; });
  const want = new RegExp(`^${place}: the schema expands past ${budgetOf(text)} nodes$`);
  assert.match(error.reason, want);
  return error.reason;
}

test('a schema that refers 5,000 times to 2,000 properties is refused at the $ref that passes the budget', () => {
  const text = refsToWideDefinition(5000, 2000);
  const reason = refusedAt(() => importJsonSchema(text), '#/properties/r\\d+/\\$ref', text);
  assert.equal(refusedAt(() => importJsonSchema(text, { lossy: true }), '#/properties/r\\d+/\\$ref', text), reason);
  assert.equal(refusedAt(() => importJsonSchema(JSON.parse(text)), '#/properties/r\\d+/\\$ref', text), reason);
  // the command line says the same
  const r = cli(['from-schema'], text);
  assert.equal(r.status, 1);
  assert.ok(r.stderr.includes(reason), r.stderr);
});

test('a diamond of $refs over a 1,000-value enum is refused at the $ref that passes the budget', () => {
  const text = diamond(20, 1000);
  refusedAt(() => importJsonSchema(text), '#/\\$defs/d\\d+/properties/[ab]/\\$ref', text);
});

test('tools are refused alike: importTool, and each tool of a list for the command line', () => {
  const tool = toolWithWideRefs(5000, 2000);
  const reason = refusedAt(() => importTool(tool), '#/inputSchema/properties/r\\d+/\\$ref', tool);
  const list = `{"tools":[{"name":"small","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}},${tool}]}`;
  const r = cli(['from-tools'], list);
  assert.equal(r.status, 1);
  assert.equal(r.stderr.split('\n')[0], `error: tools[1] (wide): ${reason}`);
});

test('100,000 enum strings import, each value looked up once; repeats are read once', () => {
  const all = importJsonSchema(bigEnum(100000, 100000)).signature;
  assert.equal(all.ast.returns.enum.length, 100000);
  const repeats = importJsonSchema(bigEnum(100000, 1000)).signature;
  assert.deepEqual(repeats.ast.returns.enum, Array.from({ length: 1000 }, (_, i) => `v${i}`));
});

test('anyOf and oneOf of 10,000 consts import; nested anyOf repeats merge', () => {
  for (const keyword of ['anyOf', 'oneOf']) {
    assert.equal(importJsonSchema(manyConsts(10000, keyword)).signature.ast.returns.union.length, 10000);
  }
  const nested = importJsonSchema(nestedAnyOf(300, 10)).signature.canonical;
  // the outermost level (c9) first, then each level inwards, :int last
  assert.equal(nested, `${Array.from({ length: 10 }, (_, i) => `:enum[c${9 - i}]`).join('|')}|:int`);
});

test('schemas nested through $refs deeper than 512 are refused', () => {
  assert.throws(() => importJsonSchema(chainedAnyOf(60, 300)),
    (e) => e instanceof SignatureError && /^#\/\$defs\/l1\/anyOf\/1\/.*: schemas nested deeper than 512 through \$refs$/.test(e.reason));
});

test('10,000 $refs into 20,000 definitions import', () => {
  const sig = importJsonSchema(refsIntoManyDefinitions(10000, 20000)).signature;
  assert.match(sig.canonical, /^\{r0 :string\?, r1 :string\?, /);
});
