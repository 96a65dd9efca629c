// The package loads in Node both ways and every entry point exposes the
// same API over the same core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as esm from '../../dist/node.mjs';

const require = createRequire(import.meta.url);
const cjs = require('../../dist/node.cjs');

const API = ['Prompt', 'Signature', 'SignatureError', 'TemplateError', 'Tool', 'ValidationError',
  'checkPlaceholders', 'checked', 'coreInfo', 'definePrompt', 'defineTool', 'formatReport', 'importJsonSchema',
  'importTool', 'infer', 'normalizeKeys', 'renderTools', 'toolErrorReport'];

test('ESM and CJS entry points export the same names', () => {
  assert.deepEqual(Object.keys(esm).sort(), API);
  assert.deepEqual(Object.keys(cjs).sort(), API);
});

test('both entry points validate synchronously right after loading', () => {
  for (const { Signature } of [esm, cjs]) {
    const sig = Signature.parse('(id :int) -> {ok :bool}');
    assert.deepEqual(sig.validateInput({ id: '42' }).value, { id: 42 });
    assert.equal(sig.validate({ ok: 'yes' }).errors[0].message, 'expected bool, got string "yes"');
    sig.free();
  }
});

// ------------------------------------------------------------ browser.mjs
//
// browser.mjs fetches dist/toolsig.wasm next to the package. Each case runs
// in a fresh Node process whose fetch serves the file (Node's own fetch
// does not read file: URLs), so the loader's own instantiation is what runs.

const browserEntry = new URL('../../dist/browser.mjs', import.meta.url).href;

function runBrowserCase(response) {
  const script = `
    import { readFileSync } from 'node:fs';
    const requested = [];
    globalThis.fetch = async (url) => {
      requested.push(String(url));
      ${response}
    };
    const api = await import(${JSON.stringify(browserEntry)});
    const sig = api.Signature.parse('(id :int) -> {ok :bool}');
    console.log(JSON.stringify({ requested, value: sig.validateInput({ id: '7' }).value, names: Object.keys(api).sort() }));
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30000 });
}

const WASM_BYTES = 'readFileSync(new URL(url))';

test('browser.mjs instantiates from a streamed response served as application/wasm', () => {
  const r = runBrowserCase(`return new Response(${WASM_BYTES}, { headers: { 'content-type': 'application/wasm' } });`);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.requested.length, 1);
  assert.ok(out.requested[0].endsWith('/dist/toolsig.wasm'), out.requested[0]);
  assert.deepEqual(out.value, { id: 7 });
  assert.deepEqual(out.names, API);
});

test('browser.mjs falls back to the bytes when the server sends another content type', () => {
  const r = runBrowserCase(`return new Response(${WASM_BYTES}, { headers: { 'content-type': 'application/octet-stream' } });`);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).value, { id: 7 });
});

test('browser.mjs fails with the URL and the HTTP status when the wasm cannot be fetched', () => {
  const r = runBrowserCase("return new Response('missing', { status: 404 });");
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /toolsig: cannot load file:.*\/dist\/toolsig\.wasm: HTTP 404/);
});

test('a second entry point in the same realm keeps the first instance: live Signatures stay valid', async () => {
  const sig = esm.Signature.parse('(id :int) -> {ok :bool}');
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (url) => new Response(readFileSync(new URL(url)), { headers: { 'content-type': 'application/wasm' } });
  try {
    const browser = await import(`${browserEntry}?second-entry`);
    assert.equal(browser.Signature, esm.Signature, 'one core module, one API');
  } finally {
    globalThis.fetch = originalFetch;
  }
  // The Signature made before the second entry point loaded still works.
  assert.deepEqual(sig.validateInput({ id: '42' }).value, { id: 42 });
  assert.equal(sig.format(), '(id :int) -> {ok :bool}');
  sig.free();
  const again = esm.Signature.parse(':int');
  assert.equal(again.validate(1).ok, true);
  again.free();
});
