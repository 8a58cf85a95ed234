/**
 * Bounded raw-DEFLATE decompression for hostile input, in two passes:
 *  1. fflate's streaming Inflate is fed small slices, so one slice expands to at most ~1,032x its
 *     size (DEFLATE's ceiling); output is counted after every slice and decoding stops as soon as
 *     it passes the limit. A zip bomb costs at most limit + 512 * 1,032 bytes of work.
 *  2. Only then a strict inflateSync into a buffer of exactly the counted size: the streaming
 *     decoder accepts a stream that just stops (a truncated link), the one-shot decoder does not.
 */
import { Inflate, inflateSync } from 'fflate';

const SLICE = 512;

export type InflateResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'damaged' | 'too-large' };

/** Inflates `data` (raw DEFLATE) unless it is damaged or would exceed `limit` bytes. Never throws. */
export function inflateBounded(data: Uint8Array, limit: number): InflateResult {
  let total = 0;
  try {
    const inflater = new Inflate((chunk: Uint8Array) => {
      total += chunk.length;
    });
    for (let i = 0; i < data.length && total <= limit; i += SLICE) inflater.push(data.subarray(i, i + SLICE), false);
    if (total > limit) return { ok: false, reason: 'too-large' };
    inflater.push(new Uint8Array(0), true);
    if (total > limit) return { ok: false, reason: 'too-large' };
    // +1 so that output longer than counted (it cannot be, but) would show as a length mismatch.
    const out = inflateSync(data, { out: new Uint8Array(total + 1) });
    if (out.length !== total) return { ok: false, reason: 'damaged' };
    return { ok: true, bytes: out };
  } catch {
    return total > limit ? { ok: false, reason: 'too-large' } : { ok: false, reason: 'damaged' };
  }
}
