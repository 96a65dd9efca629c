// The options objects as the types give them: every option the package
// reads is in the types, and a misspelt one is an error to the checker as
// it is to the package at run time (options.test.mjs).
import {
  Signature, checked, defineTool, definePrompt, formatReport, importJsonSchema, importTool,
} from 'toolsig';

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
