// The package loads in Node both ways and every entry point exposes the
// same API over the same core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as esm from '../../js/node.mjs';

const require = createRequire(import.meta.url);
const cjs = require('../../js/node.cjs');

const API = ['Prompt', 'Signature', 'SignatureError', 'TemplateError', 'Tool', 'ValidationError',
  'checkPlaceholders', 'definePrompt', 'defineTool', 'formatReport', 'importJsonSchema', 'importTool',
  'normalizeKeys', 'renderTools'];

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
