import { describe, expect, it } from 'vitest';
import {
  chooseStartRun,
  clearLastRun,
  DEFAULT_TAB,
  LAST_RUN_KEY,
  LAST_RUN_MAX_CHARS,
  LAST_RUN_SLOT_PREFIX,
  LAST_RUN_TABS_KEY,
  loadLastRun,
  MAX_TAB_SLOTS,
  type RunStorage,
  saveLastRun,
  saveLastRunLink,
  TAB_ID_KEY,
  tabId,
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
    const slot = `${LAST_RUN_SLOT_PREFIX}${DEFAULT_TAB}`;
    expect(a.getItem(slot)).toBe(b.getItem(slot));
    expect(saveLastRunLink(a, `#s=${'x'.repeat(LAST_RUN_MAX_CHARS)}`)).toBe(false);
    expect(a.getItem(slot)).toBe(enc.hash);
    expect(saveLastRunLink(BROKEN, enc.hash)).toBe(false);
  });
});

describe('one last run per tab', () => {
  /** A browser: one local storage for the origin, one session storage per tab. */
  const browser = () => {
    const local = new MemoryStorage();
    let n = 0;
    const openTab = () => {
      const session = new MemoryStorage();
      return { session, id: () => tabId(session, () => `tab-${++n}`) };
    };
    return { local, openTab };
  };

  it("two tabs keep their own run: a reload of A reopens A's run even after B saved; a new tab opens the newest", () => {
    const { local, openTab } = browser();
    const a = openTab();
    const b = openTab();
    expect(saveLastRun(local, RUN, OPTS.builtins, a.id())).toBe(true);
    expect(saveLastRun(local, OTHER, OPTS.builtins, b.id())).toBe(true);
    // A reload keeps the tab's session storage, so its id and its slot.
    expect(a.id()).toBe('tab-1');
    expect(loadLastRun(local, OPTS, a.id())).toMatchObject({ ok: true, run: RUN });
    expect(loadLastRun(local, OPTS, b.id())).toMatchObject({ ok: true, run: OTHER });
    // A new tab has saved nothing: it is offered the run saved last, B's.
    const c = openTab();
    expect(loadLastRun(local, OPTS, c.id())).toMatchObject({ ok: true, run: OTHER });
    // A saves again: now A's is the newest, and B still has its own.
    const later: ShareRun = { ...RUN, t: 120_000 };
    expect(saveLastRun(local, later, OPTS.builtins, a.id())).toBe(true);
    expect(loadLastRun(local, OPTS, openTab().id())).toMatchObject({ ok: true, run: later });
    expect(loadLastRun(local, OPTS, b.id())).toMatchObject({ ok: true, run: OTHER });
    // Clearing one tab's run leaves the other's.
    clearLastRun(local, a.id());
    expect(loadLastRun(local, OPTS, a.id())).toMatchObject({ ok: true, run: OTHER });
    expect(JSON.parse(local.getItem(LAST_RUN_TABS_KEY) ?? '')).toEqual([b.id()]);
  });

  it('keeps the slots of the few tabs that saved last, and no more', () => {
    const { local, openTab } = browser();
    const tabs = Array.from({ length: MAX_TAB_SLOTS + 2 }, () => openTab().id());
    for (const [i, t] of tabs.entries()) saveLastRun(local, { ...RUN, t: 40_000 + i }, OPTS.builtins, t);
    const slots = [...local.data.keys()].filter((k) => k.startsWith(LAST_RUN_SLOT_PREFIX));
    expect(slots.sort()).toEqual(
      tabs
        .slice(-MAX_TAB_SLOTS)
        .map((t) => LAST_RUN_SLOT_PREFIX + t)
        .sort(),
    );
    expect(JSON.parse(local.getItem(LAST_RUN_TABS_KEY) ?? '')).toEqual(tabs.slice(-MAX_TAB_SLOTS).reverse());
    // The first tab's slot is gone: it reopens the newest run instead.
    expect(loadLastRun(local, OPTS, tabs[0])).toMatchObject({ ok: true, run: { t: 40_000 + tabs.length - 1 } });
  });

  it("when storage is full, the oldest other tab's run makes room", () => {
    const { local, openTab } = browser();
    const [a, b, c] = [openTab().id(), openTab().id(), openTab().id()];
    saveLastRun(local, RUN, OPTS.builtins, a);
    saveLastRun(local, OTHER, OPTS.builtins, b);
    // Room for two runs only.
    const setItem = local.setItem.bind(local);
    local.setItem = (k, v) => {
      const runs = [...local.data.keys()].filter((x) => x.startsWith(LAST_RUN_SLOT_PREFIX) && x !== k).length;
      if (k.startsWith(LAST_RUN_SLOT_PREFIX) && runs >= 2) throw new Error('QuotaExceededError');
      setItem(k, v);
    };
    expect(saveLastRun(local, { ...RUN, t: 100_000 }, OPTS.builtins, c)).toBe(true);
    expect(local.getItem(LAST_RUN_SLOT_PREFIX + a)).toBeNull();
    expect(loadLastRun(local, OPTS, b)).toMatchObject({ ok: true, run: OTHER });
    expect(loadLastRun(local, OPTS, c)).toMatchObject({ ok: true, run: { t: 100_000 } });
  });

  it('reads the single slot of earlier versions until a tab saves, then removes it', () => {
    const { local, openTab } = browser();
    const enc = encodeLink(RUN, OPTS);
    if (!enc.ok) throw new Error(enc.error);
    local.setItem(LAST_RUN_KEY, enc.hash);
    const a = openTab().id();
    expect(loadLastRun(local, OPTS, a)).toMatchObject({ ok: true, run: RUN });
    saveLastRun(local, OTHER, OPTS.builtins, a);
    expect(local.getItem(LAST_RUN_KEY)).toBeNull();
  });

  it('a tab id survives in session storage; without one, or with a hostile one, a new id', () => {
    const session = new MemoryStorage();
    expect(tabId(session, () => 'abc-1')).toBe('abc-1');
    expect(tabId(session, () => 'other')).toBe('abc-1');
    session.setItem(TAB_ID_KEY, '../../x');
    expect(tabId(session, () => 'c2')).toBe('c2');
    expect(tabId(undefined, () => 'no-session')).toBe('no-session');
    expect(tabId(BROKEN, () => 'broken')).toBe('broken');
    // A hostile index in local storage is ignored, never thrown on.
    const local = new MemoryStorage();
    local.setItem(LAST_RUN_TABS_KEY, '{"not": "a list"}');
    expect(loadLastRun(local, OPTS, 'x')).toBeUndefined();
    expect(saveLastRun(local, RUN, OPTS.builtins, 'x')).toBe(true);
    expect(saveLastRun(local, RUN, OPTS.builtins, 'bad id!')).toBe(false);
  });
});
