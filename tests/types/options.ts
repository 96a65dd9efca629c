// The options objects as the types give them: every option the package
// reads is in the types, and a misspelt one is an error to the checker as
// it is to the package at run time (options.test.mjs).
import {
  Signature, checked, defineTool, definePrompt, formatReport, importJsonSchema, importTool, renderTools,
  type Expose, type MetadataPreview, type NativeResultOptions, type RowsPreview, type ToolType,
} from 'toolsig';
import { infer } from 'toolsig/publish';
import { type Equal, expectType } from './assert.js';

const sig = Signature.parse('(n :int) -> {a :int}');
const tool = defineTool('search', { fn: () => 1, signature: sig });
const result = sig.validateInput({ n: 1 });

sig.validate({ a: 1 }, { mode: 'strict', maxErrors: 5, maxDepth: 10, repair: false });
sig.validateJSON('{}', { mode: 'warn_only', repair: true });
sig.validateInput({}, { maxErrors: 1 });
sig.validateInputJSON('{}', { repair: false });
sig.stream({ input: true, mode: 'enabled', maxErrors: 1, maxDepth: 1, repair: true });
sig.format({ hideFirewalled: true, descriptions: false });
sig.toJsonSchema({ strict: true });
sig.toolParametersSchema({ strict: true });
sig.redact({ a: 1 }, { mode: 'mask' });
sig['~standard'].jsonSchema.input({ target: 'draft-07', libraryOptions: { strict: true, onWarning: () => {} } });
formatReport(result, { title: 'Return' });
importJsonSchema({ type: 'integer' }, { lossy: true });
importTool({ name: 't' }, { lossy: true });
tool.parametersSchema({ strict: true });
tool.toOpenAI({ strict: true, api: 'chat', onWarning: () => {} });
checked(sig, () => 1, { title: 'Tool', onWarnings: () => {} });
definePrompt('{{n}}', sig, { maxLength: 100 });
defineTool('t', { fn: () => 1, signature: sig, description: 'd', cache: true, cacheSize: 5, mode: 'strict', skip: false });
expectType<Equal<ReturnType<typeof infer>, string>>();
infer([{ id: 1 }, null, 'x'] as const, { enums: 3 });

// @ts-expect-error: no option "mod"
sig.validate({ a: 1 }, { mod: 'strict' });
// @ts-expect-error: no option "mod"
sig.validateInputJSON('{}', { mod: 'strict' });
// @ts-expect-error: no option "inpt"
sig.stream({ inpt: true });
// @ts-expect-error: no option "hideFirewall"
sig.format({ hideFirewall: true });
// @ts-expect-error: no option "strickt"
sig.toJsonSchema({ strickt: true });
// @ts-expect-error: no option "mod"
sig.redact({ a: 1 }, { mod: 'mask' });
// @ts-expect-error: no option "titel"
formatReport(result, { titel: 'Return' });
// A result has errors, warnings or both; a title is a string.
formatReport({ warnings: [{ message: 'w' }] });
// @ts-expect-error: no errors and no warnings
formatReport({});
// @ts-expect-error: a title is a string
formatReport(result, { title: 5 });
// @ts-expect-error: no option "lossey"
importJsonSchema({ type: 'integer' }, { lossey: true });
// @ts-expect-error: no option "lossey"
importTool({ name: 't' }, { lossey: true });
// @ts-expect-error: no option "strickt"
tool.toOpenAI({ strickt: true });
// @ts-expect-error: no option "onWarning" (it is onWarnings)
checked(sig, () => 1, { onWarning: () => {} });
// @ts-expect-error: no option "maxLen"
definePrompt('{{n}}', sig, { maxLen: 100 });
// @ts-expect-error: no option "signatur"
defineTool('t', { fn: () => 1, signatur: sig });
// @ts-expect-error: no option "enum"
infer([1], { enum: 3 });
// @ts-expect-error: samples are a list
infer({ id: 1 });

// A tool's sides (expose), what runs it (type) and its native preview
// (nativeResult, only with expose: 'both' and cache: true).
const fn = (): unknown[] => [];
const both = defineTool('t', {
  fn, type: 'subagent', expose: 'both', cache: true, nativeResult: { preview: 'rows', limit: 5 },
});
defineTool('t', { fn, expose: 'both', cache: true, nativeResult: { preview: (rows: unknown[]) => ({ n: rows.length }) } });
defineTool('t', { fn, expose: 'both', cache: true });
defineTool('t', { fn, expose: 'both', cache: false });
defineTool('t', { fn, expose: 'code', type: 'llm' });
defineTool('t', { fn, expose: null, nativeResult: null });
expectType<Equal<typeof both.type, ToolType>>();
expectType<Equal<typeof both.expose, Expose | null>>();
expectType<Equal<typeof both.nativeResult, Readonly<Required<NativeResultOptions>> | null>>();
both.call({}, { side: 'code' });
both.callJSON('{}', { side: 'native' });
both.callForParent({}, { side: 'native' });
both.callForParentJSON('{}', { side: 'code' });
expectType<Equal<ReturnType<typeof both.exposedTo>, boolean>>();
both.exposedTo('code', { agent: 'both' });
renderTools([both, { name: 'x', signature: null, expose: 'code' }], { agent: 'code' });
const metadata: MetadataPreview = { kind: 'map', count: 2, shape: '{a :int}' };
const rows: RowsPreview = { kind: 'list', count: 120, shape: '[{id :int}]', rows: [{ id: 1 }] };
// @ts-expect-error: no kind "array" (a list is 'list')
const array: MetadataPreview = { kind: 'array', shape: '[:int]' };
export { metadata, rows, array };

// @ts-expect-error: the seed's ptc_lisp is 'code'
defineTool('t', { fn, expose: 'ptc_lisp' });
// @ts-expect-error: no type "function"
defineTool('t', { fn, type: 'function' });
// @ts-expect-error: nativeResult needs expose: 'both'
defineTool('t', { fn, expose: 'native', cache: true, nativeResult: { preview: 'rows' } });
// @ts-expect-error: nativeResult needs cache: true
defineTool('t', { fn, expose: 'both', nativeResult: { preview: 'rows' } });
// @ts-expect-error: no preview "row"
defineTool('t', { fn, expose: 'both', cache: true, nativeResult: { preview: 'row' } });
// @ts-expect-error: no option "limt"
defineTool('t', { fn, expose: 'both', cache: true, nativeResult: { limt: 5 } });
// @ts-expect-error: no option "sid"
both.call({}, { sid: 'code' });
// @ts-expect-error: a side is 'native' or 'code'
both.callJSON('{}', { side: 'both' });
// @ts-expect-error: no option "agnet"
renderTools([both], { agnet: 'code' });
// @ts-expect-error: a side is 'native' or 'code'
both.exposedTo('both');
