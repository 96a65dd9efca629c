// tokens.mjs: how long a text is for a model, counted as the token
// benchmark counts it (bench/js/tokens.mjs): gpt-tokenizer's o200k_base
// encoding (GPT-4o and later), the length of its encode().
//
// The tokenizer is the npm package's own ESM build, loaded from
// node_modules (scripts/serve.mjs serves its modules, and nothing else of
// node_modules): no CDN, no bundle, no copy. Its tables are about 2 MB of
// JavaScript, so it is loaded when a view first needs it, not with the
// page. Where it cannot be loaded (node_modules not installed), texts are
// measured in characters instead, and the counter says so in its unit.

const TOKENIZER = '../node_modules/gpt-tokenizer/esm/encoding/o200k_base.js';
export const ENCODING = 'o200k_base';

/**
 * A counter: {unit: 'tokens', encoding, count(text)} with the tokenizer,
 * or {unit: 'characters', encoding: null, count(text) (code points),
 * reason} when it did not load. `load` imports a module by URL (the
 * tests pass one that fails). Never rejects.
 */
export async function loadCounter(load = (url) => import(url)) {
  try {
    const { encode } = await load(new URL(TOKENIZER, import.meta.url).href);
    if (typeof encode !== 'function') throw new Error('the tokenizer has no encode function');
    return { unit: 'tokens', encoding: ENCODING, count: (text) => encode(text).length };
  } catch (e) {
    return { unit: 'characters', encoding: null, count: (text) => [...text].length, reason: e.message };
  }
}
