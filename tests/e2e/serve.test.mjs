// The playground's static server (scripts/serve.mjs): the files the page
// needs with their content types, nothing else, on 127.0.0.1 only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/lib.mjs';
import { connect } from 'node:net';
import { resolveRequestPath, startServer, TIMEOUTS } from '../../scripts/serve.mjs';

let running;

before(async () => {
  running = await startServer({ port: 0 });
});

after(() => new Promise((resolve) => running.server.close(resolve)));

// A raw request (the path is sent exactly as written, no URL clean-up).
function get(path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: running.port, path, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('listens on 127.0.0.1 and prints the playground URL', () => {
  assert.equal(running.server.address().address, '127.0.0.1');
  assert.equal(running.url, `http://127.0.0.1:${running.port}/web-demo/`);
});

test('serves the page, its modules, the package and the wasm with their types', async () => {
  const want = {
    '/web-demo/': 'text/html; charset=utf-8',
    '/web-demo/index.html': 'text/html; charset=utf-8',
    '/web-demo/playground.mjs': 'text/javascript; charset=utf-8',
    '/web-demo/playground.css': 'text/css; charset=utf-8',
    '/web-demo/favicon.svg': 'image/svg+xml',
    '/dist/browser.mjs': 'text/javascript; charset=utf-8',
    '/dist/core.mjs': 'text/javascript; charset=utf-8',
    '/dist/toolsig.wasm': 'application/wasm',
  };
  for (const [path, type] of Object.entries(want)) {
    if (path.startsWith('/dist/') && !existsSync(join(repoRoot, path))) continue; // not built
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['content-type'], type, path);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(Number(res.headers['content-length']), res.body.length);
  }
  const page = await get('/web-demo/');
  assert.match(page.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  const head = await get('/web-demo/playground.mjs', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('redirects the root to the playground', async () => {
  for (const path of ['/', '/web-demo', '/index.html']) {
    const res = await get(path);
    assert.equal(res.status, 302, path);
    assert.equal(res.headers.location, '/web-demo/');
  }
});

test('refuses everything else: other files, traversal, encodings, methods', async () => {
  const refused = [
    '/package.json', '/README.md', '/scripts/serve.mjs', '/src/boundary/api.c', '/js/index.d.ts', '/js/core.mjs', '/dist/node.cjs',
    '/dist/core.cjs', '/dist/cli.mjs', '/dist/node.mjs', '/dist/edge.mjs', '/web-demo/../package.json', '/web-demo/%2e%2e/package.json', '/web-demo/..%2fpackage.json',
    '/js/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/web-demo/./index.html', '//web-demo/index.html',
    '/web-demo/index.html%00.css', '/web-demo\\index.html', '/web-demo/%E0%A4%A', '/etc/passwd',
    '/web-demo/sub/x.mjs', '/node_modules/playwright-core/package.json', '/.git/config', '/web-demo/.hidden.mjs',
  ];
  for (const path of refused) {
    const res = await get(path);
    assert.equal(res.status, 404, `${path} gave ${res.status}`);
  }
  assert.equal((await get('/web-demo/', 'POST')).status, 405);
  assert.equal((await get('/web-demo/', 'PUT')).status, 405);
});

test('resolveRequestPath maps only allowed paths', () => {
  assert.equal(resolveRequestPath('/web-demo/'), 'web-demo/index.html');
  assert.equal(resolveRequestPath('/dist/api.mjs'), 'dist/api.mjs');
  assert.equal(resolveRequestPath('/dist/toolsig.wasm'), 'dist/toolsig.wasm');
  for (const p of ['/dist/other.wasm', '/dist/sub/a.mjs', '/web-demo/a.txt', 'web-demo/index.html', '/web-demo/%ZZ']) {
    assert.equal(resolveRequestPath(p), null, p);
  }
});

test('a taken port is reported by number', async () => {
  await assert.rejects(startServer({ port: running.port }), new RegExp(`port ${running.port} on 127.0.0.1 is in use`));
});

test('serves only the modules the page loads: the browser builds of toolsig and toolsig/publish and their imports', () => {
  for (const p of ['/dist/browser.mjs', '/dist/core.mjs', '/dist/api.mjs', '/dist/tools.mjs', '/dist/toolsig.wasm',
    '/dist/publish-browser.mjs', '/dist/publish.mjs', '/dist/toolsig-cli.wasm']) {
    assert.equal(resolveRequestPath(p), p.slice(1));
  }
  for (const p of ['/dist/cli.mjs', '/dist/node.mjs', '/dist/edge.mjs', '/dist/publish-node.mjs', '/dist/core.cjs']) {
    assert.equal(resolveRequestPath(p), null, p);
  }
});

test('a half-sent request is closed after a short time, not Node\'s minute', async () => {
  assert.ok(TIMEOUTS.headersTimeout <= 10000 && TIMEOUTS.requestTimeout <= 10000);
  assert.ok(TIMEOUTS.keepAliveTimeout <= 5000);
  assert.equal(running.server.headersTimeout, TIMEOUTS.headersTimeout);
  assert.equal(running.server.requestTimeout, TIMEOUTS.requestTimeout);
  assert.equal(running.server.keepAliveTimeout, TIMEOUTS.keepAliveTimeout);
  // The same server with the timeouts shortened: the socket of a request
  // whose headers never end is closed by the server.
  const quick = await startServer({ port: 0, timeouts: { headersTimeout: 300, requestTimeout: 300 } });
  try {
    const started = Date.now();
    await new Promise((resolve, reject) => {
      const socket = connect(quick.port, '127.0.0.1', () => socket.write('GET /web-demo/ HTTP/1.1\r\nHost: x\r\n'));
      socket.on('error', reject);
      socket.on('data', () => {}); // a 408, if Node answers before closing
      socket.on('close', resolve);
    });
    assert.ok(Date.now() - started < 3000, `closed after ${Date.now() - started} ms`);
  } finally {
    await new Promise((resolve) => quick.server.close(resolve));
  }
});
