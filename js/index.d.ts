// Type declarations of the toolsig package (every entry point exports the
// same API: Node ESM and CJS, browsers, edge runtimes).

/// <reference lib="esnext.disposable" />
// (Symbol.dispose, for `using`; TypeScript 5.2 or later.)

import type { StandardSchemaV1, StandardJSONSchemaV1 } from './standard-schema.js';
import type { SignatureTypes, UntypedSignature } from './signature-types.js';

export type { SignatureTypes, InferParams, InferReturns, UntypedSignature } from './signature-types.js';
export type { StandardSchemaV1, StandardJSONSchemaV1 } from './standard-schema.js';

/** A value of an enum, a default or a refinement bound, as JSON. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The parsed form of a type (SPEC "AST as JSON" and §11.2). */
export type TypeAst =
  | 'string' | 'int' | 'float' | 'bool' | 'keyword' | 'any' | 'map' | 'datetime'
  | { optional: TypeAst }
  | { list: TypeAst }
  | { map: FieldAst[] }
  /** `:enum[a b 1 true]`: the values (numbers keep their kind: `1.0` is a float in the text). */
  | { enum: Array<string | number | boolean> }
  /** `:string|:int`: the members, in order (never optional themselves). */
  | { union: TypeAst[] }
  /** `:int[1..100]`, `[:int][>=1]`: the base type and only the bounds it has. */
  | { refined: TypeAst; ge?: number; gt?: number; le?: number; lt?: number };

/** The annotations of a parameter or field: only the keys it has. */
export interface FieldAnnotations {
  /** The default as a JSON value (`= 10`). */
  default?: JsonValue;
  /** The description (`"max results"`). */
  description?: string;
}

/**
 * A parameter or a field: `[name, T]`, `[name, T, {default, description}]`
 * when it has either, and, last in a map, `["*", T]` (the type of every
 * key that is no declared field, SPEC §11.6).
 */
export type FieldAst =
  | [name: string, type: TypeAst]
  | [name: string, type: TypeAst, annotations: FieldAnnotations];

/** The parsed form of a signature. */
export interface SignatureAst {
  params: FieldAst[];
  returns: TypeAst;
}

export interface Param {
  name: string;
  /** The type in canonical form, e.g. ":int?" or "[{id :int}]". */
  type: string;
  optional: boolean;
  /** The default, when it has one (a parameter with a default may be left out). */
  default?: JsonValue;
  /** The description, when it has one. */
  description?: string;
}

export type Mode = 'enabled' | 'warn_only' | 'disabled' | 'strict';

export interface ValidateOptions {
  /** Default 'enabled'. */
  mode?: Mode;
  /** Errors kept before one "too many errors" entry: 1 to 2147483647; default 100. */
  maxErrors?: number;
  /** Nesting allowed in the data: 1 to 10000; default 1000. */
  maxDepth?: number;
  /**
   * JSON text only: read JSON as models write it (a code fence, text around
   * the value, trailing commas, comments, single or curly quotes, bare keys,
   * True/False/None, raw newlines in strings, a comma missing at a line
   * break), each repair a warning. Default false for validateJSON, true for
   * validateInputJSON. A cut-off text is never completed.
   */
  repair?: boolean;
}

export type PathSegment = string | number;

/** What an issue is about: stable names, never renamed. */
export type IssueCode =
  | 'type' | 'missing' | 'unexpected' | 'ambiguous' | 'duplicate_key' | 'coerced'
  | 'json_syntax' | 'too_deep' | 'too_many' | 'enum' | 'range' | 'length' | 'union'
  | 'wrapped' | 'repaired' | 'too_large' | 'schema' | 'signature';

/** One error or warning: where, what, and the part of the JSON text it is about. */
export interface Issue {
  /** "results[0].customer.id"; "" for the root. */
  path: string;
  segments: PathSegment[];
  /** "expected int, got string \"abc\"". */
  message: string;
  code: IssueCode;
  /**
   * The span, in bytes of the UTF-8 text validated (for a JS value, the
   * text JSON.stringify writes of it): the value at the path; for
   * 'missing' the object lacking the field; for 'duplicate_key' and
   * 'ambiguous' the second key; for a value read from a string that held
   * JSON the string; for 'too_many' the whole text; for a JSON text error
   * its position (length 0).
   */
  offset: number;
  length: number;
  /** offset as a UTF-16 index into the same text. */
  index: number;
  /** JSON text errors only: 1-based line and byte column. */
  line?: number;
  column?: number;
}

export type ValidationResult<T = unknown> =
  | { ok: true; value: T; errors: Issue[]; warnings: Issue[] }
  | { ok: false; errors: Issue[]; warnings: Issue[] };

export type StreamState = 'incomplete' | 'invalid' | 'complete';

export interface StreamOptions extends ValidateOptions {
  /** Validate tool arguments against the parameters (with coercion; repair on by default). */
  input?: boolean;
}

/** What a stream says after a push (SPEC §12.2). */
export interface StreamResult {
  /**
   * incomplete: the text so far can still become valid; invalid: it cannot
   * (errors has the earliest definite error); complete: a whole valid
   * value has been read (only whitespace may follow).
   */
  state: StreamState;
  /** The definite errors so far, placed in the text pushed so far. */
  errors: Issue[];
  /** Repair and coercion warnings, once the value is judged. */
  warnings: Issue[];
  /**
   * The value read so far, with open strings, lists and maps closed and an
   * unfinished number or literal left out (null before any), for showing
   * progress, never for running a tool. Computed when read, and readable
   * only until the next push or end(); end()'s is readable while the
   * signature is (a value some streams make when read, as their result's
   * value).
   */
  readonly partial: unknown;
}

/** The one-shot result of the whole text, with the stream's last state. */
export type StreamEndResult<T = unknown> = StreamResult & ValidationResult<T>;

/** A validator fed the text in chunks as a model streams it. */
export interface ValidationStream<T = unknown> {
  /** Feeds the next chunk (it may end anywhere, inside a character too). */
  push(chunk: string): StreamResult;
  /** Ends the stream: the one-shot result of the whole text; the memory is released. */
  end(): StreamEndResult<T>;
  /** Releases the stream's memory without ending it. */
  free(): void;
  [Symbol.dispose](): void;
}

/** Why a signature (or schema) could not be read: stable names. */
export type ErrorCode =
  | 'syntax' | 'unknown_type' | 'duplicate_name' | 'too_deep' | 'json_syntax' | 'key_collision'
  | 'schema' | 'template' | 'argument' | 'too_large';

export interface PositionedError {
  code: ErrorCode;
  message: string;
  line: number | null;
  column: number | null;
  index: number | null;
  offset: number | null;
  hint: string | null;
  /** The caret picture. */
  text: string;
}

export type CheckResult =
  | { ok: true; canonical: string; returnsList: boolean; ast: SignatureAst }
  | { ok: false; error: PositionedError };

export interface SchemaOptions {
  /** OpenAI strict structured outputs: every property required, optionals nullable. */
  strict?: boolean;
}

export type JsonSchema = Record<string, unknown>;

export interface StandardProps<Input, Output> extends StandardSchemaV1.Props<Input, Output> {
  readonly jsonSchema: StandardJSONSchemaV1.Converter;
}

/**
 * A parsed signature. Holds wasm memory: free() it, or let it be collected.
 * T holds its static types (SignatureTypes): `Signature.parse` computes
 * them from a string literal; other text gives the untyped form.
 */
export declare class Signature<T extends UntypedSignature = UntypedSignature> {
  private constructor();
  /** Parses signature text; throws SignatureError. */
  static parse<const S extends string>(text: S): Signature<SignatureTypes<S>>;
  /** Never throws for bad text. */
  static check(text: string): CheckResult;

  readonly canonical: string;
  readonly returnsList: boolean;
  readonly ast: SignatureAst;
  readonly params: Param[];
  /** The return type in canonical form. */
  readonly returns: string;

  toString(): string;
  toJSON(): string;
  /**
   * The canonical form. `hideFirewalled` drops "_" fields of the return
   * type; `descriptions: false` leaves out descriptions (defaults stay).
   */
  format(options?: { hideFirewalled?: boolean; descriptions?: boolean }): string;

  /** The return type, strict (no coercion). */
  validate(value: unknown, options?: ValidateOptions): ValidationResult<T['returns']>;
  validateJSON(text: string, options?: ValidateOptions): ValidationResult<T['returns']>;
  /** The parameters, with the lenient coercions ("42" -> 42 with a warning). */
  validateInput(args: unknown, options?: ValidateOptions): ValidationResult<T['params']>;
  validateInputJSON(text: string, options?: ValidateOptions): ValidationResult<T['params']>;

  toJsonSchema(options?: SchemaOptions): JsonSchema;
  toolParametersSchema(options?: SchemaOptions): ParametersJsonSchema;
  /**
   * Each place of the strict schemas that OpenAI's strict mode rejects
   * (`:any`, `:map`, typed extra fields, string length bounds, an enum
   * with no common type, a root that is not an object), as
   * "#/json/pointer: what" messages. The schemas stay as they are.
   */
  strictWarnings(): { parameters: string[]; returns: string[] };
  renderTool(name: string, description?: string): string;
  /**
   * A validator fed JSON text in chunks as a model streams it: the return
   * type, or with {input: true} the parameters.
   */
  stream(options?: StreamOptions & { input?: false }): ValidationStream<T['returns']>;
  stream(options: StreamOptions & { input: true }): ValidationStream<T['params']>;
  stream(options?: StreamOptions): ValidationStream<T['returns'] | T['params']>;
  redact(value: unknown, options?: { mode?: 'strip' | 'mask' }): unknown;

  /**
   * Standard Schema v1 (and Standard JSON Schema) of the return type.
   * validate is synchronous and never throws for a value (one JSON cannot
   * carry is an issue); a list return type also accepts the {items: [...]}
   * wrapper its JSON Schema describes, and returns the list.
   */
  readonly '~standard': StandardProps<T['returns'], T['returns']>;
  /** The parameters as a Standard Schema: what a model may send, and the validated arguments. */
  readonly input: { readonly '~standard': StandardProps<T['input'], T['params']> };

  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Signature text (or a JSON Schema) that could not be read. `message` is
 * the caret picture (position, the source line, a caret, the hint), since
 * frameworks and loggers show only the message; `reason` is the message
 * alone.
 */
export declare class SignatureError extends Error {
  readonly name: 'SignatureError';
  /** The error alone: 'unknown type ":integer"'. */
  readonly reason: string;
  readonly code: ErrorCode;
  readonly line: number | null;
  readonly column: number | null;
  /** UTF-16 index into the source string. */
  readonly index: number | null;
  /** Byte offset into the UTF-8 source. */
  readonly offset: number | null;
  readonly hint: string | null;
  readonly source: string | null;
  /** The caret picture, as toString() returns it. */
  readonly text: string;
  toString(): string;
}

/** An entry of a report: a message, and the path it is about ("" or none: the root). */
export type ReportEntry = Pick<Issue, 'message'> & { path?: string };

/**
 * The report text fed back to an LLM; title defaults to "Tool". result has
 * errors, warnings or both (a ValidationResult has both).
 */
export declare function formatReport(
  result: { errors: ReportEntry[]; warnings?: ReportEntry[] } | { errors?: ReportEntry[]; warnings: ReportEntry[] },
  options?: { title?: string },
): string;

export interface PlaceholderCheck {
  ok: boolean;
  placeholders: string[];
  errors: Array<{ placeholder: string; message: string; offset: number; index: number }>;
}

export declare function checkPlaceholders(template: string, signature: Signature | string): PlaceholderCheck;

export interface ToolForPrompt {
  name: string;
  signature: Signature | string | null;
  description?: string | null;
  /** The sides the tool is offered on; none: every side of the agent. */
  expose?: Expose | null;
}

export interface RenderToolsOptions {
  /** The sides the agent has: a tool without expose goes to each; default 'both'. */
  agent?: Expose;
}

/**
 * Tools as prompt text, for code the model writes: the tools exposed to
 * code (a tool with expose 'native' is left out). Tool objects are
 * accepted too.
 */
export declare function renderTools(tools: Array<ToolForPrompt | Tool>, options?: RenderToolsOptions): string;

export declare function importJsonSchema(
  schema: JsonSchema | string,
  options?: { lossy?: boolean },
): { signature: Signature; warnings: string[] };

export declare function importTool(
  tool: { name: string; description?: string; inputSchema?: JsonSchema; outputSchema?: JsonSchema } | string,
  options?: { lossy?: boolean },
): { name: string; description: string | null; signature: Signature; warnings: string[] };

/** Every object key with "-" replaced by "_"; throws on a collision. */
export declare function normalizeKeys<T = unknown>(value: unknown): T;

// ---- tools and prompt templates ---------------------------------------------

export type ToolFunction = (args: any) => unknown | Promise<unknown>;

/** What runs a tool (its fn, in each case): a function, an LLM, a sub-agent. */
export type ToolType = 'native' | 'llm' | 'subagent';

/** Where a tool is offered: 'native' as a function call the model makes, 'code' to code the model writes, or both. */
export type Expose = 'native' | 'code' | 'both';

/** The side a call is made on: the model's function call, or code the model wrote. */
export type Side = 'native' | 'code';

/** The kind of a value (SPEC §3). */
export type ValueKind = 'string' | 'int' | 'float' | 'bool' | 'nil' | 'map' | 'list';

/**
 * A 'metadata' preview: the result's kind, its size (count: a list's
 * elements, a map's keys but firewalled ones) and shape, the return type
 * as a prompt shows it (firewalled fields hidden).
 */
export interface MetadataPreview {
  kind: ValueKind;
  count?: number;
  shape: string;
}

/** A 'rows' preview of a list: its first `limit` elements (firewalled fields masked), and how many it has. */
export interface RowsPreview {
  kind: 'list';
  count: number;
  shape: string;
  rows: unknown[];
}

/** What a native call gives of a result when the tool previews it. */
export interface NativeResultOptions {
  /**
   * 'metadata' (the default): MetadataPreview; 'rows': RowsPreview of a
   * list result (MetadataPreview of any other); or a function of the full
   * result giving a JSON-encodable object.
   */
  preview?: 'metadata' | 'rows' | ((result: any) => object | Promise<object>);
  /** The rows a 'rows' preview keeps: a whole number from 1; default 20. */
  limit?: number;
}

interface ToolOptionsBase {
  fn: ToolFunction;
  signature?: Signature | string | null;
  description?: string | null;
  /** Keep successful results by their coerced, normalized arguments. */
  cache?: boolean;
  /** Most cached results kept (least recently used first out); default 100. */
  cacheSize?: number;
  /** Validation mode of arguments and results; default 'enabled'. */
  mode?: Mode;
  /** Validation off on purpose. */
  skip?: boolean;
  /** What runs the tool; default 'native'. */
  type?: ToolType;
  /** Where the tool is offered; none: every side of the agent. */
  expose?: Expose | null;
}

/**
 * A tool's options. nativeResult is for a tool exposed to both sides whose
 * code side reads results from the cache (expose: 'both', cache: true);
 * such a tool previews native results with the metadata preview without it.
 */
export type ToolOptions = ToolOptionsBase & (
  | { expose: 'both'; cache: true; nativeResult?: NativeResultOptions | null }
  | { nativeResult?: null }
);

export type ToolFormat = ToolFunction | [ToolFunction, Signature | string] | ToolOptions;

export interface CallOptions {
  /** Default: 'code' for a tool exposed to code only, else 'native'. */
  side?: Side;
}

export type ToolResult =
  | { ok: true; value: unknown; warnings: Issue[]; cached?: true; /** value is the native side's preview */ preview?: true }
  | { ok: false; stage: 'input' | 'output'; errors: Issue[]; warnings: Issue[]; report: string }
  | { ok: false; stage: 'input' | 'call' | 'output'; error: string; report: string };

export interface ToolDefinition {
  name: string;
  description: string | null;
  signature: string | null;
  parameters: JsonSchema;
}

/** An object JSON Schema, as providers require for tool parameters. */
export interface ObjectJsonSchema {
  type: 'object';
  /** Each property's schema (an object). */
  properties?: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

/** The parameters' schema: a closed object listing every parameter (OpenAI Agents' JsonObjectSchemaStrict). */
export interface ParametersJsonSchema extends ObjectJsonSchema {
  properties: Record<string, object>;
  required: string[];
  additionalProperties: false;
}

export interface OpenAIOptions {
  /** OpenAI strict mode (every field required, optionals nullable). */
  strict?: boolean;
  /**
   * Called with each place strict mode cannot express ("#/pointer: what");
   * without it they are shown once per tool with console.warn.
   */
  onWarning?: (message: string) => void;
}

/** Chat Completions: assignable to openai's ChatCompletionFunctionTool. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: ObjectJsonSchema; strict: boolean };
}

/** Responses API: assignable to openai's FunctionTool. */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: ObjectJsonSchema;
  strict: boolean;
}

/** Assignable to @anthropic-ai/sdk's Anthropic.Tool. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: ObjectJsonSchema;
}

/** An MCP tools/list entry: assignable to the MCP SDK's Tool. */
export interface MCPTool {
  name: string;
  description?: string;
  inputSchema: ObjectJsonSchema;
  outputSchema?: ObjectJsonSchema;
}

/** An MCP tools/call result: assignable to the MCP SDK's CallToolResult. */
export interface MCPCallToolResult {
  [key: string]: unknown;
  /** The result as JSON text (or the report), then the warnings report when arguments were coerced. */
  content: { type: 'text'; text: string }[];
  /** The result when toMCP() has an outputSchema (a list as {items: [...]}). */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** McpServer.registerTool's config (MCP SDK v2). */
export interface MCPToolConfig {
  description?: string;
  /** Lists the parameters' JSON Schema and lets every value through, for callMCP to check. */
  inputSchema: { readonly '~standard': StandardProps<Record<string, unknown>, Record<string, unknown>> };
  /** The signature, when the result is an object. */
  outputSchema?: Signature;
}

export declare class Tool {
  private constructor();
  readonly name: string;
  readonly signature: Signature | null;
  readonly description: string | null;
  readonly cache: boolean;
  readonly skip: boolean;
  readonly mode: Mode;
  readonly type: ToolType;
  /** Where the tool is offered; null: every side of the agent. */
  readonly expose: Expose | null;
  /** What a native call gives of a result, with its defaults; null when it gives the result. */
  readonly nativeResult: Readonly<Required<NativeResultOptions>> | null;
  /** Whether the tool is offered on `side` by an agent with the sides `agent` names (default 'both'). */
  exposedTo(side: Side, options?: { agent?: Expose }): boolean;
  /**
   * Calls the tool on a side: a native call of a tool with nativeResult
   * resolves to the preview (preview: true) and keeps the result in the
   * cache, where a code call with the same arguments finds it. Rejects
   * with a TypeError on a side the tool is not exposed to.
   */
  call(args: unknown, options?: CallOptions): Promise<ToolResult>;
  callJSON(text: string, options?: CallOptions): Promise<ToolResult>;
  callForParent(args: unknown, options?: CallOptions): Promise<ToolResult>;
  callForParentJSON(text: string, options?: CallOptions): Promise<ToolResult>;
  clearCache(): void;
  parametersSchema(options?: SchemaOptions): JsonSchema;
  definition(): ToolDefinition;
  /**
   * Chat Completions by default; `strict` is always present. Like every
   * provider definition, a TypeError for a tool not exposed to native
   * calls (expose: 'code').
   */
  toOpenAI(options?: OpenAIOptions & { api?: 'chat' }): OpenAIChatTool;
  toOpenAI(options: OpenAIOptions & { api: 'responses' }): OpenAIResponsesTool;
  toAnthropic(): AnthropicTool;
  /** outputSchema when the result is an object and a native call gives it (no preview). */
  toMCP(): MCPTool;
  /**
   * Calls the tool for an MCP tools/call request, a native call: the
   * CallToolResult, with the report (isError) for a failed call and the
   * warnings report as a second content block when arguments were coerced.
   */
  callMCP(args: unknown): Promise<MCPCallToolResult>;
  /** McpServer.registerTool's config (SDK v2): register with (args) => tool.callMCP(args). */
  toMCPConfig(): MCPToolConfig;
}

export declare function defineTool(name: string, format: ToolFormat): Tool;

export declare class Prompt {
  private constructor();
  readonly template: string;
  readonly signature: Signature;
  readonly placeholders: string[];
  /** The most UTF-8 bytes render() writes. */
  readonly maxLength: number;
  /**
   * Validates args (with coercion) and fills the template; throws
   * ValidationError, or RangeError when the text would exceed maxLength.
   */
  render(args: unknown): string;
}

export interface PromptOptions {
  /** The most UTF-8 bytes a rendered prompt may have (default 1048576, at most 2^30). */
  maxLength?: number;
}

export declare function definePrompt(template: string, signature: Signature | string, options?: PromptOptions): Prompt;

export interface CheckedOptions {
  /** The report's title: "Tool validation errors:" by default. */
  title?: string;
  /** Called with the coercion warnings, and their report, before fn runs. */
  onWarnings?: (warnings: Issue[], report: string) => void;
}

/**
 * A framework's tool function with toolsig in front: the arguments (an
 * object, or a model's JSON text) are validated with coercion and fn gets
 * the coerced, typed value and the framework's other arguments. Bad
 * arguments throw a ValidationError whose message is the report, which
 * frameworks hand to the model as the tool's error.
 */
export declare function checked<T extends UntypedSignature, Rest extends unknown[], R>(
  signature: Signature<T>,
  fn: (args: T['params'], ...rest: Rest) => R,
  options?: CheckedOptions,
): (args: unknown, ...rest: Rest) => Promise<Awaited<R>>;
export declare function checked<const S extends string, Rest extends unknown[], R>(
  signature: S,
  fn: (args: SignatureTypes<S>['params'], ...rest: Rest) => R,
  options?: CheckedOptions,
): (args: unknown, ...rest: Rest) => Promise<Awaited<R>>;

/** What the core says about itself; a fresh copy each call. */
export declare function coreInfo(): {
  version: string;
  /** The validation modes; the first is the default. */
  modes: Mode[];
  /** The titles of the reports on arguments ("Tool") and on results ("Return"). */
  reportTitles: { input: string; output: string };
};

/**
 * An error function for frameworks that turn a tool's thrown error into
 * text for the model through one, (context, error) => text (OpenAI
 * Agents' errorFunction): a ValidationError's report; for any other error
 * a fixed text, so that no detail of it reaches the model.
 */
export declare function toolErrorReport(context: unknown, error: unknown): string;

export declare class ValidationError extends Error {
  readonly name: 'ValidationError';
  readonly errors: Issue[];
  readonly warnings: Issue[];
  /** The report for the model; toString() returns it too. */
  readonly report: string;
  toString(): string;
}

export declare class TemplateError extends Error {
  readonly name: 'TemplateError';
  readonly template: string;
  readonly errors: PlaceholderCheck['errors'];
}
