// toolsig/publish: the functions for people who publish tools (diff), over
// their own instance of the core, so that `import 'toolsig'` does not load
// them.
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
