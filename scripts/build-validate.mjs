// build-validate.mjs: the "toolsig/validate" entry point, for pages and
// edge functions that only parse and validate. Called by build-wasm.mjs
// once the library's objects are compiled; writes
//
// - dist/toolsig-validate.wasm: the library's objects linked with the
//   exports of js/validate-exports.txt only (link-time optimization drops
//   JSON Schema, templates and prompt rendering, which nothing exported
//   reaches), every file compiled for size (VALIDATE_LEVEL);
// - dist/validate-node.mjs, validate-node.cjs, validate-browser.mjs and
//   validate-edge.mjs: each loader of js/ bundled by esbuild with its own
//   copy of the core (js/core.mjs and the files it imports, read as the one
//   file dist/core.mjs is: one module, no wrapper per file) and
//   js/validate-api.mjs (functions nothing reaches left out, comments
//   and white space dropped, local names shortened, function and class
//   names kept), so the entry point never shares a core, and its wasm
//   memory, with `import 'toolsig'`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { StepError, repoRoot, run } from './lib.mjs';
import { commonJsTypes, jsSource } from './ship-js.mjs';

// The optimization of the validation hot path (json.c, validate.c) in this
// module; the rest is -Oz as in toolsig.wasm. bench/RESULTS.md has the
// size and speed of each choice.
export const VALIDATE_LEVEL = '-Oz';

export function validateExports() {
  return readFileSync(join(repoRoot, 'js', 'validate-exports.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

// The loaders, as js/ names them, and the format of each bundle.
const LOADERS = [
  ['validate-node.mjs', 'esm', 'node'],
  ['validate-node.cjs', 'cjs', 'node'],
  ['validate-browser.mjs', 'esm', 'browser'],
  ['validate-edge.mjs', 'esm', 'neutral'],
];

/**
 * ctx: {objects: the library's object files (paths from the repository's
 * root), hot: the sources compiled -O3 for toolsig.wasm, objectOf(source),
 * compile(level, sources, outDir), link(output, objects, names)}.
 */
export function buildValidate({ objects, hot, objectOf, compile, link }) {
  const dir = join('build', 'wasm-validate');
  rmSync(join(repoRoot, dir), { recursive: true, force: true });
  mkdirSync(join(repoRoot, dir), { recursive: true });
  compile(VALIDATE_LEVEL, hot, dir);
  const own = new Map(hot.map((f) => [objectOf(f), join(dir, f.replace(/^.*\//, '').replace(/\.c$/, '.o'))]));
  link('toolsig-validate.wasm', objects.map((o) => own.get(o) ?? o), validateExports());

  let esbuild;
  try {
    esbuild = createRequire(import.meta.url)('esbuild');
  } catch {
    throw new StepError('esbuild is missing (a devDependency): run `npm install` first');
  }
  // The loaders and validate-api.mjs as they are, beside the core as one file.
  const staged = join(repoRoot, 'build', 'js-validate');
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  for (const file of [...LOADERS.map(([f]) => f), 'validate-api.mjs', 'core.mjs']) {
    writeFileSync(join(staged, file), jsSource(file));
  }
  for (const [file, format, platform] of LOADERS) {
    esbuild.buildSync({
      entryPoints: [join(staged, file)],
      outfile: join(repoRoot, 'dist', file),
      bundle: true,
      format,
      platform,
      target: 'es2022',
      external: ['node:*', '*.wasm'],
      legalComments: 'none',
      // Spaces and line breaks go (1.5 KB less gzip than as written) and
      // local names are shortened (0.5 KB less); every function and class
      // keeps its name property (keepNames: Signature.name is 'Signature',
      // and a stack trace names each function of the core).
      minifyWhitespace: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      keepNames: true,
      banner: { js: `// toolsig (MIT): js/${file} bundled with js/validate-api.mjs and the core; the API is documented in js/index.d.ts.` },
      logLevel: 'warning',
    });
  }
  const types = readFileSync(join(repoRoot, 'js', 'validate.d.ts'), 'utf8');
  writeFileSync(join(repoRoot, 'dist', 'validate.d.cts'), commonJsTypes(types, 'validate'));
}
