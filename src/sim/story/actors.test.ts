/**
 * Issue 30 item 10: the story names the new actors. The kubelet's node shutdown manager (kubernetes
 * pkg/kubelet/nodeshutdown), the attach/detach controller (pkg/controller/volume/attachdetach) and
 * the disruption controller's PodDisruptionBudget status as the eviction API reads it
 * (pkg/controller/disruption, pkg/registry/core/pod/storage/eviction.go) appear in the chapters
 * (What happened when, the Recap, the timeline), in Why?'s chains and headlines, and the shutdown
 * in the recovery scoreboard. None of it changes a run's trace hash: causes and chapters are not
 * traced.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../yaml';
import { advanceUntil, kitScenario, run } from '../controllers/node-lifecycle.testkit';
import { CLAIM, STS } from '../controllers/volume.testkit';
import { formatStoryTime } from '../core/duration';
import type { Scenario } from '../core/scenario-types';
import { recordRun } from '../recorded-run';
import { parseScenario } from '../scenario/parse';
import { Simulation } from '../simulation';
import { SCORE_STEPS, stepAfter } from './scoreboard';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

/** pdb-drain's cluster without its budget: node2 powered off at 30s with graceful shutdown 30s/10s. */
function shutdownScenario(): Scenario {
  const s = builtin('pdb-drain');
  return {
    ...s,
    spec: {
      ...s.spec,
      objects: s.spec.objects.filter((o) => o.kind !== 'PodDisruptionBudget'),
      timeline: [{ at: 30_000, run: 'ssh node2 poweroff' }],
      settings: { ...s.spec.settings, shutdownGracePeriod: 30_000, shutdownGracePeriodCriticalPods: 10_000 },
      duration: 180_000,
    },
  };
}

describe("the kubelet's node shutdown manager (nodeshutdown_manager.go)", () => {
  const s = shutdownScenario();
  const web = (sim: Simulation) =>
    sim.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-') && p.spec.nodeName === 'node2');

  it('is a chapter (the Shutdown event) before the NotReady it causes, and the pods it ends are one', () => {
    const sim = new Simulation(s);
    sim.advanceTo(120_000);
    const chapters = sim.chapters().map((c) => ({ at: c.at, kind: c.kind, label: c.label, actor: c.actor }));
    const shutting = chapters.findIndex((c) => c.label === 'node2 shutting down');
    expect(chapters[shutting]).toEqual({
      at: 30_000,
      kind: 'other',
      label: 'node2 shutting down',
      actor: 'kubelet (shutdown manager)',
    });
    expect(sim.chapters()[shutting]?.constant).toBe('shutdownGracePeriod=30s shutdownGracePeriodCriticalPods=10s');
    expect(chapters.findIndex((c) => c.label === 'node2 NotReady')).toBeGreaterThan(shutting);
    // web (regular, within 20s) and the DaemonSet pods (system-node-critical, within 10s) all end
    // within a second: one chapter, like the pods a taint evicts at once.
    const ended = chapters.filter((c) => c.label.endsWith('terminated by node shutdown'));
    expect(ended).toEqual([
      {
        at: expect.any(Number),
        kind: 'evict',
        label: '3 pods of node2 terminated by node shutdown',
        actor: 'kubelet (shutdown manager)',
      },
    ]);
    expect(ended[0]?.at).toBeGreaterThan(30_000);
    expect(ended[0]?.at).toBeLessThan(32_000);
  });

  it('Why? on a pod it ended leads to the shutdown manager on node2 and the poweroff', () => {
    const sim = new Simulation(s);
    sim.advanceTo(29_000);
    const pod = web(sim);
    if (!pod) throw new Error('no web pod on node2');
    sim.advanceTo(120_000);
    const why = sim.explain(`Pod/default/${pod.metadata.name}`);
    expect(why.headline).toBe(
      `${pod.metadata.name} is Completed on node2: the scenario powered off node2 at 30s and the kubelet's shutdown manager on node2 terminated it before the power went (regular pods get 20s: shutdownGracePeriod - shutdownGracePeriodCriticalPods).`,
    );
    const links = why.chain.map((l) => `${l.actor}: ${l.command ?? l.what}`);
    const kill = links.indexOf(`kubelet on node2: pod terminating default/${pod.metadata.name}`);
    const manager = links.indexOf('kubelet on node2 (shutdown manager): node shutdown node2');
    const poweroff = links.indexOf('the scenario: ssh node2 poweroff');
    expect(kill).toBeGreaterThanOrEqual(0);
    expect(manager).toBeGreaterThan(kill);
    expect(poweroff).toBeGreaterThan(manager);
    // Its replacement says how the pod it replaces left.
    const replacement = sim.engine
      .list('Pod')
      .find((p) => p.metadata.annotations['notready.dev/replaces']?.startsWith(`default/${pod.metadata.name}@`));
    const head = replacement ? sim.explain(`Pod/default/${replacement.metadata.name}`).headline : '';
    expect(head).toContain(`it replaces ${pod.metadata.name}, ended by the kubelet's shutdown manager at 30s`);
  });

  it('the scoreboard counts the pods it ended as evicted (a disruption, DisruptionTarget TerminationByKubelet); the steps stay', () => {
    const r = recordRun(s, [], 180_000);
    const f = r.scoreboard.faults[0];
    expect(f).toMatchObject({
      at: 30_000,
      label: 'node2 powered off',
      node: 'node2',
      detected: 30_000,
      evictedPods: 3,
    });
    const ended = r.sim.chapters().find((c) => c.label.endsWith('terminated by node shutdown'));
    expect(f?.evicted).toBe(ended?.at);
    expect(SCORE_STEPS.map(([k]) => k)).toEqual([
      'detected',
      'tainted',
      'evicted',
      'replacementScheduled',
      'replacementRunning',
      'readyAgain',
    ]);
    if (!f) throw new Error('no fault');
    expect(stepAfter(f, 'evicted')).toMatch(/^\+1\.\ds$/);
  });

  it('without graceful shutdown nothing changes: no shutdown chapter, no evicted pods until the taint', () => {
    const plain = { ...s, spec: { ...s.spec, settings: {} } };
    const r = recordRun(plain, [], 180_000);
    expect(r.sim.chapters().some((c) => c.actor === 'kubelet (shutdown manager)')).toBe(false);
    expect(r.scoreboard.faults[0]?.evicted).toBeUndefined();
  });
});

/** db-0 Running on node2 with its volume, node2 powered off (at `offAt` if later), until db-0 is evicted. */
function evictedFromDeadNode(offAt = 0): Simulation {
  const sim = new Simulation(kitScenario({ workers: 2, replicas: 1 }));
  const e = sim.engine;
  run(sim, CLAIM);
  run(sim, 'kubectl cordon node1');
  run(sim, STS);
  advanceUntil(sim, () => e.get('Pod', 'default/db-0')?.status.phase === 'Running', 120_000, 500);
  run(sim, 'kubectl uncordon node1');
  if (offAt > sim.now) sim.advanceTo(offAt);
  run(sim, 'ssh node2 poweroff');
  advanceUntil(sim, () => e.get('Pod', 'default/db-0')?.metadata.deletionTimestamp !== undefined, 600_000, 1000);
  return sim;
}

/** db-0 on node2 with its volume; node2 powered off, db-0 evicted, then force-deleted: the replacement waits on node1. */
function multiAttach(): { sim: Simulation; gone: number; pv: string } {
  const sim = evictedFromDeadNode(30_000);
  const e = sim.engine;
  run(sim, 'kubectl delete pod db-0 --grace-period=0 --force');
  const pv = e.get('PersistentVolumeClaim', 'default/data')?.spec.volumeName as string;
  return { sim, gone: sim.now, pv };
}

describe('the attach/detach controller (reconciler.go)', () => {
  it('Why? on the replacement stuck in ContainerCreating: the Multi-Attach refusal, the VolumeAttachment on node2, the force detach to come', () => {
    const { sim, gone, pv } = multiAttach();
    sim.advanceTo(gone + 30_000);
    const va = sim.engine.list('VolumeAttachment').find((v) => v.spec.nodeName === 'node2');
    if (!va) throw new Error('no VolumeAttachment on node2');
    const why = sim.explain('Pod/default/db-0');
    expect(why.chain[0]).toMatchObject({
      actor: 'attachdetach-controller',
      what: `attach ${pv} to node1 refused (Multi-Attach)`,
      rule: 'a ReadWriteOnce volume attaches to one node at a time (isMultiAttachAllowed)',
    });
    const links = why.chain.map((l) => `${l.actor}: ${l.command ?? l.what}`);
    expect(links).toContain(`attachdetach-controller: attach ${pv} to node2`);
    expect(links).toContain('node-lifecycle-controller: Ready=Unknown on node2');
    expect(links).toContain('you: ssh node2 poweroff');
    // Six minutes after the detach was first wanted: the force delete took db-0 out of the
    // desired state (its API status still said running until then: util.IsPodTerminated).
    expect(why.headline).toBe(
      `db-0 is ContainerCreating on node1: you powered off node2 at 30s and its volume ${pv} is still attached to node2 (VolumeAttachment ${va.metadata.name}), so the attach/detach controller does not attach it to node1 (Multi-Attach); it force-detaches it at ${formatStoryTime(gone + 6 * 60_000)} if node2 stays not Ready (maxWaitForUnmountDuration).`,
    );
  });

  it('chapters: the attach, the Multi-Attach error, the force detach after 6 minutes and the attach elsewhere', () => {
    const { sim, gone } = multiAttach();
    sim.advanceTo(gone + 7 * 60_000);
    const volume = sim
      .chapters()
      .filter((c) => c.actor === 'attachdetach-controller')
      .map((c) => ({ label: c.label, node: c.node, ref: c.ref, constant: c.constant }));
    expect(volume).toEqual([
      {
        label: 'volume data attached to node2',
        node: 'node2',
        ref: 'PersistentVolumeClaim/default/data',
        constant: undefined,
      },
      {
        label: 'Multi-Attach error for db-0 (volume data on node2)',
        node: 'node1',
        ref: 'Pod/default/db-0',
        constant: undefined,
      },
      {
        label: 'volume data force-detached from node2',
        node: 'node2',
        ref: 'PersistentVolumeClaim/default/data',
        constant: 'maxWaitForUnmountDuration=6m',
      },
      {
        label: 'volume data attached to node1',
        node: 'node1',
        ref: 'PersistentVolumeClaim/default/data',
        constant: undefined,
      },
    ]);
    const forced = sim.chapters().find((c) => c.label === 'volume data force-detached from node2');
    expect(forced?.rule).toBe(
      'this volume is not safe to detach, but maxWaitForUnmountDuration 6m0s expired, force detaching',
    );
    // Once attached, Why? is about the pod again, not an old refusal.
    expect(sim.explain('Pod/default/db-0').headline).not.toContain('Multi-Attach');
  });

  it('the out-of-service taint: a plain detach, its rule naming the taint (NodeOutOfServiceVolumeDetach)', () => {
    const sim = evictedFromDeadNode();
    run(sim, 'kubectl taint nodes node2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute');
    sim.advanceTo(sim.now + 120_000);
    const detach = sim.chapters().find((c) => c.label === 'volume data detached from node2');
    expect(detach?.actor).toBe('attachdetach-controller');
    expect(detach?.rule).toBe(
      'node node2 is tainted node.kubernetes.io/out-of-service: detach without waiting for the unmount',
    );
  });
});

describe("a refused eviction: the disruption controller's PodDisruptionBudget status", () => {
  it('pdb-drain: one chapter for the refusals (not one per 5 s retry), by kube-apiserver with the budget in its rule', () => {
    const sim = new Simulation(builtin('pdb-drain'));
    sim.advanceTo(89_000);
    const refused = sim.chapters().filter((c) => c.label.includes('eviction refused'));
    expect(refused.map((c) => ({ at: c.at, label: c.label, actor: c.actor, rule: c.rule, node: c.node }))).toEqual([
      {
        at: 30_000,
        label: expect.stringMatching(/^web-\S+ eviction refused by PDB web$/),
        actor: 'kube-apiserver',
        rule: 'eviction.go checkAndDecrement: disruptionsAllowed 0 (currentHealthy 3, desiredHealthy 3): 429 Too Many Requests',
        node: 'node2',
      },
    ]);
    // Right after the drain's own chapter.
    const labels = sim.chapters().map((c) => c.label);
    expect(labels.indexOf('node2 draining')).toBe(labels.indexOf(refused[0]?.label as string) - 1);
  });

  it("Why? on the pod the drain waits for, and on its node: the budget's status as the disruption controller wrote it", () => {
    const sim = new Simulation(builtin('pdb-drain'));
    sim.advanceTo(60_000);
    const pod = sim.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-') && p.spec.nodeName === 'node2');
    const name = pod?.metadata.name as string;
    const why = sim.explain(`Pod/default/${name}`);
    expect(why.headline).toBe(
      `${name} is Running on node2: the scenario drained node2 at 30s and the eviction API refuses to evict it (429): PodDisruptionBudget web allows 0 disruptions (currentHealthy 3, desiredHealthy 3, as counted by the disruption controller).`,
    );
    expect(why.chain[0]).toMatchObject({
      actor: 'kube-apiserver',
      what: `eviction of Pod/default/${name} refused by PodDisruptionBudget/default/web`,
    });
    const links = why.chain.map((l) => `${l.actor}: ${l.command ?? l.what}`);
    expect(links).toContain('the scenario: kubectl drain node2 --ignore-daemonsets');
    expect(links).toContain('disruption-controller: status of PodDisruptionBudget/default/web');
    expect(sim.explain('Node/node2').headline).toBe(
      `node2 is Ready,SchedulingDisabled: the scenario drained node2 at 30s and the drain waits: the eviction API refuses to evict ${name} (429): PodDisruptionBudget web allows 0 disruptions (currentHealthy 3, desiredHealthy 3, as counted by the disruption controller).`,
    );
    // Evicted at the 1m35s retry: the node no longer waits.
    sim.advanceTo(120_000);
    expect(sim.explain('Node/node2').headline).toBe(
      'node2 is Ready,SchedulingDisabled: the scenario drained node2 at 30s.',
    );
  });
});
