// The static types of signature text, computed by the type checker from a
// string literal: `Signature.parse('(city :string, days :int?) -> {temp
// :float}')` knows its parameters and its return value.
//
// A small recursive-descent parser written in types. It reads valid
// signatures (the run time rejects the others with a SignatureError) and
// is lenient where that keeps it fast: a refinement is skipped to its "]",
// a default's JSON is skipped, descriptions are ignored. Whatever it cannot
// read gives the untyped Signature (parameters Record<string, unknown>,
// return value unknown), never a compile error. Each step splits the text
// at a delimiter TypeScript finds in one go, walks lists of parameters,
// fields and enum values tail-recursively (so long lists cost no depth),
// and reads character by character only names and bare enum words.
//
// What each type becomes:
//   :string :keyword :datetime  string       :int :float  number
//   :bool :boolean              boolean      :any         unknown
//   :map                        Record<string, unknown>
//   :enum[a 1 true]             "a" | 1 | true (a number as written when
//                               it reads back the same, else number)
//   [T]   T[]    A|B   A | B    T?   T | null (a field: also absent)
//   :int[1..5] and other refinements: their base type
//   {f T, * X}                  {f: T} & {[key: string]: X | T}
//   f T = default               absent allowed in the arguments; present
//                               after validateInput, which fills it in;
//                               may be absent in a return value
// Parameters get three readings: the arguments a caller may send (Input),
// the value validateInput gives (Params), and the return value (Returns).

type WS = ' ' | '\t' | '\n' | '\r';
type IdentChar =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r'
  | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'O' | 'P' | 'Q' | 'R'
  | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_' | '-';
type WordChar = IdentChar | '.' | '/' | '+';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** S without leading whitespace. */
type Trim<S extends string> = S extends `${WS}${infer R}` ? Trim<R> : S;

// ---- the parsed form ----------------------------------------------------

/** A list of E (E a parsed node). */
interface ListNode<E> { readonly '~list': E }
/**
 * A typed map: F a union of [name, node, how] with how 'req', 'opt' (the
 * type is optional) or 'def' (it has a default); X the node of "* X", or
 * never.
 */
interface MapNode<F, X> { readonly '~fields': F; readonly '~extra': X }
type Field = [string, unknown, 'req' | 'opt' | 'def'];

/**
 * A parse step's answer: the node, the text after it and whether the type
 * was marked optional ("?"); or Fail.
 */
type Ok<T, Rest extends string, Opt extends boolean = false> = [T, Rest, Opt];
type Fail = ['~fail'];

// ---- types --------------------------------------------------------------

type Primitive<S extends string> =
  S extends `:string${infer R}` ? Ok<string, R>
  : S extends `:int${infer R}` ? Ok<number, R>
  : S extends `:float${infer R}` ? Ok<number, R>
  : S extends `:boolean${infer R}` ? Ok<boolean, R>
  : S extends `:bool${infer R}` ? Ok<boolean, R>
  : S extends `:keyword${infer R}` ? Ok<string, R>
  : S extends `:any${infer R}` ? Ok<unknown, R>
  : S extends `:map${infer R}` ? Ok<Record<string, unknown>, R>
  : S extends `:datetime${infer R}` ? Ok<string, R>
  : Fail;

/** The base of a member: a primitive, an enum, a list or a map. */
type Base<S extends string> =
  S extends `:enum[${infer Body}]${infer R}` ? Ok<EnumValues<Body, never>, R>
  : S extends `:${string}` ? Primitive<S>
  : S extends `[${infer R}` ? (ParseType<R> extends [infer E, infer R2 extends string, boolean] ? (Trim<R2> extends `]${infer R3}` ? Ok<ListNode<E>, R3> : Fail) : Fail)
  : S extends `{${infer R}` ? Fields<Trim<R>, never, never>
  : Fail;

/** A member: its base, then a refinement (skipped). */
type Member<S extends string> =
  Base<S> extends [infer T, infer R extends string, boolean] ? (R extends `[${string}]${infer R2}` ? Ok<T, R2> : Ok<T, R>) : Fail;

/** A type: members joined by "|", then "?" once. Acc: the members so far. */
type ParseType<S extends string, Acc = never> =
  Member<Trim<S>> extends [infer T, infer R extends string, boolean]
    ? Trim<R> extends `|${infer R2}` ? ParseType<R2, Acc | T>
    : R extends `?${infer R2}` ? Ok<Acc | T | null, R2, true>
    : Ok<Acc | T, R>
    : Fail;

// ---- enums --------------------------------------------------------------

/** One enum value as a literal type. */
type EnumLiteral<V extends string> =
  V extends 'true' ? true
  : V extends 'false' ? false
  : V extends `${Digit | '-'}${string}` ? (V extends `${infer N extends number}` ? N : number)
  : V;

/** The bare word or number at the start of S: [word, rest]. */
type Word<S extends string, Acc extends string = ''> =
  S extends `${infer C}${infer R}` ? (C extends WordChar ? Word<R, `${Acc}${C}`> : [Acc, S]) : [Acc, S];

/** The values of an enum's body (separated by spaces or one comma). */
type EnumValues<S extends string, Acc> = EnumStep<Trim<S>, Acc>;
type EnumStep<S extends string, Acc> =
  S extends '' ? Acc
  : S extends `,${infer R}` ? EnumValues<R, Acc>
  : S extends `"${infer V}"${infer R}` ? EnumValues<R, Acc | (V extends `${string}\\${string}` ? string : V)>
  // A word up to a space or a comma, found in one step when it can be.
  : S extends `${infer V} ${infer R}` ? (V extends `${string}${',' | '"' | '\n' | '\t' | '\r'}${string}` ? EnumWord<S, Acc> : EnumValues<R, Acc | EnumLiteral<V>>)
  : EnumWord<S, Acc>;
type EnumWord<S extends string, Acc> =
  Word<S> extends [infer V extends string, infer R extends string]
    ? V extends '' ? Acc : EnumValues<R, Acc | EnumLiteral<V>>
  : Acc;

// ---- fields, defaults, descriptions ------------------------------------

/**
 * A name at the start of S: [name, rest]. Usually a space follows it
 * ("limit :int"), found in one step; else read by characters.
 */
type Ident<S extends string> =
  S extends `${infer N} ${infer R}` ? (N extends `${string}${':' | '[' | '{' | ',' | '\n' | '\t' | '\r'}${string}` ? IdentChars<S, ''> : [N, R])
  : IdentChars<S, ''>;
type IdentChars<S extends string, Acc extends string> =
  S extends `${infer C}${infer R}` ? (C extends IdentChar ? IdentChars<R, `${Acc}${C}`> : [Acc, S]) : [Acc, S];

/** The rest of S after a JSON string (S after its opening quote). */
type SkipString<S extends string> =
  S extends `${infer Body}"${infer R}` ? (Body extends `${string}\\` ? SkipString<R> : R) : '';

/** The rest of S after a JSON value nested in brackets, Depth deep. */
type SkipNested<S extends string, Depth extends unknown[]> =
  Depth extends [] ? S
  : S extends `"${infer R}` ? SkipNested<SkipString<R>, Depth>
  : S extends `${'[' | '{'}${infer R}` ? SkipNested<R, [...Depth, 0]>
  : S extends `${']' | '}'}${infer R}` ? SkipNested<R, Depth extends [unknown, ...infer D] ? D : []>
  : S extends `${string}${infer R}` ? SkipNested<R, Depth>
  : S;

/** The rest of S after one JSON value (a default). */
type SkipJson<S extends string> =
  S extends `"${infer R}` ? SkipString<R>
  : S extends `${'[' | '{'}${infer R}` ? SkipNested<R, [0]>
  : Word<S> extends [string, infer R extends string] ? R : S;

/** After a type: "= default" and a description, skipped; [how, rest]. */
type Annotations<S extends string, How extends string> =
  Trim<S> extends `=${infer R}` ? Annotations<SkipJson<Trim<R>>, 'def'>
  : Trim<S> extends `"${infer R}` ? [How, SkipString<R>]
  : [How, S];

/** One field (or parameter) at the start of S: [Field, rest] or Fail. */
type OneField<S extends string> =
  Ident<S> extends [infer N extends string, infer R extends string]
    ? N extends '' ? Fail
    : ParseType<R> extends [infer T, infer R2 extends string, infer O]
      ? Annotations<R2, O extends true ? 'opt' : 'req'> extends [infer How, infer R3 extends string]
        ? Ok<[N, T, How], R3> : Fail
      : Fail
    : Fail;

/** The entries of a map up to its "}": Ok<MapNode, rest>. */
type Fields<S extends string, F, X> =
  S extends `}${infer R}` ? Ok<MapNode<F, X>, R>
  : S extends `,${infer R}` ? Fields<Trim<R>, F, X>
  : S extends `*${infer R}` ? (ParseType<R> extends [infer T, infer R2 extends string, infer O] ? Fields<Trim<R2>, F, T> : Fail)
  : OneField<S> extends [infer E, infer R extends string, boolean] ? Fields<Trim<R>, F | E, X>
  : Fail;

/** The parameters up to ")": Ok<field union, rest>. */
type Params<S extends string, F> =
  S extends `)${infer R}` ? Ok<F, R>
  : S extends `,${infer R}` ? Params<Trim<R>, F>
  : OneField<S> extends [infer E, infer R extends string, boolean] ? Params<Trim<R>, F | E>
  : Fail;

// ---- from the parsed form to TypeScript types ---------------------------

/** How a map is read: the arguments sent, the validated arguments, a return value. */
type Reading = 'input' | 'params' | 'returns';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Resolve<N, M extends Reading> =
  N extends ListNode<infer E> ? Resolve<E, M>[]
  : N extends MapNode<infer F, infer X> ? MapType<F, X, M>
  : N;

/** 1 when a field of this kind must be present in this reading. */
type Present<How, M extends Reading> = How extends 'req' ? true : How extends 'def' ? (M extends 'params' ? true : false) : false;

type MapType<F, X, M extends Reading> = Simplify<
  { [E in F as E extends Field ? (Present<E[2], M> extends true ? E[0] : never) : never]: E extends Field ? Resolve<E[1], M> : never }
  & { [E in F as E extends Field ? (Present<E[2], M> extends true ? never : E[0]) : never]?:
      E extends Field ? Resolve<E[1], M> | (E[2] extends 'def' ? (M extends 'input' ? null : never) : never) : never }
  & ([X] extends [never] ? {} : { [key: string]: Resolve<X, M> | (F extends Field ? Resolve<F[1], M> : never) })
>;

// ---- signatures ----------------------------------------------------------

/** [params fields, return node] of signature text, or Fail. */
type ParseSignature<S extends string> =
  Trim<S> extends `(${infer R}`
    ? Params<Trim<R>, never> extends [infer F, infer R2 extends string, boolean]
      ? Trim<R2> extends `->${infer R3}`
        ? ParseType<R3> extends [infer T, infer R4 extends string, boolean] ? (Trim<R4> extends '' ? [F, T] : Fail) : Fail
        : Fail
      : Fail
    : ParseType<S> extends [infer T, infer R extends string, boolean] ? (Trim<R> extends '' ? [never, T] : Fail) : Fail;

/**
 * The types of signature text S: `input` (the arguments a caller or a
 * model may send), `params` (the arguments after validateInput: defaults
 * filled in), `returns` (the return value). Text that is not a literal,
 * or that this parser cannot read, gives the untyped form.
 */
export type SignatureTypes<S extends string> =
  string extends S ? UntypedSignature
  : ParseSignature<S> extends [infer F, infer T]
    ? { input: MapType<F, never, 'input'>; params: MapType<F, never, 'params'>; returns: Resolve<T, 'returns'> }
    : UntypedSignature;

/** What a signature whose text is not known to the type checker gives. */
export interface UntypedSignature {
  input: Record<string, unknown>;
  params: Record<string, unknown>;
  returns: unknown;
}

/** The parameters of signature text, as validateInput returns them. */
export type InferParams<S extends string> = SignatureTypes<S>['params'];
/** The return value of signature text. */
export type InferReturns<S extends string> = SignatureTypes<S>['returns'];
