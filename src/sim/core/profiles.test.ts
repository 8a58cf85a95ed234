import { describe, expect, it } from 'vitest';
import { kitSim } from '../controllers/node-lifecycle.testkit';

describe('control-plane taint per profile', () => {
  // kubeadm (kubernetes/kubernetes cmd/kubeadm/app/constants, kk#107533): up to 1.23 the control plane
  // registers with node-role.kubernetes.io/master:NoSchedule only; control-plane:NoSchedule since 1.24.
  it('v1.23 kubeadm taints the control plane node-role.kubernetes.io/master:NoSchedule only', () => {
    const sim = kitSim({ profile: 'v1.23-docker' });
    expect(sim.engine.get('Node', 'cp')?.spec.taints.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node-role.kubernetes.io/master:NoSchedule',
    ]);
    expect(sim.kubectl('kubectl describe node cp')).toMatch(
      /^Taints:\s+node-role\.kubernetes\.io\/master:NoSchedule$/m,
    );
  });

  it('v1.33 kubeadm taints it node-role.kubernetes.io/control-plane:NoSchedule', () => {
    const sim = kitSim();
    expect(sim.engine.get('Node', 'cp')?.spec.taints.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node-role.kubernetes.io/control-plane:NoSchedule',
    ]);
  });
});
