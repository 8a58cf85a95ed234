/** Commands of the simulated cloud in the chaos exports (issue 11 with issue 12's faults.ts). */
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../sim/index';
import { chaosMeshResources } from './chaos-mesh';
import { timelineFaults } from './faults';
import { litmusEngine } from './litmus';

function scenario(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

const S = scenario(`
apiVersion: notready/v1
kind: Scenario
metadata: {name: cloudy, title: T}
spec:
  duration: 10m
  nodes: [{name: cp, roles: [control-plane]}, {name: w1, group: g}, {name: w2, group: g}]
  cloud: {nodeGroups: [{name: g, min: 1, max: 3, zone: zone-a}]}
  timeline:
    - {at: 10s, run: "cloud instances"}
    - {at: 20s, run: "cloud stop w1"}
    - {at: 2m, run: "cloud start w1"}
    - {at: 3m, run: "cloud terminate w2"}
    - {at: 4m, run: "cloud scale g 3"}
    - {at: 5m, run: "cloud groups"}
`);

describe('cloud commands as chaos faults', () => {
  const { faults, notFaults } = timelineFaults(S);

  it('a stop lasts until its start, a terminate to the end; reads and resizes are not faults', () => {
    expect(faults.map((f) => [f.kind, f.node, f.duration])).toEqual([
      ['instance-stop', 'w1', 100_000],
      ['instance-terminate', 'w2', 420_000],
    ]);
    expect(faults[0]?.healedBy?.line).toBe('cloud start w1');
    expect(notFaults).toEqual([0, 2, 4, 5]);
  });

  it('have no Chaos Mesh or Litmus resource here, and say what does it on a real cloud', () => {
    const [stop, terminate] = faults as [(typeof faults)[number], (typeof faults)[number]];
    expect(chaosMeshResources(S, 'x', stop)).toEqual({
      none: "a simulated cloud instance: on a real cloud AWSChaos ec2-stop or GCPChaos node-stop stops the node's machine, given its instance id and cloud credentials",
    });
    expect(litmusEngine(S, 'x', terminate)).toEqual({
      none: "no Litmus experiment here terminates a cloud machine; use the cloud's own CLI",
    });
  });
});
