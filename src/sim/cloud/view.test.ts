/**
 * What the app gets of the cloud (issue 11): the instance per node, node groups with
 * min/target/max, the autoscaler's status, Why? naming the autoscaler's decisions, and the menu
 * of a node's instance.
 */
import { describe, expect, it } from 'vitest';
import { advanceUntil, cloudSim, deployment, eventsOf } from './testkit';

const tight = (max = 5) =>
  cloudSim({
    groups: { workers: [1, 1, max] },
    objects: [deployment('web', 2, '1500m')],
    timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
  });

describe('view', () => {
  it('has each node’s instance and each group’s bounds, target, machines and autoscaler status', () => {
    const sim = tight();
    sim.advanceTo(60_000);
    const v = sim.view();
    expect(v.nodes.find((n) => n.name === 'workers-1')?.instance).toEqual({
      id: expect.stringMatching(/^i-[0-9a-f]{17}$/),
      state: 'running',
      group: 'workers',
    });
    expect(v.cloud?.groups).toEqual([
      {
        name: 'workers',
        zone: 'zone-a',
        machineType: 'custom-4-8192',
        cpu: 4000,
        memory: 8192,
        min: 1,
        target: 2,
        max: 5,
        instances: 2,
        ready: 1,
        health: 'Healthy',
        scaleUp: 'InProgress',
      },
    ]);
    const fresh = v.cloud?.instances.find((i) => i.state === 'pending');
    expect(fresh).toMatchObject({ group: 'workers', registered: false, reason: 'launched by node group workers' });
    expect(fresh?.unregisteredSince).toBeDefined();
    expect(v.cloud?.autoscaler).toMatchObject({ enabled: true, running: true, clusterHealth: 'Healthy' });
    expect(v.cloud?.autoscaler.decisions[0]?.text).toMatch(
      /^cluster-autoscaler: pod web-[a-z0-9]+-[a-z0-9]{5} unschedulable, group workers 1→2 \(max 5\)$/,
    );
    // The new machine is a node card before it has a Node object.
    expect(v.nodes.find((n) => n.name === fresh?.host)).toMatchObject({ apiExists: false, power: 'off' });
  });

  it('has no cloud part without spec.cloud', async () => {
    const { Simulation } = await import('../simulation');
    const { cloudScenario } = await import('./testkit');
    const s = cloudScenario({ groups: { workers: [1, 1, 2] } });
    delete s.spec.cloud;
    for (const n of s.spec.nodes) delete n.group;
    expect(new Simulation(s).view().cloud).toBeUndefined();
  });
});

describe('Why?', () => {
  it('explains a node the autoscaler added by the pod it was for', () => {
    const sim = tight();
    const fresh = () => sim.view().cloud?.instances.find((i) => i.launchedAt > 0)?.host;
    advanceUntil(sim, () => fresh() !== undefined && sim.engine.get('Node', fresh() as string) !== undefined, 300_000);
    sim.advanceTo(sim.now + 30_000);
    const why = sim.explain(`Node/${fresh()}`);
    expect(why.headline).toMatch(
      /^workers-\w{5} is Ready: the scenario scaled deploy\/web to 3 at 30s and cluster-autoscaler: pod web-[a-z0-9]+-[a-z0-9]{5} unschedulable, group workers 1→2 \(max 5\) at \d+s\.$/,
    );
    expect(why.chain.some((l) => l.actor === 'node group workers' && l.what.startsWith('launch i-'))).toBe(true);
    expect(why.chain.some((l) => l.actor === 'cluster-autoscaler')).toBe(true);
  });

  it('explains a pod no group could take with the autoscaler’s reason', () => {
    const sim = tight(1);
    sim.advanceTo(60_000);
    const pod = sim.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-') && !p.spec.nodeName);
    const why = sim.explain(`Pod/default/${pod?.metadata.name}`);
    expect(why.headline).toMatch(
      /is Pending: the scenario scaled deploy\/web to 3 at 30s and cluster-autoscaler: pod didn't trigger scale-up: 1 max node group size reached at \d+s\.$/,
    );
  });

  it('explains the zombie: a Node deleted while its machine runs, then the autoscaler removing it', () => {
    const sim = cloudSim({
      groups: { workers: [3, 1, 5] },
      objects: [deployment('web', 6, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl delete node workers-2' }],
    });
    sim.advanceTo(5 * 60_000);
    expect(sim.explain('Node/workers-2').headline).toMatch(
      /^workers-2 has no Node object: the scenario deleted Node workers-2 at 30s and its machine i-[0-9a-f]{17} is still running \(unregistered for cluster-autoscaler since \d+s\)\.$/,
    );
    advanceUntil(sim, () => eventsOf(sim, 'DeleteUnregistered').length > 0, 20 * 60_000, 1000);
    expect(sim.explain('Host/workers-2').headline).toMatch(
      /^workers-2's instance i-[0-9a-f]{17} is terminated: the scenario deleted Node workers-2 at 30s and cluster-autoscaler: remove unregistered node notready:\/\/\/zone-a\/i-[0-9a-f]{17} \(workers-2\): no Node for 15m10s at 15m\d+s\.$/,
    );
  });
});

describe('the menu of a node’s instance', () => {
  it('offers stop, start and terminate, greyed out by the instance state', () => {
    const sim = tight();
    expect(sim.actions({ kind: 'instance', node: 'workers-1' })).toEqual([
      { label: 'Stop instance', command: 'cloud stop workers-1' },
      {
        label: 'Start instance',
        command: 'cloud start workers-1',
        disabledReason: expect.stringMatching(/is running: only a stopped instance can be started$/),
      },
      { label: 'Terminate instance', command: 'cloud terminate workers-1' },
    ]);
    sim.run('cloud stop workers-1');
    sim.advanceTo(sim.now + 10_000);
    expect(sim.actions({ kind: 'node', node: 'workers-1' }).find((o) => o.label === 'Power on')?.disabledReason).toBe(
      'workers-1 is a cloud instance: start it from its instance',
    );
    expect(sim.actions({ kind: 'instance', node: 'workers-1' })[1]).toEqual({
      label: 'Start instance',
      command: 'cloud start workers-1',
    });
  });
});
