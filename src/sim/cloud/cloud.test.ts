/**
 * The simulated cloud (issue 11 point 1): instances with EC2's ids, states and the AWS provider's
 * providerID shape (kk legacy-cloud-providers/aws/aws.go `InstanceID`: `/<zone>/<id>`), the `cloud`
 * commands parsed and printed canonically, refusals with their reason, and node groups keeping
 * their size (an auto scaling group replaces a terminated member).
 */
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../commands/parse';
import { printCommand } from '../commands/print';
import { STOPPING_MS } from './lifecycle';
import { advanceUntil, cloudSim, eventsOf } from './testkit';

const twoWorkers = () => cloudSim({ groups: { workers: [2, 1, 4] }, autoscaler: false });

describe('cloud commands: parse and print', () => {
  it('prints canonical forms that parse back to themselves', () => {
    for (const line of [
      'cloud instances',
      'cloud groups',
      'cloud stop workers-1',
      'cloud start i-0123456789abcdef0',
      'cloud terminate workers-2',
      'cloud scale workers 3',
    ]) {
      const p = parseCommand(line);
      expect(p.ok).toBe(true);
      if (p.ok) expect(printCommand(p.command)).toBe(line);
    }
    const p = parseCommand('cloud   scale workers 03');
    expect(p.ok && printCommand(p.command)).toBe('cloud scale workers 3');
  });

  it('refuses malformed commands with their usage', () => {
    const err = (l: string) => {
      const p = parseCommand(l);
      return p.ok ? '' : p.error;
    };
    expect(err('cloud')).toBe(
      'usage: cloud instances | cloud groups | cloud stop|start|terminate NODE_OR_INSTANCE | cloud scale GROUP N',
    );
    expect(err('cloud reboot n1')).toMatch(/^cloud: unknown command "reboot"/);
    expect(err('cloud stop')).toBe('usage: cloud stop NODE_OR_INSTANCE');
    expect(err('cloud stop a b')).toBe('cloud stop: one machine at a time: unexpected b');
    expect(err('cloud scale workers -1')).toBe('cloud scale: "-1" is not a whole number');
    expect(err('cloud scale workers 5001')).toBe('cloud scale: 5001 is more than the limit of 5000 nodes');
    expect(err('cloud instances all')).toBe('cloud instances: unexpected all');
  });
});

describe('instances', () => {
  it('gives every machine an instance with an EC2-shaped id and an AWS-shaped providerID', () => {
    const sim = twoWorkers();
    const instances = Object.values(sim.engine.state.cloud?.instances ?? {});
    expect(instances.map((i) => [i.host, i.group ?? '-', i.state])).toEqual([
      ['control-plane', '-', 'running'],
      ['workers-1', 'workers', 'running'],
      ['workers-2', 'workers', 'running'],
    ]);
    for (const i of instances) {
      expect(i.id).toMatch(/^i-[0-9a-f]{17}$/);
      expect(i.providerID).toBe(`notready:///zone-a/${i.id}`);
    }
  });

  it('prints `cloud instances` and `cloud groups` as a cloud CLI lists them', () => {
    const sim = twoWorkers();
    const out = sim.run('cloud instances').output.split('\n');
    expect(out[0]).toMatch(/^INSTANCE_ID\s+NAME\s+NODE_GROUP\s+ZONE\s+MACHINE_TYPE\s+INTERNAL_IP\s+STATE\s+AGE$/);
    expect(out[2]).toMatch(
      /^i-[0-9a-f]{17}\s+workers-1\s+workers\s+zone-a\s+custom-4-8192\s+192\.168\.56\.11\s+running\s+10m$/,
    );
    expect(sim.run('cloud groups').output).toBe(
      [
        'NODE_GROUP   ZONE     MACHINE_TYPE    MIN   TARGET   MAX   INSTANCES',
        'workers      zone-a   custom-4-8192   1     2        4     2',
      ].join('\n'),
    );
  });

  it('stops a running instance (stopping, then stopped with the host off) and starts it again', () => {
    const sim = twoWorkers();
    const r = sim.run('cloud stop workers-2');
    expect(r.ok).toBe(true);
    expect(r.output).toMatch(/^i-[0-9a-f]{17} {2}workers-2 {2}running -> stopping$/);
    const inst = () => Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'workers-2');
    expect(sim.engine.state.hosts['workers-2']?.services.kubelet?.active).toBe(false);
    sim.advanceTo(sim.now + STOPPING_MS);
    expect(inst()?.state).toBe('stopped');
    expect(sim.engine.state.hosts['workers-2']?.power).toBe('off');
    expect(sim.run('cloud stop workers-2').output).toMatch(
      /^cloud: instance i-[0-9a-f]{17} \(workers-2\) is stopped: only a running instance can be stopped$/,
    );
    expect(sim.run('power-on workers-2').output).toMatch(
      /^workers-2 is a cloud instance \(i-[0-9a-f]{17}\): use cloud start workers-2$/,
    );
    expect(sim.run('cloud start workers-2').output).toMatch(/stopped -> pending$/);
    // Boots for the group's boot time (90s), then powers on with a new boot id.
    const bootBefore = sim.engine.state.hosts['workers-2']?.bootId;
    const running = advanceUntil(sim, () => inst()?.state === 'running', sim.now + 200_000, 500);
    expect(running).toBeDefined();
    expect((running as number) - 10_000).toBeGreaterThanOrEqual(90_000);
    expect(sim.engine.state.hosts['workers-2']?.bootId).not.toBe(bootBefore);
    sim.advanceTo(sim.now + 30_000);
    expect(sim.engine.get('Node', 'workers-2')?.status.nodeInfo.bootID).toBe(
      sim.engine.state.hosts['workers-2']?.bootId,
    );
  });

  it('turns a shutdown from inside the machine into a stopped instance', () => {
    const sim = twoWorkers();
    sim.run('ssh workers-1 poweroff');
    const inst = Object.values(sim.engine.state.cloud?.instances ?? {}).find((i) => i.host === 'workers-1');
    expect(inst?.state).toBe('stopping');
    expect(inst?.reason).toBe('instance-initiated shutdown');
    sim.advanceTo(sim.now + STOPPING_MS);
    expect(inst?.state).toBe('stopped');
  });

  it('terminates at once; the group launches a replacement that boots and registers', () => {
    const sim = twoWorkers();
    expect(sim.run('cloud terminate workers-1').ok).toBe(true);
    expect(sim.engine.state.hosts['workers-1']?.power).toBe('off');
    expect(sim.run('cloud terminate workers-1').output).toMatch(/is terminated$/);
    expect(sim.run('cloud start workers-1').output).toMatch(/is terminated$/);
    // The auto scaling group's health check notices, then the new machine boots.
    sim.advanceTo(sim.now + 10_000);
    const fresh = Object.values(sim.engine.state.cloud?.instances ?? {}).filter((i) => i.state === 'pending');
    expect(fresh.map((i) => i.host)).toEqual([expect.stringMatching(/^workers-[bcdfghjklmnpqrstvwxz2456789]{5}$/)]);
    const name = fresh[0]?.host as string;
    const ready = advanceUntil(
      sim,
      () => sim.kubectl(`kubectl get node ${name}`).includes(' Ready '),
      sim.now + 150_000,
    );
    expect(ready).toBeDefined();
    expect(sim.run('cloud groups').output).toMatch(/workers\s+zone-a\s+custom-4-8192\s+1\s+2\s+4\s+2$/);
    // The terminated machine stays listed, as EC2 lists terminated instances.
    expect(sim.run('cloud instances').output).toMatch(/workers-1\s+workers .* terminated /);
  });

  it('scales a group within its bounds, launching or terminating the newest machines', () => {
    const sim = twoWorkers();
    expect(sim.run('cloud scale workers 5').output).toBe('cloud: 5 is above the max size of node group workers (4)');
    expect(sim.run('cloud scale workers 0').output).toBe('cloud: 0 is below the min size of node group workers (1)');
    expect(sim.run('cloud scale nope 2').output).toBe('cloud: no node group "nope" (see cloud groups)');
    expect(sim.run('cloud scale workers 2').output).toBe('node group workers: target size is already 2');
    expect(sim.run('cloud scale workers 3').output).toBe('node group workers: target size 2 -> 3');
    const newest = Object.values(sim.engine.state.cloud?.instances ?? {}).at(-1);
    expect(newest?.state).toBe('pending');
    expect(sim.run('cloud scale workers 2').output).toBe('node group workers: target size 3 -> 2');
    expect(newest?.state).toBe('terminated');
  });

  it('is refused in a cluster without a cloud', () => {
    const sim = cloudSim({ groups: { workers: [1, 1, 2] }, autoscaler: false });
    delete sim.engine.state.cloud;
    expect(sim.run('cloud instances').output).toBe(
      'cloud: this cluster does not run in a cloud (its scenario has no spec.cloud)',
    );
  });

  it('has every Node initialized once by the cloud-node-controller at boot', () => {
    const sim = twoWorkers();
    expect(eventsOf(sim, 'Synced').map((ev) => ev.involvedObject.name)).toEqual(
      expect.arrayContaining(['control-plane', 'workers-1', 'workers-2']),
    );
    expect(eventsOf(sim, 'Synced').length).toBe(3);
  });
});
