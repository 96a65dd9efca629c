// Every example of README.md does what the README says it does.
//
// - Command-line sessions: every ``` block whose first line starts with
//   "$ " is a shell session. Each "$ " line is a command, the lines after it
//   (up to the next "$ " line, trailing blank lines left out) its expected
//   stdout and stderr as a terminal shows them. A command is run by bash in
//   a fresh folder with `toolsig` on PATH: the npm bin (node dist/cli.mjs)
//   and the native build/release/toolsig. "$ cat FILE" shows a file the
//   next commands read: the test writes it from the lines shown, then runs
//   cat like any other command. "$ echo $?" shows the exit status of the
//   command before it; every other command must exit 0.
// - JS snippets: every ```js block is checked, or named below with the
//   reason. A block with "// → VALUE" comments is run as a module inside
//   the package (so `from 'toolsig'` resolves to it through package.json
//   "exports"), and each statement followed by such a comment must give
//   that value (a JS expression; lines of the comment starting with
//   "//" and two spaces continue it). The Worker is imported and asked.
// - Every ```ts block is, verbatim, in a file of tests/types/, which
//   types.test.mjs type-checks against the frameworks' own packages.
// - The README links only to what the package ships (README.md,
//   docs/LANGUAGE.md, LICENSE) and to its own headings.
// - CONTRIBUTING.md (building and testing toolsig) is checked the same
//   way: its sessions and js blocks; its C example is compiled against
//   include/ and the native library and must print the block that follows
//   "It prints:"; the paths of its Layout section exist.
// - The conditions of the README's exports table are package.json's; the
//   Node version is the engines field.
//
// The native parts need build/release (npm test builds it first); without
// it they are reported as skipped, with the command that builds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireBuild } from './support/env.mjs';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const contributing = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const nativeBin = join(repoRoot, 'build', 'release', 'toolsig');
const nativeLibs = ['libtoolsig_core.a', 'libcjson.a'].map((f) => join(repoRoot, 'build', 'release', f));
const NO_NATIVE = 'no native build: run `cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release && cmake --build build/release -j2` (npm test does)';

// ```js blocks not checked here, each with the reason.
const JS_CHECKED_ELSEWHERE = [
  // examples/agent-loop.mjs, shown verbatim: tools.test.mjs checks the
  // copy and runs the file.
  { file: 'examples/agent-loop.mjs', why: 'tools.test.mjs' },
];

/**
 * The fenced blocks of the README: {lang, line (1-based, of the opening
 * fence), lines, before (the lines before the fence)}. An unclosed fence
 * fails.
 */
function fencedBlocks(text, file = 'README.md') {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    assert.ok(end > i, `${file}:${i + 1}: the fence is never closed`);
    blocks.push({ file, lang: open[1], line: i + 1, lines: lines.slice(i + 1, end), before: lines.slice(0, i) });
    i = end;
  }
  return blocks;
}

const readmeBlocks = fencedBlocks(readme);
const contributingBlocks = fencedBlocks(contributing, 'CONTRIBUTING.md');
const blocks = [...readmeBlocks, ...contributingBlocks];

// ---- command-line sessions ----------------------------------------------------

/**
 * The commands of a session block: [{line, command, expected, gap}],
 * expected being the text shown after the command (its lines, each ending
 * with a newline) and gap the blank lines that separate it from the next
 * command.
 */
function sessionCommands(block) {
  const commands = [];
  block.lines.forEach((text, i) => {
    if (text.startsWith('$ ')) {
      commands.push({ line: block.line + 1 + i, command: text.slice(2), shown: [] });
    } else {
      commands[commands.length - 1].shown.push(text);
    }
  });
  return commands.map(({ shown, ...c }) => {
    let gap = 0;
    while (shown.length && shown[shown.length - 1] === '') {
      shown.pop();
      gap += 1;
    }
    return { ...c, expected: shown.map((l) => `${l}\n`).join(''), gap };
  });
}

const sessions = blocks.filter((b) => b.lang === '' && b.lines[0]?.startsWith('$ '));

// The shapes a session command may have: toolsig with arguments, text piped
// into it, a file shown by cat, the status of the command before.
const COMMAND_SHAPES = [
  /^toolsig( |$)/,
  /^(echo|printf) '[^']*' \| toolsig( |$)/,
  /^cat [\w.-]+$/,
  /^echo \$\?$/,
];

/**
 * Runs a session with `toolsig` being the given program (argv list), in a
 * fresh folder. Returns the session as it happened, in the README's form:
 * each command, then its stdout and stderr, then the blank lines the README
 * leaves after it. A command that exits non-zero without an "$ echo $?"
 * after it gets one, so the difference shows what the README must say.
 */
function runSession(block, program) {
  const dir = mkdtempSync(join(tmpdir(), 'toolsig-readme-'));
  try {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const quoted = program.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    writeFileSync(join(bin, 'toolsig'), `#!/bin/sh\nexec ${quoted} "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const commands = sessionCommands(block);
    let transcript = '';
    let status = null;
    commands.forEach((c, i) => {
      let output;
      if (c.command === 'echo $?') {
        assert.notEqual(status, null, `README.md:${c.line}: "echo $?" with no command before it`);
        output = `${status}\n`;
        status = 0;
      } else {
        const file = /^cat ([\w.-]+)$/.exec(c.command);
        if (file) writeFileSync(join(dir, file[1]), c.expected);
        const r = spawnSync('bash', ['-c', `{ ${c.command}\n} 2>&1`], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
        assert.equal(r.error, undefined, `README.md:${c.line}: ${r.error}`);
        output = r.stdout;
        status = r.status;
      }
      transcript += `$ ${c.command}\n${output}`;
      if (status !== 0 && commands[i + 1]?.command !== 'echo $?') transcript += `$ echo $?\n${status}\n`;
      transcript += '\n'.repeat(c.gap);
    });
    return transcript;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('README command-line sessions: every command has a known shape', () => {
  assert.ok(sessions.length >= 10, `only ${sessions.length} session blocks found`);
  for (const b of sessions) {
    for (const c of sessionCommands(b)) {
      assert.ok(COMMAND_SHAPES.some((re) => re.test(c.command)), `README.md:${c.line}: a command this test cannot run: ${c.command}`);
    }
  }
  // No session hides in a block the test does not take as one.
  for (const b of blocks.filter((x) => !sessions.includes(x))) {
    const i = b.lines.findIndex((l) => l.startsWith('$ '));
    assert.equal(i, -1, `README.md:${b.line + 1 + i}: a "$ " line in a block that does not start with one`);
  }
});

const programs = [
  { name: 'node dist/cli.mjs', argv: [process.execPath, join(repoRoot, 'dist', 'cli.mjs')], skip: false },
  { name: 'build/release/toolsig', argv: [nativeBin], skip: existsSync(nativeBin) ? false : NO_NATIVE },
];

for (const program of programs) {
  for (const block of sessions) {
    const first = sessionCommands(block)[0].command;
    test(`${block.file}:${block.line} (${program.name}): ${first.slice(0, 60)}`, { skip: program.skip }, () => {
      requireBuild();
      const shown = sessionCommands(block).map((c) => `$ ${c.command}\n${c.expected}${'\n'.repeat(c.gap)}`).join('');
      assert.equal(runSession(block, program.argv), shown, `README.md:${block.line}: the session differs`);
    });
  }
}

// ---- JS snippets ----------------------------------------------------------------

const jsBlocks = blocks.filter((b) => b.lang === 'js');
const ARROW = '// → ';
// A comment line that continues the value of the "// →" line above it.
const CONTINUATION = /^\/\/ {2,}(\S.*)$/;

/**
 * The values a snippet states: [{line, statement, value}] (value being the
 * JS expression text of the comment), and the module that runs it, which
 * exports `__checked`, the value of each such statement by its index. A
 * "// →" the test cannot tie to a one-line statement fails.
 */
function arrowSnippet(block) {
  const claims = [];
  const code = [];
  const at = (i) => `README.md:${block.line + 1 + i}`;
  const checked = (statement, i) => {
    const id = claims.length;
    const decl = /^(?:const|let|var) (\w+) = .*;$/.exec(statement);
    if (decl) return `${statement} __check(${id}, ${decl[1]});`;
    assert.ok(statement.endsWith(';'), `${at(i)}: "// →" after a statement that does not end on its line`);
    return `__check(${id}, (${statement.slice(0, -1)}));`;
  };
  for (let i = 0; i < block.lines.length; i++) {
    const text = block.lines[i];
    let value;
    let statementLine;
    const inline = text.indexOf(` ${ARROW}`);
    if (text.startsWith(ARROW)) {
      statementLine = code.length - 1;
      assert.ok(statementLine >= 0 && block.lines[i - 1] === code[statementLine].source,
        `${at(i)}: "// →" must follow the statement it gives the value of`);
      value = text.slice(ARROW.length);
    } else if (inline > 0) {
      code.push({ source: text, text: text.slice(0, inline).trimEnd() });
      statementLine = code.length - 1;
      value = text.slice(inline + 1 + ARROW.length);
    } else {
      assert.ok(!text.includes('→'), `${at(i)}: a "→" this test does not understand`);
      code.push({ source: text, text });
      continue;
    }
    while (CONTINUATION.test(block.lines[i + 1] ?? '')) value += `\n${CONTINUATION.exec(block.lines[++i])[1]}`;
    const target = code[statementLine];
    assert.ok(!target.checked, `${at(i)}: two "// →" for one statement`);
    target.checked = true;
    const statement = target.text;
    target.text = checked(statement, i);
    claims.push({ line: block.line + 1 + i, statement, value });
  }
  const source = [
    'export const __checked = [];',
    'const __check = (id, value) => { __checked[id] = value; };',
    ...code.map((c) => c.text),
  ].join('\n');
  return { claims, source };
}

/** A plain copy of a value the API returned (its objects have no prototype). */
function plain(value) {
  return structuredClone(value);
}

/**
 * Imports JS source as a module inside the package (under build/, so that
 * `from 'toolsig'` resolves to the package itself) and returns its namespace.
 */
async function importInPackage(source, name) {
  const dir = join(repoRoot, 'build', 'readme-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${process.pid}.mjs`);
  writeFileSync(file, source);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

const isWorker = (b) => b.lines.includes('export default {') && b.lines.some((l) => l.includes('async fetch(request)'));
const isArrowSnippet = (b) => b.lines.some((l) => l.includes('→'));
const elsewhere = (b) => JS_CHECKED_ELSEWHERE.find(
  (e) => b.lines.join('\n').trim() === readFileSync(join(repoRoot, e.file), 'utf8').trim());

test('README: every ```js block is checked here or named with the place that checks it', () => {
  for (const b of jsBlocks) {
    assert.ok(isArrowSnippet(b) || isWorker(b) || elsewhere(b),
      `README.md:${b.line}: a js block with no "// →" values, not the Worker, not in JS_CHECKED_ELSEWHERE: give it values to check`);
  }
  assert.ok(jsBlocks.filter(isArrowSnippet).length >= 2);
  assert.equal(jsBlocks.filter(isWorker).length, 1);
});

for (const block of jsBlocks.filter(isArrowSnippet)) {
  test(`${block.file}:${block.line}: the JS snippet gives the values its "// →" comments state`, async () => {
    requireBuild();
    const { claims, source } = arrowSnippet(block);
    assert.ok(claims.length > 0);
    const { __checked } = await importInPackage(source, `snippet-${block.line}`);
    claims.forEach((c, id) => {
      const expected = new Function(`return (${c.value});`)();
      assert.deepStrictEqual(plain(__checked[id]), expected, `README.md:${c.line}: ${c.statement}`);
    });
  });
}

test('README: the Worker example answers 200 with the coerced arguments and 422 with the errors', async () => {
  requireBuild();
  const [block] = jsBlocks.filter(isWorker);
  const worker = (await importInPackage(block.lines.join('\n'), 'worker')).default;
  const ask = (body) => worker.fetch(new Request('http://127.0.0.1/', { method: 'POST', body }));

  const good = await ask('{"query": "cats", "limit": "10"}');
  assert.equal(good.status, 200);
  assert.match(good.headers.get('content-type'), /^application\/json/);
  assert.deepEqual(await good.json(), {
    ok: true, value: { query: 'cats', limit: 10 }, errors: [],
    warnings: [{ path: 'limit', segments: ['limit'], message: 'coerced string "10" to int', code: 'coerced', offset: 27, length: 4, index: 27 }],
  });

  const bad = await ask('{"limit": "ten"}');
  assert.equal(bad.status, 422);
  const answer = await bad.json();
  assert.equal(answer.ok, false);
  assert.deepEqual(answer.errors.map((e) => e.path).sort(), ['limit', 'query']);
});

// ---- the C example ------------------------------------------------------------------

test('CONTRIBUTING.md: the C example compiles against include/ and the library and prints what the README shows',
  { skip: nativeLibs.every((f) => existsSync(f)) ? false : NO_NATIVE }, () => {
    const cBlocks = contributingBlocks.filter((b) => b.lang === 'c');
    assert.equal(cBlocks.length, 1);
    const [program] = cBlocks;
    const shown = contributingBlocks[contributingBlocks.indexOf(program) + 1];
    const between = shown.before.slice(program.line + program.lines.length + 1).filter((l) => l !== '');
    assert.deepEqual(between, ['It prints:'], `README.md:${shown.line}: the C example's output block must follow "It prints:"`);

    const dir = mkdtempSync(join(tmpdir(), 'toolsig-readme-c-'));
    try {
      writeFileSync(join(dir, 'example.c'), `${program.lines.join('\n')}\n`);
      const cc = spawnSync(process.env.CC || 'cc', [
        '-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror', `-I${join(repoRoot, 'include')}`,
        '-o', join(dir, 'example'), join(dir, 'example.c'), ...nativeLibs, '-lm',
      ], { encoding: 'utf8' });
      assert.equal(cc.status, 0, `the example does not compile:\n${cc.stderr}`);
      const run = spawnSync(join(dir, 'example'), { encoding: 'utf8' });
      assert.equal(run.stderr, '');
      assert.equal(run.status, 0);
      assert.equal(run.stdout, `${shown.lines.join('\n')}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

// ---- what the prose says of the repository -------------------------------------

/** The lines of the section under a heading, up to the next heading of its level or above. */
function section(heading, text = readme) {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `README.md has no "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

test('CONTRIBUTING.md Layout: every path it lists exists, and each folder of src/ names every file', () => {
  requireBuild();
  const layout = fencedBlocks(section('## Layout', contributing).join('\n'), 'CONTRIBUTING.md');
  assert.equal(layout.length, 1);
  const entries = [];
  for (const l of layout[0].lines) {
    if (/^\S/.test(l)) {
      const [path, ...rest] = l.split(/\s+/);
      entries.push({ path, text: rest.join(' ') });
    } else {
      entries[entries.length - 1].text += ` ${l.trim()}`;
    }
  }
  assert.ok(entries.length >= 15);
  for (const e of entries) assert.ok(existsSync(join(repoRoot, e.path)), `README.md Layout: ${e.path} does not exist`);
  for (const dir of ['src/ground/', 'src/types/', 'src/checking/', 'src/language/', 'src/conversions/', 'src/boundary/', 'src/cli/']) {
    const { text } = entries.find((e) => e.path === dir);
    const words = new Set(text.split(/[^\w]+/));
    const files = readdirSync(join(repoRoot, dir)).filter((f) => f.endsWith('.c')).map((f) => f.slice(0, -2));
    for (const f of files) assert.ok(words.has(f), `README.md Layout: ${dir}${f}.c is not named`);
  }
});

test('README "Where it runs": the conditions of the table are those of package.json "exports"', () => {
  const rows = section('## The npm package').filter((l) => /^\| [^-]/.test(l) && !l.startsWith('| runtime'));
  assert.ok(rows.length >= 3);
  const root = pkg.exports['.'];
  const named = rows.flatMap((r) => [...r.split('|')[2].matchAll(/`([\w-]+)`/g)].map((m) => m[1]));
  for (const condition of named) {
    assert.ok(Object.hasOwn(root, condition) || Object.hasOwn(root.node, condition),
      `README.md names the exports condition "${condition}", which package.json does not have`);
  }
  for (const condition of Object.keys(root).filter((c) => !['types', 'import', 'require', 'default'].includes(c))) {
    assert.ok(named.includes(condition), `package.json's exports condition "${condition}" is not in the README's table`);
  }
  const edge = readFileSync(join(repoRoot, 'js', 'edge.mjs'), 'utf8');
  assert.ok(edge.includes("import wasm from '../dist/toolsig.wasm';"));
  assert.ok(readme.includes("`import wasm from '../dist/toolsig.wasm'`"));
});

test('README: the Node version it states is the "engines" field of package.json', () => {
  const version = /^>=(\d+\.\d+)$/.exec(pkg.engines.node);
  assert.ok(version, pkg.engines.node);
  assert.ok(readme.includes(`Node ${version[1]} or later`), `README.md must say "Node ${version[1]} or later"`);
});

// ---- TypeScript examples and links ------------------------------------------

test('README: every ```ts block is, verbatim, in a file of tests/types/ of its own (type-checked by types.test.mjs)', () => {
  const dir = join(repoRoot, 'tests', 'types');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => ({ f, text: readFileSync(join(dir, f), 'utf8') }));
  const ts = readmeBlocks.filter((b) => b.lang === 'ts');
  assert.ok(ts.length >= 2);
  const texts = ts.map((b) => `${b.lines.join('\n')}\n`);
  texts.forEach((block, i) => {
    const home = files.find(({ text }) => text.includes(block));
    assert.ok(home, `README.md:${ts[i].line}: the ts block is in no file of tests/types/`);
    // A reader copies one block: it must type-check with its own imports,
    // so its file holds no other block and imports nothing beside it.
    const rest = home.text.replace(block, '');
    for (const [j, other] of texts.entries()) {
      assert.ok(j === i || !home.text.includes(other), `README.md:${ts[i].line}: tests/types/${home.f} holds the block of README.md:${ts[j].line} too`);
    }
    assert.doesNotMatch(rest, /^\s*import\s/m, `README.md:${ts[i].line}: tests/types/${home.f} imports outside the block`);
  });
});

test('README links only to files the package ships and to its own headings', () => {
  const headings = new Set(readme.split('\n').filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, '').toLowerCase().replace(/[^\w\- ]/g, '').replaceAll(' ', '-')));
  const prose = readme.replace(/^```[\s\S]*?^```$/gm, '');
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length >= 3);
  for (const target of links) {
    if (target.startsWith('#')) {
      assert.ok(headings.has(target.slice(1)), `README.md links to #${target.slice(1)}, which is no heading`);
    } else {
      assert.ok(pkg.files.includes(target), `README.md links to ${target}, which the package does not ship`);
    }
  }
});

test('README: the sizes it states are what `import` loads now (gzip -9, within 2 KB)', async () => {
  requireBuild();
  const { gzipSync } = await import('node:zlib');
  const kb = (files) => files.reduce((n, f) => n + gzipSync(readFileSync(join(repoRoot, 'dist', f)), { level: 9 }).length, 0) / 1024;
  const measured = {
    toolsig: kb(['toolsig.wasm', 'api.mjs', 'core.mjs', 'node.mjs', 'tools.mjs']),
    wasm: kb(['toolsig.wasm']),
  };
  // Each statement of a size, and what it is the size of.
  const claims = [
    [/What `import 'toolsig'` loads is about (\d+) KB gzip, (\d+) KB\s+of it the wasm/, ['toolsig', 'wasm']],
    [/`import 'toolsig'` loads (\d+) KB gzip \((\d+) KB of it the wasm\)/, ['toolsig', 'wasm']],
  ];
  for (const [re, names] of claims) {
    const m = re.exec(readme);
    assert.ok(m, `README states no size as ${re}`);
    names.forEach((name, i) => {
      const stated = Number(m[i + 1]);
      assert.ok(Math.abs(stated - measured[name]) <= 2,
        `README says ${stated} KB for ${name}; it is ${measured[name].toFixed(1)} KB gzip (node bench/js/size.mjs)`);
    });
  }
  assert.equal((readme.match(/\d+ KB gzip/g) ?? []).length, claims.length, 'every size the README states is checked here');
});
