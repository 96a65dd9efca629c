// The package ships dist/'s copy of each JS file, written from js/ by
// scripts/ship-js.mjs: comments taken out (the source's program: TypeScript's
// parser reads both, and its printer, comments dropped, gives the same text
// for the two), then minified by esbuild, names of functions and classes
// kept. Each minified file must import the same modules and export the same
// names as its source, and the core's exports must keep their names. The
// stripper itself is tested on the literals that make stripping comments
// hard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import {
  COMMONJS_FORMS, CORE_PARTS, SHIPPED_JS, commonJsForm, jsSource, shippedForm, stripComments,
} from '../../scripts/ship-js.mjs';
import { repoRoot, requireBuild } from './support/env.mjs';

const printer = ts.createPrinter({ removeComments: true });

/** The source file text is, parsed by TypeScript; fails on a syntax error. */
function parse(text, file = 'x.mjs') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  assert.deepEqual(source.parseDiagnostics.map((d) => d.messageText), [], `${file} parses`);
  return source;
}

/** The program in text, as TypeScript prints it without comments. */
function program(text, file = 'x.mjs') {
  return printer.printFile(parse(text, file));
}

/**
 * What a module's text imports and exports: {imports, exports}, sorted
 * lists of the modules its import and export-from statements name and of
 * the names it exports ('*' from a module as `* from <module>`).
 */
function moduleShape(text, file) {
  const imports = new Set();
  const exports = new Set();
  const names = (decl) => (ts.isVariableStatement(decl)
    ? decl.declarationList.declarations.map((d) => d.name.text)
    : [decl.name.text]);
  for (const st of parse(text, file).statements) {
    if (ts.isImportDeclaration(st)) imports.add(st.moduleSpecifier.text);
    if (ts.isExportDeclaration(st)) {
      if (st.moduleSpecifier) imports.add(st.moduleSpecifier.text);
      if (!st.exportClause) exports.add(`* from ${st.moduleSpecifier.text}`);
      else for (const e of st.exportClause.elements) exports.add(e.name.text);
    }
    if (st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) names(st).forEach((n) => exports.add(n));
  }
  return { imports: [...imports].sort(), exports: [...exports].sort() };
}

for (const file of SHIPPED_JS) {
  test(`dist/${file} is js/${file} without comments, minified, as the build wrote it`, () => {
    requireBuild();
    const source = jsSource(file);
    const shipped = readFileSync(join(repoRoot, 'dist', file), 'utf8');
    assert.equal(shipped, shippedForm(source, file), 'dist/ is up to date: run node scripts/build-wasm.mjs');
    assert.equal(program(stripComments(source, file), file), program(source, file));
    if (!file.endsWith('.cjs')) assert.deepEqual(moduleShape(shipped, file), moduleShape(source, file));
    assert.doesNotMatch(shipped.split('\n').slice(file === 'cli.mjs' ? 2 : 1).join('\n'), /^\s*\/\//m);
    assert.ok(shipped.length < source.length);
  });
}

for (const file of COMMONJS_FORMS) {
  const cjs = file.replace(/\.mjs$/, '.cjs');
  test(`dist/${cjs} is the CommonJS form of dist/${file}, as the build wrote it`, async () => {
    requireBuild();
    const shipped = readFileSync(join(repoRoot, 'dist', cjs), 'utf8');
    assert.equal(shipped, commonJsForm(jsSource(file), file), 'dist/ is up to date: run node scripts/build-wasm.mjs');
    const { createRequire } = await import('node:module');
    const required = createRequire(import.meta.url)(join(repoRoot, 'dist', cjs));
    const imported = await import(pathToFileURL(join(repoRoot, 'dist', file)).href);
    assert.deepEqual(Object.keys(required).sort(), Object.keys(imported).sort());
  });
}

test('the minified core and tools keep the names of their functions and classes', async () => {
  requireBuild();
  for (const file of ['core.mjs', 'tools.mjs']) {
    const source = await import(pathToFileURL(join(repoRoot, 'js', file)).href);
    const shipped = await import(pathToFileURL(join(repoRoot, 'dist', file)).href);
    const functions = Object.keys(source).filter((k) => typeof source[k] === 'function');
    assert.ok(functions.length >= 8, file);
    for (const k of functions) assert.equal(shipped[k].name, source[k].name, `${file}: ${k}.name`);
  }
  // and the functions inside, which a stack trace names: each declared
  // function and class is declared under its name or given it ("name")
  for (const file of ['core.mjs', 'tools.mjs', 'cli.mjs']) {
    const source = stripComments(jsSource(file), file);
    const shipped = readFileSync(join(repoRoot, 'dist', file), 'utf8');
    const declared = [...source.matchAll(/\b(?:function\*?|class)\s+([\w$]+)/g)].map((m) => m[1]);
    assert.ok(declared.length >= 5, file);
    for (const name of declared) {
      assert.ok(shipped.includes(`"${name}"`) || new RegExp(`\\b(function\\*?|class) ${name}\\b`).test(shipped), `${file}: ${name}`);
    }
  }
});

test('the bin keeps its interpreter line first and stays executable', () => {
  requireBuild();
  const cli = join(repoRoot, 'dist', 'cli.mjs');
  assert.equal(readFileSync(cli, 'utf8').split('\n')[0], '#!/usr/bin/env node');
  assert.ok(statSync(cli).mode & 0o111);
});

test('the shipped JS is smaller gzipped than the sources', () => {
  requireBuild();
  const gz = (text) => gzipSync(text, { level: 9 }).length;
  const shipped = SHIPPED_JS.reduce((n, f) => n + gz(readFileSync(join(repoRoot, 'dist', f))), 0);
  const sources = SHIPPED_JS.reduce((n, f) => n + gz(jsSource(f)), 0);
  assert.ok(shipped < 0.75 * sources, `${shipped} vs ${sources}`);
});

test('dist/core.mjs holds each of the core\'s files of js/ and imports nothing', () => {
  requireBuild();
  // js/core.mjs's imports and theirs
  const importsOf = (f) => [...readFileSync(join(repoRoot, 'js', f), 'utf8')
    .matchAll(/^import [^;]* from '\.\/([\w-]+\.mjs)';$/gm)].map((m) => m[1]);
  const imported = new Set();
  const visit = (f) => importsOf(f).forEach((g) => { if (!imported.has(g)) { imported.add(g); visit(g); } });
  visit('core.mjs');
  assert.deepEqual([...imported].sort(), [...CORE_PARTS].sort());
  assert.doesNotMatch(readFileSync(join(repoRoot, 'dist', 'core.mjs'), 'utf8'), /^\s*import\s/m);
});

// Each case: source, and the exact text stripComments must give.
const CASES = [
  ['const a = 1; // one\n// alone\nconst b = 2;\n', 'const a = 1;\nconst b = 2;\n'],
  ['  if (x) {\n    y();\n  }\n', 'if (x) {\ny();\n}\n'],
  ["const s = 'a // not a comment';\n", "const s = 'a // not a comment';\n"],
  ['const s = "/* nor this */";\n', 'const s = "/* nor this */";\n'],
  ["const s = 'it\\'s // here';\n", "const s = 'it\\'s // here';\n"],
  ['const r = /\\/\\/ [/*] x/g; // re\n', 'const r = /\\/\\/ [/*] x/g;\n'],
  ['x = a / b / c; // two divisions\n', 'x = a / b / c;\n'],
  ['function f(s) {\n  return /a*b/.test(s);\n}\n', 'function f(s) {\nreturn /a*b/.test(s);\n}\n'],
  ['f(x) / 2 /* half */;\n', 'f(x) / 2 ;\n'],
  ['typeof/*x*/b;\n', 'typeof b;\n'],
  ['a\n/* two\nlines */\nb\n', 'a\nb\n'],
  ['const t = `one\n  // kept: text\n  ${x /* gone */ + `in ${y} // kept`} // kept\n`; // gone\n',
    'const t = `one\n  // kept: text\n  ${x  + `in ${y} // kept`} // kept\n`;\n'],
  ['const o = { a: `${ { b: 1 }.b }` }; // obj\n', 'const o = { a: `${ { b: 1 }.b }` };\n'],
  ['x.return / 2;\n', 'x.return / 2;\n'],
  ['#!/usr/bin/env node\n// header\nrun();\n', '#!/usr/bin/env node\nrun();\n'],
  ['let a = b\n// c\n(d)\n', 'let a = b\n(d)\n'],
  ['const n = 1.5e+3 / 2;\n', 'const n = 1.5e+3 / 2;\n'],
];

test('stripComments removes comments and keeps strings, templates and regular expressions', () => {
  for (const [source, want] of CASES) {
    const got = stripComments(source);
    assert.equal(got, want, JSON.stringify(source));
    assert.equal(program(got), program(source), JSON.stringify(source));
  }
});

test('stripComments refuses a literal or comment that does not end', () => {
  for (const bad of ["const s = 'open;\n", 'x = `open ${a}', 'a /* open', 'const r = /open\n', 'x = `${ {a:1} `']) {
    assert.throws(() => stripComments(bad, 'bad.mjs'), /bad\.mjs: .* does not end/, JSON.stringify(bad));
  }
});
