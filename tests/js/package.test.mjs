// The package as a user gets it: `npm pack`, installed into an empty
// project, loaded with import and with require in child processes, its
// file list, its exports map for every condition, and its types resolved
// and typechecked from the installed copy.
//
// npm pack runs with --ignore-scripts: the prepack script would rebuild
// dist/ (Emscripten, slow); dist/ is built here first when it is missing,
// which is what prepack does.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './support/env.mjs';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
let work; // temp folder: the tarball and the consumer project
let project;
let packed; // npm pack --json's record

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 120000, ...opts });
  if (r.error) throw r.error;
  return r;
}

function npm(args, cwd) {
  const r = run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

before(() => {
  if (['toolsig.wasm', 'toolsig-cli.wasm', 'core.cjs', 'index.d.cts'].some((f) => !existsSync(join(repoRoot, 'dist', f)))) {
    const b = run(process.execPath, [join(repoRoot, 'scripts', 'build-wasm.mjs')], { cwd: repoRoot, timeout: 600000 });
    assert.equal(b.status, 0, b.stderr);
  }
  work = mkdtempSync(join(tmpdir(), 'toolsig-pack-'));
  [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], repoRoot));
  project = join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  npm(['install', join(work, packed.filename), '--offline'], project);
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const CHECK = `
  const sig = Signature.parse('(id :int, tags [:string]?) -> {name :string, score :float}');
  const input = sig.validateInput({ id: '42', tags: ['a'] });
  const output = sig.validate({ name: 'x', score: 'high' });
  const json = sig.validateJSON('{"name": "y", "score": 1.5, "name": "z"}');
  const report = formatReport(output, { title: 'Return' });
  sig.free();
  console.log(JSON.stringify({ input, output: output.errors, json: json.errors, report,
    normalized: normalizeKeys({ 'a-b': 1 }), names: Object.keys(api).sort() }));
`;

const EXPECTED = {
  input: {
    ok: true, value: { id: 42, tags: ['a'] }, errors: [],
    warnings: [{ path: 'id', segments: ['id'], message: 'coerced string "42" to int', code: 'coerced', offset: 6, length: 4, index: 6 }],
  },
  output: [{ path: 'score', segments: ['score'], message: 'expected float, got string "high"', code: 'type', offset: 20, length: 6, index: 20 }],
  json: [{ path: 'name', segments: ['name'], message: 'duplicate key "name"', code: 'duplicate_key', offset: 28, length: 6, index: 28 }],
  report: 'Return validation errors:\n- score: expected float, got string "high"',
  normalized: { a_b: 1 },
  // Every name the source entry point exports, the same through import and require.
  names: Object.keys(await import('../../dist/node.mjs')).sort(),
};

test('the package exports the API of index.d.ts', () => {
  for (const name of ['Signature', 'SignatureError', 'checkPlaceholders', 'formatReport', 'importJsonSchema', 'importTool',
    'normalizeKeys', 'renderTools']) {
    assert.ok(EXPECTED.names.includes(name), name);
  }
});

function runIn(file, source, args = []) {
  writeFileSync(join(project, file), source);
  const r = run(process.execPath, [...args, file], { cwd: project });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

test('the installed package loads with import() from an .mjs file and validates', () => {
  const out = runIn('check.mjs', `
    const api = await import('toolsig');
    const { Signature, formatReport, normalizeKeys } = api;
    ${CHECK}`);
  assert.deepEqual(JSON.parse(out), EXPECTED);
});

test('the installed package loads with require() from a .cjs file and validates', () => {
  const out = runIn('check.cjs', `
    const api = require('toolsig');
    const { Signature, formatReport, normalizeKeys } = api;
    ${CHECK}`);
  assert.deepEqual(JSON.parse(out), EXPECTED);
});

test('the installed bin runs the command line from the tarball (npx toolsig)', () => {
  const bin = join(project, 'node_modules', '.bin', 'toolsig');
  assert.ok(existsSync(bin), 'node_modules/.bin/toolsig is installed');
  const ok = run(bin, ['check', '(id :int,limit :int?)->[{id :int}]'], { cwd: project });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, '(id :int, limit :int?) -> [{id :int}]\n');
  const bad = run(bin, ['validate', '() -> {id :int}', '-'], { cwd: project, input: '{"id": "abc"}' });
  assert.equal(bad.status, 1, bad.stderr);
  assert.match(bad.stdout, /id: expected int, got string "abc"/);
});

test('exports resolve for the node, import and require conditions to files in the tarball', () => {
  const esm = runIn('resolve.mjs', 'console.log(import.meta.resolve("toolsig"))');
  assert.ok(esm.endsWith('/node_modules/toolsig/dist/node.mjs'), esm);
  const cjs = runIn('resolve.cjs', 'console.log(require.resolve("toolsig"))');
  assert.ok(cjs.endsWith('/node_modules/toolsig/dist/node.cjs'), cjs);
  const wasm = runIn('resolve-wasm.mjs', 'console.log(import.meta.resolve("toolsig/toolsig.wasm"))');
  assert.ok(wasm.endsWith('/node_modules/toolsig/dist/toolsig.wasm'), wasm);
  // The other conditions: each target is in the tarball.
  for (const [condition, file] of [['browser', 'dist/browser.mjs'], ['workerd', 'dist/edge.mjs'], ['edge-light', 'dist/edge.mjs']]) {
    const got = runIn(`resolve-${condition}.mjs`, 'console.log(import.meta.resolve("toolsig"))', [`--conditions=${condition}`]);
    assert.ok(got.endsWith(`/node_modules/toolsig/${file}`), `${condition}: ${got}`);
  }
  const files = new Set(packed.files.map((f) => f.path));
  const targets = [];
  const walk = (v) => {
    if (typeof v === 'string') targets.push(v.replace(/^\.\//, ''));
    else for (const x of Object.values(v)) walk(x);
  };
  walk(pkg.exports);
  for (const t of [...targets, pkg.main.replace(/^\.\//, ''), pkg.types.replace(/^\.\//, ''), pkg.module.replace(/^\.\//, '')]) {
    assert.ok(files.has(t), `${t} is in the tarball`);
  }
});

test('the tarball holds the package and nothing else: no tests, no sources, no build folders', () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of files) {
    assert.ok(!/^(tests|src|scripts|build|node_modules|third_party|include)\//.test(f), `${f} should not be packed`);
    assert.ok(!/\.(c|h|tgz|ts)$/.test(f) || f.endsWith('.d.ts'), `${f} should not be packed`);
    assert.ok(!/^js\/.*\.(mjs|cjs)$/.test(f), `${f}: the package ships dist/'s copy of the JS, not the source`);
  }
  for (const needed of ['package.json', 'README.md', 'dist/toolsig.wasm', 'dist/toolsig-cli.wasm', 'dist/core.cjs', 'dist/tools.cjs', 'dist/core.mjs',
    'dist/tools.mjs', 'dist/api.mjs', 'dist/cli.mjs', 'dist/node.mjs', 'dist/node.cjs', 'dist/browser.mjs', 'dist/edge.mjs',
    'js/index.d.ts', 'js/standard-schema.d.ts', 'js/signature-types.d.ts', 'dist/index.d.cts', 'dist/standard-schema.d.cts',
    'dist/signature-types.d.cts']) {
    assert.ok(files.includes(needed), `${needed} is packed`);
  }
  for (const gone of files.filter((f) => /validate/.test(f))) assert.fail(`${gone}: there is no validation-only entry point`);
  assert.deepEqual(Object.keys(pkg.dependencies ?? {}), [], 'no runtime dependencies');
});

/** Type errors of a consumer file in the installed project. */
function typecheck(file, source, options) {
  const path = join(project, file);
  writeFileSync(path, source);
  const program = ts.createProgram([path], {
    noEmit: true, strict: true, skipLibCheck: false, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'],
    types: [], ...options,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const TYPED = `
  const sig = Signature.parse('(id :int) -> {ok :bool}');
  const r = sig.validateInput({ id: '1' });
  const ok: boolean = r.ok;
  const schema: Record<string, unknown> = sig.toJsonSchema({ strict: true });
  export { ok, schema };
`;

test('the types condition resolves to index.d.ts and typechecks for an ES module (NodeNext)', () => {
  const resolved = ts.resolveModuleName('toolsig', join(project, 'x.mts'),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }, ts.sys,
    undefined, undefined, ts.ModuleKind.ESNext);
  assert.ok(resolved.resolvedModule.resolvedFileName.endsWith('/node_modules/toolsig/js/index.d.ts'));
  assert.deepEqual(typecheck('typed.mts', `import { Signature } from 'toolsig';\n${TYPED}`,
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }), []);
});

test('the types typecheck for a bundler and for the classic node resolution', () => {
  for (const moduleResolution of [ts.ModuleResolutionKind.Bundler, ts.ModuleResolutionKind.Node10]) {
    assert.deepEqual(typecheck('typed-b.ts', `import { Signature } from 'toolsig';\n${TYPED}`,
      { module: ts.ModuleKind.ESNext, moduleResolution }), [], `resolution ${moduleResolution}`);
  }
});

// A CommonJS file gets the .d.cts copy: the .d.ts of this "type": "module"
// package is an ES module to TypeScript, which "module": "node16" (and
// "nodenext" before TypeScript 5.8) refuses to let a CommonJS file require.
test('the require types condition resolves to index.d.cts, which a CommonJS file can require', () => {
  for (const kind of ['Node16', 'NodeNext']) {
    const options = { module: ts.ModuleKind[kind], moduleResolution: ts.ModuleResolutionKind[kind] };
    const resolved = ts.resolveModuleName('toolsig', join(project, 'x.cts'), options, ts.sys,
      undefined, undefined, ts.ModuleKind.CommonJS);
    assert.ok(resolved.resolvedModule.resolvedFileName.endsWith('/node_modules/toolsig/dist/index.d.cts'), kind);
    assert.deepEqual(typecheck('typed-c.cts', `import { Signature } from 'toolsig';\n${TYPED}`, options), [], kind);
    assert.deepEqual(typecheck('typed-r.cts', `import toolsig = require('toolsig');\nconst { Signature } = toolsig;\n${TYPED}`,
      options), [], `${kind}, import = require`);
    // An ES module in the same project still gets index.d.ts.
    const esm = ts.resolveModuleName('toolsig', join(project, 'x.mts'), options, ts.sys,
      undefined, undefined, ts.ModuleKind.ESNext);
    assert.ok(esm.resolvedModule.resolvedFileName.endsWith('/node_modules/toolsig/js/index.d.ts'), kind);
  }
});

test('the CommonJS declarations are js/*.d.ts with their imports pointing at each other', () => {
  for (const name of ['index', 'standard-schema', 'signature-types']) {
    const source = readFileSync(join(repoRoot, 'js', `${name}.d.ts`), 'utf8');
    const cts = readFileSync(join(project, 'node_modules', 'toolsig', 'dist', `${name}.d.cts`), 'utf8');
    const body = cts.slice(cts.indexOf('\n') + 1);
    assert.equal(body.replace(/from '\.\/([\w-]+)\.cjs'/g, "from './$1.js'"), source, name);
    assert.doesNotMatch(body, /from '\.\/[\w-]+\.js'/, `${name}: no import left pointing at an ES module`);
  }
});

