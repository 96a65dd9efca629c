// The package ships dist/'s copy of each JS file, written from js/ without
// comments by scripts/ship-js.mjs. Each copy must be the source's program:
// TypeScript's parser reads both, and its printer (comments dropped) gives
// the same text for the two. The stripper itself is tested on the literals
// that make stripping comments hard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { CORE_PARTS, SHIPPED_JS, jsSource, shippedForm, stripComments } from '../../scripts/ship-js.mjs';
import { repoRoot, requireBuild } from './support/env.mjs';

const printer = ts.createPrinter({ removeComments: true });

/** The program in text, as TypeScript prints it without comments. */
function program(text, file = 'x.mjs') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  assert.deepEqual(source.parseDiagnostics.map((d) => d.messageText), [], `${file} parses`);
  return printer.printFile(source);
}

for (const file of SHIPPED_JS) {
  test(`dist/${file} is js/${file}'s program without comments, as the build wrote it`, () => {
    requireBuild();
    const source = jsSource(file);
    const shipped = readFileSync(join(repoRoot, 'dist', file), 'utf8');
    assert.equal(shipped, shippedForm(source, file), 'dist/ is up to date: run node scripts/build-wasm.mjs');
    assert.equal(program(shipped, file), program(source, file));
    assert.doesNotMatch(shipped.split('\n').slice(file === 'cli.mjs' ? 2 : 1).join('\n'), /^\s*\/\//m);
    assert.ok(shipped.length < source.length);
  });
}

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
