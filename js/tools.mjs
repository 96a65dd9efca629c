// tools.mjs: tools and prompt templates on top of Signature.
//
// A Tool is a function with its contract: the seed's normalized tool
// definition. Every check goes through the core (validateInput, validate,
// normalizeKeys, checkPlaceholders, template rendering); this file only
// sequences the steps, caches results and shapes provider definitions.
import {
  Signature,
  checkPlaceholders,
  describeArgument,
  formatReport,
  isNonJSON,
  info,
  isOutOfMemory,
  normalizeKeys,
  ownOptions,
  readOptions,
  renderTemplate,
  strictWarningText,
} from './core.mjs';

// Names every provider accepts (OpenAI's rule is the narrowest).
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_CACHE_SIZE = 100;

// The options each function and method takes.
const TOOL_OPTIONS = ['fn', 'signature', 'description', 'cache', 'cacheSize', 'mode', 'skip'];
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
  }

  get name() { return this.#name; }
  /** The Signature, or null for a tool whose arguments pass unchecked. */
  get signature() { return this.#signature; }
  get description() { return this.#description; }
  get cache() { return this.#cache !== null; }
  /** True when validation was switched off on purpose ({skip: true}). */
  get skip() { return this.#skip; }
  get mode() { return this.#mode; }

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

  async #invoke(args, text) {
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
   * rejects only with the TypeError of arguments JSON cannot carry (NaN, a
   * BigInt, a cycle: the caller's error) or the RangeError of wasm memory
   * running out.
   */
  call(args) {
    return this.#invoke(args, undefined);
  }

  /** As call(), from the JSON text of an LLM's tool call. */
  callJSON(text) {
    if (typeof text !== 'string') return Promise.reject(new TypeError('toolsig: callJSON takes JSON text (a string)'));
    return this.#invoke(undefined, text);
  }

  // Removes firewalled ("_") fields from a successful result's value.
  #forParent(r) {
    if (!r.ok) return r;
    return { ...r, value: (this.#signature ?? anySig()).redact(r.value, { mode: 'strip' }) };
  }

  /** As call(), with firewalled ("_") output fields removed: what a parent agent sees. */
  async callForParent(args) {
    return this.#forParent(await this.call(args));
  }

  /** As callJSON(), with firewalled output fields removed. */
  async callForParentJSON(text) {
    return this.#forParent(await this.callJSON(text));
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
   */
  async callMCP(args) {
    const r = await this.call(args ?? {});
    if (!r.ok) return { content: [{ type: 'text', text: r.report }], isError: true };
    const result = { content: [{ type: 'text', text: JSON.stringify(r.value) }] };
    if (this.#signature && this.toMCP().outputSchema) {
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
   * (MCP requires one): a typed map, :map, or a list (as {items: [...]}).
   */
  toMCP() {
    const tool = { name: this.#name };
    if (this.#description) tool.description = this.#description;
    tool.inputSchema = this.parametersSchema();
    if (this.#signature) {
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
 *   {fn, signature, description, cache, cacheSize, mode}
 *   {fn, skip: true, ...}                validation off on purpose
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
  const signature = options.signature == null ? null : toSignature(options.signature, `tool ${name}: signature`);
  return new Tool(name, {
    fn: options.fn,
    signature,
    description: options.description ?? null,
    skip: options.skip === true,
    mode,
    cache: options.cache === true,
    cacheSize,
  });
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
