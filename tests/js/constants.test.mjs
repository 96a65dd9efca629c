// The numbers and names the JS layer shares with the core are the core's:
// each is checked here against include/toolsig.h (and the names against the
// core's own tables in src/ground/error.c), so that a flag renumbered, a stream
// state added or an issue code appended in C cannot leave js/ behind.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './support/env.mjs';

const header = readFileSync(join(repoRoot, 'include', 'toolsig.h'), 'utf8');
const errorC = readFileSync(join(repoRoot, 'src', 'ground', 'error.c'), 'utf8');
const dts = readFileSync(join(repoRoot, 'js', 'index.d.ts'), 'utf8');
const jsFiles = readdirSync(join(repoRoot, 'js')).filter((f) => f.endsWith('.mjs'))
  .map((f) => ({ f, text: readFileSync(join(repoRoot, 'js', f), 'utf8') }));

/** Every `#define TSIG_NAME Nu` of the header: {NAME: N}. */
const defines = Object.fromEntries([...header.matchAll(/^#define TSIG_(\w+) (-?\d+)u?\b/gm)]
  .map((m) => [m[1], Number(m[2])]));

/** The members of `typedef enum NAME {...}` in order, with their values. */
function enumOf(name) {
  const m = new RegExp(`typedef enum ${name} \\{([^}]*)\\}`).exec(header);
  assert.ok(m, `no enum ${name} in toolsig.h`);
  let next = 0;
  return m[1].replace(/\/\*[\s\S]*?\*\//g, '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const [id, value] = s.split('=').map((x) => x.trim());
    next = value === undefined ? next : Number(value);
    return { id, value: next++ };
  });
}

/** The names src/ground/error.c gives the members of an enum (`case X: return "name";`). */
function namesInErrorC(prefix) {
  return Object.fromEntries([...errorC.matchAll(new RegExp(`case (${prefix}\\w+): return "(\\w+)";`, 'g'))]
    .map((m) => [m[1], m[2]]));
}

/** The string literals of a union type of index.d.ts. */
function unionOf(name) {
  const m = new RegExp(`export type ${name} =([^;]*);`).exec(dts);
  assert.ok(m, `no type ${name} in index.d.ts`);
  return [...m[1].matchAll(/'(\w+)'/g)].map((x) => x[1]);
}

// Every flag JS passes to the core: its name in js/ is the header's without TSIG_.
const FLAGS = ['FORMAT_HIDE_FIREWALLED', 'FORMAT_NO_DESCRIPTIONS', 'SCHEMA_STRICT', 'SCHEMA_LOSSY',
  'NUMBERS_ARE_DOUBLES', 'REPAIR', 'NO_REPAIR', 'CALLER_KEEPS_TEXT', 'API_STREAM_CHANGED',
  'API_STREAM_TOO_LARGE', 'API_STREAM_NOMEM'];

test('every flag and answer js/ hands to or takes from the core has the header\'s value', () => {
  for (const name of FLAGS) {
    assert.ok(name in defines, `toolsig.h defines no TSIG_${name}`);
    const uses = jsFiles.flatMap(({ f, text }) => [...text.matchAll(new RegExp(`\\bconst ${name} = (-?\\d+);`, 'g'))]
      .map((m) => ({ f, value: Number(m[1]) })));
    assert.ok(uses.length > 0, `js/ has no const ${name}`);
    for (const u of uses) assert.equal(u.value, defines[name], `js/${u.f}: ${name} is ${u.value}, TSIG_${name} is ${defines[name]}`);
  }
  // No flag of the header is written in js/ under another value.
  for (const { f, text } of jsFiles) {
    for (const m of text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = (-?\d+);/g)) {
      if (m[1] in defines) assert.equal(Number(m[2]), defines[m[1]], `js/${f}: ${m[1]}`);
    }
  }
});

test('the modes js/signature.mjs names are the header\'s', () => {
  for (const name of ['DISABLED', 'STRICT']) {
    const m = new RegExp(`const MODE_${name} = (\\d+);`).exec(jsFiles.find(({ f }) => f === 'signature.mjs').text);
    assert.ok(m, `js/signature.mjs has no MODE_${name}`);
    assert.equal(Number(m[1]), enumOf('tsig_mode').find((x) => x.id === `TSIG_MODE_${name}`).value);
  }
});

test('the stream states js/ names are the header\'s, in its order', () => {
  const states = enumOf('tsig_stream_state').map((s) => s.id.replace(/^TSIG_STREAM_/, '').toLowerCase());
  const m = /const STREAM_STATES = \[([^\]]*)\]/.exec(jsFiles.find(({ f }) => f === 'signature.mjs').text);
  assert.ok(m, 'js/signature.mjs has no STREAM_STATES');
  assert.deepEqual([...m[1].matchAll(/'(\w+)'/g)].map((x) => x[1]), states);
  assert.deepEqual(enumOf('tsig_stream_state').map((s) => s.value), states.map((_, i) => i));
  assert.deepEqual(unionOf('StreamState'), states);
});

test('the issue codes of index.d.ts are the core\'s, every one', () => {
  const names = namesInErrorC('TSIG_ISSUE_');
  const codes = enumOf('tsig_issue_code').map((c) => {
    assert.ok(c.id in names, `src/ground/error.c names no ${c.id}`);
    return names[c.id];
  });
  assert.deepEqual(unionOf('IssueCode'), codes);
});

test('the error codes of index.d.ts are the core\'s kinds, every one a caller can meet', () => {
  const kinds = namesInErrorC('TSIG_ERR_');
  const codes = enumOf('tsig_code').filter((c) => c.id !== 'TSIG_OK' && c.id !== 'TSIG_ERR_NOMEM').map((c) => {
    assert.ok(c.id in kinds, `src/ground/error.c names no ${c.id}`);
    return kinds[c.id];
  });
  // Out of memory is thrown as its own error (outOfMemory() in js/wasm.mjs), not a code.
  assert.deepEqual(unionOf('ErrorCode'), codes);
});
