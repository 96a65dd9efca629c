// The JS API when wasm memory runs out: every public function either gives
// its normal answer or throws a RangeError saying "toolsig: out of wasm
// memory", leaks nothing it allocated in wasm memory, and leaves the module
// usable: the next call answers normally.
//
// How failures are made: the test binds its own copy of js/core.mjs (the
// shipped dist/core.mjs imported under its own URL, so it has its own
// module state) to a fresh instance of dist/toolsig.wasm through an exports
// object it controls. Every call that can fail for want of memory goes
// through a wrapper that counts it: malloc (the JS side's own buffers) and
// every entry point that returns a pointer or a handle. Failing the n-th of
// them answers what the core answers when out of memory (include/toolsig.h,
// src/boundary/api.c): malloc 0; a document-returning entry and tsig_format NULL;
// tsig_api_validate_fast -1 with *doc NULL; tsig_api_parse a NULL handle
// with *doc NULL. The real function is not called then, so the core itself
// holds nothing afterwards.
//
// What the JS side owns in wasm memory is tracked by pointer: blocks it
// malloc'ed and documents the core handed it, until freed, and signature
// handles until tsig_signature_free. Freeing anything not owned (a double
// free, a stale pointer) fails the test.
//
// The sweep: for each operation, a run without failures gives the number n
// of failable calls it makes and its normal outcome (its answer with every
// lazily computed part read, or the error it throws), and must own
// afterwards exactly what it owned before; then for k = 1..n the k-th call
// fails and the operation must throw the out-of-memory RangeError or give
// the normal outcome, own exactly what it owned before, and a run without
// failures right after must give the normal outcome again. The operations
// are those of core.mjs, those of tools.mjs (its shipped text loaded over
// the same copy of core.mjs), growing the shared input buffer (each failure
// on a fresh instance, since it grows once), and bind() itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireBuild, wasmPath } from './support/env.mjs';

const OOM = /^toolsig: out of wasm memory$/;

// Entry points that return a pointer the caller frees (NULL when out of memory).
const POINTER_ENTRIES = [
  'tsig_format', 'tsig_api_report', 'tsig_api_normalize', 'tsig_api_redact', 'tsig_api_schema',
  'tsig_api_from_schema', 'tsig_api_tool_from_json', 'tsig_api_render_tools', 'tsig_api_placeholders',
  'tsig_api_render_template', 'tsig_api_info', 'tsig_api_path', 'tsig_api_check_table',
];

let instances = 0;

/**
 * A copy of the API over an instance whose failable calls the test
 * controls. Returns {api, tools, bind(), failAt(k), calls(), owned(),
 * handles(), misuses}: tools is tools.mjs over that api; failAt(k) makes
 * the k-th failable call from now fail (0: none) and restarts the count;
 * owned() and handles() are Sets of what the JS side holds; misuses lists
 * frees of what it did not own and NULL out slots. The API is bound unless
 * {bound: false} (then bind() binds it).
 */
async function openFailingInstance({ bound = true } = {}) {
  requireBuild();
  instances += 1;
  const url = pathToFileURL(join(repoRoot, 'dist', 'core.mjs'));
  url.search = `?oom=${instances}`;
  const api = await import(url.href);
  const real = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasmPath)), api.imports).exports;

  let calls = 0;
  let failing = 0;
  const owned = new Set();
  const handles = new Set();
  const misuses = [];
  const u32 = (ptr) => new DataView(real.memory.buffer).getUint32(ptr, true);
  const setU32 = (ptr, v) => new DataView(real.memory.buffer).setUint32(ptr, v, true);
  // True when this call is the one to fail.
  const fails = () => {
    calls += 1;
    return calls === failing;
  };
  const own = (ptr) => {
    if (ptr) owned.add(ptr);
    return ptr;
  };

  const wrapped = { ...real };
  wrapped.malloc = (n) => (fails() ? 0 : own(real.malloc(n)));
  wrapped.free = (ptr) => {
    if (ptr && !owned.delete(ptr)) misuses.push(`free(${ptr})`);
    real.free(ptr);
  };
  for (const name of POINTER_ENTRIES) {
    wrapped[name] = (...args) => (fails() ? 0 : own(real[name](...args)));
  }
  wrapped.tsig_api_parse = (src, len, docSlot) => {
    if (!docSlot) misuses.push('tsig_api_parse with no *doc');
    if (fails()) {
      setU32(docSlot, 0);
      return 0;
    }
    const handle = real.tsig_api_parse(src, len, docSlot);
    own(u32(docSlot));
    if (handle) handles.add(handle);
    return handle;
  };
  wrapped.tsig_api_validate_fast = (...args) => {
    const docSlot = args[7];
    if (!docSlot) misuses.push('tsig_api_validate_fast with no *doc');
    if (fails()) {
      setU32(docSlot, 0);
      return -1;
    }
    const rc = real.tsig_api_validate_fast(...args);
    if (rc === 1) own(u32(docSlot));
    return rc;
  };
  wrapped.tsig_signature_free = (handle) => {
    if (handle && !handles.delete(handle)) misuses.push(`tsig_signature_free(${handle})`);
    real.tsig_signature_free(handle);
  };
  if (bound) api.bind(wrapped);
  // tools.mjs over this copy of core.mjs: the shipped text, its import
  // pointed at this copy.
  const toolsText = readFileSync(join(repoRoot, 'dist', 'tools.mjs'), 'utf8');
  const fromCore = /from\s*(['"])\.\/core\.mjs\1/;
  assert.match(toolsText, fromCore, "dist/tools.mjs imports from './core.mjs'");
  const tools = await import(`data:text/javascript,${encodeURIComponent(toolsText.replace(fromCore, `from '${url.href}'`))}`);

  return {
    api,
    tools,
    bind: () => api.bind(wrapped),
    failAt(k) {
      failing = k;
      calls = 0;
    },
    calls: () => calls,
    owned: () => new Set(owned),
    handles: () => new Set(handles),
    misuses,
  };
}

// ---- the operations ------------------------------------------------------

const SIG_TEXT = '(query :string, limit :int?, tags [:keyword]?) -> {count :int, items [{id :int, title :string}], _raw :map?}';
const LIST_SIG_TEXT = '(n :int) -> [{id :int}]';

// Everything a Signature shows, read now: its getters (canonical, params,
// returns, ast, ...) and toString/toJSON, read by every operation that makes
// a Signature so that their calls into the core, if any, are swept there.
function readSignature(sig) {
  return {
    canonical: sig.canonical,
    returnsList: sig.returnsList,
    ast: sig.ast,
    params: sig.params,
    returns: sig.returns,
    string: sig.toString(),
    json: sig.toJSON(),
  };
}

// Everything a validation result shows, the lazily parsed value included.
function readResult(r) {
  return { ok: r.ok, value: r.value, errors: r.errors, warnings: r.warnings, keys: Object.keys(r) };
}

// Every field of an error a caller looks at.
function readError(e) {
  const fields = { name: e.name, constructor: e.constructor.name, message: e.message };
  for (const k of ['code', 'line', 'column', 'offset', 'index', 'hint', 'source', 'text']) {
    if (k in e) fields[k] = e[k];
  }
  return fields;
}

/**
 * The operations, each a function of (api, sigs) where sigs are signatures
 * made once beforehand. What an operation makes (a Signature) it frees;
 * what it answers it reads in full.
 */
function operations() {
  const withSignature = (api, text, read) => {
    const sig = api.Signature.parse(text);
    try {
      return read(sig);
    } finally {
      sig.free();
    }
  };
  const search = { query: 'q', limit: '5', tags: ['a-b', 'c'] };
  const output = { count: 1, items: [{ id: 1, title: 't' }], _raw: { secret: 1, _deeper: 2 } };
  const failed = { ok: false, errors: [{ path: 'limit', message: 'expected :int, got "x"' }], warnings: [{ path: '', message: 'w' }] };
  const schema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'] };
  const tool = {
    name: 'lookup',
    description: 'Looks a thing up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
  };
  return {
    'Signature.parse': (api) => withSignature(api, SIG_TEXT, readSignature),
    'Signature.parse (bad text)': (api) => withSignature(api, '(query :string', readSignature),
    'Signature.check': (api) => api.Signature.check(SIG_TEXT),
    'Signature.check (bad text)': (api) => api.Signature.check('(a :int) -> {b :nope}'),
    'sig.format': (api, { sig }) => sig.format(),
    'sig.format({hideFirewalled})': (api, { sig }) => sig.format({ hideFirewalled: true }),
    // keys out of the declared order: the core writes the value again
    'validate (valid)': (api, { sig }) => readResult(sig.validate({ items: [], count: 1 })),
    // the check table of a signature new to it, then the value answered by it
    'validate (valid, the check table)': (api) => withSignature(api, SIG_TEXT,
      (sig) => readResult(sig.validate({ count: 1, items: [] }))),
    'validate (invalid)': (api, { sig }) => readResult(sig.validate({ count: 'x', items: [{ id: 1.5 }] })),
    'validate (warn_only)': (api, { sig }) => readResult(sig.validate({ count: 'x', items: [] }, { mode: 'warn_only' })),
    'validateJSON (valid)': (api, { sig }) => readResult(sig.validateJSON('{"count": 2, "items": [{"id": 1, "title": "a"}]}')),
    'validateJSON (invalid)': (api, { sig }) => readResult(sig.validateJSON('{"count": "2", "items": 7}')),
    'validateJSON (bad JSON)': (api, { sig }) => readResult(sig.validateJSON('{"count": 2,,}')),
    'validateInput (coerced)': (api, { sig }) => readResult(sig.validateInput(search)),
    'validateInput (invalid)': (api, { sig }) => readResult(sig.validateInput({ query: 1, limit: 'x' })),
    'validateInputJSON (coerced)': (api, { sig }) => readResult(sig.validateInputJSON('{"query": "q", "limit": "7"}')),
    'validateInputJSON (bad JSON)': (api, { sig }) => readResult(sig.validateInputJSON('{"query": ')),
    'toJsonSchema': (api, { sig }) => sig.toJsonSchema(),
    'toJsonSchema({strict})': (api, { sig }) => sig.toJsonSchema({ strict: true }),
    'toolParametersSchema': (api, { sig }) => sig.toolParametersSchema(),
    'toolParametersSchema({strict})': (api, { sig }) => sig.toolParametersSchema({ strict: true }),
    'renderTool': (api, { sig }) => sig.renderTool('search', 'Finds things.\nFast.'),
    'redact (strip)': (api, { sig }) => sig.redact(output),
    'redact (mask)': (api, { sig }) => sig.redact(output, { mode: 'mask' }),
    "sig['~standard'].validate": (api, { sig }) => sig['~standard'].validate({ count: 1, items: [{ id: 'x' }] }),
    "sig['~standard'].validate (list wrapper)": (api, { list }) => list['~standard'].validate({ items: [{ id: 1 }] }),
    "sig.input['~standard'].validate": (api, { sig }) => sig.input['~standard'].validate(search),
    "sig['~standard'].jsonSchema.input": (api, { sig }) => sig['~standard'].jsonSchema.input({ target: 'draft-07' }),
    "sig['~standard'].jsonSchema.output": (api, { sig }) =>
      sig['~standard'].jsonSchema.output({ target: 'draft-2020-12', libraryOptions: { strict: true } }),
    "sig.input['~standard'].jsonSchema.input": (api, { sig }) => sig.input['~standard'].jsonSchema.input({ target: 'draft-07' }),
    'formatReport': (api) => api.formatReport(failed),
    'formatReport({title})': (api) => api.formatReport(failed, { title: 'Return' }),
    'checkPlaceholders (Signature)': (api, { sig }) => api.checkPlaceholders('Find {{query}} ({{limit}}) {{nope}}', sig),
    'checkPlaceholders (text)': (api) => api.checkPlaceholders('Find {{query}}', SIG_TEXT),
    'renderTools': (api, { sig }) => api.renderTools([
      { name: 'search', signature: sig, description: 'Finds things.' },
      { name: 'ping', signature: '() -> :bool' },
      { name: 'raw', signature: null },
    ]),
    'renderTools (bad signature)': (api) => api.renderTools([{ name: 'broken', signature: '(a :int -> :bool' }]),
    'importJsonSchema': (api) => {
      const r = api.importJsonSchema(schema);
      return withOwned(r.signature, () => ({ signature: readSignature(r.signature), warnings: r.warnings }));
    },
    'importJsonSchema (text, lossy)': (api) => {
      const r = api.importJsonSchema('{"type": "object", "properties": {"a": {"type": "string", "pattern": "^x"}}}', { lossy: true });
      return withOwned(r.signature, () => ({ signature: readSignature(r.signature), warnings: r.warnings }));
    },
    'importJsonSchema (bad schema)': (api) => api.importJsonSchema('{"type": 5}'),
    'importTool': (api) => {
      const r = api.importTool(tool);
      return withOwned(r.signature, () => ({ ...r, signature: readSignature(r.signature) }));
    },
    'normalizeKeys': (api) => api.normalizeKeys({ 'a-b': 1, c: [{ 'd-e': null }] }),
    'normalizeKeys (collision)': (api) => api.normalizeKeys({ 'a-b': 1, a_b: 2 }),
    'renderTemplate': (api, { sig }) => api.renderTemplate('Find {{query}} ({{limit}})', sig, '{"query":"x","limit":3}'),
  };
}

// Runs fn, then frees sig whatever happened.
function withOwned(sig, fn) {
  try {
    return fn();
  } finally {
    sig.free();
  }
}

// The outcome of one run (awaited when it is a promise): {value} or
// {error} (the error's fields).
async function outcome(run) {
  try {
    return { value: await run() };
  } catch (e) {
    return { error: readError(e) };
  }
}

function summary(o) {
  return o.error ? `${o.error.constructor}: ${o.error.message}` : `answer ${JSON.stringify(o.value)?.slice(0, 200)}`;
}

/**
 * Sweeps one operation (run: a function doing it): returns the number of
 * failure points. Throws an AssertionError naming the operation and the
 * failing call otherwise.
 */
async function sweep(inst, name, run) {
  const compare = (o, expected, what) => assert.deepEqual(o, expected, what);
  inst.failAt(0);
  const ownedAtFirst = inst.owned();
  const handlesAtFirst = inst.handles();
  const normal = await outcome(run);
  const n = inst.calls();
  assert.deepEqual(inst.owned(), ownedAtFirst, `${name}: leaked wasm memory without a failure`);
  assert.deepEqual(inst.handles(), handlesAtFirst, `${name}: leaked a signature handle without a failure`);
  assert.ok(n > 0, `${name}: makes no failable call`);
  if (normal.error) assert.notEqual(normal.error.constructor, 'RangeError', `${name}: fails without a failure: ${summary(normal)}`);
  for (let k = 1; k <= n; k++) {
    const ownedBefore = inst.owned();
    const handlesBefore = inst.handles();
    inst.failAt(k);
    const o = await outcome(run);
    const where = `${name}, failable call ${k} of ${n} failing`;
    if (o.error && o.error.constructor === 'RangeError' && OOM.test(o.error.message)) {
      // the out-of-memory error: fine
    } else {
      compare(o, normal, `${where}: neither the out-of-memory RangeError nor the normal outcome (got ${summary(o)})`);
    }
    inst.failAt(0);
    assert.deepEqual(inst.misuses, [], `${where}: freed what it did not own, or passed no out slot`);
    assert.deepEqual([...inst.owned()].filter((p) => !ownedBefore.has(p)), [], `${where}: leaked wasm memory`);
    assert.deepEqual([...ownedBefore].filter((p) => !inst.owned().has(p)), [], `${where}: freed wasm memory it still uses`);
    assert.deepEqual(inst.handles(), handlesBefore, `${where}: leaked or freed a signature handle`);
    compare(await outcome(run), normal, `${where}: the next run without failures answers differently`);
  }
  return n;
}

test('every operation survives running out of wasm memory at each of its allocations', async (t) => {
  const inst = await openFailingInstance();
  const { api } = inst;
  const sigs = { sig: api.Signature.parse(SIG_TEXT), list: api.Signature.parse(LIST_SIG_TEXT) };
  // Grows the shared input buffer past every input below once, so that the
  // sweep sees each operation's own allocations only (growing that buffer
  // is swept on its own below).
  sigs.sig.validateJSON(`"${'x'.repeat(4000)}"`);
  let points = 0;
  const ops = operations();
  for (const [name, op] of Object.entries(ops)) points += await sweep(inst, name, () => op(api, sigs));
  sigs.sig.free();
  sigs.list.free();
  assert.deepEqual(inst.misuses, []);
  t.diagnostic(`${Object.keys(ops).length} operations, ${points} failure points`);
});

// What tools.mjs does over the core, each a function of (tools, sig) where
// sig is SIG_TEXT parsed beforehand. A Tool's result and every error are
// read in full; what an operation parses it frees.
function toolOperations() {
  const output = { count: 1, items: [{ id: 1, title: 't' }], _raw: { secret: 1 } };
  const searchTool = (tools, sig) => tools.defineTool('search', { fn: () => output, signature: sig, description: 'Finds.' });
  const readPrompt = (p) => ({ template: p.template, placeholders: p.placeholders, signature: p.signature.canonical });
  return {
    'defineTool (signature text)': (tools) => {
      const tool = tools.defineTool('ping', [() => true, '(n :int?) -> :bool']);
      return withOwned(tool.signature, () => tool.definition());
    },
    'tool.call': (tools, sig) => searchTool(tools, sig).call({ query: 'q', limit: '3', 'tag-s': 1 }),
    'tool.call (invalid arguments)': (tools, sig) => searchTool(tools, sig).call({ query: 5 }),
    'tool.call (invalid result)': (tools, sig) => tools.defineTool('bad', [() => ({ count: 'x' }), sig]).call({ query: 'q' }),
    'tool.callJSON': (tools, sig) => searchTool(tools, sig).callJSON('{"query": "q", "limit": "3"}'),
    'tool.callJSON (no signature)': (tools) => tools.defineTool('echo', (a) => a).callJSON('{"a-b": [1, {"c-d": 2}]}'),
    'tool.call (no signature)': (tools) => tools.defineTool('echo', (a) => a).call({ 'a-b': 1 }),
    'tool.callForParent': (tools, sig) => searchTool(tools, sig).callForParent({ query: 'q' }),
    'tool.callForParentJSON': (tools, sig) => searchTool(tools, sig).callForParentJSON('{"query": "q"}'),
    'tool.toOpenAI({strict})': (tools, sig) => searchTool(tools, sig).toOpenAI({ strict: true }),
    'tool.toAnthropic': (tools, sig) => searchTool(tools, sig).toAnthropic(),
    'tool.toMCP': (tools, sig) => searchTool(tools, sig).toMCP(),
    'definePrompt': (tools, sig) => readPrompt(tools.definePrompt('Find {{query}}', sig)),
    'definePrompt (bad placeholder)': (tools, sig) => readPrompt(tools.definePrompt('Find {{nope}}', sig)),
    'definePrompt (signature text, bad placeholder)': (tools) => tools.definePrompt('Find {{nope}}', '(q :string) -> :bool'),
    'definePrompt (signature text)': (tools) => {
      const p = tools.definePrompt('Find {{q}}', '(q :string) -> :bool');
      return withOwned(p.signature, () => readPrompt(p));
    },
    'prompt.render': (tools, sig) => tools.definePrompt('Find {{query}} ({{limit}})', sig).render({ query: 'x', limit: '2' }),
    'prompt.render (invalid arguments)': (tools, sig) => tools.definePrompt('Find {{query}}', sig).render({ query: 1 }),
  };
}

test('every tool and prompt operation survives running out of wasm memory at each of its allocations', async (t) => {
  const inst = await openFailingInstance();
  const sig = inst.api.Signature.parse(SIG_TEXT);
  sig.validateJSON(`"${'x'.repeat(4000)}"`); // as above: the input buffer grown once
  await inst.tools.defineTool('echo', (a) => a).callJSON('{}'); // tools.mjs keeps a ":any" signature for this
  let points = 0;
  const ops = toolOperations();
  for (const [name, op] of Object.entries(ops)) points += await sweep(inst, name, () => op(inst.tools, sig));
  sig.free();
  assert.deepEqual(inst.misuses, []);
  t.diagnostic(`${Object.keys(ops).length} operations, ${points} failure points`);
});

// Operations whose input outgrows the shared input buffer, which is then
// freed and allocated again bigger: sig is '(query :string, limit :int?)'.
function growingOperations() {
  const long = 'x'.repeat(3000);
  return {
    'validateJSON': (api, sig) => readResult(sig.validateJSON(`{"query": "${long}"}`)),
    'validateInput': (api, sig) => readResult(sig.validateInput({ query: long, limit: '1' })),
    'Signature.parse': (api) => {
      const params = Array.from({ length: 300 }, (_, i) => `p${i} :int`).join(', ');
      const sig = api.Signature.parse(`(${params}) -> :bool`);
      return withOwned(sig, () => readSignature(sig));
    },
    'formatReport (long title)': (api) => api.formatReport({ errors: [{ path: 'a', message: 'm' }] }, { title: long }),
    'checkPlaceholders': (api, sig) => api.checkPlaceholders(`${long} {{query}}`, sig),
    'renderTemplate': (api, sig) => api.renderTemplate('{{query}}', sig, JSON.stringify({ query: long })),
  };
}

test('growing the shared input buffer survives running out of wasm memory', async (t) => {
  // A fresh instance for each failure: the buffer grows only once.
  const fresh = async () => {
    const inst = await openFailingInstance();
    const sig = inst.api.Signature.parse('(query :string, limit :int?) -> :bool');
    sig.validate(true); // the buffer at its first, smallest size
    return { inst, sig };
  };
  let points = 0;
  const ops = growingOperations();
  for (const [name, op] of Object.entries(ops)) {
    const first = await fresh();
    first.inst.failAt(0);
    const normal = await outcome(() => op(first.inst.api, first.sig));
    const n = first.inst.calls();
    assert.ok(n > 1, `${name}: does not grow the buffer`);
    for (let k = 1; k <= n; k++) {
      const { inst, sig } = await fresh();
      const where = `${name}, failable call ${k} of ${n} failing`;
      const before = inst.owned().size;
      const handlesBefore = inst.handles();
      inst.failAt(k);
      const o = await outcome(() => op(inst.api, sig));
      inst.failAt(0);
      if (!(o.error && o.error.constructor === 'RangeError' && OOM.test(o.error.message))) {
        assert.deepEqual(o, normal, `${where}: neither the out-of-memory RangeError nor the normal outcome (got ${summary(o)})`);
      }
      assert.deepEqual(inst.misuses, [], `${where}: freed what it did not own, or passed no out slot`);
      // The old buffer may be gone and a bigger one in its place: nothing more.
      assert.ok(inst.owned().size <= before, `${where}: leaked wasm memory`);
      assert.deepEqual(inst.handles(), handlesBefore, `${where}: leaked or freed a signature handle`);
      assert.deepEqual(await outcome(() => op(inst.api, sig)), normal, `${where}: the next run without failures answers differently`);
      assert.equal(inst.owned().size, before, `${where}: leaked wasm memory (seen after the next run)`);
      points += 1;
    }
  }
  t.diagnostic(`${Object.keys(ops).length} operations, ${points} failure points`);
});

test('bind() out of wasm memory binds nothing, and binding again works', async () => {
  const inst = await openFailingInstance({ bound: false });
  inst.failAt(1);
  assert.throws(() => inst.bind(), (e) => e instanceof RangeError && OOM.test(e.message));
  inst.failAt(0);
  assert.equal(inst.owned().size, 0);
  inst.bind();
  const sig = inst.api.Signature.parse('(n :int) -> :int');
  assert.deepEqual(readResult(sig.validateInput({ n: '4' })).value, { n: 4 });
  sig.free();
  assert.deepEqual(inst.misuses, []);
});
