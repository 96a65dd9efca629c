// wasm-functions.mjs: where the bytes of a .wasm module go.
//
//   node bench/js/wasm-functions.mjs [file.wasm] [--top 40]
//
// Prints the size of each section, then the largest function bodies of the
// code section with their names (from the "name" section: build with
// emcc --profiling-funcs to keep them). Sizes are raw bytes of the body.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './harness.mjs';

const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global',
  'export', 'start', 'element', 'code', 'data', 'datacount'];

// LEB128 unsigned reader over a byte array: returns [value, next offset].
function uleb(b, at) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const byte = b[at++];
    result += (byte & 0x7f) * 2 ** shift;
    if (!(byte & 0x80)) return [result, at];
    shift += 7;
  }
}

function readName(b, at) {
  const [len, p] = uleb(b, at);
  return [new TextDecoder().decode(b.subarray(p, p + len)), p + len];
}

/** Sections [{id, name, start, size}] of a module, custom sections named. */
export function sections(b) {
  const out = [];
  let at = 8;
  while (at < b.length) {
    const id = b[at];
    const [size, p] = uleb(b, at + 1);
    let name = SECTION_NAMES[id] ?? `id ${id}`;
    if (id === 0) name = `custom "${readName(b, p)[0]}"`;
    out.push({ id, name, start: p, size, total: p - at + size });
    at = p + size;
  }
  return out;
}

function importedFunctionCount(b, sec) {
  if (!sec) return 0;
  let [n, at] = uleb(b, sec.start);
  let funcs = 0;
  for (let i = 0; i < n; i++) {
    [, at] = readName(b, at);
    [, at] = readName(b, at);
    const kind = b[at++];
    if (kind === 0) { [, at] = uleb(b, at); funcs++; } else if (kind === 1) { at += 1; const f = b[at++]; [, at] = uleb(b, at); if (f & 1) [, at] = uleb(b, at); } else if (kind === 2) { const f = b[at++]; [, at] = uleb(b, at); if (f & 1) [, at] = uleb(b, at); } else { at += 2; }
  }
  return funcs;
}

/** Function names by index, from the "name" custom section (subsection 1). */
function functionNames(b, sec) {
  const names = new Map();
  if (!sec) return names;
  let at = sec.start;
  [, at] = readName(b, at);
  const end = sec.start + sec.size;
  while (at < end) {
    const kind = b[at++];
    let size;
    [size, at] = uleb(b, at);
    if (kind === 1) {
      let [n, p] = uleb(b, at);
      for (let i = 0; i < n; i++) {
        let idx;
        let name;
        [idx, p] = uleb(b, p);
        [name, p] = readName(b, p);
        names.set(idx, name);
      }
    }
    at += size;
  }
  return names;
}

/** Function bodies [{name, size, gzip}] of the code section. */
export function functions(b) {
  const secs = sections(b);
  const code = secs.find((s) => s.id === 10);
  const imported = importedFunctionCount(b, secs.find((s) => s.id === 2));
  const names = functionNames(b, secs.find((s) => s.name === 'custom "name"'));
  const out = [];
  let [n, at] = uleb(b, code.start);
  for (let i = 0; i < n; i++) {
    const [size, p] = uleb(b, at);
    const index = imported + i;
    out.push({ name: names.get(index) ?? `func ${index}`, size, gzip: gzipSync(b.subarray(p, p + size), { level: 9 }).length });
    at = p + size;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? `${repoRoot}dist/toolsig.wasm`;
  const topAt = process.argv.indexOf('--top');
  const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 40;
  const b = readFileSync(file);
  console.log(`${file}: ${b.length} bytes, gzip -9 ${gzipSync(b, { level: 9 }).length}`);
  for (const s of sections(b)) console.log(`  ${s.name.padEnd(28)} ${String(s.total).padStart(7)}`);
  const fns = functions(b).sort((x, y) => y.size - x.size);
  const total = fns.reduce((a, f) => a + f.size, 0);
  console.log(`\n${fns.length} functions, ${total} bytes of code; largest ${top}:`);
  let acc = 0;
  for (const f of fns.slice(0, top)) {
    acc += f.size;
    console.log(`  ${String(f.size).padStart(6)} ${String(f.gzip).padStart(6)}gz ${(acc * 100 / total).toFixed(0).padStart(3)}%  ${f.name}`);
  }
}
