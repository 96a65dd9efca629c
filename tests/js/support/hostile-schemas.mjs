// hostile-schemas.mjs: JSON Schemas written to make an importer work far
// more than their size asks for, generated here so that tests and
// bench/js/hostile-schemas.mjs read the same texts. Each case is
// { name, what, kind, text } where kind says how it is read: "schema"
// (fromJsonSchema, toolsig from-schema), "schema-lossy" (the same with the
// lossy option) or "tool" (importTool, toolsig from-tools).

const props = (n, f) => Array.from({ length: n }, (_, i) => `"${f(i)}"`);

// 5,000 $refs, each to one definition of 2,000 properties.
export function refsToWideDefinition(refs = 5000, width = 2000) {
  const big = Array.from({ length: width }, (_, i) => `"p${i}":{"type":"string"}`).join(',');
  const uses = Array.from({ length: refs }, (_, i) => `"r${i}":{"$ref":"#/$defs/big"}`).join(',');
  return `{"$defs":{"big":{"type":"object","properties":{${big}},"required":[]}},` +
    `"type":"object","properties":{${uses}}}`;
}

// A diamond: definition d(i) holds two properties that both refer to
// d(i + 1); the last one is an enum of `values` strings. 2^levels copies of
// the leaf once inlined.
export function diamond(levels = 20, values = 1000) {
  const defs = [];
  for (let i = 0; i < levels; i++) {
    const next = `{"$ref":"#/$defs/d${i + 1}"}`;
    defs.push(`"d${i}":{"type":"object","properties":{"a":${next},"b":${next}}}`);
  }
  defs.push(`"d${levels}":{"enum":[${props(values, (i) => `v${i}`).join(',')}]}`);
  return `{"$defs":{${defs.join(',')}},"$ref":"#/$defs/d0"}`;
}

// An enum of n strings; with `distinct` < n, value i is v(i mod distinct).
export function bigEnum(n = 100000, distinct = n) {
  return `{"enum":[${props(n, (i) => `v${i % distinct}`).join(',')}]}`;
}

// anyOf (or oneOf) of n consts, all different.
export function manyConsts(n = 10000, keyword = 'anyOf') {
  return `{"${keyword}":[${Array.from({ length: n }, (_, i) => `{"const":"c${i}"}`).join(',')}]}`;
}

// anyOf nested `depth` deep, each level adding one const of `distinct`
// (so most are duplicates of a const met deeper down).
export function nestedAnyOf(depth = 300, distinct = 10) {
  let s = '{"type":"integer"}';
  for (let i = 0; i < depth; i++) s = `{"anyOf":[{"const":"c${i % distinct}"},${s}]}`;
  return s;
}

// A chain of definitions, each an anyOf of its own const and the next one
// nested `wrap` deep: through $refs, unions nest far deeper than one text
// can.
export function chainedAnyOf(links = 60, wrap = 300) {
  const defs = [];
  for (let i = 0; i < links; i++) {
    let s = i + 1 < links ? `{"$ref":"#/$defs/l${i + 1}"}` : '{"type":"integer"}';
    for (let k = 0; k < wrap; k++) s = `{"anyOf":[{"const":"l${i}c${k}"},${s}]}`;
    defs.push(`"l${i}":${s}`);
  }
  return `{"$defs":{${defs.join(',')}},"$ref":"#/$defs/l0"}`;
}

// A diamond of schemas that build almost nothing: each definition is an
// anyOf of two $refs to the next one (equal members, merged), each wrapped
// in `wrap` allOfs of one schema.
export function hollowDiamond(levels = 30, wrap = 15) {
  const defs = [];
  for (let i = 0; i < levels; i++) {
    let ref = `{"$ref":"#/$defs/h${i + 1}"}`;
    for (let k = 0; k < wrap; k++) ref = `{"allOf":[${ref}]}`;
    defs.push(`"h${i}":{"anyOf":[${ref},${ref}]}`);
  }
  defs.push(`"h${levels}":{"type":"string"}`);
  return `{"$defs":{${defs.join(',')}},"$ref":"#/$defs/h0"}`;
}

// $refs to a definition whose enum repeats one value n times: each copy
// reads every value again, however few it keeps.
export function refsToRepeatedEnum(refs = 5000, n = 20000) {
  const def = `{"enum":[${props(n, () => 'a').join(',')}]}`;
  const uses = Array.from({ length: refs }, (_, i) => `"r${i}":{"$ref":"#/$defs/e"}`).join(',');
  return `{"$defs":{"e":${def}},"type":"object","properties":{${uses}}}`;
}

// $refs into the last 100 of `defs` definitions: each reference names a
// member far down a large object.
export function refsIntoManyDefinitions(refs = 10000, defs = 20000) {
  const d = Array.from({ length: defs }, (_, i) => `"d${i}":{"type":"string"}`).join(',');
  const uses = Array.from({ length: refs }, (_, i) => `"r${i}":{"$ref":"#/$defs/d${defs - 1 - (i % 100)}"}`).join(',');
  return `{"$defs":{${d}},"type":"object","properties":{${uses}}}`;
}

// Lossy: $refs to a definition with `n` unsupported keywords, each a
// warning every time the definition is read.
export function refsToManyWarnings(refs = 5000, n = 2000) {
  const kws = Array.from({ length: n }, (_, i) => `"x${i}":0`).join(',');
  const uses = Array.from({ length: refs }, (_, i) => `"r${i}":{"$ref":"#/$defs/w"}`).join(',');
  return `{"$defs":{"w":{"type":"string",${kws}}},"type":"object","properties":{${uses}}}`;
}

// $refs to a definition whose one property has a large default (checked
// against its type and copied each time).
export function refsToLargeDefault(refs = 5000, size = 100000) {
  const def = `{"type":"object","properties":{"p":{"type":"string","default":"${'x'.repeat(size)}"}}}`;
  const uses = Array.from({ length: refs }, (_, i) => `"r${i}":{"$ref":"#/$defs/d"}`).join(',');
  return `{"$defs":{"d":${def}},"type":"object","properties":{${uses}}}`;
}

// A property whose default (a list of `pad` numbers beside a wrong "a0")
// is checked against an anyOf of `members` objects: each member reads it.
export function defaultAgainstLargeUnion(members = 4000, pad = 60000) {
  const m = Array.from({ length: members }, (_, i) =>
    `{"type":"object","properties":{"a${i}":{"type":"integer"}},"required":["a${i}"]}`);
  const list = Array.from({ length: pad }, (_, i) => i % 10).join(',');
  return `{"type":"object","properties":{"p":{"anyOf":[${m.join(',')}],"default":{"a0":"x","pad":[${list}]}}}}`;
}

// oneOf of n objects told apart by a "kind" field (a discriminated union).
export function discriminatedOneOf(n = 5000) {
  const m = Array.from({ length: n }, (_, i) =>
    `{"type":"object","properties":{"kind":{"const":"k${i}"},"v":{"type":"integer"}},"required":["kind"]}`);
  return `{"oneOf":[${m.join(',')}]}`;
}

// A tool whose inputSchema holds the 5,000 $refs of refsToWideDefinition.
export function toolWithWideRefs(refs = 5000, width = 2000) {
  return `{"name":"wide","inputSchema":${refsToWideDefinition(refs, width)}}`;
}

// Every case (each text at most 1 MB): name, what it is, how it is read.
export function hostileCases() {
  return [
    { name: 'refs-5000x2000', what: '5,000 $refs to a 2,000-property definition', kind: 'schema', text: refsToWideDefinition() },
    { name: 'refs-25000x2000', what: '25,000 $refs to a 2,000-property definition', kind: 'schema', text: refsToWideDefinition(25000, 2000) },
    { name: 'diamond-20', what: 'a diamond of 20 levels over a 1,000-value enum', kind: 'schema', text: diamond() },
    { name: 'diamond-20-100k', what: 'a diamond of 20 levels over a 100,000-value enum', kind: 'schema', text: diamond(20, 100000) },
    { name: 'hollow-diamond', what: 'a diamond of 30 levels of allOf wrappers', kind: 'schema', text: hollowDiamond() },
    { name: 'enum-100k', what: '100,000 enum strings, all different', kind: 'schema', text: bigEnum() },
    { name: 'enum-100k-dups', what: '100,000 enum strings, 1,000 different', kind: 'schema', text: bigEnum(100000, 1000) },
    { name: 'anyof-10k', what: 'anyOf of 10,000 consts', kind: 'schema', text: manyConsts() },
    { name: 'oneof-10k', what: 'oneOf of 10,000 consts', kind: 'schema', text: manyConsts(10000, 'oneOf') },
    { name: 'anyof-nested', what: 'anyOf nested 300 deep, 10 different consts', kind: 'schema', text: nestedAnyOf() },
    { name: 'anyof-chained', what: '60 $refs in a chain, each an anyOf nested 300 deep', kind: 'schema', text: chainedAnyOf() },
    { name: 'refs-repeated-enum', what: '20,000 $refs to an enum of one value written 20,000 times', kind: 'schema', text: refsToRepeatedEnum(20000, 20000) },
    { name: 'refs-many-defs', what: '10,000 $refs into 20,000 definitions', kind: 'schema', text: refsIntoManyDefinitions() },
    { name: 'refs-warnings', what: 'lossy: 20,000 $refs to 20,000 unsupported keywords', kind: 'schema-lossy', text: refsToManyWarnings(20000, 20000) },
    { name: 'refs-default', what: '5,000 $refs to a 100 KB default', kind: 'schema', text: refsToLargeDefault(5000, 100000) },
    { name: 'union-default', what: 'a 120 KB default checked against an anyOf of 4,000 objects', kind: 'schema', text: defaultAgainstLargeUnion() },
    { name: 'oneof-5k-objects', what: 'oneOf of 5,000 objects told apart by a const', kind: 'schema', text: discriminatedOneOf() },
    { name: 'tool-refs', what: 'a tool: 5,000 $refs to a 2,000-property definition', kind: 'tool', text: toolWithWideRefs() },
  ];
}
