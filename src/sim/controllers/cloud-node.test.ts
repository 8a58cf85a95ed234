/**
 * cloud-controller-manager's node controllers (issue 11 point 2):
 * - cloud-node-controller (kubernetes/cloud-provider controllers/node/node_controller.go
 *   `syncNode`, `getNodeModifiersFromCloudProvider`): the uninitialized taint, providerID,
 *   instance-type and zone labels, `Synced`;
 * - cloud-node-lifecycle-controller (controllers/nodelifecycle/node_lifecycle_controller.go
 *   `MonitorNodes`): `DeletingNode` for a NotReady Node whose instance is gone, the shutdown taint
 *   for a stopped one, nothing for a partitioned one, and never a Node recreated (seed 002).
 */
import { describe, expect, it } from 'vitest';
import { STOPPING_MS } from '../cloud/lifecycle';
import { TAINT_EXTERNAL_CLOUD_PROVIDER, TAINT_NODE_SHUTDOWN } from '../cloud/taints';
import { advanceUntil, cloudSim, deployment, eventsOf } from '../cloud/testkit';
import { causeAt } from '../core/cause-log';

const sim1 = () => cloudSim({ groups: { workers: [2, 1, 4] }, autoscaler: false, objects: [deployment('web', 2)] });

describe('cloud-node-controller', () => {
  it('initializes a registering Node at once: providerID, instance type and zone, taint removed, Synced', () => {
    const sim = sim1();
    const e = sim.engine;
    sim.run('cloud scale workers 3');
    const inst = Object.values(e.state.cloud?.instances ?? {}).at(-1);
    const name = inst?.host as string;
    const registered = advanceUntil(sim, () => e.get('Node', name) !== undefined, 200_000, 100) as number;
    // The kubelet (--cloud-provider=external) registers with the taint and no zone label.
    const first = e.history(`Node/${name}`)?.find((h) => h.what === 'registered by kubelet');
    expect(first).toBeDefined();
    sim.advanceTo(sim.now + 1000);
    const initialized = e.history(`Node/${name}`)?.find((h) => h.what === 'initialized by cloud-node-controller');
    // One watch delivery after the registration.
    expect((initialized?.at as number) - registered).toBeLessThanOrEqual(200);
    const n = e.get('Node', name);
    expect(n?.spec.providerID).toBe(inst?.providerID);
    expect(n?.spec.taints.some((t) => t.key === TAINT_EXTERNAL_CLOUD_PROVIDER)).toBe(false);
    expect(n?.metadata.labels).toMatchObject({
      'node.kubernetes.io/instance-type': 'custom-4-8192',
      'beta.kubernetes.io/instance-type': 'custom-4-8192',
      'topology.kubernetes.io/zone': 'zone-a',
      'failure-domain.beta.kubernetes.io/zone': 'zone-a',
    });
    const synced = eventsOf(sim, 'Synced', name);
    expect(synced.map((ev) => [ev.type, ev.message, ev.source.component])).toEqual([
      ['Normal', 'Node synced successfully', 'cloud-node-controller'],
    ]);
    expect(sim.kubectl(`kubectl describe node ${name}`)).toMatch(
      /\nProviderID:\s+notready:\/\/\/zone-a\/i-[0-9a-f]{17}\n/,
    );
  });

  it('leaves a Node tainted while cloud-controller-manager is down, and initializes it when it is back', () => {
    const sim = sim1();
    const e = sim.engine;
    sim.run('ssh control-plane mv /etc/kubernetes/manifests/cloud-controller-manager.yaml /tmp/');
    sim.run('cloud scale workers 3');
    const name = Object.values(e.state.cloud?.instances ?? {}).at(-1)?.host as string;
    advanceUntil(
      sim,
      () => e.get('Node', name)?.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True') === true,
      300_000,
    );
    sim.advanceTo(sim.now + 5000);
    const tainted = e.get('Node', name)?.spec.taints.map((t) => `${t.key}=${t.value ?? ''}:${t.effect}`);
    expect(tainted).toEqual([`${TAINT_EXTERNAL_CLOUD_PROVIDER}=true:NoSchedule`]);
    expect(e.get('Node', name)?.metadata.labels['topology.kubernetes.io/zone']).toBeUndefined();
    sim.run('ssh control-plane mv /tmp/cloud-controller-manager.yaml /etc/kubernetes/manifests/');
    const done = advanceUntil(sim, () => e.get('Node', name)?.spec.taints.length === 0, sim.now + 60_000, 500);
    expect(done).toBeDefined();
  });
});

describe('cloud-node-lifecycle-controller', () => {
  it('deletes a NotReady Node whose instance was terminated, 45–65s after the termination', () => {
    const sim = sim1();
    sim.run('cloud terminate workers-2');
    const gone = advanceUntil(sim, () => sim.engine.get('Node', 'workers-2') === undefined, 120_000, 500) as number;
    expect(gone).toBeGreaterThanOrEqual(45_000);
    expect(gone).toBeLessThanOrEqual(65_000);
    const del = eventsOf(sim, 'DeletingNode', 'workers-2');
    expect(del.map((ev) => [ev.type, ev.message, ev.source.component])).toEqual([
      [
        'Normal',
        'Deleting node workers-2 because it does not exist in the cloud provider',
        'cloud-node-lifecycle-controller',
      ],
    ]);
    sim.advanceTo(gone + 10_000);
    expect(eventsOf(sim, 'RemovingNode', 'workers-2')[0]?.message).toBe(
      'Node workers-2 event: Removing Node workers-2 from Controller',
    );
    const c = causeAt(sim.engine.state.causes, sim.engine.lastCause('Node/workers-2', 'deleted') as number);
    expect(c?.actor).toBe('cloud-node-lifecycle-controller');
    expect(c?.constant).toBe('cloudNodeMonitorPeriod=5s');
  });

  it('taints a stopped instance’s NotReady Node shutdown:NoSchedule, and removes it once Ready again', () => {
    const sim = sim1();
    const e = sim.engine;
    sim.run('cloud stop workers-2');
    sim.advanceTo(STOPPING_MS);
    const tainted = advanceUntil(
      sim,
      () => e.get('Node', 'workers-2')?.spec.taints.some((t) => t.key === TAINT_NODE_SHUTDOWN) === true,
      120_000,
      500,
    );
    expect(tainted).toBeDefined();
    expect(e.get('Node', 'workers-2')?.spec.taints.find((t) => t.key === TAINT_NODE_SHUTDOWN)).toEqual({
      key: TAINT_NODE_SHUTDOWN,
      effect: 'NoSchedule',
    });
    // NoSchedule only: the pods are evicted by the unreachable NoExecute taint, 300s later, not by this one.
    expect(e.get('Node', 'workers-2')).toBeDefined();
    sim.run('cloud start workers-2');
    const cleared = advanceUntil(
      sim,
      () => e.get('Node', 'workers-2')?.spec.taints.every((t) => t.key !== TAINT_NODE_SHUTDOWN) === true,
      sim.now + 200_000,
      500,
    );
    expect(cleared).toBeDefined();
    expect(e.get('Node', 'workers-2')?.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
  });

  it('leaves a partitioned node alone: the instance exists and is not shut down', () => {
    const sim = sim1();
    sim.run('network cut workers-2');
    sim.advanceTo(180_000);
    const n = sim.engine.get('Node', 'workers-2');
    expect(n?.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('Unknown');
    expect(n?.spec.taints.some((t) => t.key === TAINT_NODE_SHUTDOWN)).toBe(false);
    expect(eventsOf(sim, 'DeletingNode')).toEqual([]);
  });

  it('never recreates the Node of a running machine (seed 002): the zombie idles', () => {
    const sim = sim1();
    sim.run('kubectl delete node workers-2');
    sim.advanceTo(30 * 60_000);
    expect(sim.engine.get('Node', 'workers-2')).toBeUndefined();
    const inst = Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'workers-2');
    expect(inst?.state).toBe('running');
    expect(sim.engine.state.hosts['workers-2']?.services.kubelet?.active).toBe(true);
    expect(sim.journal('workers-2')).toMatch(/nodes \\"workers-2\\" not found/);
    expect(eventsOf(sim, 'DeletingNode')).toEqual([]);
  });
});
