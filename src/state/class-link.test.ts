import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink } from '../share/link';
import { BUILTIN_SCENARIOS } from '../sim/scenario/builtins';
import { classLinkUrl, classMomentOf, classRoleOf, readClassLink } from './class-link';
import { buildShareRun } from './share';

const page = { origin: 'https://notready.example', pathname: '/app/' };
const opts = { builtins: BUILTIN_SCENARIOS };

/** The eviction lesson at its fourth step, 1m25s in, with the commands its timeline ran. */
function lessonMoment() {
  return buildShareRun({
    source: { builtin: 'eviction' },
    runLog: [
      { at: 30_000, line: 'ssh node2 systemctl stop kubelet', by: 'scenario' },
      { at: 60_000, line: 'kubectl get nodes', by: 'scenario' },
      // After the moment: a future after a seek back is not part of the link.
      { at: 120_000, line: 'kubectl describe node node2', by: 'scenario' },
    ],
    now: 85_000,
    step: 'predict-statefulset',
    selection: { kind: 'node', name: 'node2' },
  });
}

describe('class links', () => {
  it('round trip: the scanned link opens the same scenario, commands, time, step, view and language', () => {
    const run = lessonMoment();
    const enc = encodeLink(run, opts);
    if (!enc.ok) throw new Error(enc.error);
    const url = classLinkUrl(page, enc.hash, 'ja');
    expect(url.startsWith('https://notready.example/app/?class=1&lang=ja#s=4.')).toBe(true);
    // A lesson's moment stays small enough for a QR code with big modules (version 12 at most, level M).
    expect(url.length).toBeLessThan(280);

    const read = readClassLink(url);
    expect(read).toEqual({ hash: enc.hash, lang: 'ja', role: 'student' });
    const dec = decodeLink(read?.hash ?? '', opts);
    if (!dec.ok) throw new Error(dec.error);
    expect(dec.run.scenario).toEqual({ builtin: 'eviction' });
    expect(dec.run.t).toBe(85_000);
    expect(dec.run.step).toBe('predict-statefulset');
    expect(dec.run.view).toBe('node:node2');
    expect(dec.run.commands).toEqual([
      { at: 30_000, line: 'ssh node2 systemctl stop kubelet' },
      { at: 60_000, line: 'kubectl get nodes' },
    ]);
  });

  it('a class link keeps none of the teacher’s own query flags', () => {
    const url = classLinkUrl(page, '#s=4.abc', 'en');
    expect(new URL(url).search).toBe('?class=1&lang=en');
    expect(classLinkUrl(page, 's=4.abc', 'pt-BR', 'follower')).toBe(
      'https://notready.example/app/?class=follow&lang=pt-BR#s=4.abc',
    );
  });

  it('reads the role and ignores anything else', () => {
    expect(classRoleOf('?class=1')).toBe('student');
    expect(classRoleOf('?present=1&class=follow')).toBe('follower');
    expect(classRoleOf('?class=2')).toBeUndefined();
    expect(classRoleOf('')).toBeUndefined();
    // An unknown language is left to the page's own choice (never trusted as a catalog name).
    expect(readClassLink('https://x.example/?class=1&lang=xx#s=4.abc')).toEqual({ hash: '#s=4.abc', role: 'student' });
    expect(readClassLink('not a url')).toBeUndefined();
    expect(readClassLink('https://x.example/#s=4.abc')).toBeUndefined();
  });

  it('a damaged class link is refused by the decoder with a sentence, not a crash', () => {
    const enc = encodeLink(lessonMoment(), opts);
    if (!enc.ok) throw new Error(enc.error);
    const url = classLinkUrl(page, `${enc.hash.slice(0, -6)}@@@@@@`, 'en');
    const dec = decodeLink(readClassLink(url)?.hash ?? '', opts);
    expect(dec.ok).toBe(false);
    if (!dec.ok) expect(dec.error).toMatch(/^The link is damaged/);
  });

  it('the second screen takes only class moments from the channel', () => {
    expect(classMomentOf({ type: 'class-moment', hash: '#s=4.abc' })).toEqual({
      type: 'class-moment',
      hash: '#s=4.abc',
    });
    expect(classMomentOf({ type: 'class-moment', hash: 'javascript:alert(1)' })).toBeUndefined();
    expect(classMomentOf({ type: 'class-moment', hash: `#s=${'a'.repeat(9000)}` })).toBeUndefined();
    expect(classMomentOf('#s=4.abc')).toBeUndefined();
    expect(classMomentOf(null)).toBeUndefined();
  });
});
