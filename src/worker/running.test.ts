import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRunner, type SimRunner } from './runner';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

const entry = (r: SimRunner, text: RegExp) => r.record.list().find((e) => text.test(e.text));

describe('commands that go on running, in the run', () => {
  it('a drain is running in the terminal, its lines arrive as time passes, and it ends', () => {
    const r = load();
    r.advance(10_000);
    r.command('kubectl drain node3 --ignore-daemonsets --delete-emptydir-data');
    const e0 = entry(r, /^kubectl drain node3/);
    expect(e0?.running).toBe(true);
    expect(e0?.output).toMatch(/node\/node3 cordoned/);
    expect(e0?.output).toMatch(/evicting pod default\//);
    r.advance(120_000);
    const e1 = entry(r, /^kubectl drain node3/);
    expect(e1?.running).toBeUndefined();
    expect(e1?.ok).toBe(true);
    expect(e1?.output).toMatch(/pod\/.* evicted/);
    expect(e1?.output).toMatch(/node\/node3 drained$/);
  });

  it('^C stops it at once; the entry is no longer running', () => {
    const r = load();
    r.advance(40_000);
    // node2's kubelet is stopped at 30s: its pods cannot go, the drain waits.
    r.command('kubectl drain node2 --ignore-daemonsets --delete-emptydir-data');
    r.advance(50_000);
    expect(entry(r, /^kubectl drain node2/)?.running).toBe(true);
    r.command('^C');
    const e = entry(r, /^kubectl drain node2/);
    expect(e?.running).toBeUndefined();
    expect(e?.ok).toBe(false);
  });
});
