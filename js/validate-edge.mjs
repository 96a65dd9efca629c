// validate-edge.mjs: "toolsig/validate" for edge runtimes that import .wasm
// files as compiled modules (Cloudflare Workers / workerd, Vercel Edge).
import wasm from '../dist/toolsig-validate.wasm';
import { bind, imports } from './validate-api.mjs';

bind(new WebAssembly.Instance(wasm, imports).exports);

export { Signature, SignatureError, formatReport } from './validate-api.mjs';
