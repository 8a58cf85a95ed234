/**
 * Fuzzing the link decoder with hostile input. Properties: decodeLink never throws, returns
 * either a run that passes the domain checks or a non-empty error sentence, and finishes (no
 * hang: the whole file runs in well under a second per thousand inputs; no per-input timing
 * assertion, which would be flaky on a loaded machine). The totals are logged for the report.
 */
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';
import { type DecodeResult, decodeLink, encodeLink, LIMITS, type ShareRun } from './link';
import { checkRun } from './run';

const BUILTINS = ['kubelet-stop', 'node-poweroff'];
const OPTS = { builtins: BUILTINS, engine: '0.1.0' };

const RUN: ShareRun = {
  v: 4,
  engine: '0.1.0',
  scenario: { builtin: 'kubelet-stop' },
  seed: 7,
  commands: [
    { at: 30000, line: 'ssh node2 systemctl stop kubelet' },
    { at: 95000, line: 'kubectl get nodes' },
    { at: 480000, line: 'ssh node2 systemctl start kubelet' },
  ],
  t: 600000,
  view: 'graph',
};
const VALID = (() => {
  const r = encodeLink(RUN, { builtins: BUILTINS });
  if (!r.ok) throw new Error(r.error);
  return r.hash;
})();
const VALID_BYTES = fromBase64Url(VALID.slice('#s=4.'.length)) as Uint8Array;

let iterations = 0;
let accepted = 0;
let elapsed = 0;
let slowest = 0;
afterAll(() => {
  console.log(
    `link fuzz: ${iterations} inputs (${accepted} accepted) decoded in ${elapsed.toFixed(0)} ms, slowest ${slowest.toFixed(1)} ms`,
  );
});

/** The property every input must satisfy. */
function wellBehaved(hash: string): void {
  iterations++;
  const t0 = performance.now();
  let r: DecodeResult;
  try {
    r = decodeLink(hash, OPTS);
  } finally {
    const dt = performance.now() - t0;
    elapsed += dt;
    slowest = Math.max(slowest, dt);
  }
  if (r.ok) {
    accepted++;
    expect(checkRun(r.run, OPTS)).toBeUndefined();
  } else {
    expect(typeof r.error).toBe('string');
    expect(r.error.length).toBeGreaterThan(10);
    expect(r.error.startsWith('The ')).toBe(true);
  }
}

const b64 = (bytes: Uint8Array) => toBase64Url(bytes);
const deflated = (text: string) => `#s=2.${b64(deflateSync(strToU8(text)))}`;

describe('decodeLink under fuzzing', () => {
  it('random strings, with and without a link prefix', () => {
    const prefix = fc.constantFrom('', '#', '#s=', '#s=1.', '#s=2.', '#s=3.', '#s=4.', 's=2.', '#x=1&s=2.');
    const body = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,400}$/),
      fc.base64String({ maxLength: 400 }),
    );
    fc.assert(
      fc.property(prefix, body, (p, b) => wellBehaved(p + b)),
      { numRuns: 4000, seed: 1 },
    );
  });

  it('bit flips, truncation and garbage in a valid link', () => {
    const mutation = fc.oneof(
      // flip one or more bits of the compressed bytes
      fc
        .array(fc.tuple(fc.nat(VALID_BYTES.length - 1), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 4 })
        .map((flips) => {
          const bytes = VALID_BYTES.slice();
          for (const [i, bit] of flips) bytes[i] = (bytes[i] as number) ^ (1 << bit);
          return `#s=2.${b64(bytes)}`;
        }),
      // cut the link anywhere
      fc.nat(VALID.length).map((n) => VALID.slice(0, n)),
      // splice garbage characters into the base64 text
      fc
        .tuple(fc.nat(VALID.length), fc.string({ maxLength: 8 }))
        .map(([i, g]) => VALID.slice(0, i) + g + VALID.slice(i)),
      // random bytes after a valid prefix of the compressed data
      fc.tuple(fc.nat(VALID_BYTES.length), fc.uint8Array({ maxLength: 200 })).map(([n, tail]) => {
        const bytes = new Uint8Array(n + tail.length);
        bytes.set(VALID_BYTES.subarray(0, n));
        bytes.set(tail, n);
        return `#s=2.${b64(bytes)}`;
      }),
      // wrong format number on valid data
      fc.integer({ min: -5, max: 12 }).map((f) => VALID.replace('s=4.', `s=${f}.`)),
    );
    fc.assert(
      fc.property(mutation, (h) => wellBehaved(h)),
      { numRuns: 4000, seed: 2 },
    );
  });

  it('hostile JSON payloads: wrong types, huge numbers, deep nesting', () => {
    const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 1e21, -0, 0.1, 4294967296, 86_400_001);
    const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 4 }), hugeNumber);
    const field = fc.constantFrom('e', 'b', 'i', 's', 'c', 't', 'w', 'p', 'zz', '__proto__', 'constructor');
    const payload = fc.tuple(field, anyJson, fc.boolean()).map(([k, val, asV1]) => {
      const base: Record<string, unknown> = {
        e: '0.1.0',
        b: 'kubelet-stop',
        s: 7,
        c: [[1000, 'kubectl get pods']],
        t: 60000,
      };
      base[k] = val;
      const text = JSON.stringify(base);
      return asV1 ? `#s=1.${b64(strToU8(text))}` : deflated(text);
    });
    const commands = fc
      .array(fc.tuple(fc.oneof(fc.integer(), hugeNumber), fc.string({ maxLength: 30 })), { maxLength: 50 })
      .map((c) => deflated(JSON.stringify({ e: '0.1.0', b: 'kubelet-stop', c, t: 86_400_000 })));
    const nested = fc.integer({ min: 1, max: 20_000 }).map((depth) => {
      const text = `{"e":"1","b":"kubelet-stop","t":0,"c":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      return deflated(text);
    });
    const nestedYaml = fc
      .integer({ min: 1, max: 50_000 })
      .map((depth) => deflated(JSON.stringify({ e: '1', i: `spec: ${'['.repeat(depth)}${']'.repeat(depth)}`, t: 0 })));
    fc.assert(
      fc.property(fc.oneof(payload, commands, nested, nestedYaml), (h) => wellBehaved(h)),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('zip-bomb-like streams and claimed sizes', () => {
    const bomb = fc
      .tuple(fc.integer({ min: 262_000, max: 2_000_000 }), fc.integer({ min: 0, max: 255 }), fc.boolean())
      .map(([size, byte, jsonish]) => {
        const data = new Uint8Array(size).fill(byte);
        if (jsonish) data.set(strToU8('{"e":"'));
        return `#s=2.${b64(deflateSync(data, { level: 9 }))}`;
      });
    // Stored blocks whose header claims a length far beyond the data (LEN/NLEN = 0xffff).
    const claimed = fc.integer({ min: 1, max: 4000 }).map((n) => {
      const bytes = new Uint8Array(5 + n);
      bytes.set([0x01, 0xff, 0xff, 0x00, 0x00]);
      return `#s=2.${b64(bytes)}`;
    });
    // Many tiny final blocks after each other, and a link just over the length limit.
    const overLong = fc.integer({ min: 1, max: 2000 }).map((n) => `#s=2.${'A'.repeat(LIMITS.maxLinkChars - 4 + n)}`);
    fc.assert(
      fc.property(fc.oneof(bomb, claimed, overLong), (h) => wellBehaved(h)),
      { numRuns: 300, seed: 4 },
    );
  });

  it('random runs with numbered commands at one time (folded by format 4) round-trip exactly', () => {
    const piece = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 60_000 }), fc.stringMatching(/^[a-z0-9 ./=-]{1,30}$/))
        .map(([d, line]) => [{ d, line }]),
      fc
        .tuple(
          fc.integer({ min: 0, max: 60_000 }),
          fc.stringMatching(/^[a-z ]{1,12}$/),
          fc.integer({ min: 0, max: 120 }),
          fc.integer({ min: 1, max: 40 }),
          fc.constantFrom('', ' x', '-y'),
        )
        .map(([d, prefix, from, n, suffix]) =>
          Array.from({ length: n }, (_, i) => ({ d: i === 0 ? d : 0, line: `${prefix}${from + i}${suffix}` })),
        ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        let at = 0;
        const commands = pieces.flat().map(({ d, line }) => {
          at += d;
          return { at, line };
        });
        if (commands.some((c) => c.line.trim() === '')) return;
        const r: ShareRun = { v: 4, engine: '0.1.0', scenario: { builtin: 'node-poweroff' }, commands, t: at };
        const enc = encodeLink(r, OPTS);
        expect(enc.ok).toBe(true);
        if (!enc.ok) return;
        expect(decodeLink(enc.hash, OPTS)).toEqual({ ok: true, run: r, format: 4, notices: [] });
      }),
      { numRuns: 500, seed: 9 },
    );
  });

  it('valid random runs always round-trip', () => {
    const run = fc
      .record({
        seed: fc.option(fc.integer({ min: 0, max: 0xffff_ffff }), { nil: undefined }),
        deltas: fc.array(fc.tuple(fc.integer({ min: 0, max: 60_000 }), fc.stringMatching(/^[a-z0-9 ./=-]{1,60}$/)), {
          maxLength: 40,
        }),
        tail: fc.integer({ min: 0, max: 60_000 }),
      })
      .filter((r) => r.deltas.every(([, l]) => l.trim() !== ''));
    fc.assert(
      fc.property(run, ({ seed, deltas, tail }) => {
        let at = 0;
        const commands = deltas.map(([d, line]) => {
          at += d;
          return { at, line };
        });
        const r: ShareRun = { v: 4, engine: '0.1.0', scenario: { builtin: 'node-poweroff' }, commands, t: at + tail };
        if (seed !== undefined) r.seed = seed;
        const enc = encodeLink(r, OPTS);
        expect(enc.ok).toBe(true);
        if (!enc.ok) return;
        iterations++;
        accepted++;
        expect(decodeLink(enc.hash, OPTS)).toEqual({ ok: true, run: r, format: 4, notices: [] });
      }),
      { numRuns: 1000, seed: 5 },
    );
  });
});
