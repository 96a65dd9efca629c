// schemas.mjs: the functions over signatures and schemas that are not a
// Signature's methods: JSON Schema and tool imports, tool lists and
// templates for prompts, which side a tool is offered on, strict-mode
// warnings, key normalization, and what the core says about itself.
import { W, cut, info, putString, readOptions, shown, takeJSON, toJSONText, utf16Index } from './wasm.mjs';
import { SignatureError, importError, valueErrorMessage } from './results.mjs';
import { Signature, handleOf } from './signature.mjs';

const SCHEMA_LOSSY = 2;
// The options of importJsonSchema and importTool.
const IMPORT_OPTIONS = ['lossy'];

// The console text of strict-mode warnings about `what`.
function strictWarningText(what, warnings) {
  return `toolsig: OpenAI strict mode cannot express ${cut(what)}:\n${warnings.map((w) => `- ${w}`).join('\n')}`;
}

// A JSON Schema as this package writes it, as an OpenAPI 3.0 Schema Object
// (Gemini's function declarations): a type array with "null" becomes one
// type and "nullable": true, a {"type": "null"} member of anyOf becomes
// "nullable": true, and a numeric exclusive bound becomes the bound with a
// boolean exclusive flag. Everything else is already OpenAPI 3.0. Walks
// with its own stack; the schema's depth is the signature's (at most 64).
function toOpenApi30(root) {
  const stack = [root];
  while (stack.length) {
    const s = stack.pop();
    if (s === null || typeof s !== 'object') continue;
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t) => t !== 'null');
      if (types.length < s.type.length) s.nullable = true;
      s.type = types[0];
    }
    if (Array.isArray(s.anyOf)) {
      const members = s.anyOf.filter((m) => !(m && m.type === 'null' && Object.keys(m).length === 1));
      if (members.length < s.anyOf.length) s.nullable = true;
      s.anyOf = members;
      stack.push(...members);
    }
    for (const [bound, plain] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
      if (typeof s[bound] === 'number') {
        s[plain] = s[bound];
        s[bound] = true;
      }
    }
    if (s.properties) stack.push(...Object.values(s.properties));
    if (s.items) stack.push(s.items);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') stack.push(s.additionalProperties);
  }
  return root;
}

function asSignature(s) {
  if (s instanceof Signature) return [s, false];
  if (typeof s === 'string') return [Signature.parse(s), true];
  throw new TypeError('toolsig: expected a Signature or signature text');
}

/** Checks {{placeholders}} against a signature's parameters. */
function checkPlaceholders(template, signature) {
  if (typeof template !== 'string') throw new TypeError('toolsig: a template is a string');
  const [sig, owned] = asSignature(signature);
  try {
    const [ptr, len] = putString(template, false);
    const doc = takeJSON(W.tsig_api_placeholders(ptr, len, handleOf(sig)));
    for (const e of doc.errors) e.index = utf16Index(template, e.offset);
    return doc;
  } finally {
    if (owned) sig.free();
  }
}

// Exposure (the seed's expose): the sides a tool is offered on. Native is
// a function call the model makes; code is a call from code the model
// wrote. A tool declares 'native', 'code' or 'both', or nothing; an agent
// has one side or both (its `agent` mode). A tool that declares nothing is
// offered on every side its agent has; one that declares is offered on
// the sides it declares that its agent has.
const SIDES = ['native', 'code'];
const EXPOSURES = ['native', 'code', 'both'];
const RENDER_OPTIONS = ['agent'];

// Checks one of `known`; what: how the message names the value.
function oneOf(value, known, what) {
  if (!known.includes(value)) {
    const words = known.map((k) => `'${k}'`);
    const list = `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
    throw new TypeError(`toolsig: ${what} must be ${list}, got ${shown(value)}`);
  }
  return value;
}

// True when a tool declaring `expose` (null: nothing) is offered on `side`
// to an agent with `agent` ('native', 'code' or 'both'), all checked.
function exposed(expose, side, agent) {
  const has = (sides) => sides === 'both' || sides === side;
  return has(agent) && (expose == null || has(expose));
}

/**
 * Prompt text for tools [{name, signature, description, expose}] under
 * "## Tools you can call": the listing of what code the model writes can
 * call. A tool is listed when it is exposed to code (options.agent: the
 * sides the agent has, 'both' by default).
 */
function renderTools(tools, options) {
  const agent = oneOf(readOptions(options, 'renderTools', RENDER_OPTIONS).agent ?? 'both', EXPOSURES, 'renderTools: agent');
  if (!Array.isArray(tools)) throw new TypeError('toolsig: renderTools takes a list of tools');
  return renderToolList(tools, true, agent);
}

// renderTools, and Signature#renderTool (one tool, withHeader false).
function renderToolList(tools, withHeader, agent) {
  const list = [];
  const at = []; // the index in `tools` of each entry of list
  tools.forEach((t, i) => {
    if (t === null || typeof t !== 'object') throw new TypeError(`toolsig: tools[${i}] is not a tool`);
    // A Tool (or {signature: null}) without a signature renders as name(...) -> :any.
    const sig = 'signature' in t ? t.signature : t.sig;
    const text = sig instanceof Signature ? sig.canonical : sig;
    if (typeof t.name !== 'string') throw new TypeError(`toolsig: tools[${i}].name must be a string`);
    if (text !== null && typeof text !== 'string') {
      throw new TypeError(`toolsig: tools[${i}].signature must be a Signature, a string or null`);
    }
    const d = t.description;
    if (d != null && typeof d !== 'string') throw new TypeError(`toolsig: tools[${i}].description must be a string`);
    const expose = t.expose == null ? null : oneOf(t.expose, EXPOSURES, `tools[${i}].expose`);
    if (!exposed(expose, 'code', agent)) return;
    list.push({ name: t.name, sig: text, description: d ?? null });
    at.push(i);
  });
  const [ptr, len] = putString(JSON.stringify(list), true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_render_tools(ptr, len));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) {
    // A signature that does not parse: the SignatureError Signature.parse
    // gives (caret picture, hint, index), its message naming the tool.
    const e = doc.errors[0];
    const k = e.segments[0];
    if (typeof k === 'number') {
      const i = at[k];
      try {
        Signature.parse(list[k].sig).free();
      } catch (err) {
        if (err instanceof SignatureError) {
          err.message = `tools[${i}] (${list[k].name}): ${err.message}`;
          err.reason = `tools[${i}] (${list[k].name}): ${err.reason}`;
        }
        throw err;
      }
    }
    throw new TypeError(`toolsig: ${e.path ? `${e.path}: ` : ''}${e.message}`);
  }
  if (withHeader) return doc.text;
  const head = info().tools_header;
  return doc.text.startsWith(head) ? doc.text.slice(head.length) : doc.text;
}

// what: 'schema' or 'tool', as toJSONText names it.
function schemaText(schema, what) {
  if (typeof schema === 'string') return schema;
  return toJSONText(schema, what);
}

/** JSON Schema to Signature: {signature, warnings}; throws SignatureError naming a JSON Pointer. */
function importJsonSchema(schema, opts) {
  const { lossy } = readOptions(opts, 'importJsonSchema', IMPORT_OPTIONS);
  const text = schemaText(schema, 'schema');
  const [ptr, len] = putString(text, true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_from_schema(ptr, len, lossy ? SCHEMA_LOSSY : 0));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) throw importError(doc.error, schema);
  return { signature: Signature.parse(doc.canonical), warnings: doc.warnings };
}

/** An MCP or function-calling tool to {name, description, signature, warnings}. */
function importTool(tool, opts) {
  const { lossy } = readOptions(opts, 'importTool', IMPORT_OPTIONS);
  const text = schemaText(tool, 'tool');
  const [ptr, len] = putString(text, true);
  let doc;
  try {
    doc = takeJSON(W.tsig_api_tool_from_json(ptr, len, lossy ? SCHEMA_LOSSY : 0));
  } finally {
    W.free(ptr);
  }
  if (!doc.ok) throw importError(doc.error, tool);
  return { name: doc.name, description: doc.description, signature: Signature.parse(doc.signature), warnings: doc.warnings };
}

// Fills a template that passed checkPlaceholders with arguments (JSON text
// the signature accepted). For tools.mjs; not part of the public API.
// maxLength: the most bytes the text may have (0: the core's default).
function renderTemplate(template, sig, argsText, maxLength = 0) {
  const [tptr, tlen] = putString(template, true);
  let doc;
  try {
    const [aptr, alen] = putString(argsText, false);
    doc = takeJSON(W.tsig_api_render_template(tptr, tlen, handleOf(sig), aptr, alen, maxLength));
  } finally {
    W.free(tptr);
  }
  if (!doc.ok) {
    const message = `toolsig: cannot render the template: ${doc.error.message}`;
    if (doc.error.code === 'TSIG_ERR_TOO_LARGE') throw new RangeError(message);
    throw new Error(message);
  }
  return doc.text;
}

/** Every object key with "-" replaced by "_"; throws on a collision. */
function normalizeKeys(value) {
  const text = toJSONText(value, 'value');
  const [ptr, len] = putString(text, false);
  const doc = takeJSON(W.tsig_api_normalize(ptr, len));
  if (!doc.ok) throw new Error(valueErrorMessage(doc.error, value));
  return doc.value;
}

/**
 * What the core says about itself, for callers that show it: {version,
 * modes (the first is the default), reportTitles: {input, output}}. A
 * fresh copy each call.
 */
function coreInfo() {
  const { version, modes, report_titles: titles } = info();
  return { version, modes: [...modes], reportTitles: { input: titles.input, output: titles.output } };
}

export {
  EXPOSURES,
  SIDES,
  checkPlaceholders,
  exposed,
  oneOf,
  coreInfo,
  importJsonSchema,
  importTool,
  normalizeKeys,
  renderTemplate,
  renderToolList,
  renderTools,
  shown,
  strictWarningText,
  toOpenApi30,
};
