// Standard Schema v1 and Standard JSON Schema v1, used the way frameworks
// use them: fixtures/standard-schema-consumer.ts holds functions written only
// against @standard-schema/spec's types; the test typechecks it against
// js/index.d.ts with the TypeScript compiler (as `tsc --noEmit` would, for
// two module resolutions; the installed package is typechecked by
// package.test.mjs), then compiles it to JS and runs it, and
// checks the interface at run time.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import Ajv2020 from 'ajv/dist/2020.js';
import { Signature } from 'toolsig';
import { repoRoot } from './support/env.mjs';

const fixture = join(repoRoot, 'tests', 'js', 'fixtures', 'standard-schema-consumer.ts');

function typecheck(options) {
  const program = ts.createProgram([fixture], {
    noEmit: true,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
    ...options,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

test('the typed consumer compiles against index.d.ts (NodeNext resolution, no DOM, no @types/node)', () => {
  assert.deepEqual(typecheck({ module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }), []);
});

test('the typed consumer compiles against index.d.ts (bundler resolution)', () => {
  assert.deepEqual(typecheck({ module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }), []);
});

test('the typechecker does reject a misuse (the fixture\'s @ts-expect-error lines are needed)', () => {
  // Without the expectation comments the three misuses are type errors.
  const source = readFileSync(fixture, 'utf8').replaceAll('// @ts-expect-error', '// (expected error)');
  const host = ts.createCompilerHost({});
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => (f === fixture ? source : readFile(f));
  const program = ts.createProgram([fixture], {
    noEmit: true, strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [],
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  }, host);
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.file && d.file.fileName === fixture);
  assert.equal(errors.length, 3, errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
});

// The fixture compiled to JS, inside the package (so `toolsig` resolves to it).
const outDir = join(repoRoot, 'build', 'js-tests-standard-schema');
after(() => rmSync(outDir, { recursive: true, force: true }));

async function loadConsumer() {
  const js = ts.transpileModule(readFileSync(fixture, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'standard-schema-consumer.mjs');
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}

test('the typed consumer runs: a tool from a Signature through the standard interfaces only', async () => {
  const consumer = await loadConsumer();
  const { sig, tool, vendor, version } = consumer.searchTool();
  try {
    assert.equal(vendor, 'toolsig');
    assert.equal(version, 1);
    assert.deepEqual(tool.parameters, sig.toolParametersSchema());
    assert.deepEqual(tool.responseFormat, sig.toJsonSchema());
    assert.deepEqual(tool.parseArguments({ query: 'q', limit: '5' }), { value: { query: 'q', limit: 5 } });
    const bad = tool.parseArguments({ query: 1 });
    assert.deepEqual(consumer.describeIssues(bad), ['query: expected string, got int 1']);
    assert.deepEqual(tool.checkResult({ items: [{ id: 1, title: 't' }] }), { value: [{ id: 1, title: 't' }] });
    assert.deepEqual(consumer.describeIssues(tool.checkResult({ items: [{ id: 'x', title: 't' }] })),
      ['items.0.id: expected int, got string "x"']);
    assert.equal(consumer.jsonSchemaOf(sig.input, 'input', 'openapi-3.0').properties.limit.nullable, true);
    assert.throws(() => consumer.jsonSchemaOf(sig, 'output', 'draft-04'), /not supported/);
  } finally {
    sig.free();
  }
});

// ------------------------------------------------------- run-time contract

function withSig(text, fn) {
  const sig = Signature.parse(text);
  try {
    return fn(sig);
  } finally {
    sig.free();
  }
}

test('~standard has version 1, vendor toolsig, validate and jsonSchema; so does input', () => {
  withSig('(a :int) -> {b :int}', (sig) => {
    for (const props of [sig['~standard'], sig.input['~standard']]) {
      assert.equal(props.version, 1);
      assert.equal(props.vendor, 'toolsig');
      assert.equal(typeof props.validate, 'function');
      assert.equal(typeof props.jsonSchema.input, 'function');
      assert.equal(typeof props.jsonSchema.output, 'function');
    }
    assert.equal(sig['~standard'], sig['~standard'], 'the same props object each time');
    assert.equal(sig.input, sig.input);
  });
});

test('validate is synchronous: a plain object, not a Promise', () => {
  withSig('(a :int) -> {b :int}', (sig) => {
    for (const r of [sig['~standard'].validate({ b: 1 }), sig['~standard'].validate({ b: 'x' }),
      sig.input['~standard'].validate({ a: '1' }), sig.input['~standard'].validate(null)]) {
      assert.ok(!(r instanceof Promise));
      assert.equal(typeof r.then, 'undefined');
      assert.equal(Object.getPrototypeOf(r), Object.prototype);
    }
  });
});

test('success has value and no issues; input values are coerced', () => {
  withSig('(n :int, f :float?) -> {b :int}', (sig) => {
    const out = { b: 1 };
    const r = sig['~standard'].validate(out);
    assert.deepEqual(r, { value: out });
    assert.equal(r.issues, undefined);
    assert.equal(r.value, out);
    const i = sig.input['~standard'].validate({ n: ' 42 ', f: 2 });
    assert.deepEqual(i, { value: { n: 42, f: 2 } });
  });
});

test('failure has issues with a message (no path in it) and path segments', () => {
  withSig('(rows [{id :int}]) -> {rows [{id :int}], total :int}', (sig) => {
    const r = sig['~standard'].validate({ rows: [{ id: 1 }, { id: 'x' }] });
    assert.equal('value' in r, false);
    assert.deepEqual(r.issues, [
      { message: 'expected int, got string "x"', path: ['rows', 1, 'id'] },
      { message: 'missing required field, expected int', path: ['total'] },
    ]);
    for (const issue of r.issues) {
      assert.ok(!issue.message.includes('rows[1]') && !issue.message.startsWith('total'), issue.message);
    }
    const i = sig.input['~standard'].validate({ rows: [{ id: '1.5' }] });
    assert.deepEqual(i.issues, [{ message: 'expected int, got string "1.5"', path: ['rows', 0, 'id'] }]);
    assert.deepEqual(sig.input['~standard'].validate([]).issues, [{ message: 'expected map, got list', path: [] }]);
  });
});

test('a value JSON cannot carry is an issue, not an exception', () => {
  withSig('(a :int?) -> {b :int}', (sig) => {
    assert.deepEqual(sig.input['~standard'].validate(undefined).issues,
      [{ message: 'undefined cannot be sent as JSON', path: [] }]);
    assert.deepEqual(sig['~standard'].validate({ b: 10n }).issues, [{ message: 'a BigInt cannot be sent as JSON', path: ['b'] }]);
    assert.deepEqual(sig['~standard'].validate({ b: NaN }).issues, [{ message: 'NaN cannot be sent as JSON', path: ['b'] }]);
  });
  // A freed Signature is a programming error: it still throws.
  const sig = Signature.parse(':int');
  sig.free();
  assert.throws(() => sig['~standard'].validate(1), /freed/);
});

test('jsonSchema.input/output return a fresh mutable object each call', () => {
  withSig('(a :int) -> {b :string?}', (sig) => {
    for (const [props, expected] of [[sig['~standard'], sig.toJsonSchema()], [sig.input['~standard'], sig.toolParametersSchema()]]) {
      for (const side of ['input', 'output']) {
        for (const target of ['draft-2020-12', 'draft-07']) {
          const a = props.jsonSchema[side]({ target });
          const b = props.jsonSchema[side]({ target });
          assert.deepEqual(a, expected);
          assert.notEqual(a, b);
          assert.ok(!Object.isFrozen(a));
          a.properties.zzz = { type: 'null' };
          a.$schema = 'changed';
          assert.deepEqual(props.jsonSchema[side]({ target }), expected);
        }
      }
    }
    // libraryOptions.strict asks for the strict (OpenAI) form.
    assert.deepEqual(sig['~standard'].jsonSchema.output({ target: 'draft-07', libraryOptions: { strict: true } }),
      sig.toJsonSchema({ strict: true }));
  });
});

// Gemini's function declarations take OpenAPI 3.0 schemas: one type per
// schema, null as "nullable", exclusive bounds as booleans.
test('jsonSchema openapi-3.0: nullable instead of null types, boolean exclusive bounds', () => {
  withSig('(a :int?, b :float[>0, <=1], c [{d :string}]?, e :enum[x y]?, f :int|:string?) -> {g :bool}', (sig) => {
    const s = sig.input['~standard'].jsonSchema.input({ target: 'openapi-3.0' });
    assert.deepEqual(s.properties, {
      a: { type: 'integer', nullable: true },
      b: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1 },
      c: {
        anyOf: [{ type: 'array', items: { type: 'object', properties: { d: { type: 'string' } }, required: ['d'], additionalProperties: false } }],
        nullable: true,
      },
      e: { type: 'string', enum: ['x', 'y', null], nullable: true },
      f: { anyOf: [{ type: 'integer' }, { type: 'string' }], nullable: true },
    });
    assert.deepEqual(sig['~standard'].jsonSchema.output({ target: 'openapi-3.0' }), sig.toJsonSchema());
  });
});

// libraryOptions {strict: true} is how a framework asks for OpenAI's strict
// form; what it cannot say reaches the developer.
test('jsonSchema with libraryOptions.strict names what strict mode cannot express: onWarning, or console.warn once', (t) => {
  withSig('(meta :map) -> {n :int}', (sig) => {
    const got = [];
    const schema = sig.input['~standard'].jsonSchema.input({ target: 'draft-07', libraryOptions: { strict: true, onWarning: (w) => got.push(w) } });
    assert.deepEqual(schema, sig.toolParametersSchema({ strict: true }));
    assert.equal(got.length, 1);
    assert.match(got[0], /^#\/properties\/meta: :map is an open object/);
    const warn = t.mock.method(console, 'warn', () => {});
    sig.input['~standard'].jsonSchema.input({ target: 'draft-07', libraryOptions: { strict: true } });
    sig.input['~standard'].jsonSchema.input({ target: 'draft-07', libraryOptions: { strict: true } });
    sig['~standard'].jsonSchema.output({ target: 'draft-07', libraryOptions: { strict: true } });
    sig.input['~standard'].jsonSchema.input({ target: 'draft-07' });
    assert.equal(warn.mock.callCount(), 1);
    assert.equal(warn.mock.calls[0].arguments[0],
      'toolsig: OpenAI strict mode cannot express the parameters of (meta :map) -> {n :int}:\n' +
      '- #/properties/meta: :map is an open object; OpenAI strict mode requires "additionalProperties": false and every property listed (use a typed map)');
  });
  withSig('(a :int) -> :int', (sig) => {
    assert.deepEqual(sig.strictWarnings(), {
      parameters: [],
      returns: ['#: the root is not an object; OpenAI strict mode requires one (return a typed map, such as {result :int})'],
    });
  });
});

test('jsonSchema throws for unknown targets', () => {
  withSig('{b :int}', (sig) => {
    for (const props of [sig['~standard'], sig.input['~standard']]) {
      for (const side of ['input', 'output']) {
        for (const target of ['draft-04', '', undefined]) {
          assert.throws(() => props.jsonSchema[side]({ target }), /target .* is not supported/);
        }
        assert.throws(() => props.jsonSchema[side](), /not supported/);
      }
    }
  });
});

test('a list return type: the schema is the {items} wrapper, validate takes the wrapper or the list and returns the list', () => {
  withSig('() -> [{id :int}]', (sig) => {
    const props = sig['~standard'];
    const schema = props.jsonSchema.output({ target: 'draft-2020-12' });
    assert.equal(schema.type, 'object');
    assert.deepEqual(schema.required, ['items']);
    const list = [{ id: 1 }];
    assert.equal(props.validate({ items: list }).value, list);
    assert.equal(props.validate(list).value, list);
    assert.deepEqual(props.validate({ items: [{ id: 'x' }] }).issues,
      [{ message: 'expected int, got string "x"', path: ['items', 0, 'id'] }]);
    assert.deepEqual(props.validate({ items: 5 }).issues, [{ message: 'expected list, got int 5', path: ['items'] }]);
    assert.deepEqual(props.validate({ items: list, more: 1 }).issues, [{ message: 'expected list, got map', path: [] }]);
    // What a model returns for the wrapper schema passes Ajv and validate alike.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const check = ajv.compile(schema);
    for (const v of [{ items: list }, { items: [] }, { items: [{ id: 1.5 }] }, { items: [{}] }]) {
      assert.equal('value' in props.validate(v), check(v), JSON.stringify(v));
    }
  });
  withSig('[:int]?', (sig) => {
    assert.deepEqual(sig['~standard'].validate({ items: null }), { value: null });
    assert.deepEqual(sig['~standard'].validate(null), { value: null });
  });
});
