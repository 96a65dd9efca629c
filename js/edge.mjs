// edge.mjs: toolsig for edge runtimes that import .wasm files as compiled
// modules (Cloudflare Workers / workerd, Vercel Edge). No eval, no
// compilation from bytes: the runtime hands us a WebAssembly.Module.
import wasm from '../dist/toolsig.wasm';
import { bind, imports } from './core.mjs';

bind(new WebAssembly.Instance(wasm, imports).exports);

export * from './api.mjs';
