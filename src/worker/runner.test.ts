import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffEntities, loadRunner, type SimRunner } from './runner';

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
