// serve.mjs: the small static server of the playground (node:http only).
//
// It serves the repository root so the page imports the package's own
// browser build as it ships (/dist/browser.mjs, which fetches
// /dist/toolsig.wasm next to it): one source of truth, no copies. Only the files the page needs are
// served (an allow-list, below); everything else is 404, whatever the path
// spells. It listens on 127.0.0.1 only.
//
// Run directly: `node scripts/serve.mjs` (PORT, default 8080), or import
// startServer() (the playground test listens on port 0 and reads the port).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './lib.mjs';

export const HOST = '127.0.0.1';
export const PLAYGROUND_PATH = '/web-demo/';

// Content types by extension; a file of any other extension is not served.
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

// What the page may load: the playground folder (its own files, no
// subfolders), the browser build of the package and the modules it imports
// (browser.mjs -> core.mjs, api.mjs -> tools.mjs), the wasm module, the
// browser build of toolsig/publish (the Compare view's diff:
// publish-browser.mjs -> publish.mjs, over toolsig-cli.wasm), and the ES
// modules of gpt-tokenizer (the token counts of the Import view,
// web-demo/tokens.mjs: its own build, as npm installed it). Not the
// command line's or Node's entry points (cli.mjs, node.mjs,
// publish-node.mjs, ...), nor anything else of node_modules.
const ALLOWED = [
  /^web-demo\/[A-Za-z0-9_-]+\.(html|css|mjs|svg|png)$/,
  /^dist\/(browser|core|api|tools|publish-browser|publish)\.mjs$/,
  /^dist\/toolsig(-cli)?\.wasm$/,
  /^node_modules\/gpt-tokenizer\/esm\/(?:[A-Za-z0-9_]+\/)?[A-Za-z0-9_]+(?:\.gen)?\.js$/,
];

// How long a connection may take (ms): a request's headers, a whole
// request, an idle kept-alive connection. Node's defaults (60 s for the
// headers, 5 min for a request) let a few idle half-sent requests hold
// sockets for a minute; the page's requests are small and local.
export const TIMEOUTS = { headersTimeout: 5000, requestTimeout: 10000, keepAliveTimeout: 2000 };

// The page runs no inline script or style and compiles only the wasm module.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

function extensionOf(path) {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(dot);
}

// Maps a request path to a file path relative to the repository root, or
// null when it is not one of the allowed files. The path is decoded once;
// anything with a dot segment, a backslash, a NUL or an encoded slash is
// refused before the allow-list is consulted, so no spelling reaches a file
// outside it.
export function resolveRequestPath(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || /[\\\0]/.test(path) || /%2f/i.test(urlPath)) return null;
  if (path.split('/').some((seg) => seg === '.' || seg === '..')) return null;
  if (path !== posix.normalize(path)) return null;
  let rel = path.slice(1);
  if (rel === 'web-demo/') rel = 'web-demo/index.html';
  if (!ALLOWED.some((re) => re.test(rel))) return null;
  if (!(extensionOf(rel) in MIME)) return null;
  return rel;
}

function send(res, status, headers, body) {
  res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(body);
}

// Answers one request: GET/HEAD of an allowed file, a redirect from / and
// /web-demo to the playground, 404 for everything else.
async function handle(req, res, root) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'method not allowed\n');
    return;
  }
  // The path exactly as sent (no URL clean-up: a dot segment is refused,
  // not resolved); the query string is ignored.
  const raw = req.url ?? '';
  const q = raw.indexOf('?');
  const pathname = q < 0 ? raw : raw.slice(0, q);
  if (pathname === '/' || pathname === '/web-demo' || pathname === '/index.html') {
    send(res, 302, { Location: PLAYGROUND_PATH }, '');
    return;
  }
  const rel = resolveRequestPath(pathname);
  if (rel === null) {
    send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'not found\n');
    return;
  }
  const file = join(root, ...rel.split('/'));
  if (!file.startsWith(root + sep)) {
    send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'not found\n');
    return;
  }
  let body;
  try {
    body = await readFile(file);
  } catch {
    const hint = rel.startsWith('dist/') ? 'not built: run node scripts/build-wasm.mjs\n' : 'not found\n';
    send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, hint);
    return;
  }
  const headers = {
    'Content-Type': MIME[extensionOf(rel)],
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
  };
  if (rel.endsWith('.html')) {
    headers['Content-Security-Policy'] = CSP;
    headers['Referrer-Policy'] = 'no-referrer';
  }
  send(res, 200, headers, req.method === 'HEAD' ? undefined : body);
}

/**
 * Starts the server on 127.0.0.1. port 0 picks a free port. Resolves to
 * {server, port, url} once listening (url is the playground's); rejects
 * with a message naming the port when it is taken. timeouts overrides
 * TIMEOUTS (the tests shorten them).
 */
export function startServer({ port = 8080, root = repoRoot, timeouts = TIMEOUTS } = {}) {
  const t = { ...TIMEOUTS, ...timeouts };
  // The timeouts are checked every connectionsCheckingInterval (30 s by
  // default): a tenth of the shortest one keeps them close to their word.
  const checkEvery = Math.max(50, Math.min(t.headersTimeout, t.requestTimeout) / 10);
  const server = createServer({ ...t, connectionsCheckingInterval: checkEvery }, (req, res) => {
    handle(req, res, root).catch(() => {
      if (!res.headersSent) send(res, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, 'server error\n');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = t.keepAliveTimeout;
  return new Promise((resolvePromise, reject) => {
    server.once('error', (e) => {
      reject(e.code === 'EADDRINUSE'
        ? new Error(`port ${port} on ${HOST} is in use: set PORT to another port`)
        : e);
    });
    server.listen(port, HOST, () => {
      const actual = server.address().port;
      resolvePromise({ server, port: actual, url: `http://${HOST}:${actual}${PLAYGROUND_PATH}` });
    });
  });
}

// The port from PORT (default 8080); exits with a message when PORT is not
// a port number.
export function portFromEnv() {
  const text = process.env.PORT ?? '8080';
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    console.error(`PORT must be a port number from 0 to 65535, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return port;
}

// Starts the server on port, or exits with the reason (a port in use says
// so at once, before anything else is done). Resolves to startServer's
// {server, port, url}.
export async function listenOrExit(port) {
  try {
    return await startServer({ port });
  } catch (e) {
    console.error(`toolsig playground: ${e.message}`);
    process.exit(1);
  }
}

// Prints the playground's URL of a running server and stops it on Ctrl-C.
export function announce(running) {
  console.log(`\ntoolsig playground: ${running.url}`);
  console.log('(serving on 127.0.0.1 only; Ctrl-C stops it)');
  const stop = () => {
    console.log('\ntoolsig playground: stopped');
    running.server.close();
    running.server.closeAllConnections?.();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return running;
}

// Serves until Ctrl-C, printing the playground's URL.
export async function serveForever(port) {
  return announce(await listenOrExit(port));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serveForever(portFromEnv());
