// ship-js.mjs: the JS files the package ships, written to dist/ from js/
// minified: comments (about a third of js/core.mjs and js/tools.mjs; the
// types and their documentation are in js/index.d.ts) and white space go,
// local names are shortened, and every function and class keeps its name
// (esbuild's keepNames: Signature.name is 'Signature', and a stack trace
// names each function of the core). Every loader's relative path
// ('../dist/toolsig.wasm', './core.mjs') resolves the same from dist/ as
// from js/.
//
// Comments go first, here (stripComments: the program is kept, which
// tests/js/shipped.test.mjs checks with TypeScript's parser); the
// CommonJS forms of core.mjs and tools.mjs are made from that text
// (toCommonJS); then esbuild (a devDependency) minifies each file.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { StepError, repoRoot } from './lib.mjs';

// The package's JS, as js/ names it; each is written to dist/ under the
// same name. core.cjs and tools.cjs come from these by toCommonJS.
export const SHIPPED_JS = ['api.mjs', 'browser.mjs', 'cli.mjs', 'core.mjs', 'edge.mjs', 'node.cjs', 'node.mjs',
  'publish.mjs', 'publish-browser.mjs', 'publish-node.mjs', 'tools.mjs'];

// The files js/core.mjs imports, in the order dist/core.mjs holds them:
// the package ships the core as one file, so that it is one module (one
// wasm instance's state, which a copy imported under another URL does not
// share) and its CommonJS form one file too.
export const CORE_PARTS = ['wasm.mjs', 'results.mjs', 'fast.mjs', 'signature.mjs', 'schemas.mjs'];

// The files js/publish.mjs imports, in the order dist/publish.mjs holds
// them: toolsig/publish is one module too, over its own wasm instance.
export const PUBLISH_PARTS = ['wasm.mjs', 'results.mjs'];

// text without its import lists, each of which must name one of CORE_PARTS.
function withoutImports(text, file, parts = CORE_PARTS) {
  const out = text.replace(/^import \{[^}]*\} from '\.\/([\w-]+\.mjs)';\n/gm, (_, from) => {
    if (!parts.includes(from)) throw new StepError(`js/${file} imports ./${from}, not one of the core's files`);
    return '';
  });
  if (/^\s*import\s/m.test(out)) throw new StepError(`js/${file} has an import that is not a list from the core's files`);
  return out;
}

/**
 * The source of dist/core.mjs: each of CORE_PARTS without its imports and
 * its closing export list, then js/core.mjs without its imports (its
 * export list names what the package's other files import). read(file)
 * gives js/<file>'s text.
 */
export function coreSource(read, entry = 'core.mjs', partFiles = CORE_PARTS) {
  const parts = partFiles.map((file) => {
    const text = withoutImports(read(file), file, partFiles);
    const at = text.lastIndexOf('\nexport {');
    if (at < 0 || /^\s*export\s/m.test(text.slice(0, at)) || !/^\nexport \{[^}]*\};\n$/.test(text.slice(at))) {
      throw new StepError(`js/${file} must end with one export list and export nothing else`);
    }
    return text.slice(0, at + 1);
  });
  return [...parts, withoutImports(read(entry), entry, partFiles)].join('\n');
}

/** js/<file>'s text, and for core.mjs the text dist/core.mjs is written from. */
export function jsSource(file) {
  const read = (f) => readFileSync(join(repoRoot, 'js', f), 'utf8');
  if (file === 'core.mjs') return coreSource(read);
  if (file === 'publish.mjs') return coreSource(read, 'publish.mjs', PUBLISH_PARTS);
  return read(file);
}

// After these a "/" starts a regular expression, not a division: a
// punctuator that cannot end an operand, or a keyword that takes one.
const BEFORE_REGEX_PUNCT = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const BEFORE_REGEX_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'instanceof', 'yield', 'await']);

/**
 * source without its comments, blank lines, indentation and trailing
 * spaces; strings, template literals (whose text is kept byte for byte,
 * line breaks and indentation included) and regular expressions are
 * copied as they are. Each line break outside a literal is kept where
 * code follows it, so automatic semicolon insertion reads the same
 * program. Throws a StepError on a literal or comment that does not end.
 * The grammar covered is the one js/ uses: no HTML comments, no "/"
 * regex after ")" (as in `if (x) /re/.test(y)`).
 */
export function stripComments(source, name = 'source') {
  const n = source.length;
  let out = '';
  let i = 0;
  let last = ''; // the last significant token's text, for "/"
  const templateDepths = []; // brace depth of each open ${ ... }
  const fail = (what) => {
    throw new StepError(`${name}: ${what} does not end (at offset ${i})`);
  };
  const emit = (text) => {
    out += text;
  };
  // A line break: trailing spaces go, a blank line is not written.
  const newline = () => {
    out = out.replace(/[ \t]+$/, '');
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  // Copies a quoted string from i (at its quote) through its closing quote.
  const string = (quote) => {
    let j = i + 1;
    while (j < n && source[j] !== quote) {
      if (source[j] === '\\') j++;
      else if (source[j] === '\n') fail('a string');
      j++;
    }
    if (j >= n) fail('a string');
    emit(source.slice(i, j + 1));
    i = j + 1;
  };
  // Copies template text from i (just after ` or }) up to and including
  // the closing ` (returns false) or the next ${ (returns true).
  const templateText = () => {
    let j = i;
    while (j < n && source[j] !== '`' && !(source[j] === '$' && source[j + 1] === '{')) {
      if (source[j] === '\\') j++;
      j++;
    }
    if (j >= n) fail('a template literal');
    const opens = source[j] === '$';
    emit(source.slice(i, opens ? j + 2 : j + 1));
    i = opens ? j + 2 : j + 1;
    return opens;
  };
  const regex = () => {
    let j = i + 1;
    let inClass = false;
    while (j < n && (inClass || source[j] !== '/')) {
      if (source[j] === '\n') fail('a regular expression');
      if (source[j] === '\\') j++;
      else if (source[j] === '[') inClass = true;
      else if (source[j] === ']') inClass = false;
      j++;
    }
    if (j >= n) fail('a regular expression');
    j++;
    while (j < n && /[a-z]/.test(source[j])) j++;
    emit(source.slice(i, j));
    i = j;
  };

  if (source.startsWith('#!')) { // the bin's interpreter line
    const end = source.indexOf('\n');
    emit(source.slice(0, end < 0 ? n : end));
    newline();
    i = end < 0 ? n : end + 1;
  }
  while (i < n) {
    const c = source[i];
    if (c === '\n') {
      newline();
      i++;
      while (i < n && (source[i] === ' ' || source[i] === '\t')) i++; // indentation
    } else if (c === ' ' || c === '\t' || c === '\r') {
      if (!out.endsWith('\n') && out !== '') emit(c === '\r' ? '' : c);
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) fail('a block comment');
      // A comment with a line break in it separates like a line break.
      if (source.slice(i, end).includes('\n')) newline();
      else if (!/[ \t\n]$/.test(out) && out !== '') emit(' ');
      i = end + 2;
    } else if (c === '"' || c === "'") {
      string(c);
      last = 'a';
    } else if (c === '`') {
      i++;
      emit('`');
      if (templateText()) templateDepths.push(0), (last = '{');
      else last = 'a';
    } else if (c === '/') {
      if (last === '' || BEFORE_REGEX_PUNCT.has(last) || BEFORE_REGEX_WORDS.has(last)) {
        regex();
        last = 'a';
      } else {
        emit(c);
        i++;
        last = c;
      }
    } else if (c === '{' || c === '}') {
      const depths = templateDepths;
      if (c === '}' && depths.length && depths[depths.length - 1] === 0) {
        depths.pop(); // the end of a ${ ... }: template text follows
        emit('}');
        i++;
        if (templateText()) depths.push(0), (last = '{');
        else last = 'a';
      } else {
        if (depths.length) depths[depths.length - 1] += c === '{' ? 1 : -1;
        emit(c);
        i++;
        last = c;
      }
    } else if (/[A-Za-z0-9_$.]/.test(c)) {
      let j = i;
      while (j < n && /[A-Za-z0-9_$]/.test(source[j])) j++;
      if (j === i) j++; // a lone "."
      const word = source.slice(i, j);
      emit(word);
      // A word after "." is a property name, never a keyword.
      last = out.length > word.length && out[out.length - word.length - 1] === '.' ? 'a' : word;
      if (/^[0-9.]/.test(word)) last = word === '.' ? '.' : 'a';
      i = j;
    } else {
      emit(c);
      i++;
      last = c;
    }
  }
  if (templateDepths.length) fail('a template literal');
  newline();
  return out;
}

// The CommonJS forms: dist/<name>.cjs from js/<name>.mjs.
export const COMMONJS_FORMS = ['core.mjs', 'tools.mjs'];

/**
 * The CommonJS form of the comment-free text of dist/core.mjs (js/core.mjs
 * and its imports, shipped as one file) or of js/tools.mjs: each may
 * import from './core.mjs' only (one import list, which becomes a require
 * of ./core.cjs) and ends with one `export { ... };` list, which becomes
 * module.exports.
 */
export function toCommonJS(source, name) {
  let body = source;
  const imported = /^import \{([^}]*)\} from '\.\/core\.mjs';$/m;
  body = body.replace(imported, (_, names) => `const {${names}} = require('./core.cjs');`);
  const at = body.lastIndexOf('\nexport {');
  if (at < 0 || /^\s*(import|export)\s/m.test(body.slice(0, at))) {
    throw new StepError(`js/${name} must import from './core.mjs' only and end with one export list`);
  }
  const list = body.slice(at + '\nexport '.length).replace(/;\s*$/, '');
  return `'use strict';\n${body.slice(0, at)}\nmodule.exports = ${list};\n`;
}

let esbuild = null;

/**
 * code minified by esbuild: white space, shorter syntax, shorter local
 * names, each function and class keeping its name (keepNames). file
 * (dist/'s name) says the module kind: a .cjs file is CommonJS, whose
 * top-level names are the module's own, so they are shortened too. The
 * syntax is left at ES2022 (class static blocks and private methods, as
 * js/ is written). Throws a StepError when esbuild is not installed.
 */
export function minify(code, file) {
  if (!esbuild) {
    try {
      esbuild = createRequire(import.meta.url)('esbuild');
    } catch {
      throw new StepError('esbuild is missing (a devDependency): run `npm install` first');
    }
  }
  return esbuild.transformSync(code, {
    minify: true,
    keepNames: true,
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    format: file.endsWith('.cjs') ? 'cjs' : undefined,
    sourcefile: `dist/${file}`,
    logLevel: 'warning',
  }).code;
}

// A line naming the shipped file's source goes first (after the bin's
// interpreter line).
function withHeader(code, from) {
  const header = `// toolsig (MIT): ${from}, minified; the API is documented in js/index.d.ts.\n`;
  if (!code.startsWith('#!')) return header + code;
  const end = code.indexOf('\n') + 1;
  return code.slice(0, end) + header + code.slice(end);
}

const sourceName = (file) => (file === 'core.mjs' || file === 'publish.mjs' ? `js/${file} and its imports` : `js/${file}`);

/** The shipped form of js/<file> (source: jsSource(file)): a line naming its source, then the code minified. */
export function shippedForm(source, file) {
  return withHeader(minify(stripComments(source, `js/${file}`), file), sourceName(file));
}

/** dist/<name>.cjs, the CommonJS form of js/<file> (one of COMMONJS_FORMS; source: jsSource(file)). */
export function commonJsForm(source, file) {
  const cjs = file.replace(/\.mjs$/, '.cjs');
  return withHeader(minify(toCommonJS(stripComments(source, `js/${file}`), file), cjs), `${sourceName(file)} as CommonJS`);
}

// The declarations js/ has, each of which the package also ships as
// dist/<name>.d.cts for require('toolsig').
export const SHIPPED_TYPES = ['index', 'standard-schema', 'signature-types'];

/**
 * The CommonJS declarations of js/<name>.d.ts: the same text (comments
 * kept, editors show them), its relative imports ('./x.js') pointing at
 * the .d.cts beside it. TypeScript reads a .d.ts of this "type": "module"
 * package as an ES module, which a CommonJS file may not require under
 * "module": "node16" (or "nodenext" before TypeScript 5.8); node.cjs's
 * `module.exports = {Signature, ...}` is what `export declare class
 * Signature` describes in a .d.cts. Throws a StepError if an import does
 * not name a file SHIPPED_TYPES has.
 */
function commonJsTypes(source, name) {
  const code = source.replace(/from '\.\/([\w-]+)\.js'/g, (_, imported) => {
    if (!SHIPPED_TYPES.includes(imported)) throw new StepError(`js/${name}.d.ts imports ./${imported}.js, not shipped`);
    return `from './${imported}.cjs'`;
  });
  return `// toolsig (MIT): js/${name}.d.ts for CommonJS (require('toolsig')).\n${code}`;
}

/**
 * Writes dist/<file> for each of SHIPPED_JS, the CommonJS form of each of
 * COMMONJS_FORMS, and dist/<name>.d.cts for each of SHIPPED_TYPES.
 */
export function shipJs() {
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  for (const file of SHIPPED_JS) {
    writeFileSync(join(repoRoot, 'dist', file), shippedForm(jsSource(file), file));
  }
  for (const file of COMMONJS_FORMS) {
    writeFileSync(join(repoRoot, 'dist', file.replace(/\.mjs$/, '.cjs')), commonJsForm(jsSource(file), file));
  }
  chmodSync(join(repoRoot, 'dist', 'cli.mjs'), 0o755); // the bin
  for (const name of SHIPPED_TYPES) {
    const source = readFileSync(join(repoRoot, 'js', `${name}.d.ts`), 'utf8');
    writeFileSync(join(repoRoot, 'dist', `${name}.d.cts`), commonJsTypes(source, name));
  }
}
