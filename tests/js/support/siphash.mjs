// SipHash-1-3 as the core computes it (src/ground/hash.c, tsig_hash_bytes without
// normalizing): 64-bit words held as two unsigned 32-bit halves, so that
// tests can craft keys that collide in the core's tables under a known
// 16-byte seed (the key is the seed's bytes read little-endian).

function word(bytes, at) {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/** The key of a 16-byte seed: [k0 hi, k0 lo, k1 hi, k1 lo]. */
export function keyOfSeed(seed) {
  return [word(seed, 4), word(seed, 0), word(seed, 12), word(seed, 8)];
}

/**
 * SipHash-1-3 of the bytes under key: the 64-bit hash as [hi, lo]
 * (the core's tables use its low bits for the slot).
 */
export function siphash13(key, bytes) {
  const [k0h, k0l, k1h, k1l] = key;
  let v0h = (k0h ^ 0x736f6d65) >>> 0, v0l = (k0l ^ 0x70736575) >>> 0;
  let v1h = (k1h ^ 0x646f7261) >>> 0, v1l = (k1l ^ 0x6e646f6d) >>> 0;
  let v2h = (k0h ^ 0x6c796765) >>> 0, v2l = (k0l ^ 0x6e657261) >>> 0;
  let v3h = (k1h ^ 0x74656462) >>> 0, v3l = (k1l ^ 0x79746573) >>> 0;
  let th, tl;
  // one SipRound, on the halves (x += y: low sum, then high with its carry;
  // rotations by b < 32 mix the halves, by 32 swap them)
  const round = () => {
    tl = (v0l + v1l) >>> 0; v0h = (v0h + v1h + (tl < v0l ? 1 : 0)) >>> 0; v0l = tl;
    th = ((v1h << 13) | (v1l >>> 19)) >>> 0; v1l = ((v1l << 13) | (v1h >>> 19)) >>> 0; v1h = th;
    v1h = (v1h ^ v0h) >>> 0; v1l = (v1l ^ v0l) >>> 0;
    th = v0h; v0h = v0l; v0l = th;
    tl = (v2l + v3l) >>> 0; v2h = (v2h + v3h + (tl < v2l ? 1 : 0)) >>> 0; v2l = tl;
    th = ((v3h << 16) | (v3l >>> 16)) >>> 0; v3l = ((v3l << 16) | (v3h >>> 16)) >>> 0; v3h = th;
    v3h = (v3h ^ v2h) >>> 0; v3l = (v3l ^ v2l) >>> 0;
    tl = (v0l + v3l) >>> 0; v0h = (v0h + v3h + (tl < v0l ? 1 : 0)) >>> 0; v0l = tl;
    th = ((v3h << 21) | (v3l >>> 11)) >>> 0; v3l = ((v3l << 21) | (v3h >>> 11)) >>> 0; v3h = th;
    v3h = (v3h ^ v0h) >>> 0; v3l = (v3l ^ v0l) >>> 0;
    tl = (v2l + v1l) >>> 0; v2h = (v2h + v1h + (tl < v2l ? 1 : 0)) >>> 0; v2l = tl;
    th = ((v1h << 17) | (v1l >>> 15)) >>> 0; v1l = ((v1l << 17) | (v1h >>> 15)) >>> 0; v1h = th;
    v1h = (v1h ^ v2h) >>> 0; v1l = (v1l ^ v2l) >>> 0;
    th = v2h; v2h = v2l; v2l = th;
  };
  const compress = (mh, ml) => {
    v3h = (v3h ^ mh) >>> 0; v3l = (v3l ^ ml) >>> 0;
    round();
    v0h = (v0h ^ mh) >>> 0; v0l = (v0l ^ ml) >>> 0;
  };
  const whole = bytes.length & ~7;
  for (let i = 0; i < whole; i += 8) compress(word(bytes, i + 4), word(bytes, i));
  let ml = 0, mh = (bytes.length & 0xff) << 24;
  for (let i = whole; i < bytes.length; i++) {
    const at = i - whole;
    if (at < 4) ml |= bytes[i] << (8 * at);
    else mh |= bytes[i] << (8 * (at - 4));
  }
  compress(mh >>> 0, ml >>> 0);
  v2l = (v2l ^ 0xff) >>> 0;
  round();
  round();
  round();
  return [(v0h ^ v1h ^ v2h ^ v3h) >>> 0, (v0l ^ v1l ^ v2l ^ v3l) >>> 0];
}

/**
 * Names "k<hex>" (ASCII letters and digits: normalizing changes nothing)
 * whose hash under seed falls in the first `window` slots of a table of
 * `cap` slots (so in every smaller table too): each one added walks all
 * those before it, as far as a table lets it. And as many ordinary names
 * of the same length.
 */
export function craftNames(seed, count, cap, window) {
  const key = keyOfSeed(seed);
  const buf = new Uint8Array(32);
  const crafted = [];
  for (let n = 0x100000; crafted.length < count; n++) {
    const name = `k${n.toString(16)}`;
    for (let j = 0; j < name.length; j++) buf[j] = name.charCodeAt(j);
    const [, lo] = siphash13(key, buf.subarray(0, name.length));
    if ((lo & (cap - 1)) < window) crafted.push(name);
  }
  const plain = crafted.map((_, i) => `k${(0x100000 + i * 499).toString(16)}`);
  return { crafted, plain };
}

/** How many of names hash into the first `window` slots of `cap` under seed. */
export function inWindow(seed, names, cap, window) {
  const key = keyOfSeed(seed);
  const buf = new Uint8Array(64);
  let n = 0;
  for (const name of names) {
    for (let j = 0; j < name.length; j++) buf[j] = name.charCodeAt(j);
    if ((siphash13(key, buf.subarray(0, name.length))[1] & (cap - 1)) < window) n++;
  }
  return n;
}
