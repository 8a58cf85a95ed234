import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';
import { decodeLink, encodeLink, hasRunLink, LIMITS, type ShareRun } from './link';

const BUILTINS = ['kubelet-stop', 'node-poweroff'];
const OPTS = { builtins: BUILTINS };

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

/** Frozen links of every released format: these must keep decoding to RUN forever. */
const FIXTURE_V1 =
  '#s=1.eyJlbmdpbmVWZXJzaW9uIjoiMC4xLjAiLCJzY2VuYXJpbyI6eyJidWlsdGluIjoia3ViZWxldC1zdG9wIn0sInNlZWQiOjcsImNvbW1hbmRzIjpbeyJhdCI6MzAwMDAsImxpbmUiOiJzc2ggbm9kZTIgc3lzdGVtY3RsIHN0b3Aga3ViZWxldCJ9LHsiYXQiOjk1MDAwLCJsaW5lIjoia3ViZWN0bCBnZXQgbm9kZXMifSx7ImF0Ijo0ODAwMDAsImxpbmUiOiJzc2ggbm9kZTIgc3lzdGVtY3RsIHN0YXJ0IGt1YmVsZXQifV0sInRpbWUiOjYwMDAwMCwidmlldyI6ImdyYXBoIn0';
const FIXTURE_V2 =
  '#s=2.bY7RCoJAEEV_ZbnPk2xJFvsriw9qg0KW4kxERP_ejgq-OI_3nHuZLxgBPjtmHgRFKLwdoU7x_VVzz3oQHcZEBeFCaBBizBdJpHPP4cYnJx9RfjTaO5Pd2kRJsTjPqiWGW9a5Isby6wL3d6pJt6GS8E4vtVM1dvj9AQ';

/** Builds a format-2 link from any JSON payload (for hostile-input tests). */
function v2Link(payload: unknown): string {
  return `#s=2.${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;
}
/** Written by the format-3 encoder (RUN with the chart shown and one comparison change). */
const FIXTURE_V3 =
  '#s=3.bU5NC4JAEP0ry5w32bIsFjp3CrqLB10HlcyVnYmK6L83q0EX5_R4X_PegGDBJOvEgAYGm5l4Giqhr_cKe-QVsR9FJbB7DQ5snqeziahVg69xo-hFjDfHvYpm9UtCofNsN1kjE-UGeYpQ1NLDLC73lIH_RYWGh0xqQjm2sqUR7FpxCH7KIojxsx869uEUSocXDJ2vj1sjjz5f';
function v3Link(payload: unknown): string {
  return `#s=3.${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;
}
function v4Link(payload: unknown): string {
  return `#s=4.${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;
}
function v1Link(payload: unknown): string {
  return `#s=1.${toBase64Url(strToU8(JSON.stringify(payload)))}`;
}
function errorOf(hash: string, opts = OPTS): string {
  const r = decodeLink(hash, opts);
  if (r.ok) throw new Error(`expected a refusal, got ${JSON.stringify(r.run)}`);
  return r.error;
}

describe('base64url', () => {
  it('round-trips every length and byte value', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(toBase64Url(Uint8Array.from([0xfb, 0xff]))).toBe('-_8');
  });
  it('refuses foreign characters and impossible lengths', () => {
    expect(fromBase64Url('ab+c')).toBeUndefined();
    expect(fromBase64Url('abc=')).toBeUndefined();
    expect(fromBase64Url('abcde')).toBeUndefined();
    expect(fromBase64Url('é')).toBeUndefined();
  });
});

describe('encodeLink / decodeLink', () => {
  it('round-trips a run', () => {
    const enc = encodeLink(RUN, OPTS);
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    expect(enc.hash.startsWith('#s=4.')).toBe(true);
    const dec = decodeLink(enc.hash, OPTS);
    expect(dec).toEqual({ ok: true, run: RUN, format: 4, notices: [] });
  });

  it('round-trips an inline scenario, a lesson step and no seed', () => {
    const run: ShareRun = {
      v: 4,
      engine: '0.1.0',
      scenario: { inline: 'apiVersion: notready/v1\nkind: Scenario\nspec:\n  nodes: [{name: a}]\n' },
      commands: [],
      t: 0,
      step: 'watch-taint',
    };
    const enc = encodeLink(run);
    expect(enc.ok && decodeLink(enc.hash, { builtins: [] })).toEqual({ ok: true, run, format: 4, notices: [] });
  });

  it('round-trips the space-time chart and a comparison (format 3)', () => {
    const run: ShareRun = { ...RUN, stage: 'chart', compare: ['nodeMonitorGracePeriod=40s', 'tolerationSeconds=30'] };
    const enc = encodeLink(run, OPTS);
    expect(enc.ok && decodeLink(enc.hash, OPTS)).toEqual({ ok: true, run, format: 4, notices: [] });
  });

  it('refuses a comparison that is not KEY=VALUE, or too many changes', () => {
    const withCompare = (x: unknown) => v3Link({ e: '0.1.0', b: 'kubelet-stop-worker', t: 0, x });
    expect(errorOf(withCompare(['grace period=40s']))).toBe(
      'The link\'s comparison change #1 ("grace period=40s") is not KEY=VALUE.',
    );
    expect(errorOf(withCompare([`nodeMonitorGracePeriod=${'0'.repeat(60)}40s`]))).toBe(
      'The link\'s comparison change #1 ("nodeMonitorGracePeriod=00000000000000000…") is too long (86 characters; the limit is 80).',
    );
    expect(errorOf(withCompare([]))).toBe("The link's comparison has no change.");
    expect(errorOf(withCompare(Array(9).fill('a=1')))).toBe(
      "The link's comparison has too many changes (9; the limit is 8).",
    );
    expect(errorOf(withCompare('a=1'))).toBe("The link's comparison should be a list, not text.");
  });

  it('keeps decoding the frozen format-1 and format-2 links', () => {
    expect(decodeLink(FIXTURE_V1, OPTS)).toEqual({ ok: true, run: RUN, format: 1, notices: [] });
    expect(decodeLink(FIXTURE_V2, OPTS)).toEqual({ ok: true, run: RUN, format: 2, notices: [] });
    expect(decodeLink(FIXTURE_V3, OPTS)).toEqual({
      ok: true,
      run: { ...RUN, stage: 'chart', compare: ['nodeMonitorGracePeriod=40s'] },
      format: 3,
      notices: [],
    });
  });

  it('accepts a bare value, a whole URL and other hash parameters', () => {
    const bare = FIXTURE_V2.slice(1);
    expect(decodeLink(bare, OPTS).ok).toBe(true);
    expect(decodeLink(`https://example.org/notready/?e2e=1${FIXTURE_V2}`, OPTS).ok).toBe(true);
    expect(decodeLink(`#x=1&${bare}&y=2`, OPTS).ok).toBe(true);
    expect(hasRunLink('#view=graph')).toBe(false);
    expect(hasRunLink(FIXTURE_V2)).toBe(true);
  });

  it('notes a run made by another engine version', () => {
    const r = decodeLink(FIXTURE_V2, { ...OPTS, engine: '0.2.0' });
    expect(r.ok && r.notices).toEqual([
      'This link was made with engine 0.1.0; this is engine 0.2.0, so the replay may differ.',
    ]);
  });

  it('keeps a built-in lesson link with its commands far under 1,000 characters', () => {
    const enc = encodeLink(RUN, OPTS);
    expect(enc.ok && enc.hash.length).toBeLessThan(1000);
  });
});

describe('decodeLink refusals name the problem', () => {
  it('too long, before decoding anything', () => {
    expect(errorOf(`#s=2.${'A'.repeat(9209)}`)).toBe('The link is too long (9,214 characters; the limit is 8,192).');
  });
  it('not a run', () => {
    expect(errorOf('#view=graph')).toBe('The link does not contain a NotReady run.');
    expect(errorOf('')).toBe('The link does not contain a NotReady run.');
  });
  it('formats: newer, older, missing', () => {
    expect(errorOf('#s=9.abc')).toBe(
      'The link was made by a newer NotReady (format 9); this version reads formats 1–4.',
    );
    expect(errorOf('#s=0.abc')).toBe(
      'The link uses format 0, which this version no longer reads (it reads formats 1–4).',
    );
    expect(errorOf('#s=x.abc')).toBe('The link is damaged: it does not start with a format number.');
    expect(errorOf('#s=2')).toBe('The link is damaged: it has no data after its format.');
  });
  it('damaged data', () => {
    expect(errorOf('#s=2.ab+c')).toBe('The link is damaged: it contains characters that cannot be part of a link.');
    expect(errorOf('#s=2.AAAAAAAA')).toBe('The link is damaged: its data could not be decompressed.');
    expect(errorOf(FIXTURE_V2.slice(0, 60))).toBe('The link is damaged: its data could not be decompressed.');
    expect(errorOf(`#s=1.${toBase64Url(Uint8Array.from([0xff, 0xfe]))}`)).toBe(
      'The link is damaged: its data is not valid text.',
    );
    expect(errorOf(`#s=2.${toBase64Url(deflateSync(strToU8('{"e":')))}`)).toBe(
      'The link is damaged: its data is not valid JSON.',
    );
  });
  it('a zip bomb stops at the decompression limit', () => {
    const bomb = deflateSync(new Uint8Array(4 * 1024 * 1024), { level: 9 });
    const hash = `#s=2.${toBase64Url(bomb)}`;
    expect(hash.length).toBeLessThan(LIMITS.maxLinkChars);
    expect(errorOf(hash)).toBe('The link is damaged or hostile: its data decompresses to more than 256 KB.');
  });
  it('schema problems name the field', () => {
    expect(errorOf(v2Link([1, 2]))).toBe("The link's data is not in the expected shape.");
    expect(errorOf(v2Link({ e: '1', b: 'kubelet-stop' }))).toBe('The link is missing its current time.');
    expect(errorOf(v2Link({ e: 1, b: 'kubelet-stop', t: 0 }))).toBe(
      "The link's engine version should be text, not a number.",
    );
    expect(
      errorOf(
        v2Link({
          e: '1',
          b: 'kubelet-stop',
          t: 9,
          c: [
            [1, 'a'],
            ['x', 'b'],
          ],
        }),
      ),
    ).toBe("The link's command #2's time should be a number, not text.");
    expect(errorOf(v2Link({ e: '1', b: 'kubelet-stop', t: 0, zz: 1 }))).toBe(
      'The link\'s data has a field this version does not know ("zz").',
    );
    expect(errorOf(v2Link({ e: '1', t: 0 }))).toBe('The link does not say which scenario to open.');
    expect(errorOf(v1Link({ engineVersion: '1', scenario: { other: 1 }, commands: [], time: 0 }))).toBe(
      "The link's scenario is neither a built-in name nor an inline scenario.",
    );
  });
  it('domain checks', () => {
    const base = { e: '1', b: 'kubelet-stop', t: 60_000 };
    expect(
      errorOf(
        v2Link({
          ...base,
          c: [
            [10, 'a'],
            [5, 'b'],
            [-1, 'c'],
          ],
        }),
      ),
    ).toBe("The link's command #3 has a time before command #2.");
    expect(errorOf(v2Link({ ...base, c: [[120_000, 'a']] }))).toBe(
      "The link's command #1 is at 2m, after the link's current time (1m).",
    );
    expect(errorOf(v2Link({ ...base, t: -1 }))).toBe(
      "The link's current time (-1) is not a whole, non-negative number of milliseconds.",
    );
    expect(errorOf(v2Link({ ...base, t: 25 * 3_600_000 }))).toBe(
      "The link's current time (25h) is past the 24h limit of a simulation.",
    );
    expect(errorOf(v2Link({ ...base, c: [[1.5, 'a']] }))).toMatch(/command #1 has a time \(1.5\)/);
    expect(errorOf(v2Link({ ...base, c: [[1, 'x'.repeat(65_537)]] }))).toBe(
      "The link's command #1 is too long (65,537 characters; the limit is 65,536).",
    );
    expect(errorOf(v2Link({ ...base, c: [[1, '  ']] }))).toBe("The link's command #1 is empty.");
    expect(errorOf(v2Link({ ...base, c: [[1, 'ls\u0000']] }))).toBe(
      "The link's command #1 contains control characters.",
    );
    expect(errorOf(v2Link({ ...base, b: 'rm -rf' }))).toBe(
      'The link names a built-in scenario this version does not have ("rm -rf").',
    );
    expect(errorOf(v2Link({ ...base, s: -3 }))).toBe(
      "The link's seed (-3) is not a whole number between 0 and 4,294,967,295.",
    );
    expect(errorOf(v2Link({ ...base, w: '<script>' }))).toMatch(/^The link's view is not valid/);
    const many = Array.from({ length: 10_001 }, () => [0, 'k']);
    expect(errorOf(v2Link({ ...base, c: many }))).toBe('The link has too many commands (10,001; the limit is 10,000).');
  });
  it('inline scenarios: size limits and unreadable text', () => {
    // `count: N` is N nodes (the compact form of a big cluster).
    const big = 'apiVersion: notready/v1\nkind: Scenario\nspec:\n  nodes: [{name: cp}, {name: n, count: 5000}]\n';
    expect(errorOf(v2Link({ e: '1', i: big, t: 0 }))).toBe(
      "The link's scenario has too many nodes (5,001; the limit is 5,000).",
    );
    const pods =
      'spec:\n  objects:\n    - {kind: Deployment, spec: {replicas: 146000}}\n    - {kind: StatefulSet, spec: {replicas: 4001}}\n';
    expect(errorOf(v2Link({ e: '1', i: pods, t: 0 }))).toBe(
      "The link's scenario has too many pods (150,001; the limit is 150,000).",
    );
    // A replica count past the double range (replicas 1e400 is 1 followed by 400 zeros) is too many pods too.
    const endless = `spec:\n  objects:\n    - {kind: Deployment, spec: {replicas: 1${'0'.repeat(400)}}}\n`;
    expect(errorOf(v2Link({ e: '1', i: endless, t: 0 }))).toBe(
      "The link's scenario has too many pods (a number too large to represent; the limit is 150,000).",
    );
    expect(errorOf(v2Link({ e: '1', i: 'a: [1, 2', t: 0 }))).toMatch(
      /^The link's scenario could not be read as YAML or JSON/,
    );
    const laughs = `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n`;
    expect(errorOf(v2Link({ e: '1', i: laughs, t: 0 }))).toMatch(/^The link's scenario could not be read/);
  });
  it('encodeLink refuses what decodeLink would refuse', () => {
    const bad = {
      ...RUN,
      commands: [
        { at: 5, line: 'a' },
        { at: 1, line: 'b' },
      ],
    };
    expect(encodeLink(bad, OPTS)).toEqual({ ok: false, error: "The run's command #2 has a time before command #1." });
    const huge: ShareRun = { ...RUN, commands: [], scenario: { inline: randomText(20_000) } };
    const r = encodeLink(huge);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^The run is too long to share as a link \(/);
  });
});

/** Incompressible but printable YAML-ish text (a comment), deterministic. */
function randomText(n: number): string {
  let x = 12345;
  let s = '# ';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += String.fromCharCode(33 + ((x >>> 16) % 90));
  }
  return `${s}\nspec: {}\n`;
}

describe('format 4: numbered runs of commands', () => {
  const zone = (n: number, at = 60_000) => Array.from({ length: n }, (_, i) => ({ at, line: `network cut c${i + 1}` }));

  it('folds a zone cut of 1,666 nodes into one entry, and decodes it command for command', () => {
    const run: ShareRun = { ...RUN, commands: [...zone(1666), { at: 180_000, line: 'kubectl get deploy web' }] };
    const enc = encodeLink(run, OPTS);
    if (!enc.ok) throw new Error(enc.error);
    expect(enc.hash.length).toBeLessThan(300);
    const dec = decodeLink(enc.hash, OPTS);
    expect(dec.ok && dec.run.commands).toEqual(run.commands);
  });

  it('folds only exact runs at one time: other times, gaps, leading zeros and short runs stay as written', () => {
    const commands = [
      { at: 1000, line: 'network cut c1' },
      { at: 1000, line: 'network cut c2' },
      { at: 2000, line: 'network cut c3' },
      { at: 3000, line: 'ssh n08 poweroff' },
      { at: 3000, line: 'ssh n09 poweroff' },
      { at: 3000, line: 'ssh n010 poweroff' },
      { at: 4000, line: 'network cut c5' },
      { at: 4000, line: 'network cut c7' },
      { at: 4000, line: 'network cut c8' },
      { at: 5000, line: 'ssh a9 poweroff' },
      { at: 5000, line: 'ssh a10 poweroff' },
      { at: 5000, line: 'ssh a11 poweroff' },
    ];
    const run: ShareRun = { ...RUN, commands };
    const enc = encodeLink(run, OPTS);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeLink(enc.hash, OPTS);
    expect(dec.ok && dec.run.commands).toEqual(commands);
  });

  it('refuses a numbered run that is not a range, or more commands than the limit, before expanding it', () => {
    const link = (c: unknown[]) => v4Link({ e: '0.1.0', b: 'kubelet-stop', t: 0, c: [c] });
    expect(errorOf(link([0, 'network cut c', 5, 2, '']))).toBe(
      "The link's command #1 numbers its commands 5 to 2, which is not a range of whole numbers.",
    );
    expect(errorOf(link([0, 'network cut c', 1.5, 2, '']))).toMatch(/not a range of whole numbers/);
    expect(errorOf(link([0, 'network cut c', -1, 2, '']))).toMatch(/not a range of whole numbers/);
    expect(errorOf(link([0, 'x', 0, 1e15, '']))).toBe(
      'The link has too many commands (1,000,000,000,000,001; the limit is 10,000).',
    );
    expect(errorOf(link([0, 'x', 1, 2]))).toMatch(/^The link's command #1/);
    // A long text repeated by a range is refused before it is built.
    expect(errorOf(link([0, 'x'.repeat(60_000), 1, 9_000, '']))).toBe(
      "The link's commands would be more than 2 million characters of text.",
    );
  });
});
