// The static types of signature text: each rule of the language, as the
// type checker reads it from a string literal.
import { Signature, type InferParams, type InferReturns, type SignatureTypes, type StandardSchemaV1 } from 'toolsig';
import { type Equal, expectType } from './assert.js';

// Primitives, as the parameters validateInput gives and as the return value.
expectType<Equal<InferParams<'(a :string, b :int, c :float, d :bool, e :boolean, f :keyword, g :datetime) -> :any'>,
  { a: string; b: number; c: number; d: boolean; e: boolean; f: string; g: string }>>();
expectType<Equal<InferReturns<':any'>, unknown>>();
expectType<Equal<InferReturns<':map'>, Record<string, unknown>>>();
expectType<Equal<InferReturns<'[:int]'>, number[]>>();
expectType<Equal<InferReturns<'[[:string]]'>, string[][]>>();

// A signature that is only a return type has no parameters.
expectType<Equal<InferParams<':int'>, {}>>();
// Whitespace and line breaks anywhere, no spaces at all.
expectType<Equal<InferParams<'(query :string,limit:int)->{count :int}'>, { query: string; limit: number }>>();
expectType<Equal<InferReturns<`
  (q :string)
    -> {
      count :int,
      items [{id :int}]
    }
`>, { count: number; items: { id: number }[] }>>();

// Optional: T | null, and a field that may be absent.
expectType<Equal<InferParams<'(city :string, days :int?) -> :any'>, { city: string; days?: number | null }>>();
expectType<Equal<InferReturns<'[:int]?'>, number[] | null>>();
expectType<Equal<InferReturns<'{a {b :int}?}'>, { a?: { b: number } | null }>>();

// Enums are unions of literals; numbers keep their value, words and JSON strings are strings.
expectType<Equal<InferReturns<':enum[open, closed, "in progress"]'>, 'open' | 'closed' | 'in progress'>>();
expectType<Equal<InferReturns<':enum[1 2.5 -3 true false x.y]'>, 1 | 2.5 | -3 | true | false | 'x.y'>>();
expectType<Equal<InferReturns<':enum["1" ""]'>, '1' | ''>>();
expectType<Equal<InferReturns<':enum[a b]?'>, 'a' | 'b' | null>>();

// Unions: either member; ? once, after the last member.
expectType<Equal<InferReturns<':string|:int'>, string | number>>();
expectType<Equal<InferReturns<':string | [:int] | :enum[x]?'>, string | number[] | 'x' | null>>();
expectType<Equal<InferReturns<'{kind :enum[circle], r :float}|{kind :enum[square], side :float}'>,
  { kind: 'circle'; r: number } | { kind: 'square'; side: number }>>();

// Refinements are their base types.
expectType<Equal<InferParams<'(page :int[>0], limit :int[1..100], tags [:string[1..]][..5], r :float[>0, <=1]) -> :any'>,
  { page: number; limit: number; tags: string[]; r: number }>>();

// Defaults: optional in the arguments sent (null too: strict mode sends it),
// present after validateInput, which fills them in (nested maps too).
type Search = SignatureTypes<'(query :string "search terms", limit :int[1..100] = 10 "max results", o {d :bool = true}) -> [{id :int}]'>;
expectType<Equal<Search['input'], { query: string; limit?: number | null; o: { d?: boolean | null } }>>();
expectType<Equal<Search['params'], { query: string; limit: number; o: { d: boolean } }>>();
// Defaults of any JSON, and descriptions with escapes, are skipped.
expectType<Equal<InferParams<'(a [:int] = [1, [2]] "x \\" y", b {c :int} = {"c": 1, "s": "}"}, d :string = "a\\"b") -> :any'>,
  { a: number[]; b: { c: number }; d: string }>>();
// In a return value a defaulted field may be absent (validate fills nothing).
expectType<Equal<InferReturns<'{a :int = 1, b :string}'>, { a?: number; b: string }>>();

// Typed extra fields: an index signature beside the declared fields.
type Headers = InferParams<'(headers {* :string}) -> :any'>['headers'];
expectType<Equal<Headers, { [key: string]: string }>>();
type Totals = InferReturns<'{total :int, * :float}'>;
declare const totals: Totals;
expectType<Equal<typeof totals.total, number>>();
expectType<Equal<(typeof totals)[string], number>>();

// Text that is not a literal, or that does not parse, is untyped, not an error.
declare const text: string;
const loose = Signature.parse(text);
expectType<Equal<ReturnType<typeof loose.validateInput>, import('toolsig').ValidationResult<Record<string, unknown>>>>();
expectType<Equal<InferReturns<string>, unknown>>();
expectType<Equal<InferReturns<'(a :integer) -> :int'>, unknown>>();
expectType<Equal<InferParams<'(a :int'>, Record<string, unknown>>>();

// Signature.parse carries the types to every method and to Standard Schema.
const sig = Signature.parse('(city :string, days :int?) -> {temp :float, unit :enum[C F]}');
const input = sig.validateInput({ city: 'Oslo', days: '3' });
if (input.ok) {
  expectType<Equal<typeof input.value, { city: string; days?: number | null }>>();
  // @ts-expect-error: no such parameter
  input.value.country;
}
const output = sig.validateJSON('{"temp": 1.5, "unit": "C"}');
if (output.ok) {
  expectType<Equal<typeof output.value.unit, 'C' | 'F'>>();
  // @ts-expect-error: temp is a number
  output.value.temp.toUpperCase();
}
expectType<Equal<StandardSchemaV1.InferOutput<typeof sig>, { temp: number; unit: 'C' | 'F' }>>();
expectType<Equal<StandardSchemaV1.InferInput<typeof sig.input>, { city: string; days?: number | null }>>();
// A typed Signature is still a Signature.
const plain: Signature = sig;
void plain;

// A stream carries the types of its end() result.
{
  const stream = sig.stream();
  const step = stream.push('{"temp": 1');
  const state: 'incomplete' | 'invalid' | 'complete' = step.state;
  void state;
  const done = stream.end();
  if (done.ok) {
    const temp: number = done.value.temp;
    void temp;
  }
  const args = sig.stream({ input: true, repair: true }).end();
  if (args.ok) {
    const city: string = args.value.city;
    void city;
  }
}
