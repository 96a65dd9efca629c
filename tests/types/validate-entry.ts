// The "toolsig/validate" entry point has the types of "toolsig" for what it
// has: signatures typed from their text, results, streams, reports.
import { Signature, SignatureError, formatReport, type ValidationResult, type StreamState } from 'toolsig/validate';
import * as full from 'toolsig';
import { type Equal, expectType } from './assert.js';

const sig = Signature.parse('(city :string, days :int?) -> {temp :float, unit :enum[C F]}');
// The same class and the same types as "toolsig" computes.
const same = full.Signature.parse('(city :string, days :int?) -> {temp :float, unit :enum[C F]}');
expectType<Equal<typeof sig, typeof same>>();

const r = sig.validateInputJSON('{"city": "Paris"}');
if (r.ok) expectType<Equal<typeof r.value, { city: string; days?: number | null }>>();
expectType<Equal<typeof r, ValidationResult<{ city: string; days?: number | null }>>>();

const stream = sig.stream();
const step = stream.push('{"temp": 2');
expectType<Equal<typeof step.state, StreamState>>();
const end = stream.end();
if (end.ok) expectType<Equal<typeof end.value, { temp: number; unit: 'C' | 'F' }>>();

const text: string = formatReport(r);
const e: SignatureError | null = null;
void text;
void e;

// @ts-expect-error a field the signature does not have
sig.validate({ temp: 1, unit: 'C' }).value?.city;
