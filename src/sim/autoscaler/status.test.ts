/**
 * The status ConfigMap (issue 11 point 3): cluster-autoscaler 1.33 clusterstate/utils/status.go
 * `WriteStatusConfigMap` (YAML through sigs.k8s.io/yaml: keys sorted, RFC 3339 times quoted,
 * `backoffInfo: {}`), clusterstate.go `GetStatus` (conditions, lastTransitionTime kept while the
 * status stays), and kubectl 1.33 `describe configmap` (pkg/describe/describe.go).
 */
import { describe, expect, it } from 'vitest';
import { cloudSim, deployment } from '../cloud/testkit';
import { lastUpdatedText, toYaml } from './status';

describe('cluster-autoscaler-status', () => {
  it('is described as kubectl 1.33 prints it, mid scale-up', () => {
    const sim = cloudSim({
      groups: { workers: [1, 1, 5] },
      objects: [deployment('web', 2, '1500m')],
      timeline: [{ at: '30s', run: 'kubectl scale deployment web --replicas=3' }],
    });
    sim.advanceTo(60_000);
    expect(sim.kubectl('kubectl describe configmap cluster-autoscaler-status -n kube-system').split('\n')).toEqual([
      'Name:         cluster-autoscaler-status',
      'Namespace:    kube-system',
      'Labels:       <none>',
      'Annotations:  cluster-autoscaler.kubernetes.io/last-updated: 2025-06-02 09:00:58.433 +0000 UTC',
      '',
      'Data',
      '====',
      'status:',
      '----',
      'autoscalerStatus: Running',
      'clusterWide:',
      '  health:',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T08:50:18Z"',
      '    nodeCounts:',
      '      longUnregistered: 0',
      '      registered:',
      '        notStarted: 0',
      '        ready: 2',
      '        total: 2',
      '        unready:',
      '          resourceUnready: 0',
      '          total: 0',
      '      unregistered: 1',
      '    status: Healthy',
      '  scaleDown:',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T08:51:38Z"',
      '    status: NoCandidates',
      '  scaleUp:',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T09:00:38Z"',
      '    status: InProgress',
      'nodeGroups:',
      '- health:',
      '    cloudProviderTarget: 2',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T08:50:18Z"',
      '    maxSize: 5',
      '    minSize: 1',
      '    nodeCounts:',
      '      longUnregistered: 0',
      '      registered:',
      '        notStarted: 0',
      '        ready: 1',
      '        total: 1',
      '        unready:',
      '          resourceUnready: 0',
      '          total: 0',
      '      unregistered: 1',
      '    status: Healthy',
      '  name: workers',
      '  scaleDown:',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T08:51:38Z"',
      '    status: NoCandidates',
      '  scaleUp:',
      '    backoffInfo: {}',
      '    lastProbeTime: "2025-06-02T09:00:58Z"',
      '    lastTransitionTime: "2025-06-02T09:00:38Z"',
      '    status: InProgress',
      'time: 2025-06-02 09:00:58.433 +0000 UTC',
      '',
      '',
      '',
      'BinaryData',
      '====',
      '',
      'Events:',
      '  Type    Reason         Age   From                Message',
      '  ----    ------         ----  ----                -------',
      '  Normal  ScaledUpGroup  21s   cluster-autoscaler  Scale-up: setting group workers size to 2 instead of 1 (max: 5)',
      '  Normal  ScaledUpGroup  21s   cluster-autoscaler  Scale-up: group workers size set to 2 instead of 1 (max: 5)',
    ]);
    expect(sim.kubectl('kubectl get configmap -n kube-system')).toBe(
      'NAME                        DATA   AGE\ncluster-autoscaler-status   1      10m',
    );
  });

  it('writes YAML as sigs.k8s.io/yaml does', () => {
    expect(toYaml({ b: { y: 1, x: 'a' }, a: [{ k: {} }], t: null, s: '2025-06-02T09:00:00Z' })).toBe(
      'a:\n- k: {}\nb:\n  x: a\n  y: 1\ns: "2025-06-02T09:00:00Z"\nt: null\n',
    );
    // ConfigMapLastUpdateFormat: "2006-01-02 15:04:05.999999999 -0700 MST".
    expect(lastUpdatedText(58_433)).toBe('2025-06-02 09:00:58.433 +0000 UTC');
    expect(lastUpdatedText(60_000)).toBe('2025-06-02 09:01:00 +0000 UTC');
  });

  it('is written every loop, but a loop that only moves its times is no visible change', () => {
    const sim = cloudSim({ groups: { workers: [2, 2, 5] }, objects: [deployment('web', 2, '1500m')] });
    sim.advanceTo(60_000);
    const key = 'kube-system/cluster-autoscaler-status';
    const rv = sim.engine.get('ConfigMap', key)?.metadata.resourceVersion ?? 0;
    const changes = sim.engine.state.changeCount;
    sim.advanceTo(120_000);
    // Six loops wrote it again ("skip quiet time" and "Step" still skip a quiet cloud cluster).
    expect(sim.engine.get('ConfigMap', key)?.metadata.resourceVersion).toBeGreaterThan(rv);
    expect(sim.engine.state.changeCount).toBe(changes);
  });
});
