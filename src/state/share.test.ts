import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink } from '../share/link';
import { BUILTIN_SCENARIOS } from '../sim';
import { buildShareRun, ENGINE_VERSION, selectionOfView, viewToken } from './share';

describe('share state helpers', () => {
  it('the engine version is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(ENGINE_VERSION).toBe(pkg.version);
  });

  it('views round-trip through link tokens', () => {
    for (const sel of [
      { kind: 'node', name: 'node2' } as const,
      { kind: 'pod', key: 'default/web-5d8f-abcde', namespace: 'default', name: 'web-5d8f-abcde' } as const,
    ])
      expect(selectionOfView(viewToken(sel))).toEqual(sel);
    expect(selectionOfView('node:../../etc')).toBeUndefined();
  });

  it('a run at a moment keeps only the commands up to it, and opens again', () => {
    const run = buildShareRun({
      source: { builtin: 'eviction' },
      runLog: [
        { at: 30_000, line: 'ssh node2 systemctl stop kubelet' },
        { at: 120_000, line: 'kubectl get nodes' },
      ],
      now: 90_000.4,
      selection: { kind: 'node', name: 'node2' },
      step: 'unknown',
    });
    expect(run.commands).toHaveLength(1);
    const enc = encodeLink(run, { builtins: BUILTIN_SCENARIOS });
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeLink(enc.hash, { builtins: BUILTIN_SCENARIOS, engine: ENGINE_VERSION });
    expect(dec.ok && dec.run).toMatchObject({ t: 90_000, view: 'node:node2', step: 'unknown' });
  });
});
