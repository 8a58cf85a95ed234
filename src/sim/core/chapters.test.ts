import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/scenario-types';
import { MODULES } from '../modules';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';
import { storyModule } from '../story/watch';
import { addChapter, addToGroup } from './chapters';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

function played(name: string, to?: number): Simulation {
  const s = builtin(name);
  const sim = new Simulation(s);
  sim.advanceTo(to ?? s.spec.duration);
  return sim;
}

const timesAndLabels = (sim: Simulation) => sim.chapters().map((c) => [c.at, c.label]);

describe('chapters of the built-in scenarios', () => {
  it('eviction: the whole arc, from the kubelet stop to db-1 replaced, with who decided what', () => {
    const sim = played('eviction');
    expect(timesAndLabels(sim)).toEqual([
      [30000, 'kubelet stopped on node2'],
      [79270, 'node2 NotReady'],
      [84370, 'node2 tainted unreachable:NoExecute'],
      [384470, '2 pods evicted from node2'],
      [384770, 'replacement web-7d89dcd798-h24c7 Running on node1'],
      [540000, 'kubelet started on node2'],
      [542500, 'node2 Ready'],
      // Adopted pods are no longer made unready for a moment at the kubelet's start (issue 9 point 4),
      // which moves the random draws after it: the new db-1 runs before the taint goes.
      [543726, 'replacement db-1 Running on node2'],
      [544270, 'node2 untainted'],
    ]);
    const [stop, notReady, taint, evicted, replaced, start, ready, db, untainted] = sim.chapters();
    expect(stop).toEqual({
      at: 30000,
      label: 'kubelet stopped on node2',
      kind: 'fault',
      ref: 'Host/node2',
      node: 'node2',
      by: 'scenario',
      actor: 'the scenario',
    });
    expect(notReady).toMatchObject({
      kind: 'detect',
      ref: 'Node/node2',
      node: 'node2',
      actor: 'node-lifecycle-controller',
      rule: 'no heartbeat for 50s',
      constant: 'nodeMonitorGracePeriod=50s',
    });
    expect(taint).toMatchObject({ kind: 'taint', ref: 'Node/node2', actor: 'node-lifecycle-controller' });
    expect(evicted).toMatchObject({
      kind: 'evict',
      ref: 'Pod/default/db-1',
      node: 'node2',
      actor: 'taint-eviction-controller',
      rule: 'tolerationSeconds 300 elapsed since taint unreachable:NoExecute',
      constant: 'tolerationSeconds=300',
    });
    expect(replaced).toMatchObject({
      kind: 'replace',
      ref: 'Pod/default/web-7d89dcd798-h24c7',
      node: 'node1',
      actor: 'replicaset-controller',
    });
    expect(start).toMatchObject({ kind: 'heal', by: 'scenario' });
    expect(ready).toMatchObject({ kind: 'recover', actor: 'kubelet' });
    expect(untainted).toMatchObject({ kind: 'recover', actor: 'node-lifecycle-controller' });
    expect(db).toMatchObject({ kind: 'replace', actor: 'statefulset-controller', node: 'node2' });
    for (const c of sim.chapters()) expect(c.label.length, c.label).toBeLessThanOrEqual(50);
  });

  it('docker-stop: Ready=False from the kubelet, the not-ready taint, evictions, and the way back', () => {
    expect(timesAndLabels(played('docker-stop'))).toEqual([
      [30000, 'docker stopped on knode'],
      [39829, 'knode NotReady'],
      [44370, 'knode tainted not-ready:NoExecute'],
      [344470, '5 pods evicted from knode'],
      [480000, 'docker started on knode'],
      [490689, 'knode Ready'],
      [490989, '5 replacements Running on knode'],
      [494270, 'knode untainted'],
    ]);
    const notReady = played('docker-stop', 60_000).chapters()[1];
    expect(notReady).toMatchObject({
      actor: 'kubelet',
      rule: 'kubelet posts Ready=False (KubeletNotReady): Container runtime not ready',
    });
  });

  it('node-delete: the command, PodGC, the replacements, registration', () => {
    expect(timesAndLabels(played('node-delete'))).toEqual([
      [30000, 'Node node2 deleted'],
      // Its kube-proxy and calico-node pods too: DaemonSet pods of a missing node go as well.
      [89270, '6 pods of node2 deleted by PodGC'],
      [89570, '3 replacements Running on node1'],
      [240000, 'kubelet restarted on node2'],
      [240268, 'node2 registered'],
      [241700, 'node2 Ready'],
    ]);
    const gc = played('node-delete', 100_000).chapters()[1];
    expect(gc).toMatchObject({ kind: 'delete', actor: 'pod-garbage-collector', constant: 'podGCQuarantine=40s' });
  });

  it('control-plane-outage: components stopped and started by their manifests, then the usual arc', () => {
    const labels = played('control-plane-outage')
      .chapters()
      .map((c) => c.label);
    expect(labels).toEqual([
      'kube-apiserver stopped',
      'kube-apiserver started',
      'kube-controller-manager stopped',
      'kubelet stopped on node1',
      'kube-controller-manager started',
      'node1 NotReady',
      'node1 tainted unreachable:NoExecute',
      '2 pods evicted from node1',
      '2 replacements Running on node2',
      'kubelet started on node1',
      // The kubelet posts Ready=False first: the controller swaps the NoExecute taint at once.
      'node1 tainted not-ready:NoExecute',
      'node1 Ready',
      'node1 untainted',
    ]);
  });
});

describe('chapters in the engine state', () => {
  it('are kept by snapshot/restore: seeking back shows the chapters up to that moment', () => {
    const sim = played('eviction', 100_000);
    const early = sim.snapshot();
    const before = sim.chapters();
    expect(before.map((c) => c.label)).toEqual([
      'kubelet stopped on node2',
      'node2 NotReady',
      'node2 tainted unreachable:NoExecute',
    ]);
    sim.advanceTo(600_000);
    const all = sim.chapters();
    expect(all.length).toBe(9);
    const late = sim.snapshot();
    sim.restore(early);
    expect(sim.chapters()).toEqual(before);
    sim.advanceTo(600_000);
    expect(sim.chapters()).toEqual(all);
    sim.restore(late);
    expect(sim.chapters()).toEqual(all);
  });

  it('leave out the boot and never change the trace hash', () => {
    const scenario = builtin('eviction');
    const withStory = new Simulation(scenario);
    const without = new Simulation(
      scenario,
      MODULES.filter((m) => m !== storyModule),
    );
    withStory.advanceTo(scenario.spec.duration);
    without.advanceTo(scenario.spec.duration);
    expect(withStory.traceHash()).toBe(without.traceHash());
    expect(withStory.chapters().every((c) => c.at >= 0)).toBe(true);
    // The nodes registered during the boot are not chapters; only the watched ones are missing without the module.
    expect(without.chapters().map((c) => c.label)).toEqual(['kubelet stopped on node2', 'kubelet started on node2']);
  });

  it('are shared with a checkpoint, and a group grown after it leaves the checkpoint as it was', () => {
    const sim = played('eviction', 100_000);
    const e = sim.engine;
    const moment = { label: 'web-1 evicted', kind: 'evict' as const, node: 'node2' };
    const grown = (n: number) => (n === 1 ? 'web-1 evicted' : `${n} pods evicted from node2`);
    addToGroup(e, 'evict|node2', moment, grown);
    const snap = sim.snapshot();
    const frozen = snap.state.story;
    expect(frozen?.chapters).toBe(e.state.story?.chapters);
    // Frozen, any write into the checkpoint's chapters would throw.
    Object.freeze(frozen?.chapters);
    for (const c of frozen?.chapters ?? []) Object.freeze(c);
    Object.freeze(frozen?.replacementsSeen);
    addToGroup(e, 'evict|node2', { ...moment, label: 'web-2 evicted' }, grown);
    addChapter(e, { label: 'a later moment', kind: 'other' });
    expect(frozen?.chapters.map((c) => c.label)).toEqual([
      'kubelet stopped on node2',
      'node2 NotReady',
      'node2 tainted unreachable:NoExecute',
      'web-1 evicted',
    ]);
    const labelsFrom3 = () =>
      sim
        .chapters()
        .map((c) => c.label)
        .slice(3);
    expect(labelsFrom3()).toEqual(['2 pods evicted from node2', 'a later moment']);
    sim.restore(snap);
    expect(labelsFrom3()).toEqual(['web-1 evicted']);
    addToGroup(e, 'evict|node2', { ...moment, label: 'web-3 evicted' }, grown);
    expect(labelsFrom3()).toEqual(['2 pods evicted from node2']);
  });

  it('are copies: changing the returned list changes nothing', () => {
    const sim = played('eviction', 100_000);
    const list = sim.chapters();
    (list[0] as { label: string }).label = 'changed';
    list.pop();
    expect(sim.chapters().map((c) => c.label)).toEqual([
      'kubelet stopped on node2',
      'node2 NotReady',
      'node2 tainted unreachable:NoExecute',
    ]);
  });
});

describe('the same moment on many nodes', () => {
  it('is one chapter naming the count and no node; a moment on one node keeps its name', () => {
    const s = builtin('eviction');
    const sim = new Simulation({
      ...s,
      spec: {
        ...s.spec,
        timeline: [
          { at: 30_000, run: 'ssh node1 poweroff' },
          { at: 30_000, run: 'ssh node2 poweroff' },
          { at: 200_000, run: 'ssh node3 systemctl stop kubelet' },
        ],
      },
    });
    sim.advanceTo(300_000);
    const chapters = sim.chapters();
    const off = chapters.find((c) => c.at === 30_000);
    expect(off?.label).toBe('2 nodes powered off');
    expect(off?.node).toBeUndefined();
    expect(off?.nodes).toEqual(['node1', 'node2']);
    expect(chapters.filter((c) => c.at === 30_000)).toHaveLength(1);
    // Their leases ran out in two passes of the node lifecycle controller, 5 s apart: two chapters
    // (zone-down's 89 nodes in one pass are one, zones-builtins.test.ts).
    const notReady = chapters.filter((c) => c.kind === 'detect');
    expect(notReady.map((c) => [c.at, c.label, c.node])).toEqual([
      [79_270, 'node2 NotReady', 'node2'],
      [84_270, 'node1 NotReady', 'node1'],
      [244_270, 'node3 NotReady', 'node3'],
    ]);
  });
});
