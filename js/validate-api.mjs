// validate-api.mjs: what the "toolsig/validate" entry point has of the
// package (parsing, validation, reports), over js/core.mjs bound to
// toolsig-validate.wasm. Each loader of the entry is bundled with this file
// and its own copy of core.mjs (scripts/build-validate.mjs), so it never
// shares a core with an `import 'toolsig'` in the same program: the two
// instances' memories and handles stay apart.
import { ABSENT, bind as bindCore } from './core.mjs';

// The functions of toolsig.wasm that toolsig-validate.wasm lacks, reached
// only through the Signature methods that need them (JSON Schema, redact,
// rendering): each is a stand-in that throws an error saying where they
// are, marked ABSENT so that those methods throw it before they look at
// their arguments.
const NOT_SHIPPED = {
  tsig_api_schema: 'JSON Schema',
  tsig_api_redact: 'redact()',
  tsig_api_render_tools: 'renderTool()',
  tsig_api_normalize: 'normalizeKeys()',
  tsig_api_placeholders: 'templates',
  tsig_api_render_template: 'templates',
  tsig_api_from_schema: 'JSON Schema import',
  tsig_api_tool_from_json: 'tool import',
};

/** Binds core.mjs to toolsig-validate.wasm's exports. */
export function bind(exports, fillRandom) {
  const all = { ...exports };
  for (const [name, what] of Object.entries(NOT_SHIPPED)) {
    if (typeof all[name] !== 'function') {
      all[name] = Object.assign(() => {
        throw new TypeError(`toolsig/validate has no ${what}: import it from "toolsig"`);
      }, { [ABSENT]: true });
    }
  }
  bindCore(all, fillRandom);
}

export { imports, Signature, SignatureError, formatReport } from './core.mjs';
