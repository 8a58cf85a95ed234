import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffEntities, forkMessage, loadRunner, type SimRunner } from './runner';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

describe('SimRunner', () => {
  it('seeking back restores exactly the state a straight run has at that time', () => {
    const a = load();
    a.advance(20_000);
    a.command('ssh node2 systemctl stop kubelet');
    a.advance(200_000);
    a.seek(95_000);
    const b = load();
    b.advance(20_000);
    b.command('ssh node2 systemctl stop kubelet');
    b.advance(95_000);
    expect(a.now).toBe(95_000);
    expect(JSON.stringify(a.sim.view())).toBe(JSON.stringify(b.sim.view()));
    expect(a.sim.traceHash()).toBe(b.sim.traceHash());
  });

  it('acting in the past forks: the later commands are dropped', () => {
    const r = load();
    r.advance(10_000);
    r.command('ssh node2 systemctl stop kubelet');
    r.advance(60_000);
    r.command('ssh node2 systemctl start kubelet');
    r.seek(30_000);
    r.command('ssh node1 systemctl stop kubelet');
    expect(r.log.map((c) => c.line)).toEqual(['ssh node2 systemctl stop kubelet', 'ssh node1 systemctl stop kubelet']);
    expect(r.clock.reached).toBe(30_000);
    const lines = r.snapshot().terminal.map((l) => l.text);
    expect(lines).toContain(
      'Forked a new future at 30s: 1 later command was dropped: ssh node2 systemctl start kubelet (at 1m).',
    );
  });

  it('the fork message names every dropped command, or says the old future went', () => {
    expect(forkMessage(45_000, [])).toBe('Forked a new future at 45s: what happened after 45s was dropped.');
    expect(
      forkMessage(10_000, [
        { at: 20_000, line: 'kubectl cordon node1' },
        { at: 90_000, line: 'kubectl cordon node3' },
      ]),
    ).toBe(
      'Forked a new future at 10s: 2 later commands were dropped: kubectl cordon node1 (at 20s); kubectl cordon node3 (at 1m30s).',
    );
  });

  it('a restart after a crash keeps the terminal, the markers and the known end, and says so', () => {
    const a = load();
    a.advance(10_000);
    a.command('kubectl cordon node1');
    a.advance(120_000);
    a.seek(60_000);
    const before = a.snapshot();
    const loaded = loadRunner(text, before.commandLog, before.clock.now);
    if (!loaded.ok) throw new Error(loaded.message);
    const b = loaded.runner;
    b.resume({ terminal: before.terminal, markers: before.markers, reached: before.clock.reached });
    const after = b.snapshot();
    expect(after.clock.now).toBe(60_000);
    expect(after.clock.reached).toBe(120_000);
    expect(after.markers).toEqual(before.markers);
    expect(after.terminal.slice(0, -1)).toEqual(before.terminal);
    expect(after.terminal.at(-1)?.text).toBe('Restarted after a crash at 1m: the scenario and 1 command replayed.');
    expect(new Set(after.terminal.map((l) => l.id)).size).toBe(after.terminal.length);
    expect(JSON.stringify(b.sim.view())).toBe(JSON.stringify(a.sim.view()));
  });

  it('a load replays the command log to the requested time', () => {
    const r = loadRunner(text, [{ at: 10_000, line: 'ssh node2 systemctl stop kubelet' }], 40_000);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.runner.now).toBe(40_000);
      expect(r.runner.log).toHaveLength(1);
    }
  });

  it('patches carry only what changed', () => {
    const r = load();
    r.views = { kubectl: ['kubectl get nodes'] };
    r.snapshot();
    expect(r.patch()).toBeUndefined();
    r.command('ssh node2 systemctl stop kubelet');
    const p = r.patch();
    expect(p?.terminal?.[0]?.text).toBe('ssh node2 systemctl stop kubelet');
    expect(p?.commandLog).toHaveLength(1);
  });
});

describe('SimRunner pacing', () => {
  it('texts are rebuilt when the views or the state change, and only then (or once a second for ages)', () => {
    const r = load();
    r.views = { kubectl: ['kubectl get nodes'] };
    const wall = 1_000_000;
    r.snapshot();
    expect(r.textsDueIn(wall)).toBeUndefined();
    r.views = { kubectl: ['kubectl get nodes', 'kubectl get pods -o wide'] };
    expect(r.textsDueIn(wall)).toBe(0);
    const p = r.patch(wall);
    expect(Object.keys(p?.texts ?? {})).toEqual(['kubectl get pods -o wide']);
    expect(r.textsDueIn(wall)).toBeUndefined();
    r.command('kubectl cordon node1');
    expect(r.textsDueIn(wall)).toBe(0);
    expect(r.patch(wall)?.texts?.['kubectl get nodes']).toMatch(/node1\s+Ready,SchedulingDisabled/);
  });

  it('a clock that moved by less than a shown second is not a change; a new second is', () => {
    const r = load();
    r.snapshot();
    const changes = r.changeCount;
    r.advance(r.now + 1);
    if (r.changeCount === changes && r.now % 1000 !== 0) expect(r.patch()).toBeUndefined();
    r.advance((Math.floor(r.now / 1000) + 1) * 1000);
    expect(r.patch()?.clock.now).toBe(r.now);
  });

  it('patch seqs grow by one per patch sent', () => {
    const r = load();
    r.snapshot();
    r.command('kubectl cordon node1');
    const a = r.patch();
    r.command('kubectl uncordon node1');
    const b = r.patch();
    expect(b?.seq).toBe((a?.seq ?? 0) + 1);
  });
});

describe('diffEntities', () => {
  it('returns upserts for new or changed entities and removed keys', () => {
    const sent = new Map<string, string>();
    const n = (name: string, status: string) => ({ name, status }) as unknown as import('../sim').NodeView;
    expect(diffEntities([n('a', 'Ready'), n('b', 'Ready')], (x) => x.name, sent).upserts).toHaveLength(2);
    const d = diffEntities([n('a', 'NotReady')], (x) => x.name, sent);
    expect(d.upserts.map((x) => x.status)).toEqual(['NotReady']);
    expect(d.removed).toEqual(['b']);
  });
});
