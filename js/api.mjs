// api.mjs: the public names of the package, re-exported by every entry
// point once it has instantiated toolsig.wasm.
export {
  Signature,
  SignatureError,
  formatReport,
  checkPlaceholders,
  renderTools,
  importJsonSchema,
  importTool,
  infer,
  normalizeKeys,
  coreInfo,
} from './core.mjs';
export { Tool, Prompt, ValidationError, TemplateError, defineTool, definePrompt, checked, toolErrorReport } from './tools.mjs';
