import { describe, expect, it } from 'vitest';
import {
  chooseStartRun,
  clearLastRun,
  LAST_RUN_KEY,
  LAST_RUN_MAX_CHARS,
  loadLastRun,
  type RunStorage,
  saveLastRun,
  saveLastRunLink,
} from './last-run';
import { encodeLink } from './link';
import type { ShareRun } from './run';

class MemoryStorage implements RunStorage {
  data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
}

/** Storage that throws on every call, like Safari's private mode or a full quota. */
const BROKEN: RunStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const OPTS = { builtins: ['kubelet-stop', 'node-poweroff'] };
const RUN: ShareRun = {
  v: 4,
  engine: '0.1.0',
  scenario: { builtin: 'kubelet-stop' },
  commands: [{ at: 30_000, line: 'ssh node2 systemctl stop kubelet' }],
  t: 90_000,
};
const OTHER: ShareRun = { ...RUN, scenario: { builtin: 'node-poweroff' }, commands: [], t: 5_000 };

describe('last run', () => {
  it('saves and restores a run', () => {
    const s = new MemoryStorage();
    expect(loadLastRun(s, OPTS)).toBeUndefined();
    expect(saveLastRun(s, RUN, OPTS.builtins)).toBe(true);
    expect(loadLastRun(s, OPTS)).toEqual({ ok: true, run: RUN, format: 4, notices: [] });
    clearLastRun(s);
    expect(loadLastRun(s, OPTS)).toBeUndefined();
  });

  it('keeps runs longer than a link can be', () => {
    const s = new MemoryStorage();
    const long: ShareRun = {
      ...RUN,
      commands: Array.from({ length: 3000 }, (_, i) => ({
        at: 30_000 + i,
        line: `kubectl get pod web-${i}-${(i * 7919) % 10007}`,
      })),
      t: 40_000,
    };
    expect(encodeLink(long).ok).toBe(false);
    expect(saveLastRun(s, long)).toBe(true);
    const back = loadLastRun(s, OPTS);
    expect(back?.ok && back.run.commands.length).toBe(3000);
  });

  it('refuses to save an invalid run and keeps the previous one', () => {
    const s = new MemoryStorage();
    saveLastRun(s, RUN);
    expect(saveLastRun(s, { ...RUN, t: -5 })).toBe(false);
    const back = loadLastRun(s, OPTS);
    expect(back?.ok && back.run).toEqual(RUN);
  });

  it('treats throwing storage as absent', () => {
    expect(saveLastRun(BROKEN, RUN)).toBe(false);
    expect(loadLastRun(BROKEN, OPTS)).toBeUndefined();
    expect(() => clearLastRun(BROKEN)).not.toThrow();
  });

  it('reports a corrupted stored run instead of throwing', () => {
    const s = new MemoryStorage();
    s.setItem(LAST_RUN_KEY, '#s=2.garbage!');
    const r = loadLastRun(s, OPTS);
    expect(r?.ok).toBe(false);
  });
});

describe('chooseStartRun', () => {
  it('a valid link wins and does not touch the stored run', () => {
    const s = new MemoryStorage();
    saveLastRun(s, OTHER);
    const link = encodeLink(RUN);
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    expect(chooseStartRun(link.hash, s, OPTS)).toEqual({ source: 'link', run: RUN, notices: [] });
    expect(loadLastRun(s, OPTS)).toMatchObject({ ok: true, run: OTHER });
  });

  it('a broken link falls back to the last run, with the link error', () => {
    const s = new MemoryStorage();
    saveLastRun(s, OTHER);
    expect(chooseStartRun('#s=9.abc', s, OPTS)).toEqual({
      source: 'last-run',
      run: OTHER,
      notices: [],
      linkError: 'The link was made by a newer NotReady (format 9); this version reads formats 1–4.',
    });
  });

  it('no link and nothing stored: the default scenario', () => {
    expect(chooseStartRun('', new MemoryStorage(), OPTS)).toEqual({ source: 'default', notices: [] });
    expect(chooseStartRun('#s=2.AAAA', undefined, OPTS)).toEqual({
      source: 'default',
      notices: [],
      linkError: 'The link is damaged: its data could not be decompressed.',
    });
  });

  it('a stored run that no longer opens is reported', () => {
    const s = new MemoryStorage();
    s.setItem(LAST_RUN_KEY, '#s=2.AAAA');
    expect(chooseStartRun('', s, OPTS)).toEqual({
      source: 'default',
      notices: ['Your last run could not be restored: the saved run is damaged: its data could not be decompressed.'],
    });
  });

  it('a run encoded once for the address is stored as saveLastRun stores it; too long or refused, the previous stays', () => {
    const a = new MemoryStorage();
    const b = new MemoryStorage();
    const enc = encodeLink(RUN, { ...OPTS, maxChars: LAST_RUN_MAX_CHARS });
    if (!enc.ok) throw new Error(enc.error);
    expect(saveLastRunLink(a, enc.hash)).toBe(true);
    expect(saveLastRun(b, RUN, OPTS.builtins)).toBe(true);
    expect(a.getItem(LAST_RUN_KEY)).toBe(b.getItem(LAST_RUN_KEY));
    expect(saveLastRunLink(a, `#s=${'x'.repeat(LAST_RUN_MAX_CHARS)}`)).toBe(false);
    expect(a.getItem(LAST_RUN_KEY)).toBe(enc.hash);
    expect(saveLastRunLink(BROKEN, enc.hash)).toBe(false);
  });
});
