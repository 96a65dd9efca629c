// The "toolsig/validate" entry point: parsing, validation and reports over
// its own module, toolsig-validate.wasm, linked with the exports of
// js/validate-exports.txt only. It answers every parse and validate vector
// exactly as the full package does (which vectors.test.mjs checks against
// the vectors), has nothing of JSON Schema, templates or prompt rendering,
// and lives beside `import 'toolsig'` in one program without sharing its
// instance.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as full from 'toolsig';
import * as small from 'toolsig/validate';
import { readRecords, stringify, survivesJS, toJS } from './support/jsonval.mjs';
import { repoRoot, requireBuild, vectorsDir } from './support/env.mjs';

requireBuild();
const validateWasm = join(repoRoot, 'dist', 'toolsig-validate.wasm');

function names(file) {
  return readFileSync(join(repoRoot, 'js', file), 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function load(name) {
  return readRecords(readFileSync(join(vectorsDir, name), 'utf8'));
}

function optionsOf(r) {
  const opts = { mode: r.mode };
  if ('options' in r) {
    for (const [k, v] of r.options.entries) {
      if (k === 'max_errors') opts.maxErrors = Number(v.text);
      else if (k === 'max_depth') opts.maxDepth = Number(v.text);
    }
  }
  return opts;
}

/** What a result shows a caller: its fields, the value read. */
function shown(result) {
  return { ...result, value: result.value };
}

test('toolsig/validate exports Signature, SignatureError and formatReport, through import and require', () => {
  assert.deepEqual(Object.keys(small).sort(), ['Signature', 'SignatureError', 'formatReport']);
  const required = createRequire(import.meta.url)('toolsig/validate');
  assert.deepEqual(Object.keys(required).sort(), ['Signature', 'SignatureError', 'formatReport']);
});

test('toolsig-validate.wasm exports what validate-exports.txt lists, each also a function of toolsig.wasm', () => {
  const listed = names('validate-exports.txt');
  const library = names('wasm-exports.txt');
  for (const name of listed) assert.ok(library.includes(name), `${name} is in wasm-exports.txt`);
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(validateWasm)))
    .filter((e) => e.kind === 'function').map((e) => e.name);
  for (const name of listed) assert.ok(exported.includes(name), `${name} is exported`);
  for (const name of library.filter((n) => !listed.includes(n))) assert.ok(!exported.includes(name), `${name} is not`);
});

test('toolsig-validate.wasm carries no JSON Schema, template or prompt code', () => {
  const bytes = readFileSync(validateWasm).toString('latin1');
  // Texts only the JSON Schema writer and importer, the templates and the
  // prompt renderer hold.
  for (const text of ['additionalProperties', '$schema', 'placeholder']) {
    assert.ok(!bytes.includes(text), `"${text}" is not in the module`);
  }
  assert.ok(readFileSync(join(repoRoot, 'dist', 'toolsig.wasm')).toString('latin1').includes('additionalProperties'));
});

test('toolsig/validate loads fewer bytes than toolsig (wasm, gzip)', () => {
  const gz = (f) => gzipSync(readFileSync(join(repoRoot, 'dist', f)), { level: 9 }).length;
  assert.ok(gz('toolsig-validate.wasm') < gz('toolsig.wasm') * 0.75, `${gz('toolsig-validate.wasm')} vs ${gz('toolsig.wasm')}`);
});

test('a Signature of toolsig/validate says JSON Schema, redact and rendering are in toolsig', () => {
  const sig = small.Signature.parse('(a :int) -> {b :string}');
  try {
    for (const call of [() => sig.toJsonSchema(), () => sig.toolParametersSchema(), () => sig.redact({ b: 'x' }),
      () => sig.renderTool('t', 'd')]) {
      assert.throws(call, (e) => e instanceof TypeError && /^toolsig\/validate has no .*: import it from "toolsig"$/.test(e.message));
    }
    assert.deepEqual(sig['~standard'].validate({ b: 1 }).issues, [{ message: 'expected string, got int 1', path: ['b'] }]);
  } finally {
    sig.free();
  }
});

test('toolsig/validate says a function is not in it before it looks at the arguments', () => {
  const sig = small.Signature.parse('(a :int) -> {b :string}');
  const notShipped = (what) => ({ name: 'TypeError', message: `toolsig/validate has no ${what}: import it from "toolsig"` });
  try {
    const calls = [
      [() => sig.redact(), 'redact()'],
      [() => sig.redact(NaN, { mod: 'mask' }), 'redact()'],
      [() => sig.renderTool(), 'renderTool()'],
      [() => sig.renderTool(5, 6), 'renderTool()'],
      [() => sig.toJsonSchema({ strickt: true }), 'JSON Schema'],
      [() => sig.toJsonSchema('strict'), 'JSON Schema'],
      [() => sig.toolParametersSchema({ strickt: true }), 'JSON Schema'],
      [() => sig.strictWarnings(), 'JSON Schema'],
      [() => sig['~standard'].jsonSchema.input({ target: 'draft-03' }), 'JSON Schema'],
      [() => sig.input['~standard'].jsonSchema.output({ target: 'draft-07', libraryOptions: { strickt: true } }), 'JSON Schema'],
    ];
    for (const [call, what] of calls) assert.throws(call, notShipped(what), String(call));
  } finally {
    sig.free();
  }
});

test('toolsig and toolsig/validate in one program keep their own instances', () => {
  const a = small.Signature.parse('(a :int) -> :int');
  const b = full.Signature.parse('(a :int) -> :int');
  assert.ok(!(a instanceof full.Signature) && !(b instanceof small.Signature));
  a.free();
  assert.deepEqual(b.toJsonSchema(), { type: 'integer' });
  assert.equal(b.validate(1).ok, true);
  b.free();
});

describe('parse.json through toolsig/validate', () => {
  for (const r of load('parse.json')) {
    test(r.id, () => {
      assert.deepEqual(small.Signature.check(r.sig), full.Signature.check(r.sig));
      if (!r.ok) return;
      const a = small.Signature.parse(r.sig);
      const b = full.Signature.parse(r.sig);
      assert.equal(a.format(), b.format());
      assert.equal(a.format({ descriptions: false, hideFirewalled: true }), b.format({ descriptions: false, hideFirewalled: true }));
      a.free();
      b.free();
    });
  }
});

describe('validate.json through toolsig/validate', () => {
  for (const r of load('validate.json')) {
    test(r.id, () => {
      const input = r.target === 'input';
      const text = 'json' in r ? r.json : stringify(r.data);
      const opts = optionsOf(r);
      const a = small.Signature.parse(r.sig);
      const b = full.Signature.parse(r.sig);
      try {
        const got = input ? a.validateInputJSON(text, opts) : a.validateJSON(text, opts);
        const want = input ? b.validateInputJSON(text, opts) : b.validateJSON(text, opts);
        assert.deepEqual(shown(got), shown(want));
        assert.equal(small.formatReport(got), full.formatReport(want));
        if ('data' in r && survivesJS(r.data)) {
          const value = toJS(r.data);
          const viaValue = input ? a.validateInput(value, opts) : a.validate(value, opts);
          assert.deepEqual(shown(viaValue), shown(input ? b.validateInput(value, opts) : b.validate(value, opts)));
        }
      } finally {
        a.free();
        b.free();
      }
    });
  }
});

describe('streams through toolsig/validate', () => {
  const cases = [
    ['{count :int, items [{id :int, tags [:string]}]}', '{"count": 2, "items": [{"id": 1, "tags": ["a"]}, {"id": 2, "tags": []}]}', {}],
    ['{count :int, items [{id :int}]}', '{"count": 1, "items": [{"id": "x"}]}', {}],
    ['(q :string, n :int) -> :any', 'Sure:\n```json\n{q: "x", n: "2",}\n```', { input: true }],
    ['{a :enum[pending active]}', '{"a": "pend', {}],
  ];
  for (const [sigText, text, opts] of cases) {
    test(`${sigText} streamed a character at a time gives toolsig's states and end()`, () => {
      const a = small.Signature.parse(sigText);
      const b = full.Signature.parse(sigText);
      try {
        const sa = a.stream(opts);
        const sb = b.stream(opts);
        for (const ch of text) {
          const x = sa.push(ch);
          const y = sb.push(ch);
          assert.deepEqual({ state: x.state, errors: x.errors, partial: x.partial },
            { state: y.state, errors: y.errors, partial: y.partial });
        }
        const x = sa.end();
        const y = sb.end();
        assert.deepEqual({ ...x, value: x.value, partial: x.partial }, { ...y, value: y.value, partial: y.partial });
      } finally {
        a.free();
        b.free();
      }
    });
  }
});
