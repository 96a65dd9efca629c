// Every record of every file in the shared vectors, through the JS API, each
// field present checked by the rules of the vectors README. One test per
// record, named by its id.
//
// Numbers. The files are read with support/jsonval.mjs, which keeps each
// number's text. Inputs go to the API as JSON text (the record's `json`, or
// its `data` written back with every number as written), so the core sees
// exactly the record's value. A result's `value` is a JS value made by
// JSON.parse, which cannot tell 1 from 1.0 nor keep 30 digits; so values are
// checked twice:
//   1. the JS value against the expected one as far as JS can carry it
//      (jsonval.equalJS: numbers as doubles, everything else exact, key
//      order included);
//   2. kinds and digits exactly, on JSON text: the same call is made through
//      a second copy of the API (support/env.mjs) whose wasm exports record
//      the document the core answered; its `value` (or, when the core took
//      the fast path and answered "valid, unchanged", the input text
//      itself, which is what the API then returns) is read with jsonval and
//      compared with jsonval.equalOrdered. The API tells the core that JS
//      numbers are doubles (TSIG_NUMBERS_ARE_DOUBLES), so for tool input an
//      int given for :float stays as written: the record's 42.0 is then
//      matched by 42 and by nothing else (the native vector runner checks
//      the 42.0 the core writes without the flag).
// Records whose data survives a JSON.parse round trip exactly are also run
// through the JS-value entry points (validate, validateInput, normalizeKeys,
// redact, importJsonSchema with an object).
//
// Inputs that only exist as text: key_normalize records given as `json`
// whose text holds a repeated key or nests 100 000 deep cannot be made into
// a JS value at all (JSON.parse keeps one of the keys; JSON.stringify
// overflows the stack). normalizeKeys takes JS values only, so those
// records call the core entry point normalizeKeys uses
// (tsig_api_normalize) on the text, through the second copy's memory, and
// check its document the way normalizeKeys reads it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  Signature, SignatureError, checkPlaceholders, formatReport, importJsonSchema, importTool, normalizeKeys,
  renderTools,
} from 'toolsig';
import {
  JMap, equalJS, equalOrdered, parse as readJSON, readRecords, show, stringify, survivesJS, toJS,
} from './support/jsonval.mjs';
import { openInstance, repoRoot, vectorsDir } from './support/env.mjs';

const raw = await openInstance();

const EXPECTED_FILES = [
  'firewall.json', 'from_json_schema.json', 'from_tool.json', 'json_schema.json', 'key_normalize.json',
  'parse.json', 'placeholders.json', 'read.json', 'render_tool.json', 'validate.json',
];

function load(name) {
  return readRecords(readFileSync(join(vectorsDir, name), 'utf8'));
}

/** A list of strings from a record field (a JS array of strings). */
function strings(v) {
  assert.ok(Array.isArray(v) && v.every((s) => typeof s === 'string'), `expected a list of strings, got ${show(v)}`);
  return v;
}

function assertContainsAll(text, parts, what) {
  for (const p of strings(parts)) {
    assert.ok(typeof text === 'string' && text.includes(p), `${what} ${JSON.stringify(text)} should contain ${JSON.stringify(p)}`);
  }
}

/** The path string SPEC §4 builds from segments. */
function pathOf(segments) {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** Checks a list of result entries against the expected entries (README "Comparing messages"). */
function checkEntries(actual, expected, what) {
  assert.ok(Array.isArray(actual), `${what}: not a list`);
  assert.equal(actual.length, expected.length,
    `${what}: ${actual.length} entries, expected ${expected.length}: ${JSON.stringify(actual)}`);
  expected.forEach((exp, i) => {
    assert.ok(exp instanceof JMap, `${what}[${i}]: expected entry is not an object`);
    const got = actual[i];
    const e = Object.fromEntries(exp.entries);
    if ('path' in e) assert.equal(got.path, e.path, `${what}[${i}].path`);
    if ('message' in e) assert.equal(got.message, e.message, `${what}[${i}].message`);
    if ('message_contains' in e) assertContainsAll(got.message, e.message_contains, `${what}[${i}].message`);
    if ('message_contains_any' in e) {
      assert.ok(strings(e.message_contains_any).some((s) => got.message.includes(s)),
        `${what}[${i}].message ${JSON.stringify(got.message)} should contain one of ${show(e.message_contains_any)}`);
    }
    if ('placeholder' in e) assert.equal(got.placeholder, e.placeholder, `${what}[${i}].placeholder`);
    if ('segments' in got) {
      assert.equal(pathOf(got.segments), got.path, `${what}[${i}]: segments ${JSON.stringify(got.segments)} spell the path`);
    }
  });
}

const ISSUE_CODES = ['type', 'missing', 'unexpected', 'ambiguous', 'duplicate_key', 'coerced', 'json_syntax',
  'too_deep', 'too_many', 'enum', 'range', 'length', 'union', 'wrapped', 'repaired', 'too_large'];

/** The UTF-16 index of a byte offset into the UTF-8 form of s. */
function indexOfByte(s, offset) {
  return Buffer.from(s, 'utf8').subarray(0, offset).toString('utf8').length;
}

test('the vector folder holds exactly the files this test knows', () => {
  const files = readdirSync(vectorsDir).filter((f) => f.endsWith('.json')).sort();
  assert.deepEqual(files, EXPECTED_FILES);
});

// ---------------------------------------------------------------- parse.json

describe('parse.json', () => {
  for (const r of load('parse.json')) {
    test(r.id, () => {
      assert.equal(typeof r.sig, 'string');
      const checked = Signature.check(r.sig);
      assert.equal(checked.ok, r.ok, `check(${JSON.stringify(r.sig)}).ok`);
      if (r.ok) {
        const sig = Signature.parse(r.sig);
        try {
          if ('canonical' in r) {
            assert.equal(sig.format(), r.canonical);
            assert.equal(sig.toString(), r.canonical);
            assert.equal(sig.canonical, r.canonical);
            assert.equal(checked.canonical, r.canonical);
          }
          if ('returns_list' in r) {
            assert.equal(sig.returnsList, r.returns_list);
            assert.equal(checked.returnsList, r.returns_list);
          }
          if ('ast' in r) {
            assert.ok(equalJS(r.ast, sig.ast, { ordered: true }), `ast ${JSON.stringify(sig.ast)}, expected ${show(r.ast)}`);
            assert.ok(equalJS(r.ast, checked.ast, { ordered: true }), 'check().ast');
            // params carry what the AST's [name, T, {default, description}] holds.
            const params = sig.params;
            r.ast.get('params').forEach((entry, i) => {
              const notes = entry.length > 2 ? entry[2] : new JMap([]);
              assert.equal(params[i].name, entry[0], `params[${i}].name`);
              assert.equal('default' in params[i], notes.has('default'), `params[${i}]: default present`);
              if (notes.has('default')) {
                assert.ok(equalJS(notes.get('default'), params[i].default, { ordered: true }), `params[${i}].default`);
              }
              assert.equal(params[i].description, notes.has('description') ? notes.get('description') : undefined,
                `params[${i}].description`);
            });
          }
          // format({descriptions: false}): the canonical form when the record
          // gives none, and a signature that reads back as the same one
          // without descriptions.
          const bare = sig.format({ descriptions: false });
          const wantBare = 'canonical_no_descriptions' in r ? r.canonical_no_descriptions : r.canonical;
          if (wantBare !== undefined) assert.equal(bare, wantBare, 'format({descriptions: false})');
          assert.equal(sig.format({ descriptions: true }), sig.format(), 'format({descriptions: true})');
          const reread = Signature.parse(bare);
          try {
            assert.equal(reread.format(), bare, 'parse(format(s, {descriptions: false})) has none');
          } finally {
            reread.free();
          }
          // parse(format(s)) == parse(s), and format is idempotent.
          const again = Signature.parse(sig.format());
          try {
            assert.deepEqual(again.ast, sig.ast, 'parse(format(s)).ast');
            assert.equal(again.returnsList, sig.returnsList);
            assert.equal(again.format(), sig.format(), 'format(parse(format(s)))');
          } finally {
            again.free();
          }
        } finally {
          sig.free();
        }
        return;
      }
      let error;
      assert.throws(() => Signature.parse(r.sig), (e) => {
        error = e;
        return e instanceof SignatureError;
      });
      if ('error_contains' in r) assertContainsAll(error.reason, r.error_contains, 'message');
      if ('hint_contains' in r) assertContainsAll(error.hint, r.hint_contains, 'hint');
      if ('line' in r) assert.equal(error.line, Number(r.line.text), 'line');
      if ('column' in r) assert.equal(error.column, Number(r.column.text), 'column');
      assert.equal(error.index, indexOfByte(r.sig, error.offset), 'index is the UTF-16 form of offset');
      assert.ok(['syntax', 'unknown_type', 'duplicate_name', 'too_deep', 'too_large'].includes(error.code),
        `code ${error.code} is a parse error's`);
      assert.deepEqual(checked.error, {
        code: error.code, message: error.reason, line: error.line, column: error.column, index: error.index,
        offset: error.offset, hint: error.hint, text: error.text,
      });
      assert.ok(String(error).startsWith(`signature error at ${error.line}:${error.column}: ${error.reason}`),
        `caret picture: ${String(error)}`);
    });
  }
});

// ------------------------------------------------------------- validate.json

function validateOptions(r) {
  const opts = { mode: r.mode };
  if ('options' in r) {
    for (const [k, v] of r.options.entries) {
      if (k === 'max_errors') opts.maxErrors = Number(v.text);
      else if (k === 'max_depth') opts.maxDepth = Number(v.text);
      else if (k === 'repair' && typeof v === 'boolean') opts.repair = v;
      else assert.fail(`unknown option ${k}`);
    }
  }
  return opts;
}

/** The expected value of a validate record as a jsonval value, or undefined. */
function expectedValue(r) {
  if ('value_json' in r) return readJSON(r.value_json);
  if ('value' in r) return r.value;
  return undefined;
}

function checkValidateResult(r, result, what) {
  assert.equal(result.ok, r.ok, `${what}: ok (errors ${JSON.stringify(result.errors)})`);
  assert.equal('value' in result, r.ok, `${what}: a value only when ok`);
  checkEntries(result.errors, r.errors, `${what}: errors`);
  checkEntries(result.warnings, r.warnings, `${what}: warnings`);
  if ('report' in r) {
    const title = r.target === 'input' ? 'Tool' : 'Return';
    assert.equal(formatReport(result, { title }), r.report, `${what}: report`);
  }
  const expected = expectedValue(r);
  if (r.ok && expected !== undefined) {
    assert.ok(equalJS(expected, result.value, { ordered: true }),
      `${what}: value ${show(result.value)}, expected ${show(expected)}`);
  }
}

// The records of read.json that the reader does not read yet (SPEC §13): each
// must still fail, every other record must pass (tests/read-pending.txt).
const READ_PENDING = new Set(readFileSync(join(repoRoot, 'tests', 'read-pending.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')));

// validate.json, and read.json: validate records with repair on.
for (const file of ['validate.json', 'read.json']) describe(file, () => {
  for (const r of load(file)) {
    const check = () => {
      assert.ok(r.target === 'input' || r.target === 'output', `target ${r.target}`);
      assert.ok('json' in r || 'data' in r, 'a record has json or data');
      const input = r.target === 'input';
      const text = 'json' in r ? r.json : stringify(r.data);
      const opts = validateOptions(r);

      // The JSON-text entry points of the public API.
      const sig = Signature.parse(r.sig);
      try {
        const result = input ? sig.validateInputJSON(text, opts) : sig.validateJSON(text, opts);
        checkValidateResult(r, result, 'JSON text');
        // Every entry: a stable code and a span inside the text, its index
        // the UTF-16 form of its offset.
        const bytes = Buffer.byteLength(text, 'utf8');
        for (const e of [...result.errors, ...result.warnings]) {
          assert.ok(ISSUE_CODES.includes(e.code), `code ${e.code}`);
          assert.ok(Number.isInteger(e.offset) && Number.isInteger(e.length) && e.offset + e.length <= bytes,
            `span ${e.offset}+${e.length} inside ${bytes} bytes`);
          assert.equal(e.index, indexOfByte(text, e.offset), 'index is the UTF-16 form of offset');
        }

        // The JS-value entry points, when the data is a JS value exactly.
        if ('data' in r && survivesJS(r.data)) {
          const value = toJS(r.data);
          const viaValue = input ? sig.validateInput(value, opts) : sig.validate(value, opts);
          checkValidateResult(r, viaValue, 'JS value');
        }
      } finally {
        sig.free();
      }

      // Kinds and digits of the value, on the core's JSON text.
      const expected = expectedValue(r);
      if (r.ok && expected !== undefined) {
        const s2 = raw.api.Signature.parse(r.sig);
        try {
          const again = input ? s2.validateInputJSON(text, opts) : s2.validateJSON(text, opts);
          assert.equal(again.ok, true);
          const { doc } = raw.last();
          const valueText = doc === null ? text.replace(/^\uFEFF/, '') : null;
          const got = doc === null ? readJSON(valueText) : readJSON(doc).get('value');
          assert.ok(got !== undefined, `the core's document has a value: ${doc}`);
          assert.ok(equalOrdered(expected, got, { intForFloat: input }),
            `exact value ${show(got)}, expected ${show(expected)}`);
        } finally {
          s2.free();
        }
      }
    };
    if (!READ_PENDING.has(r.id)) {
      test(r.id, check);
    } else {
      test(`${r.id} (not read yet: tests/read-pending.txt)`, () => {
        assert.throws(check, Error, `${r.id} passes: take it off tests/read-pending.txt`);
      });
    }
  }
});

// read.json through the command line (`toolsig validate --repair --json`),
// run in memory on the command line's module as the package's bin runs it
// (tests/js/cli.test.mjs shows that the bin and the native tool print the
// same bytes).
const cliCore = await import(new URL('../../dist/core.mjs?vectors-cli', import.meta.url).href);
cliCore.bind(new WebAssembly.Instance(
  new WebAssembly.Module(readFileSync(join(repoRoot, 'dist', 'toolsig-cli.wasm'))),
  { ...cliCore.imports, env: { ...cliCore.imports.env, tsig_host_read: () => 0, tsig_host_write: () => {} } },
).exports);

/** Runs the command line on files ({path: text}): {status, stdout, stderr}. */
function commandLine(argv, files) {
  const encoder = new TextEncoder();
  const given = Object.entries(files).map(([path, text]) => ({ path, status: 0, data: encoder.encode(text) }));
  const a = cliCore.runCommandLine(['toolsig', ...argv], given);
  const v = new DataView(a.buffer, a.byteOffset, a.byteLength);
  assert.notEqual(v.getUint32(0, true), 0xffffffff, 'the command asks for no file it was not given');
  const out = { status: v.getUint32(0, true), stdout: '', stderr: '' };
  for (let at = 4; at < a.length;) {
    const stream = a[at];
    const len = v.getUint32(at + 1, true);
    out[stream === 1 ? 'stdout' : 'stderr'] += new TextDecoder().decode(a.subarray(at + 5, at + 5 + len));
    at += 5 + len;
  }
  return out;
}

describe('read.json, through the command line', () => {
  for (const r of load('read.json')) {
    if (READ_PENDING.has(r.id)) continue; // said by the read.json tests above
    test(r.id, () => {
      const opts = validateOptions(r);
      const argv = ['validate', '@sig.txt', 'doc.json', '--json', '--mode', r.mode,
        opts.repair === false ? '--no-repair' : '--repair'];
      if (r.target === 'input') argv.push('--input');
      if (opts.maxErrors !== undefined) argv.push('--max-errors', String(opts.maxErrors));
      if (opts.maxDepth !== undefined) argv.push('--max-depth', String(opts.maxDepth));
      const text = 'json' in r ? r.json : stringify(r.data);
      const run = commandLine(argv, { 'sig.txt': r.sig, 'doc.json': text });
      assert.equal(run.stderr, '', 'nothing on standard error');
      const doc = JSON.parse(run.stdout);
      assert.equal(doc.ok, r.ok, `ok (errors ${JSON.stringify(doc.errors)})`);
      assert.equal(run.status, r.ok ? 0 : doc.errors.some((e) => e.code === 'json_syntax') ? 2 : 1, 'exit status');
      checkEntries(doc.errors, r.errors, 'errors');
      checkEntries(doc.warnings, r.warnings, 'warnings');
      const expected = expectedValue(r);
      if (r.ok && expected !== undefined) {
        assert.ok(equalOrdered(expected, readJSON(run.stdout).get('value'), { intForFloat: r.target === 'input' }),
          `value ${show(doc.value)}, expected ${show(expected)}`);
      }
    });
  }
});

// Streams end as the one-shot call (SPEC §12.2): every validate and read
// record streamed through the package in one push, a character at a time
// and in random pieces (UTF-16 units: a surrogate pair may be cut), repair
// on and off, ends with what validateJSON / validateInputJSON say of the
// whole text: ok, the value, errors and warnings with their positions.
// Said whether or not the record is read right yet (a stream reads what the
// one-shot call reads).
function streamSeed(id) {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function outcome(r) {
  return { ok: r.ok, value: r.ok ? r.value : undefined, errors: r.errors, warnings: r.warnings };
}

for (const file of ['validate.json', 'read.json']) describe(`${file}, streamed`, () => {
  for (const r of load(file)) {
    test(`${r.id} streamed ends as the one-shot call`, () => {
      const input = r.target === 'input';
      const text = 'json' in r ? r.json : stringify(r.data);
      const sig = Signature.parse(r.sig);
      let seed = streamSeed(r.id);
      try {
        for (const repair of [false, true]) {
          const opts = { ...validateOptions(r), repair };
          const one = outcome(input ? sig.validateInputJSON(text, opts) : sig.validateJSON(text, opts));
          for (const most of [0, 1, 7]) {
            const s = sig.stream({ ...opts, input });
            for (let at = 0; at < text.length;) {
              seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
              const n = most ? 1 + ((seed >>> 8) % most) : text.length;
              s.push(text.slice(at, at + n));
              at += n;
            }
            assert.deepEqual(outcome(s.end()), one,
              `repair ${repair}, ${most ? `pieces of 1..${most}` : 'one push'}`);
          }
        }
      } finally {
        sig.free();
      }
    });
  }
});

// ---------------------------------------------------------- json_schema.json

describe('json_schema.json', () => {
  for (const r of load('json_schema.json')) {
    test(r.id, () => {
      const strict = 'options' in r && r.options.get('strict') === true;
      const sig = Signature.parse(r.sig);
      try {
        if ('schema' in r) {
          const got = sig.toJsonSchema({ strict });
          assert.ok(equalJS(r.schema, got), `schema ${JSON.stringify(got)}, expected ${show(r.schema)}`);
        }
        if ('tool_parameters' in r) {
          const got = sig.toolParametersSchema({ strict });
          assert.ok(equalJS(r.tool_parameters, got), `parameters ${JSON.stringify(got)}, expected ${show(r.tool_parameters)}`);
        }
      } finally {
        sig.free();
      }
    });
  }
});

// ----------------------------------------------------- from_json_schema.json

/** Runs an import both ways (JSON text always, a JS object when exact) and checks the record. */
function checkImport(r, input, run, check) {
  const forms = [['JSON text', stringify(input)]];
  if (survivesJS(input)) forms.push(['JS object', toJS(input)]);
  const lossy = 'lossy' in r && r.lossy === true;
  for (const [what, form] of forms) {
    if (r.ok) {
      const result = run(form, { lossy });
      try {
        check(result, what);
        if ('warnings_contains' in r) {
          const expected = r.warnings_contains;
          assert.equal(result.warnings.length, expected.length, `${what}: warnings ${JSON.stringify(result.warnings)}`);
          // A list of one string may be written as the string alone.
          expected.forEach((parts, i) => assertContainsAll(result.warnings[i],
            typeof parts === 'string' ? [parts] : parts, `${what}: warning ${i}`));
        }
      } finally {
        result.signature.free();
      }
    } else {
      let error;
      assert.throws(() => run(form, { lossy }), (e) => {
        error = e;
        return e instanceof SignatureError;
      }, `${what}: should fail`);
      if ('error_contains' in r) assertContainsAll(error.message, r.error_contains, `${what}: error`);
    }
  }
}

describe('from_json_schema.json', () => {
  for (const r of load('from_json_schema.json')) {
    test(r.id, () => {
      const schema = 'schema_json' in r ? readJSON(r.schema_json) : r.schema;
      checkImport(r, schema, importJsonSchema, (result, what) => {
        if ('canonical' in r) assert.equal(result.signature.canonical, r.canonical, `${what}: canonical`);
      });
    });
  }
});

// ------------------------------------------------------------ from_tool.json

describe('from_tool.json', () => {
  for (const r of load('from_tool.json')) {
    test(r.id, () => {
      const tool = 'tool_json' in r ? readJSON(r.tool_json) : r.tool;
      checkImport(r, tool, importTool, (result, what) => {
        if ('canonical' in r) assert.equal(result.signature.format(), r.canonical, `${what}: canonical`);
        assert.equal(result.name, tool.get('name'), `${what}: name`);
        assert.equal(result.description, tool.get('description') ?? null, `${what}: description`);
      });
    });
  }
});

// -------------------------------------------------------- key_normalize.json

describe('key_normalize.json', () => {
  for (const r of load('key_normalize.json')) {
    test(r.id, () => {
      assert.ok('input' in r || 'json' in r, 'a record has input or json');
      const input = 'input' in r ? r.input : readJSON(r.json);
      const expected = 'output_json' in r ? readJSON(r.output_json) : r.output;
      // Through normalizeKeys whenever a JS value can hold the input exactly.
      if (depth(input) <= 1000 && survivesJS(input)) {
        const value = toJS(input);
        if (r.ok) {
          const got = normalizeKeys(value);
          assert.ok(equalJS(expected, got, { ordered: true }), `normalizeKeys: ${show(got)}, expected ${show(expected)}`);
        } else {
          let error;
          assert.throws(() => normalizeKeys(value), (e) => {
            error = e;
            return e instanceof Error;
          });
          if ('error_contains' in r) assertContainsAll(error.message, r.error_contains, 'error');
        }
      } else {
        // Text only: a repeated key, or nesting JSON.stringify cannot write.
        assert.ok('json' in r && r.ok === false, 'only failing records are text-only');
        if (depth(input) > 1000) {
          assert.throws(() => normalizeKeys(JSON.parse(r.json)), /toolsig: the value .*nest/,
            'normalizeKeys refuses the JS value of a text nested too deeply');
        }
      }
      // The exact answer on text: the core entry point normalizeKeys calls.
      const text = 'json' in r ? r.json : stringify(input);
      const doc = readJSON(raw.callOnText('tsig_api_normalize', text));
      assert.equal(doc.get('ok'), r.ok, `core document ${show(doc)}`);
      if (r.ok) {
        assert.ok(equalOrdered(expected, doc.get('value')), `exact value ${show(doc.get('value'))}, expected ${show(expected)}`);
      } else if ('error_contains' in r) {
        assertContainsAll(doc.get('error').get('message'), r.error_contains, 'core error');
      }
    });
  }
});

function depth(v) {
  let max = 0;
  const stack = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop();
    if (Array.isArray(x)) {
      max = Math.max(max, d);
      for (const y of x) stack.push([y, d + 1]);
    } else if (x instanceof JMap) {
      max = Math.max(max, d);
      for (const [, y] of x.entries) stack.push([y, d + 1]);
    }
  }
  return max;
}

// --------------------------------------------------------- placeholders.json

describe('placeholders.json', () => {
  for (const r of load('placeholders.json')) {
    test(r.id, () => {
      const sig = Signature.parse(r.sig);
      try {
        for (const [what, arg] of [['signature text', r.sig], ['Signature', sig]]) {
          const result = checkPlaceholders(r.template, arg);
          assert.equal(result.ok, r.ok, `${what}: ok (${JSON.stringify(result.errors)})`);
          if ('placeholders' in r) assert.deepEqual(result.placeholders, r.placeholders, `${what}: placeholders`);
          if ('errors' in r) checkEntries(result.errors, r.errors, `${what}: errors`);
          if ('errors_contain_any' in r) {
            assert.equal(result.ok, false);
            const any = strings(r.errors_contain_any);
            assert.ok(result.errors.some((e) => any.some((s) => e.message.includes(s))),
              `${what}: one error should contain one of ${JSON.stringify(any)}: ${JSON.stringify(result.errors)}`);
          }
          for (const e of result.errors) {
            assert.equal(e.index, indexOfByte(r.template, e.offset), 'index is the UTF-16 form of offset');
          }
        }
      } finally {
        sig.free();
      }
    });
  }
});

// ---------------------------------------------------------- render_tool.json

describe('render_tool.json', () => {
  for (const r of load('render_tool.json')) {
    test(r.id, () => {
      const tools = r.tools.map((t) => ({ name: t.get('name'), sig: t.get('sig'), description: t.get('description') }));
      if (r.op === 'render_tool') {
        assert.equal(tools.length, 1);
        const [t] = tools;
        const sig = Signature.parse(t.sig);
        try {
          assert.equal(sig.renderTool(t.name, t.description), r.text);
        } finally {
          sig.free();
        }
        return;
      }
      assert.equal(r.op, 'render_tools');
      assert.equal(renderTools(tools.map((t) => ({ name: t.name, signature: t.sig, description: t.description }))), r.text);
      const parsed = tools.map((t) => ({ name: t.name, signature: Signature.parse(t.sig), description: t.description }));
      try {
        assert.equal(renderTools(parsed), r.text, 'with Signature objects');
      } finally {
        for (const t of parsed) t.signature.free();
      }
    });
  }
});

// ------------------------------------------------------------- firewall.json

describe('firewall.json', () => {
  for (const r of load('firewall.json')) {
    test(r.id, () => {
      const sig = Signature.parse(r.sig);
      try {
        if (r.op === 'format_hidden') {
          assert.equal(sig.format({ hideFirewalled: true }), r.expect);
          return;
        }
        assert.equal(r.op, 'redact');
        assert.ok(r.mode === 'strip' || r.mode === 'mask', `mode ${r.mode}`);
        assert.ok(survivesJS(r.value), 'a redact value is a JS value exactly');
        const got = sig.redact(toJS(r.value), { mode: r.mode });
        assert.ok(equalJS(r.expect, got, { ordered: true }), `redact: ${show(got)}, expected ${show(r.expect)}`);
      } finally {
        sig.free();
      }
    });
  }
});
