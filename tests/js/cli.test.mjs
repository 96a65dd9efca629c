// The package's bin (js/cli.mjs, `npx toolsig`) is the native toolsig
// command on toolsig-cli.wasm: tests/cli/run.sh passes against it, and both
// print the same bytes on stdout and stderr and exit alike for command
// lines covering every command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esm from '../../dist/node.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// core.mjs bound to the command line's module, as js/cli.mjs binds it (its
// own copy: the one node.mjs bound runs on toolsig.wasm, which has no
// command line).
const cliCore = await import(new URL('../../dist/core.mjs?cli', import.meta.url).href);
// Its host functions: standard input is empty here, output goes nowhere
// (the runs below read no standard input as it arrives).
const noHost = { tsig_host_read: () => 0, tsig_host_write: () => {} };
cliCore.bind(new WebAssembly.Instance(
  new WebAssembly.Module(readFileSync(join(root, 'dist', 'toolsig-cli.wasm'))),
  { ...cliCore.imports, env: { ...cliCore.imports.env, ...noHost } }).exports);
const { runCommandLine } = cliCore;
const cli = join(root, 'dist', 'cli.mjs');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// Runs the JS CLI with args (and input on stdin); {status, stdout, stderr}
// with stdout and stderr as Buffers.
function js(args, input) {
  return spawnSync(process.execPath, [cli, ...args], { input: input ?? '', cwd: root, maxBuffer: 1 << 28 });
}

function text(r) {
  return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

test('tests/cli/run.sh passes against node dist/cli.mjs', { timeout: 600_000 }, () => {
  const r = spawnSync('bash', [join(root, 'tests', 'cli', 'run.sh'), process.execPath, cli], {
    cwd: root, encoding: 'utf8', maxBuffer: 1 << 26,
  });
  const lines = r.stdout.trimEnd().split('\n');
  const last = lines[lines.length - 1];
  assert.match(last, /^\d+ passed, \d+ failed$/, r.stdout + r.stderr);
  const [passed, failed] = last.match(/\d+/g).map(Number);
  assert.equal(failed, 0, r.stdout);
  assert.ok(passed > 250, last);
  assert.equal(r.status, 0);
});

test('package.json names dist/cli.mjs as the bin toolsig, and ships it', () => {
  assert.deepEqual(pkg.bin, { toolsig: './dist/cli.mjs' });
  assert.ok(pkg.files.includes('dist/*.mjs'));
  const head = readFileSync(cli, 'utf8').split('\n')[0];
  assert.equal(head, '#!/usr/bin/env node');
  assert.ok(statSync(cli).mode & 0o111, 'dist/cli.mjs is executable');
});

test('--version prints the package version; help lists every command', () => {
  assert.deepEqual(text(js(['--version'])), { status: 0, stdout: `toolsig ${pkg.version}\n`, stderr: '' });
  const help = text(js(['--help']));
  assert.equal(help.status, 0);
  for (const cmd of ['check', 'validate', 'normalize', 'schema', 'from-schema', 'from-tools', 'tool', 'tools',
    'placeholders', 'redact']) {
    assert.match(help.stdout, new RegExp(`\\n  ${cmd} +\\S`));
  }
});

test('validate reads standard input and exits 0, 1 or 2', () => {
  const sig = '(id :int, name :string) -> :bool';
  assert.deepEqual(text(js(['validate', sig, '--input'], '{"id":"42","name":"Alice"}')), {
    status: 0, stdout: 'Tool validation warnings:\n- id: coerced string "42" to int\n', stderr: '',
  });
  assert.deepEqual(text(js(['validate', sig], '"yes"')), {
    status: 1, stdout: 'Return validation errors:\n- expected bool, got string "yes"\n', stderr: '',
  });
  const bad = text(js(['validate', sig, '-'], '{"id":'));
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^JSON error at 1:7: /);
});

test('@FILE bytes reach the core untouched: NUL bytes and invalid UTF-8', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolsig-cli-'));
  try {
    writeFileSync(join(dir, 'nul.txt'), Buffer.from('(a :int) -> \0:int', 'latin1'));
    const nul = text(js(['check', `@${join(dir, 'nul.txt')}`]));
    assert.equal(nul.status, 2);
    assert.match(nul.stderr, /^signature error at 1:13: .*NUL/);
    // The error picture shows a bad byte as '?'; the tool name is echoed
    // byte for byte.
    writeFileSync(join(dir, 'bad.txt'), Buffer.from([0x28, 0x61, 0x20, 0x3a, 0x69, 0x6e, 0x74, 0x29, 0xff]));
    const bad = text(js(['check', `@${join(dir, 'bad.txt')}`]));
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.split('\n')[1], '  (a :int)?');
    writeFileSync(join(dir, 'desc.txt'), Buffer.from([0x41, 0xfe, 0x42]));
    const desc = js(['tool', 'n', ':int', `@${join(dir, 'desc.txt')}`]);
    assert.equal(desc.status, 0);
    assert.ok(desc.stdout.includes(Buffer.from([0x20, 0x20, 0x41, 0xfe, 0x42, 0x0a])), desc.stdout.toString('latin1'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file that cannot be read is reported in the C library\'s words', () => {
  const missing = text(js(['normalize', '/no/such/file.json']));
  assert.deepEqual(missing, {
    status: 2, stdout: '', stderr: 'toolsig normalize: cannot open FILE "/no/such/file.json": No such file or directory\n',
  });
  const dir = text(js(['validate', ':any', root]));
  assert.deepEqual(dir, { status: 2, stdout: '', stderr: `toolsig validate: cannot read FILE (${root}): Is a directory\n` });
  const notDir = text(js(['check', `@${join(cli, 'x')}`]));
  assert.equal(notDir.stderr, `toolsig check: cannot open SIG "${join(cli, 'x')}": Not a directory\n`);
});

test('the core asks for each input before it runs the command line to its end', () => {
  // validate SIG FILE: first the signature's file, then the document.
  const ask = (files) => {
    const a = runCommandLine(['toolsig', 'validate', '@sig.txt', 'doc.json'], files);
    const v = new DataView(a.buffer, a.byteOffset, a.byteLength);
    return v.getUint32(0, true) === 0xffffffff
      ? { needs: new TextDecoder().decode(a.subarray(8)), limit: v.getUint32(4, true) }
      : { status: v.getUint32(0, true), output: new TextDecoder().decode(a.subarray(9)) };
  };
  assert.deepEqual(ask([]), { needs: 'sig.txt', limit: 2 ** 30 });
  const sig = { path: 'sig.txt', status: 0, data: new TextEncoder().encode(':int') };
  assert.deepEqual(ask([sig]), { needs: 'doc.json', limit: 2 ** 30 });
  const doc = { path: 'doc.json', status: 0, data: new TextEncoder().encode('"x"') };
  assert.deepEqual(ask([sig, doc]), { status: 1, output: 'Return validation errors:\n- expected int, got string "x"\n' });
  const gone = { path: 'doc.json', status: 1, reason: 'No such file or directory' };
  assert.deepEqual(ask([sig, gone]), {
    status: 2, output: 'toolsig validate: cannot open FILE "doc.json": No such file or directory\n',
  });
});

test('the command-line entry point is not part of the API', () => {
  const require = createRequire(import.meta.url);
  assert.ok(!('runCommandLine' in esm));
  assert.ok(!('runCommandLine' in require('../../dist/node.cjs')));
});

test('an argument that is not UTF-8 reaches the core with U+FFFD (Node decodes the command line)', () => {
  // The documented difference: the JS tool prints what the native tool
  // prints for the argument with U+FFFD in place of the bad byte.
  const r = spawnSync('bash', ['-c', 'exec "$@" check $\'(a :int) -> \\xff\'', 'bash', process.execPath, cli]);
  assert.equal(r.status, 2);
  assert.deepEqual(text(r), text(js(['check', '(a :int) -> \ufffd'])));
  assert.match(r.stderr.toString('utf8'), /found "\ufffd"/);
});

test('differences from Node: a closed standard input reads as empty, a closed pipe is a write error', () => {
  // Node reopens a closed standard input on /dev/null before any JS runs.
  const closed = spawnSync('bash', ['-c', 'exec "$@" normalize <&-', 'bash', process.execPath, cli], { encoding: 'utf8' });
  assert.equal(closed.status, 2);
  assert.match(closed.stderr, /^JSON error at 1:1: expected a JSON value, found end of input\n/);
  // Node ignores SIGPIPE: the output that cannot be written is reported.
  const big = `{"q":"${'a'.repeat(1 << 21)}"}`;
  const pipe = spawnSync('bash', ['-c', '"$@" normalize | head -c 1 >/dev/null; exit "${PIPESTATUS[0]}"', 'bash',
    process.execPath, cli], { input: big, encoding: 'utf8' });
  assert.equal(pipe.status, 2);
  assert.equal(pipe.stderr, 'toolsig: cannot write the output\n');
});

// ---- the same bytes as the native tool ----------------------------------

// The native binary, built (or brought up to date) with CMake; null when
// cmake is missing.
function nativeTool() {
  if (spawnSync('cmake', ['--version']).error) return null;
  const existing = ['release', 'dbg'].map((d) => join(root, 'build', d)).find((d) => existsSync(join(d, 'CMakeCache.txt')));
  const dir = existing ?? join(root, 'build', 'release');
  if (!existing) {
    const conf = spawnSync('cmake', ['-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release'], { encoding: 'utf8' });
    assert.equal(conf.status, 0, conf.stdout + conf.stderr);
  }
  const build = spawnSync('cmake', ['--build', dir, '--target', 'toolsig', '-j2'], { encoding: 'utf8' });
  assert.equal(build.status, 0, build.stdout + build.stderr);
  return join(dir, 'toolsig');
}

test('the native and the JS tool print the same bytes and exit alike', { timeout: 600_000 }, (t) => {
  const native = nativeTool();
  if (!native) {
    t.skip('cmake is missing: no native tool to compare with');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'toolsig-cli-'));
  const file = (name, bytes) => {
    const p = join(dir, name);
    writeFileSync(p, bytes);
    return p;
  };
  try {
    const sig = file('sig.txt', '(a :int,\n b [:string])\n  -> {ok :bool, _raw :any}\n');
    const nul = file('nul.txt', Buffer.from('(a :int) -> \0:int', 'latin1'));
    const badUtf8 = file('bad.txt', Buffer.from([0x28, 0x61, 0x20, 0x3a, 0x69, 0x6e, 0x74, 0x29, 0x20, 0xc3, 0x28]));
    const args = file('args.json', '{"a": "7",\n "b": ["x", 2]}\n');
    const badJson = file('bad.json', '{"a": 1,\n  "b": }\n');
    const badJsonUtf8 = file('bad-utf8.json', Buffer.from([0x22, 0xc3, 0x28, 0x22]));
    const schema = file('schema.json', '{"type":"object","properties":{"mode":{"enum":["a","b"]},"n":{"type":"integer"}},"required":["n"]}');
    const tools = file('tools.json', JSON.stringify({
      tools: [
        { name: 'search', description: 'Search.\nFast.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
        { name: 'pick', inputSchema: { type: 'object', properties: { mode: { enum: ['a', 'b'] } } } },
      ],
    }));
    const list = file('list.json', '[{"name":"get","sig":"(id :int) -> {name :string}","description":"Loads one."},{"name":"ping","sig":":bool"}]');
    const tpl = file('tpl.txt', 'Hi {{user.name}}, {{#items}}{{id}}{{/items}}');
    const desc = file('desc.txt', Buffer.from([0x41, 0xfe, 0x0a, 0x42]));
    const empty = file('empty.txt', '');
    const unreadable = file('unreadable.txt', '1');
    chmodSync(unreadable, 0);
    const missing = join(dir, 'missing.json');

    // [arguments, standard input]
    const cases = [
      [[]],
      [['--help']],
      [['-h']],
      [['help']],
      [['--version']],
      [['help', 'nope']],
      [['nope']],
      [['--nope']],
      ...['check', 'validate', 'normalize', 'schema', 'from-schema', 'from-tools', 'tool', 'tools', 'placeholders',
        'redact'].map((cmd) => [[cmd, '--help']]),
      [['help', 'redact']],
      [['validate', '(a', '-h']],
      [['check', '(query :string,limit:int)->{count :int, items [{id :int}]}']],
      [['check', '(query :string, limit) -> :int']],
      [['check', '(a :integer) -> :int', '--json']],
      [['check', '(q :string) -> {summary :string, _raw [:map]}', '--hide-firewalled', '--json']],
      [['check', `@${sig}`]],
      [['check', `@${nul}`]],
      [['check', `@${nul}`, '--json']],
      [['check', `@${badUtf8}`]],
      [['check', `@${empty}`]],
      [['check', `@${missing}`]],
      [['check', `@${unreadable}`]],
      [['check', `@${dir}`]],
      [['check', '@-'], '{x :int}'],
      [['check', '--', '-> :int']],
      [['check']],
      [['check', ':int', ':int']],
      [['check', ':int', '--json=yes']],
      [['check', ':int', '--jsn']],
      [['validate', `@${sig}`, args, '--input']],
      [['validate', `@${sig}`, args, '--input', '--json']],
      [['validate', `@${sig}`, '--mode=strict'], '{"ok":true,"extra":1}'],
      [['validate', `@${sig}`, '--mode', 'warn_only', '--json'], '{"ok":"yes"}'],
      [['validate', ':any', badJson]],
      [['validate', ':any', badJson, '--json']],
      [['validate', ':string', badJsonUtf8]],
      [['validate', ':any', missing]],
      [['validate', ':any', dir]],
      [['validate', '[:int]', '--max-errors', '1'], '["a","b","c"]'],
      [['validate', ':any', '--max-depth', '2'], '[[[1]]]'],
      [['validate', ':int', '--max-depth', '-1']],
      [['validate', ':int', '--mode', 'lenient']],
      [['validate', '@-', '-'], ':int'],
      [['validate', '(a', '-'], '1'],
      [['validate', ':any'], ''],
      [['normalize'], '{"user-name": "a-b", "rows": [{"x-y": 1.0}]}'],
      [['normalize', '-'], '{"a-b":1,"a_b":2}'],
      [['normalize', badJson]],
      [['schema', `@${sig}`]],
      [['schema', '(q :string, limit :int?) -> :any', '--params', '--strict']],
      [['schema', '[]']],
      [['from-schema', schema]],
      [['from-schema', schema, '--lossy']],
      [['from-schema'], '{"type":'],
      [['from-tools', tools]],
      [['from-tools', tools, '--lossy']],
      [['from-tools', tools, '--lossy', '--json']],
      [['from-tools'], '{"tool":[]}'],
      [['from-tools'], '[{}, {"name": 5}]'],
      [['tool', 'search', '(q :string) -> [{id :int, _score :float}]', 'Search.\nFast.']],
      [['tool', 'ping', ':bool', `@${desc}`]],
      [['tool', 'ping', '(a']],
      [['tool', 'onlyname']],
      [['tools', list]],
      [['tools'], '[{"name":"a","sig":"(q :string, limit) -> :int"},{"name":"b"}]'],
      [['placeholders', `@${tpl}`, '(user {name :string}, items [{id :int}]) -> :string']],
      [['placeholders', 'Hi {{user.email}} {{x}}', '(user {name :string}) -> :string']],
      [['placeholders', 'Hi {{x}}', '(a :int) -> :string', '--json']],
      [['redact', '{summary :string, _raw :any}', '--strip'], '{"summary":"s","_raw":[1,2],"rows":[{"-k":1}]}'],
      [['redact', '{summary :string, _raw :any}', '--mask'], '{"summary":"s","_raw":[1,2],"rows":[{"-k":1}]}'],
      [['redact', ':any'], '{}'],
      [['redact', ':any', '--strip'], '{"_a":'],
    ];
    assert.ok(cases.length >= 40);
    for (const [argv, input] of cases) {
      const n = spawnSync(native, argv, { input: input ?? '', maxBuffer: 1 << 26 });
      const j = js(argv, input);
      const what = `toolsig ${argv.map((a) => JSON.stringify(a)).join(' ')}`;
      assert.equal(j.status, n.status, `${what}: exit status`);
      assert.equal(j.stdout.toString('latin1'), n.stdout.toString('latin1'), `${what}: stdout`);
      assert.equal(j.stderr.toString('latin1'), n.stderr.toString('latin1'), `${what}: stderr`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('validate --stream prints each line as standard input arrives, before it ends', async () => {
  const child = spawn(process.execPath, [cli, 'validate', '{a :int}', '--stream'], { cwd: root });
  let out = '';
  const lines = [];
  let waiting = null;
  child.stdout.on('data', (d) => {
    out += d;
    while (out.includes('\n')) {
      lines.push(out.slice(0, out.indexOf('\n')));
      out = out.slice(out.indexOf('\n') + 1);
      if (waiting) waiting();
    }
  });
  const nextLine = (n) => new Promise((done) => {
    waiting = () => { if (lines.length >= n) done(); };
    waiting();
  });
  const exited = new Promise((done) => child.on('close', (code) => done(code)));
  child.stdin.write('{"a": 1');
  child.stdin.write('}');
  await nextLine(1); // with standard input still open
  assert.deepEqual(lines, ['complete']);
  child.stdin.write(' x');
  await nextLine(2);
  assert.match(lines[1], /^invalid: JSON error at 1:10: expected end of input, found "x"$/);
  child.stdin.end();
  assert.equal(await exited, 2);
  assert.equal(lines.length, 2);
});
