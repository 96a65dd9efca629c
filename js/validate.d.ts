// The "toolsig/validate" entry point: parsing, validation and reports of
// the package, with the same types. Its Signature has no JSON Schema,
// redaction or rendering: those methods throw a TypeError saying so.
export { Signature, SignatureError, formatReport } from './index.js';
export type * from './index.js';
