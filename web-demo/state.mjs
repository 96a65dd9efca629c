// state.mjs: the playground's state and its shareable form in the URL.
//
// The state is a flat object of strings. In the URL it is the fragment
// "#s=" followed by the base64url form of its compact JSON (UTF-8), so a
// link carries any text (newlines, quotes, non-ASCII) and never reaches a
// server. Unknown keys are ignored and bad values fall back to defaults, so
// an old or hand-edited link still opens. A value equal to its default is
// left out of the link (the Import, Compare and Infer views' examples
// stay out of every link that keeps them).
import { COMPARE_EXAMPLES, IMPORT_EXAMPLES, INFER_EXAMPLES } from './examples.mjs';
import { SPLIT_IDS } from './infer-view.mjs';
import { VIEW_IDS } from './tabs.mjs';

// The validation modes are the core's (toolsig's coreInfo().modes, the
// first being the default): the functions that check a mode take them.
export const TARGETS = ['input', 'output'];
export const SCHEMA_KINDS = ['normal', 'strict', 'params'];
// Repair of LLM text (SPEC §12.1): '' is the core's default for the target
// (on for tool input, off for tool output).
export const REPAIRS = ['', 'on', 'off'];
// The Import view's lossy option: '' off (the core's default), 'on'.
export const LOSSY = ['', 'on'];
// The Infer view's enums option: the number field's text, '' or a number
// as the field reports one (infer refuses one that is not a whole number
// from 0, and the view says so).
const ENUMS_TEXT = /^(?:-?(?:[0-9]{1,9}(?:\.[0-9]{1,9})?|\.[0-9]{1,9})(?:e[+-]?[0-9]{1,3})?)?$/i;

// Short keys in the URL, long names in the page.
const KEYS = {
  sig: 's', data: 'd', target: 't', mode: 'm', schema: 'k', name: 'n', desc: 'e', tpl: 'p', repair: 'r',
  view: 'v', imported: 'i', lossy: 'l', before: 'b', after: 'a', samples: 'x', split: 'h', enums: 'u',
};

export const DEFAULT_STATE = Object.freeze({
  sig: '',
  data: '',
  target: 'input',
  mode: '', // the core's default mode: normalizeState fills it in
  schema: 'normal',
  name: 'my_tool',
  desc: '',
  tpl: '',
  repair: '',
  view: VIEW_IDS[0], // the tab shown (tabs.mjs)
  imported: IMPORT_EXAMPLES[0].text, // the Import view's text
  lossy: '',
  before: COMPARE_EXAMPLES[0].before, // the Compare view's two sides
  after: COMPARE_EXAMPLES[0].after,
  samples: INFER_EXAMPLES[0].text, // the Infer view's text, how it holds samples, enums
  split: INFER_EXAMPLES[0].split,
  enums: INFER_EXAMPLES[0].enums,
});

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(code) {
  const b64 = code.replaceAll('-', '+').replaceAll('_', '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// Keeps only known keys with values of the right kind; modes are the
// core's validation modes, the first the default.
export function normalizeState(raw, modes) {
  const s = { ...DEFAULT_STATE };
  if (!raw || typeof raw !== 'object') return s;
  for (const key of Object.keys(DEFAULT_STATE)) {
    if (typeof raw[key] === 'string') s[key] = raw[key];
  }
  if (!modes.includes(s.mode)) s.mode = modes[0];
  if (!TARGETS.includes(s.target)) s.target = DEFAULT_STATE.target;
  if (!SCHEMA_KINDS.includes(s.schema)) s.schema = DEFAULT_STATE.schema;
  if (!REPAIRS.includes(s.repair)) s.repair = DEFAULT_STATE.repair;
  if (!VIEW_IDS.includes(s.view)) s.view = DEFAULT_STATE.view;
  if (!LOSSY.includes(s.lossy)) s.lossy = DEFAULT_STATE.lossy;
  if (!SPLIT_IDS.includes(s.split)) s.split = DEFAULT_STATE.split;
  if (!ENUMS_TEXT.test(s.enums)) s.enums = DEFAULT_STATE.enums;
  return s;
}

/** The URL fragment ("#s=...") of a state. */
export function encodeState(state) {
  const compact = {};
  for (const [key, short] of Object.entries(KEYS)) {
    if (state[key] !== DEFAULT_STATE[key]) compact[short] = state[key];
  }
  return `#s=${toBase64url(JSON.stringify(compact))}`;
}

/** The state in a URL fragment, or null when the fragment holds none. */
export function decodeState(hash, modes) {
  const m = /^#?s=([A-Za-z0-9_-]*)$/.exec(hash ?? '');
  if (!m) return null;
  try {
    const compact = JSON.parse(fromBase64url(m[1]));
    const raw = {};
    for (const [key, short] of Object.entries(KEYS)) raw[key] = compact[short];
    return normalizeState(raw, modes);
  } catch {
    return null;
  }
}
