/**
 * Seeded PRNG (xoshiro128**). The state is four uint32 numbers kept inside the simulation state,
 * so a snapshot captures it and a restore continues the same stream. Integer arithmetic only:
 * results are bit-identical in every JavaScript engine.
 */
export type RngState = [number, number, number, number];

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seedRng(seed: number): RngState {
  const next = splitmix32(seed);
  return [next(), next(), next(), next()];
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** Next uint32, advancing the state in place. */
export function nextUint32(s: RngState): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
  const t = (s[1] << 9) >>> 0;
  s[2] = (s[2] ^ s[0]) >>> 0;
  s[3] = (s[3] ^ s[1]) >>> 0;
  s[1] = (s[1] ^ s[2]) >>> 0;
  s[0] = (s[0] ^ s[3]) >>> 0;
  s[2] = (s[2] ^ t) >>> 0;
  s[3] = rotl(s[3], 11);
  return result;
}

/** Uniform integer in [min, max] (inclusive), rejection sampling so there is no modulo bias. */
export function uniformInt(s: RngState, min: number, max: number): number {
  const range = max - min + 1;
  if (range <= 1) return min;
  const limit = Math.floor(0x100000000 / range) * range;
  let x = nextUint32(s);
  while (x >= limit) x = nextUint32(s);
  return min + (x % range);
}

/** Jitter a period by up to ±fraction (wait.JitterUntil uses 0.04), returned as integer ms. */
export function jitter(s: RngState, periodMs: number, fraction: number): number {
  const spread = Math.floor(periodMs * fraction);
  return periodMs + uniformInt(s, -spread, spread);
}

const ALPHANUM = 'bcdfghjklmnpqrstvwxz2456789'; // apimachinery's rand.String alphabet (no vowels, no 0/1/3)

/** A name suffix like Kubernetes' generateName: 5 characters from the safe alphabet. */
export function randomSuffix(s: RngState, length = 5): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUM[uniformInt(s, 0, ALPHANUM.length - 1)];
  return out;
}

/** Two lower-case hex digits per byte value: `toString(16).padStart` per draw was most of an id's cost. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A uint32 as 8 lower-case hex digits (`x.toString(16).padStart(8, '0')`). */
function hex8(x: number): string {
  return (
    (HEX_BYTE[x >>> 24] as string) +
    (HEX_BYTE[(x >>> 16) & 255] as string) +
    (HEX_BYTE[(x >>> 8) & 255] as string) +
    (HEX_BYTE[x & 255] as string)
  );
}

/** Lower-case hex string of n characters (container IDs, boot IDs, pod-template hashes). */
export function randomHex(s: RngState, n: number): string {
  let out = '';
  while (out.length < n) out += hex8(nextUint32(s));
  return out.slice(0, n);
}
