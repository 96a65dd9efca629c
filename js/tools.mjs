// tools.mjs: tools and prompt templates on top of Signature.
//
// A Tool is a function with its contract: the seed's normalized tool
// definition. Every check goes through the core (validateInput, validate,
// normalizeKeys, checkPlaceholders, template rendering, redaction, the
// return type's rendering); this file only sequences the steps, caches
// results (one cache for the two sides a tool is called on), makes the
// native side's previews of them and shapes provider definitions.
import {
  EXPOSURES,
  SIDES,
  Signature,
  checkPlaceholders,
  describeArgument,
  exposed,
  formatReport,
  isNonJSON,
  info,
  isOutOfMemory,
  normalizeKeys,
  oneOf,
  ownOptions,
  readOptions,
  renderTemplate,
  shown,
  strictWarningText,
  toJSONText,
} from './core.mjs';

// Names every provider accepts (OpenAI's rule is the narrowest).
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_CACHE_SIZE = 100;
// What runs a tool (the seed's type), the first being the default: this
// package runs none of them itself, fn is what calls the model or runs
// the sub-agent.
const TOOL_TYPES = ['native', 'llm', 'subagent'];
// The previews a native call of a tool exposed to both sides can give
// (nativeResult.preview), the first being the default, and the rows a
// 'rows' preview keeps by default (nativeResult.limit).
const PREVIEWS = ['metadata', 'rows'];
const DEFAULT_PREVIEW_LIMIT = 20;

// The options each function and method takes.
const TOOL_OPTIONS = ['fn', 'signature', 'description', 'cache', 'cacheSize', 'mode', 'skip', 'type', 'expose',
  'nativeResult'];
const NATIVE_RESULT_OPTIONS = ['preview', 'limit'];
const CALL_OPTIONS = ['side'];
const EXPOSED_OPTIONS = ['agent'];
const SCHEMA_OPTIONS = ['strict'];
const OPENAI_OPTIONS = ['strict', 'api', 'onWarning'];
const CHECKED_OPTIONS = ['title', 'onWarnings'];
const PROMPT_OPTIONS = ['maxLength'];

// The core's report titles ("Tool", "Return") and mode names, the first
// being the default: tsig_api_info, never copied here.
const reportTitle = (stage) => info().report_titles[stage];
const modes = () => info().modes;

let anySignature = null; // ":any", for reading the JSON of unchecked tools

function anySig() {
  if (!anySignature) anySignature = Signature.parse(':any');
  return anySignature;
}

/** Arguments, a result or a template's values that failed validation. */
class ValidationError extends Error {
  constructor(message, result, report) {
    super(message);
    this.name = 'ValidationError';
    this.errors = result.errors;
    this.warnings = result.warnings;
    this.report = report;
  }

  /** The report, as SignatureError's toString() is its caret picture (frameworks send toString() to a model). */
  toString() {
    return this.report;
  }
}

/** A prompt template whose placeholders do not match its signature. */
class TemplateError extends Error {
  constructor(template, errors) {
    const lines = errors.map((e) => `- ${e.message}`).join('\n');
    super(`template has ${errors.length} bad placeholder${errors.length === 1 ? '' : 's'}:\n${lines}`);
    this.name = 'TemplateError';
    this.template = template;
    this.errors = errors;
  }
}

function toSignature(value, what) {
  if (value instanceof Signature) return value;
  if (typeof value === 'string') return Signature.parse(value);
  throw new TypeError(`toolsig: ${what} must be signature text or a Signature`);
}

// JSON text with object keys sorted at every depth: equal arguments give
// equal cache keys whatever order their keys came in.
function canonicalJSON(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(',')}]`;
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(',')}}`;
}

// A failed step, shaped for an agent loop: `report` is always the text to
// feed back to the LLM.
function validationFailure(stage, result) {
  const title = reportTitle(stage === 'input' ? 'input' : 'output');
  return {
    ok: false,
    stage,
    errors: result.errors,
    warnings: result.warnings,
    report: formatReport(result, { title }),
  };
}

// The first number of a value read from JSON text that is not a finite
// double (a number beyond +-1.8e308 reads as Infinity): its path segments,
// or null. Iterative: the value may nest as deep as the reader allows.
function nonFinitePlace(value) {
  const stack = [[value, []]];
  while (stack.length) {
    const [v, segments] = stack.pop();
    if (typeof v === 'number' && !Number.isFinite(v)) return segments;
    if (v === null || typeof v !== 'object') continue;
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], [...segments, entries[i][0]]]);
  }
  return null;
}

// The SPEC path of segments (keys joined with ".", indexes as [i]).
function pathOf(segments) {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

function errorFailure(stage, error) {
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, stage, error: message, report: `Tool error: ${message}` };
}

// The kind of a value as SPEC §3 names the kinds of JSON values (a JS
// number is an int when it is whole).
function valueKind(v) {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'list';
  switch (typeof v) {
    case 'string': return 'string';
    case 'boolean': return 'bool';
    case 'number': return Number.isInteger(v) ? 'int' : 'float';
    default: return 'map';
  }
}

/** A function with its signature, description and validation. */
class Tool {
  #name;
  #fn;
  #signature;
  #description;
  #skip;
  #mode;
  #cache; // Map of canonical arguments -> value, in least-recently-used order
  #cacheSize;
  #type;
  #expose; // 'native', 'code', 'both', or null: every side of the agent
  #preview; // {preview, limit}: what a native call gives of a result; null: the result
  #shape = null; // the return type as a prompt shows it, made when first needed
  #warnedStrict = false; // console.warn has shown the strict-mode warnings

  constructor(name, options) {
    this.#name = name;
    this.#fn = options.fn;
    this.#signature = options.signature;
    this.#description = options.description;
    this.#skip = options.skip;
    this.#mode = options.mode;
    this.#cache = options.cache ? new Map() : null;
    this.#cacheSize = options.cacheSize;
    this.#type = options.type;
    this.#expose = options.expose;
    this.#preview = options.preview;
  }

  get name() { return this.#name; }
  /** The Signature, or null for a tool whose arguments pass unchecked. */
  get signature() { return this.#signature; }
  get description() { return this.#description; }
  get cache() { return this.#cache !== null; }
  /** True when validation was switched off on purpose ({skip: true}). */
  get skip() { return this.#skip; }
  get mode() { return this.#mode; }
  /** What runs the tool: 'native', 'llm' or 'subagent' (fn, in each case). */
  get type() { return this.#type; }
  /** The sides the tool is offered on: 'native', 'code', 'both', or null (every side of the agent). */
  get expose() { return this.#expose; }
  /** {preview, limit}: what a native call gives of a result; null when it gives the result. */
  get nativeResult() { return this.#preview; }

  /**
   * True when the tool is offered on `side` ('native': as a function call
   * the model makes; 'code': to code the model writes) by an agent with
   * the sides options.agent names ('native', 'code' or 'both', the
   * default). A tool without expose goes to every side of the agent.
   */
  exposedTo(side, options) {
    const agent = readOptions(options, 'exposedTo', EXPOSED_OPTIONS).agent ?? 'both';
    oneOf(side, SIDES, 'exposedTo: side');
    return exposed(this.#expose, side, oneOf(agent, EXPOSURES, 'exposedTo: agent'));
  }

  // The TypeError of `where` ("call", "toOpenAI", ...) used on a side the
  // tool is not exposed to.
  #mustBeExposed(side, where) {
    if (exposed(this.#expose, side, 'both')) return;
    const to = side === 'native' ? 'native calls' : 'code';
    throw new TypeError(`toolsig: ${where}: tool ${this.#name} is not exposed to ${to} (expose: '${this.#expose}')`);
  }

  // The side a call is made on: options.side (o, read as `where`), by
  // default code for a tool exposed to code only, else native.
  #sideOf(o, where) {
    const side = oneOf(o.side ?? (this.#expose === 'code' ? 'code' : 'native'), SIDES, `${where}: side`);
    this.#mustBeExposed(side, where);
    return side;
  }

  // Validates and normalizes the arguments: {ok:true, value, warnings} or a
  // failure. `text` is JSON text (from an LLM) or undefined for `args`.
  #prepare(args, text) {
    const sig = this.#signature;
    let value;
    let warnings = [];
    if (sig && !this.#skip) {
      const opts = { mode: this.#mode };
      const r = text === undefined ? sig.validateInput(args, opts) : sig.validateInputJSON(text, opts);
      if (!r.ok) return validationFailure('input', r);
      value = r.value;
      warnings = r.warnings;
    } else if (text !== undefined) {
      const r = anySig().validateJSON(text);
      if (!r.ok) return validationFailure('input', r);
      value = r.value;
    } else {
      value = args;
    }
    // Values JSON cannot carry. In arguments given as JS values (call()) they
    // are the caller's programming error: call() rejects with the TypeError,
    // with or without a signature, as validateInput does. In a result they
    // are the tool's failure, reported to the model (stage "output", below).
    // In the model's JSON text (callJSON()) only a number beyond the range
    // of a double can be one (it reads as Infinity): a validation error at
    // its path, which the model can act on, never "Tool error: ... Infinity".
    if (text !== undefined) {
      const segments = nonFinitePlace(value);
      if (segments) {
        const error = { path: pathOf(segments), segments, message: 'number beyond the range of a double (+-1.8e308)' };
        return validationFailure('input', { ok: false, errors: [error], warnings });
      }
    }
    try {
      value = normalizeKeys(value === undefined ? {} : value);
    } catch (e) {
      if (isOutOfMemory(e) || isNonJSON(e)) throw e; // not the arguments' fault / the caller's error
      return errorFailure('input', e);
    }
    return { ok: true, value, warnings };
  }

  // A call on `side`: the result, or on the native side of a tool with a
  // preview (nativeResult), the preview of a successful result.
  async #invoke(args, text, side) {
    const r = await this.#run(args, text);
    if (!r.ok || side !== 'native' || !this.#preview) return r;
    let value;
    try {
      value = await this.#previewOf(r.value);
    } catch (e) {
      if (isOutOfMemory(e)) throw e; // not the result's fault
      return errorFailure('output', e);
    }
    return { ...r, value, preview: true };
  }

  // The preview of a result (SPEC §3 kinds; firewalled fields hidden as a
  // prompt hides them, SPEC §7): {kind, count (a list's elements or a
  // map's keys), shape (the return type as a prompt shows it)}, with rows
  // for 'rows' and a list (its first `limit` elements, firewalled fields
  // masked); or what the preview function gives, as JSON has it.
  async #previewOf(value) {
    const { preview, limit } = this.#preview;
    if (typeof preview === 'function') {
      const out = await preview(value);
      if (out === null || typeof out !== 'object' || Array.isArray(out)) {
        throw new TypeError(`toolsig: tool ${this.#name}: nativeResult.preview must return an object, got ${valueKind(out === undefined ? null : out)}`);
      }
      return JSON.parse(toJSONText(out, 'value'));
    }
    // The value as JSON has it at the root (a Date is its string).
    const root = value !== null && typeof value === 'object' && typeof value.toJSON === 'function' ? value.toJSON('') : value;
    const kind = valueKind(root);
    const meta = { kind };
    if (kind === 'list') meta.count = root.length;
    // A map's keys as a prompt shows them: firewalled ones are not there.
    if (kind === 'map') meta.count = Object.keys(anySig().redact(root, { mode: 'strip' })).length;
    meta.shape = this.#returnShape();
    if (preview === 'rows' && kind === 'list') meta.rows = anySig().redact(root.slice(0, limit), { mode: 'mask' });
    return meta;
  }

  // The return type as a prompt shows it, firewalled fields hidden: the
  // core formats it as a signature of its own (the shorthand of SPEC §1
  // has no parameters), as renderTools writes it after "->". A tool
  // without signature returns :any.
  #returnShape() {
    if (this.#shape === null) {
      const alone = Signature.parse((this.#signature ?? anySig()).returns);
      try {
        this.#shape = alone.format({ hideFirewalled: true });
      } finally {
        alone.free();
      }
    }
    return this.#shape;
  }

  // Validates, runs (or reads the cache) and validates the result.
  async #run(args, text) {
    const prepared = this.#prepare(args, text);
    if (!prepared.ok) return prepared;
    const { value: input, warnings } = prepared;
    const key = this.#cache ? canonicalJSON(input) : null;
    if (key !== null && this.#cache.has(key)) {
      const value = this.#cache.get(key);
      this.#cache.delete(key); // most recently used goes last
      this.#cache.set(key, value);
      return { ok: true, value: structuredClone(value), warnings, cached: true };
    }
    let output;
    try {
      output = await this.#fn(input);
    } catch (e) {
      return errorFailure('call', e);
    }
    if (output === undefined) output = null; // a function that returns nothing returns nil
    let value = output;
    const sig = this.#signature;
    if (sig && !this.#skip) {
      let r;
      try {
        r = sig.validate(output, { mode: this.#mode });
      } catch (e) {
        if (isOutOfMemory(e)) throw e; // not the result's fault
        return errorFailure('output', e);
      }
      if (!r.ok) return validationFailure('output', r);
      value = r.value;
      if (r.warnings.length) warnings.push(...r.warnings);
    }
    if (key !== null) {
      this.#cache.set(key, structuredClone(value));
      if (this.#cache.size > this.#cacheSize) this.#cache.delete(this.#cache.keys().next().value);
    }
    return { ok: true, value, warnings };
  }

  /**
   * Calls the tool: arguments validated with coercion and key-normalized,
   * the function (sync or async), then its result validated strictly.
   * Resolves to {ok:true, value, warnings} or {ok:false, stage, report, ...};
   * rejects only with a TypeError of the caller's (arguments JSON cannot
   * carry: NaN, a BigInt, a cycle; a bad option; a side the tool is not
   * exposed to) or the RangeError of wasm memory running out.
   * options.side: 'native' (a function call of the model's) or 'code'
   * (code the model wrote calls it); by default code for a tool exposed to
   * code only, else native. A native call of a tool with a preview
   * (nativeResult) resolves to the preview, with preview: true; the
   * result stays in the cache for code.
   */
  async call(args, options) {
    return this.#invoke(args, undefined, this.#sideOf(readOptions(options, 'call', CALL_OPTIONS), 'call'));
  }

  /** As call(), from the JSON text of an LLM's tool call. */
  async callJSON(text, options) {
    if (typeof text !== 'string') throw new TypeError('toolsig: callJSON takes JSON text (a string)');
    return this.#invoke(undefined, text, this.#sideOf(readOptions(options, 'callJSON', CALL_OPTIONS), 'callJSON'));
  }

  // Removes firewalled ("_") fields from a successful result's value.
  #forParent(r) {
    if (!r.ok) return r;
    return { ...r, value: (this.#signature ?? anySig()).redact(r.value, { mode: 'strip' }) };
  }

  /** As call(), with firewalled ("_") output fields removed: what a parent agent sees. */
  async callForParent(args, options) {
    const side = this.#sideOf(readOptions(options, 'callForParent', CALL_OPTIONS), 'callForParent');
    return this.#forParent(await this.#invoke(args, undefined, side));
  }

  /** As callJSON(), with firewalled output fields removed. */
  async callForParentJSON(text, options) {
    if (typeof text !== 'string') throw new TypeError('toolsig: callForParentJSON takes JSON text (a string)');
    const side = this.#sideOf(readOptions(options, 'callForParentJSON', CALL_OPTIONS), 'callForParentJSON');
    return this.#forParent(await this.#invoke(undefined, text, side));
  }

  /** Forgets every cached result. */
  clearCache() {
    if (this.#cache) this.#cache.clear();
  }

  /** The parameters' JSON Schema (an open object for a tool without signature). */
  parametersSchema(options) {
    const o = readOptions(options, 'parametersSchema', SCHEMA_OPTIONS);
    if (!this.#signature) return { type: 'object', properties: {}, additionalProperties: true };
    return this.#signature.toolParametersSchema(o);
  }

  /** {name, description, signature (canonical), parameters (JSON Schema)}. */
  definition() {
    return {
      name: this.#name,
      description: this.#description,
      signature: this.#signature ? this.#signature.canonical : null,
      parameters: this.parametersSchema(),
    };
  }

  /**
   * The OpenAI function tool. Chat Completions shape by default
   * ({type:'function', function:{...}}); {api:'responses'} gives the
   * Responses API's flat shape. {strict:true} uses strict parameters;
   * `strict` is always present. What strict mode cannot express is given
   * to options.onWarning one message at a time, or else shown once per
   * tool with console.warn.
   */
  toOpenAI(opts) {
    const options = readOptions(opts, 'toOpenAI', OPENAI_OPTIONS);
    this.#mustBeExposed('native', 'toOpenAI');
    const strict = !!options.strict;
    if (options.api !== undefined && options.api !== 'chat' && options.api !== 'responses') {
      throw new TypeError(`toolsig: unknown OpenAI api ${JSON.stringify(options.api)} (apis: chat, responses)`);
    }
    if (options.onWarning !== undefined && typeof options.onWarning !== 'function') {
      throw new TypeError('toolsig: onWarning must be a function');
    }
    const fn = { name: this.#name };
    if (this.#description) fn.description = this.#description;
    fn.parameters = this.parametersSchema({ strict });
    fn.strict = strict;
    if (strict && this.#signature) {
      const warnings = this.#signature.strictWarnings().parameters;
      if (options.onWarning) {
        for (const w of warnings) options.onWarning(w);
      } else if (warnings.length && !this.#warnedStrict) {
        this.#warnedStrict = true;
        console.warn(strictWarningText(`the parameters of tool ${this.#name}`, warnings));
      }
    }
    if (options.api === 'responses') return { type: 'function', ...fn };
    return { type: 'function', function: fn };
  }

  /** The Anthropic Messages API tool: {name, description, input_schema}. */
  toAnthropic() {
    this.#mustBeExposed('native', 'toAnthropic');
    const tool = { name: this.#name };
    if (this.#description) tool.description = this.#description;
    tool.input_schema = this.parametersSchema();
    return tool;
  }

  /**
   * Calls the tool for an MCP tools/call request and answers with the MCP
   * CallToolResult: the result as JSON text (and as structuredContent when
   * toMCP() gives an outputSchema; a list as {items: [...]}), then, when
   * arguments were coerced, a second text block with the warnings report,
   * so the model learns to write them as they are typed. A failure is
   * {content: [the report], isError: true}, which MCP hands to the model.
   * It is a native call: a tool with a preview answers with the preview.
   */
  async callMCP(args) {
    this.#mustBeExposed('native', 'callMCP');
    const r = await this.#invoke(args ?? {}, undefined, 'native');
    if (!r.ok) return { content: [{ type: 'text', text: r.report }], isError: true };
    const result = { content: [{ type: 'text', text: JSON.stringify(r.value) }] };
    if (this.toMCP().outputSchema) {
      result.structuredContent = this.#signature.returnsList ? { items: r.value } : r.value;
    }
    if (r.warnings.length) {
      result.content.push({ type: 'text', text: formatReport({ warnings: r.warnings }, { title: reportTitle('input') }) });
    }
    return result;
  }

  /**
   * The config of MCP's McpServer.registerTool (SDK v2): {description,
   * inputSchema, outputSchema}. inputSchema lists the parameters' JSON
   * Schema but lets every value through, for callMCP to check: the model
   * then gets toolsig's report, and the warnings. outputSchema is the
   * signature (a Standard Schema) when toMCP() has one.
   */
  toMCPConfig() {
    this.#mustBeExposed('native', 'toMCPConfig');
    const config = {};
    if (this.#description) config.description = this.#description;
    const sig = this.#signature ?? anySig();
    const listed = this.#signature ? sig.input['~standard'] : null;
    config.inputSchema = {
      '~standard': {
        version: 1,
        vendor: 'toolsig',
        validate: (value) => ({ value }),
        jsonSchema: listed ? listed.jsonSchema : { input: () => this.parametersSchema(), output: () => this.parametersSchema() },
      },
    };
    if (this.#signature && this.toMCP().outputSchema) config.outputSchema = this.#signature;
    return config;
  }

  /**
   * The MCP tools/list entry: {name, description, inputSchema,
   * outputSchema?}. outputSchema is given when the result is an object
   * (MCP requires one): a typed map, :map, or a list (as {items: [...]}),
   * and a native call gives the result (no preview).
   */
  toMCP() {
    this.#mustBeExposed('native', 'toMCP');
    const tool = { name: this.#name };
    if (this.#description) tool.description = this.#description;
    tool.inputSchema = this.parametersSchema();
    if (this.#signature && !this.#preview) {
      const out = this.#signature.toJsonSchema();
      if (out.type === 'object') tool.outputSchema = out;
    }
    return tool;
  }
}

/**
 * Defines a tool. format is one of the seed's forms:
 *   fn                                   no signature: arguments pass unchecked
 *   [fn, signature]                      validated with the signature
 *   {fn, signature, description, cache, cacheSize, mode, type, expose, nativeResult}
 *   {fn, skip: true, ...}                validation off on purpose
 * A tool with expose: 'both' and cache: true previews its results on the
 * native side (nativeResult: {preview, limit}, a metadata preview by
 * default); nativeResult is refused on any other tool.
 * Throws a TypeError (or SignatureError) naming what is wrong.
 */
function defineTool(name, format) {
  if (typeof name !== 'string' || name === '') {
    throw new TypeError('toolsig: a tool needs a name (a non-empty string)');
  }
  if (!TOOL_NAME.test(name)) {
    throw new TypeError(`toolsig: tool name ${JSON.stringify(name)} must be 1 to 64 letters, digits, "_" or "-" (what every LLM provider accepts)`);
  }
  // Own properties only, on an object without a prototype (so that
  // Object.prototype.skip = true, set by anyone, cannot switch validation
  // off).
  let options;
  if (typeof format === 'function') options = ownOptions({ fn: format });
  else if (Array.isArray(format)) {
    if (format.length !== 2) throw new TypeError(`toolsig: tool ${name}: the list form is [fn, signature]`);
    options = ownOptions({ fn: format[0], signature: format[1] });
  } else if (format !== null && typeof format === 'object') options = readOptions(format, `tool ${name}`, TOOL_OPTIONS);
  else throw new TypeError(`toolsig: tool ${name}: expected a function, [fn, signature] or {fn, signature, ...}`);
  if (typeof options.fn !== 'function') throw new TypeError(`toolsig: tool ${name}: fn must be a function`);
  if (options.cache !== undefined && typeof options.cache !== 'boolean') {
    throw new TypeError(`toolsig: tool ${name}: cache must be true or false`);
  }
  if (options.skip !== undefined && typeof options.skip !== 'boolean') {
    throw new TypeError(`toolsig: tool ${name}: skip must be true or false`);
  }
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  if (!Number.isInteger(cacheSize) || cacheSize < 1) {
    throw new TypeError(`toolsig: tool ${name}: cacheSize must be a whole number of at least 1`);
  }
  const mode = options.mode ?? modes()[0];
  if (!modes().includes(mode)) {
    throw new TypeError(`toolsig: tool ${name}: unknown mode ${JSON.stringify(mode)} (modes: ${modes().join(', ')})`);
  }
  if (options.description != null && typeof options.description !== 'string') {
    throw new TypeError(`toolsig: tool ${name}: description must be a string`);
  }
  const type = oneOf(options.type ?? TOOL_TYPES[0], TOOL_TYPES, `tool ${name}: type`);
  const expose = options.expose == null ? null : oneOf(options.expose, EXPOSURES, `tool ${name}: expose`);
  const cache = options.cache === true;
  const preview = nativeResultOf(name, options.nativeResult, expose, cache);
  const signature = options.signature == null ? null : toSignature(options.signature, `tool ${name}: signature`);
  return new Tool(name, {
    fn: options.fn,
    signature,
    description: options.description ?? null,
    skip: options.skip === true,
    mode,
    cache,
    cacheSize,
    type,
    expose,
    preview,
  });
}

// The preview of tool `name`'s native calls, {preview, limit} (frozen), or
// null when a native call gives the result. The seed's contract: a
// preview stands for a result that code gets whole from the cache, so
// nativeResult needs expose: 'both' and cache: true; such a tool without
// it previews with the defaults. (expose: 'both' without the cache is
// legal: each side runs fn, and native calls get the result.)
function nativeResultOf(name, nativeResult, expose, cache) {
  if (nativeResult != null) {
    if (expose !== 'both') {
      throw new TypeError(`toolsig: tool ${name}: nativeResult needs expose: 'both' (the preview a native call gives stands for the result code gets)`);
    }
    if (!cache) {
      throw new TypeError(`toolsig: tool ${name}: nativeResult needs cache: true (code gets the whole result from the cache)`);
    }
  }
  if (expose !== 'both' || !cache) return null;
  const o = readOptions(nativeResult, `tool ${name}: nativeResult`, NATIVE_RESULT_OPTIONS);
  const preview = o.preview ?? PREVIEWS[0];
  if (typeof preview !== 'function' && !PREVIEWS.includes(preview)) {
    throw new TypeError(`toolsig: tool ${name}: nativeResult.preview must be 'metadata', 'rows' or a function, got ${shown(preview)}`);
  }
  const limit = o.limit ?? DEFAULT_PREVIEW_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new TypeError(`toolsig: tool ${name}: nativeResult.limit must be a whole number of at least 1, got ${shown(limit)}`);
  }
  return Object.freeze({ preview, limit });
}

/**
 * A framework's tool function with toolsig in front: the arguments (an
 * object, or the JSON text of a model's call) are validated against the
 * signature's parameters with coercion, and fn gets the coerced value and
 * the framework's other arguments. Bad arguments throw a ValidationError
 * whose message is the report (frameworks send a thrown error's message to
 * the model); warnings (coercions) go to options.onWarnings(warnings,
 * report) before fn runs. fn's result is returned as it is.
 */
function checked(signature, fn, options) {
  const sig = toSignature(signature, 'checked: the signature');
  if (typeof fn !== 'function') throw new TypeError('toolsig: checked(signature, fn): fn must be a function');
  const o = readOptions(options, 'checked', CHECKED_OPTIONS);
  const title = o.title ?? reportTitle('input');
  if (typeof title !== 'string') {
    throw new TypeError(`toolsig: checked: title must be a string, got ${describeArgument(title)}`);
  }
  const onWarnings = o.onWarnings;
  if (onWarnings !== undefined && typeof onWarnings !== 'function') throw new TypeError('toolsig: onWarnings must be a function');
  return async function checkedTool(args, ...rest) {
    const r = typeof args === 'string' ? sig.validateInputJSON(args) : sig.validateInput(args ?? {});
    if (!r.ok) {
      const report = formatReport(r, { title });
      throw new ValidationError(report, r, report);
    }
    if (r.warnings.length && onWarnings) onWarnings(r.warnings, formatReport({ warnings: r.warnings }, { title }));
    return fn(r.value, ...rest);
  };
}

/**
 * An error function for frameworks that turn a tool's thrown error into
 * text for the model through one ((context, error) => text, as OpenAI
 * Agents' errorFunction): a ValidationError (from checked) gives its
 * report; any other error a fixed text, since an application's own error
 * may say what the model must not read.
 */
function toolErrorReport(_context, error) {
  if (error instanceof ValidationError) return error.report;
  return 'An error occurred while running the tool. Please try again.';
}

/** A prompt template checked against a signature's parameters. */
class Prompt {
  #template;
  #signature;
  #placeholders;
  #maxLength;

  constructor(template, signature, placeholders, maxLength) {
    this.#template = template;
    this.#signature = signature;
    this.#placeholders = placeholders;
    this.#maxLength = maxLength;
  }

  get template() { return this.#template; }
  get signature() { return this.#signature; }
  /** Every placeholder name, first occurrence order. */
  get placeholders() { return [...this.#placeholders]; }

  /** Most UTF-8 bytes render() writes (definePrompt's maxLength). */
  get maxLength() { return this.#maxLength; }

  /**
   * Validates args against the parameters (with coercion) and fills the
   * template. Throws ValidationError (with the report) for bad arguments,
   * and a RangeError when the text would be longer than maxLength bytes
   * (found before the memory for it is taken).
   */
  render(args) {
    const r = this.#signature.validateInput(args);
    if (!r.ok) {
      const report = formatReport(r, { title: 'Prompt' });
      throw new ValidationError(`toolsig: the prompt's arguments are invalid:\n${report}`, r, report);
    }
    return renderTemplate(this.#template, this.#signature, JSON.stringify(r.value), this.#maxLength);
  }
}

// The longest rendered prompt by default, in UTF-8 bytes
// (TSIG_TEMPLATE_MAX_OUTPUT); the core's own limit is 1 GiB.
const DEFAULT_PROMPT_MAX_LENGTH = 1 << 20;
const PROMPT_MAX_LENGTH_LIMIT = 1 << 30;

/**
 * Defines a prompt template; every {{placeholder}} is checked against the
 * signature now. Throws TemplateError listing every bad placeholder.
 * options: {maxLength}, the most UTF-8 bytes render() may write (1 MiB by
 * default, at most 2^30).
 */
function definePrompt(template, signature, options) {
  if (typeof template !== 'string') throw new TypeError('toolsig: a template is a string');
  const maxLength = readOptions(options, 'definePrompt', PROMPT_OPTIONS).maxLength ?? DEFAULT_PROMPT_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > PROMPT_MAX_LENGTH_LIMIT) {
    throw new TypeError(`toolsig: maxLength must be a whole number of bytes from 1 to ${PROMPT_MAX_LENGTH_LIMIT}`);
  }
  const sig = toSignature(signature, 'the prompt signature');
  let check;
  try {
    check = checkPlaceholders(template, sig);
    if (!check.ok) throw new TemplateError(template, check.errors);
  } catch (e) {
    if (sig !== signature) sig.free(); // parsed here, for a prompt that is not made
    throw e;
  }
  return new Prompt(template, sig, check.placeholders, maxLength);
}

export { Tool, Prompt, ValidationError, TemplateError, defineTool, definePrompt, checked, toolErrorReport };
