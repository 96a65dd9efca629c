// toolsig/publish: the functions for people who publish tools (diff,
// infer), over their own instance of the core, so that `import 'toolsig'`
// does not load them.
import type { Signature, Tool } from './index.js';

/** The SignatureError of the main entry: an error either entry throws is an instance of both. */
export { SignatureError } from './index.js';


/** Whom a change breaks; "may break": it cannot be proved either way. */
export type ChangeEffect =
  | 'compatible'
  | 'breaks callers'
  | 'breaks consumers'
  | 'may break callers'
  | 'may break consumers';

/** One change found by diff. */
export interface Change {
  /** The tool's name; "" for two signatures. */
  tool: string;
  /** A parameter ("limit", "filter.tags[]"), the result ("(returns)", "(returns).items[].id"), "(tool)" or "(description)". */
  path: string;
  /** The place before, in canonical form ("" when it was added). */
  old: string;
  /** The place after ("" when it was removed). */
  new: string;
  effect: ChangeEffect;
  /** Why: "the parameter became required", "expected int in 1..100, got int 0", ... */
  why: string;
  /** For a change that breaks: a value that shows it. */
  example?: unknown;
  /** The change as one line: "search: limit: :int? -> :int: breaks callers: the parameter became required". */
  line: string;
}

/** A signature, its text, or a list of tools: MCP (`{tools: [...]}` or a bare list), OpenAI, Anthropic, or this package's tools. */
export type DiffSide =
  | Signature
  | string
  | Array<Tool | { name: string; signature: Signature | string | null; description?: string | null } | Record<string, unknown>>
  | { tools: Array<Record<string, unknown>> };

/**
 * What changed from `before` to `after` and whom it breaks. Arguments valid
 * for `before` must stay valid for `after` (judged strictly, no coercion
 * counted on); a result `after` returns must be valid for `before`. Throws
 * SignatureError for a side that is neither a signature nor a list of tools.
 */
export declare function diff(before: DiffSide, after: DiffSide): { breaks: boolean; changes: Change[] };

export interface InferOptions {
  /**
   * The most distinct values a string place may have to be written as an
   * enum (`:enum[open closed]`), when they were found in two samples or
   * more and one of them repeats; 0, the default: no enums.
   */
  enums?: number;
}

/**
 * The signature written from sample values (API responses, say): the
 * narrowest type every sample validates against, in canonical form (a
 * return type, the shorthand of a signature without parameters). A field
 * missing from some samples is optional, null makes a type `T?`, objects
 * merge into one typed map, a map keyed by data is `{* T}`.
 *
 * Throws a `TypeError` when samples is not a list or holds a value JSON
 * cannot carry (`NaN`, a BigInt, a cycle), a `RangeError` for a sample
 * nested deeper than a signature can be (64 levels), and an `Error` for
 * an empty list.
 *
 * @example
 * infer([{ id: 1, name: 'Ada' }, { id: 2, name: null }]);
 * // → '{id :int, name :string?}'
 */
export declare function infer(samples: readonly unknown[], options?: InferOptions): string;
