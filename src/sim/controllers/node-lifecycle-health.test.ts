import { describe, expect, it } from 'vitest';
import type { Node } from '../core/api-types';
import { causeAt } from '../core/cause-log';
import { advanceUntil, cond, kitSim, node, run } from './node-lifecycle.testkit';

describe('tryUpdateNodeHealth: a Node that never posted status', () => {
  it('gets every condition Unknown "never updated" after the startup grace period', () => {
    const sim = kitSim({ workers: 1 });
    const e = sim.engine;
    const created = e.now;
    const ghost: Node = {
      kind: 'Node',
      metadata: {
        name: 'ghost',
        uid: e.uid(),
        resourceVersion: 0,
        creationTimestamp: created,
        labels: {},
        annotations: {},
        ownerReferences: [],
      },
      spec: { taints: [] },
      status: {
        conditions: [],
        addresses: [],
        capacity: { cpu: 1000, memory: 1024, pods: 110 },
        allocatable: { cpu: 1000, memory: 1024, pods: 110 },
        nodeInfo: { kubeletVersion: '', containerRuntimeVersion: '', osImage: '', kernelVersion: '', bootID: '' },
      },
    };
    e.put(ghost, 'created', e.cause({ actor: 'you', what: 'kubectl apply -f ghost-node.yaml' }));
    const t = advanceUntil(sim, () => cond(node(sim, 'ghost'), 'Ready') !== undefined, created + 120_000);
    // nodeStartupGracePeriod (60s) counted from creation, seen on a 5s pass
    expect((t as number) - created).toBeGreaterThanOrEqual(60_000);
    expect((t as number) - created).toBeLessThanOrEqual(66_000);
    const n = node(sim, 'ghost');
    for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const) {
      const c = cond(n, type);
      expect(c).toMatchObject({
        status: 'Unknown',
        reason: 'NodeStatusNeverUpdated',
        message: 'Kubelet never posted node status.',
        lastHeartbeatTime: created,
      });
    }
    expect(cond(n, 'NetworkUnavailable')).toBeUndefined();
    const c = causeAt(e.state.causes, e.lastCause('Node/ghost', 'Ready=Unknown') as number);
    expect(c?.constant).toBe('nodeStartupGracePeriod=1m');
  });
});

describe('silence causes', () => {
  it('a powered-off node links its Unknown to the power cause', () => {
    const sim = kitSim({ workers: 2 });
    const e = sim.engine;
    run(sim, 'ssh node2 poweroff');
    advanceUntil(sim, () => cond(node(sim, 'node2'), 'Ready')?.status === 'Unknown', 120_000);
    const c = causeAt(e.state.causes, e.lastCause('Node/node2', 'Ready=Unknown') as number);
    expect(c?.parents).toEqual([e.state.hosts.node2?.powerCause]);
  });

  it('a cut link links its Unknown to the network cause', () => {
    const sim = kitSim({ workers: 2 });
    const e = sim.engine;
    run(sim, 'network cut node2');
    advanceUntil(sim, () => cond(node(sim, 'node2'), 'Ready')?.status === 'Unknown', 120_000);
    const c = causeAt(e.state.causes, e.lastCause('Node/node2', 'Ready=Unknown') as number);
    expect(c?.parents).toEqual([e.state.hosts.node2?.networkCause]);
  });
});
