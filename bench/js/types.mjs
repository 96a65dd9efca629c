// types.mjs: what computing types from signature text costs the type
// checker. Writes a TypeScript file with 50 realistic tool signatures, each
// given to Signature.parse as a literal (typed), and the same file with
// each text widened to string (untyped, the baseline), then runs
// `tsc --noEmit --extendedDiagnostics` on each and prints the checker's
// time, the type instantiations and the memory used.
//
//   node bench/js/types.mjs
//
// The signatures: the eight tools of tests/js/fixtures/mcp-tools.json as
// toolsig imports them (descriptions, defaults, enums, unions, bounds),
// and tools of the kinds agents call (search, CRUD, files, mail,
// calendars), each used for several tools with its own parameter names.
// A benchmark, not a test: tests/js/types.test.mjs holds the count of
// instantiations to a bound.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './harness.mjs';

const HANDWRITTEN = [
  '(query :string "search terms", limit :int[1..100] = 10 "max results") -> [{id :int, title :string, score :float}]',
  '(city :string, days :int[1..14]? "forecast days", units :enum[metric imperial] = "metric") -> {temp :float, conditions :string, daily [{date :datetime, high :float, low :float}]}',
  '(to [:string[1..]][1..], subject :string[..200], body :string, cc [:string]?, draft :bool = false) -> {id :string, sent_at :datetime?}',
  '(calendar_id :string, start :datetime, end :datetime, attendees [{email :string, optional :bool = false}] = []) -> {event_id :string, conflicts [{event_id :string, title :string}]}',
  '(path :string, content :string, mode :enum[overwrite append create] = "create") -> {bytes_written :int, path :string}',
  '(id :int[>=1]) -> {id :int, name :string, email :string?, roles [:enum[admin editor viewer]], meta {* :string}}',
  '(order_id :string, status :enum[pending paid shipped cancelled], note :string? "shown to the customer") -> {ok :bool, previous :enum[pending paid shipped cancelled]}',
  '(sql :string, params [:string|:float|:bool?] = []) -> {columns [:string], rows [[:any]], truncated :bool}',
  '(url :string, method :enum[GET POST PUT DELETE] = "GET", headers {* :string} = {}, body :string?) -> {status :int, headers {* :string}, body :string}',
  '(repo :string, base :string = "main", head :string, title :string[1..256], draft :bool?) -> {number :int, url :string, mergeable :bool?}',
  '(text :string[1..10000], target :enum[en de fr es ja zh], formality :enum[formal informal]?) -> {translation :string, detected_source :string?}',
  '(customer {name :string, email :string?}, items [{sku :string, qty :int[>=1], price :float[>=0]}][1..], coupon :string?) -> {total :float, tax :float, lines [{sku :string, subtotal :float}]}',
  '(shape {kind :enum[circle], r :float[>0]}|{kind :enum[rect], w :float[>0], h :float[>0]}) -> {area :float, perimeter :float}',
  '(channel :string, message :string[..4000], thread_ts :string?, blocks [:map]?) -> {ts :string, channel :string}',
  '(lat :float[-90..90], lon :float[-180..180], radius_m :int[1..50000] = 1000, kinds [:enum[cafe restaurant bar park]]?) -> [{name :string, distance_m :float, kind :string, rating :float?}]',
  '(ticket {title :string, priority :enum[low medium high urgent] = "medium", labels [:string] = [], assignee :string?}) -> {id :int, url :string, created :datetime}',
  '(symbol :string[1..10], range :enum[1d 5d 1mo 6mo 1y] = "1mo") -> {symbol :string, points [{t :datetime, close :float, volume :int}], currency :string}',
  '(document_id :string, ops [{op :enum[insert delete replace], at :int[>=0], text :string?}][1..]) -> {revision :int, length :int}',
];

const { importTool } = await import(pathToFileURL(join(repoRoot, 'dist', 'node.mjs')).href);
const { tools } = JSON.parse(readFileSync(join(repoRoot, 'tests', 'js', 'fixtures', 'mcp-tools.json'), 'utf8'));
const imported = tools.map((t) => importTool(t, { lossy: true }).signature.canonical);

/** The 50 signatures: every base once, then again with their first parameter renamed. */
export function fiftySignatures() {
  const bases = [...imported, ...HANDWRITTEN];
  return Array.from({ length: 50 }, (_, i) => {
    const text = bases[i % bases.length];
    const round = Math.floor(i / bases.length);
    return round === 0 ? text : text.replace(/^\((\w+)/, `($1_${round}`);
  });
}

/** The file: each signature parsed, and its validated arguments read. */
export function typesFile(typed) {
  const lines = ["import { Signature } from 'toolsig';", ''];
  fiftySignatures().forEach((text, i) => {
    const literal = JSON.stringify(text).replace(/^"|"$/g, '').replaceAll("'", "\\'").replaceAll('\\"', '"');
    const arg = typed ? `'${literal}'` : `'${literal}' as string`;
    lines.push(`export const s${i} = Signature.parse(${arg});`);
    lines.push(`export const r${i} = s${i}.validateInput({});`);
    lines.push(`export const o${i} = s${i}.validate(null);`);
  });
  return `${lines.join('\n')}\n`;
}

/** tsc --extendedDiagnostics on the file: {checkTime, instantiations, memory}. */
export function measure(typed) {
  const dir = join(repoRoot, 'build', 'bench-types');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, typed ? 'typed.ts' : 'untyped.ts');
  writeFileSync(file, typesFile(typed));
  const config = join(dir, `tsconfig.${typed ? 'typed' : 'untyped'}.json`);
  writeFileSync(config, JSON.stringify({
    compilerOptions: { noEmit: true, strict: true, skipLibCheck: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [] },
    files: [file],
  }));
  const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config,
    '--extendedDiagnostics'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tsc failed:\n${r.stdout}${r.stderr}`);
  const field = (name) => {
    const m = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(r.stdout);
    return m ? Number(m[1]) : null;
  };
  return {
    checkTime: field('Check time'), totalTime: field('Total time'),
    instantiations: field('Instantiations'), memoryK: field('Memory used'),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const typed of [false, true]) {
    const best = [1, 2, 3].map(() => measure(typed)).sort((a, b) => a.checkTime - b.checkTime)[0];
    console.log(`${typed ? 'typed  ' : 'untyped'}: check ${best.checkTime.toFixed(2)} s, total ${best.totalTime.toFixed(2)} s, ` +
      `${best.instantiations} instantiations, ${Math.round(best.memoryK / 1024)} MB (best of 3)`);
  }
}
