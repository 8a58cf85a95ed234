/**
 * `spec.cloud` and a node's `group` (DESIGN section 10, issue 11 point 1): defaults, the
 * autoscaler's settings with upstream defaults (cluster-autoscaler config/flags/flags.go,
 * cloud-provider config/v1alpha1/defaults.go), and every refusal naming its path and reason.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../core/profiles';
import { exportScenario } from './export';
import { formatScenarioError, parseScenario } from './parse';

const HEAD = `apiVersion: notready/v1
kind: Scenario
metadata: {name: t, title: "A test"}
`;

function errors(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected errors');
  return r.errors.map((e) => formatScenarioError(e));
}

function ok(text: string) {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
  return r.scenario;
}

const NODES = `  nodes:
    - {name: cp, roles: [control-plane]}
    - {name: w1, group: workers}
    - {name: w2, group: workers}
`;

describe('spec.cloud: valid input', () => {
  it('fills in the group defaults (4 CPUs, 8 GiB, 90s boot, a custom machine type) and turns the autoscaler on', () => {
    const s = ok(`${HEAD}spec:\n${NODES}  cloud:\n    nodeGroups: [{name: workers, min: 1, max: 5, zone: eu-1a}]\n`);
    expect(s.spec.cloud).toEqual({
      nodeGroups: [
        {
          name: 'workers',
          min: 1,
          max: 5,
          zone: 'eu-1a',
          cpu: 4000,
          memory: 8192,
          machineType: 'custom-4-8192',
          bootTime: 90_000,
        },
      ],
      autoscaler: true,
    });
    expect(s.spec.nodes[1]).toEqual({ name: 'w1', roles: [], group: 'workers' });
  });

  it('reads sizes, machine type, boot time and autoscaler: false', () => {
    const s = ok(
      `${HEAD}spec:\n${NODES}  cloud:\n    autoscaler: false\n    nodeGroups: [{name: workers, min: 0, max: 3, zone: a, cpu: 2, memory: 4Gi, machineType: m5.large, bootTime: 2m}]\n`,
    );
    expect(s.spec.cloud?.autoscaler).toBe(false);
    expect(s.spec.cloud?.nodeGroups[0]).toMatchObject({
      cpu: 2000,
      memory: 4096,
      machineType: 'm5.large',
      bootTime: 120_000,
    });
  });

  it('has the upstream defaults of the cloud processes in every profile', () => {
    expect(PROFILES['v1.33'].defaults).toMatchObject({
      cloudNodeMonitorPeriod: 5000, // cloud-provider KubeCloudShared.NodeMonitorPeriod
      scanInterval: 10_000, // --scan-interval
      maxNodeProvisionTime: 900_000, // --max-node-provision-time
      scaleDownUtilizationThreshold: 0.5,
      scaleDownUnneededTime: 600_000,
      scaleDownUnreadyTime: 1_200_000,
      scaleDownDelayAfterAdd: 600_000,
      scaleDownDelayAfterDelete: 0,
      scaleDownDelayAfterFailure: 180_000,
      maxTotalUnreadyPercentage: 45,
      okTotalUnreadyCount: 3,
      maxGracefulTerminationSec: 600,
      nodeDeleteDelayAfterTaint: 5000,
      unremovableNodeRecheckTimeout: 300_000,
      initialNodeGroupBackoffDuration: 300_000,
      maxNodeGroupBackoffDuration: 1_800_000,
    });
  });

  it('takes the autoscaler settings in spec.settings, checked like the others', () => {
    const s = ok(
      `${HEAD}spec:\n  settings: {scaleDownUnneededTime: 2m, scaleDownUtilizationThreshold: 0.7}\n${NODES}  cloud:\n    nodeGroups: [{name: workers, min: 1, max: 5, zone: a}]\n`,
    );
    expect(s.spec.settings).toEqual({ scaleDownUnneededTime: 120_000, scaleDownUtilizationThreshold: 0.7 });
    expect(
      errors(`${HEAD}spec:\n  settings: {scanInterval: 0s}\n  nodes: [{name: cp, roles: [control-plane]}]\n`),
    ).toEqual(['spec.settings.scanInterval: 0s is less than the minimum of 1s (line 5, column 28)']);
  });

  it('exports the cloud back as it parses', () => {
    const s = ok(
      `${HEAD}spec:\n${NODES}  cloud:\n    autoscaler: false\n    nodeGroups: [{name: workers, min: 1, max: 4, zone: a, cpu: 1500m}]\n`,
    );
    const again = ok(exportScenario(s, []));
    expect(again.spec.cloud).toEqual(s.spec.cloud);
    expect(again.spec.nodes).toEqual(s.spec.nodes);
  });
});

describe('spec.cloud: errors name the path and the reason', () => {
  const cloud = (groups: string) => `  cloud:\n    nodeGroups: [${groups}]\n`;

  it('refuses a group with no zone, a bad name, max below min, and duplicates', () => {
    expect(
      errors(
        `${HEAD}spec:\n${NODES}${cloud('{name: workers, min: 1, max: 5}, {name: Bad_Name, min: 0, max: 1, zone: a}')}`,
      ),
    ).toEqual([
      'spec.cloud.nodeGroups[0].zone: is required (line 10, column 18)',
      'spec.cloud.nodeGroups[1].name: "Bad_Name" is not a valid node group name (lowercase letters, digits and \'-\', at most 40) (line 10, column 58)',
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}${cloud('{name: workers, min: 3, max: 2, zone: a}')}`)).toEqual([
      'spec.cloud.nodeGroups[0].max: 2 is less than min (3) (line 10, column 47)',
      'spec.cloud.nodeGroups[0].min: 2 of spec.nodes are in group workers, fewer than its min (3) (line 10, column 39)',
    ]);
    expect(
      errors(
        `${HEAD}spec:\n${NODES}${cloud('{name: workers, min: 1, max: 5, zone: a}, {name: workers, min: 1, max: 5, zone: b}')}`,
      )[0],
    ).toBe('spec.cloud.nodeGroups[1].name: "workers" is already used by spec.cloud.nodeGroups[0] (line 10, column 67)');
  });

  it('refuses nodes in unknown groups, in groups without a cloud, and the control plane in a group', () => {
    expect(errors(`${HEAD}spec:\n${NODES}`)).toEqual([
      'spec.nodes[1].group: a node group needs spec.cloud.nodeGroups (line 7, column 25)',
      'spec.nodes[2].group: a node group needs spec.cloud.nodeGroups (line 8, column 25)',
    ]);
    expect(
      errors(
        `${HEAD}spec:\n  nodes:\n    - {name: cp, roles: [control-plane], group: workers}\n    - {name: w1, group: other}\n${cloud('{name: workers, min: 0, max: 5, zone: a}')}`,
      ),
    ).toEqual([
      'spec.nodes[0].group: the control-plane node is not in a node group (the autoscaler would remove it) (line 6, column 49)',
      'spec.nodes[1].group: "other" is not one of spec.cloud.nodeGroups (line 7, column 25)',
    ]);
  });

  it("refuses a node whose zone or size differs from its group's", () => {
    expect(
      errors(
        `${HEAD}spec:\n  nodes:\n    - {name: cp, roles: [control-plane]}\n    - {name: w1, group: workers, zone: b, cpu: 2}\n${cloud('{name: workers, min: 1, max: 5, zone: a}')}`,
      ),
    ).toEqual([
      `spec.nodes[1].zone: "b" differs from node group workers's zone (a): a group's machines are alike, leave it out (line 7, column 40)`,
      `spec.nodes[1].cpu: 2000 differs from node group workers's cpu (4000): a group's machines are alike, leave it out (line 7, column 48)`,
    ]);
  });

  it('refuses more nodes than a group allows, groups that could outgrow the node limit, and the v1.23 profile', () => {
    expect(errors(`${HEAD}spec:\n${NODES}${cloud('{name: workers, min: 1, max: 1, zone: a}')}`)).toEqual([
      'spec.cloud.nodeGroups[0].max: 2 of spec.nodes are in group workers, more than its max (1) (line 10, column 47)',
    ]);
    expect(errors(`${HEAD}spec:\n${NODES}${cloud('{name: workers, min: 1, max: 5000, zone: a}')}`)).toEqual([
      'spec.cloud.nodeGroups: with every node group at its max the cluster would have 5,001 nodes, more than the limit of 5,000 (line 10, column 17)',
    ]);
    expect(
      errors(`${HEAD}spec:\n  profile: v1.23-docker\n${NODES}${cloud('{name: workers, min: 1, max: 5, zone: a}')}`),
    ).toEqual([
      'spec.cloud: the cloud is modelled on the v1.33 profile (cluster-autoscaler 1.33), not on v1.23-docker (line 11, column 5)',
    ]);
  });

  it('counts DaemonSet pods on every node the groups may grow to', () => {
    const deploys = Array.from(
      { length: 30 },
      (_, i) =>
        `    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: d${i}}, spec: {replicas: 4995, template: {spec: {containers: [{name: a, image: b}]}}}}\n`,
    ).join('');
    const ds = `  objects:\n    - {apiVersion: apps/v1, kind: DaemonSet, metadata: {name: a}, spec: {template: {spec: {containers: [{name: a, image: b}]}}}}\n${deploys}`;
    // 3 nodes now, 151 with the group at its max: 149,850 replicas and 151 DaemonSet pods.
    expect(parseScenario(`${HEAD}spec:\n${NODES}${ds}${cloud('{name: workers, min: 1, max: 3, zone: a}')}`).ok).toBe(
      true,
    );
    expect(errors(`${HEAD}spec:\n${NODES}${ds}${cloud('{name: workers, min: 1, max: 150, zone: a}')}`)[0]).toMatch(
      /^spec\.objects: the scenario would run 150,001 pods, more than the limit of 150,000/,
    );
  });
});
