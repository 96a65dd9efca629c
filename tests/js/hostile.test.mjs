// Hostile input is ordinary input: options read as own properties only,
// Standard Schema's validate never throwing, rendered prompts bounded, and
// the core's hash key taken from a random source at instantiation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Signature, defineTool, definePrompt } from '../../dist/node.mjs';

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
