import { describe, expect, it } from 'vitest';
import type { Pod } from '../core/api-types';
import { nodeRoles, nodeStatus, podColumns } from './status';
import { condition, makeNode, makePod } from './testkit';

const now = 1_000_000;

describe('pod STATUS / READY / RESTARTS (printPod)', () => {
  it('Running with Ready=False stays 1/1 Running (MarkPodsNotReady touches only the Ready condition)', () => {
    const p = makePod('web-1', 'node2', {
      conditions: [
        { type: 'Ready', status: 'False', lastTransitionTime: 0 },
        { type: 'ContainersReady', status: 'True', lastTransitionTime: 0 },
      ],
    });
    expect(podColumns(p, now)).toEqual({ ready: '1/1', status: 'Running', restarts: '0' });
  });

  it('Terminating when deletionTimestamp is set and the phase is not terminal', () => {
    const p = makePod('web-1', 'node2');
    p.metadata.deletionTimestamp = 30_000;
    expect(podColumns(p, now).status).toBe('Terminating');
    const done = makePod('job-1', 'node2', { phase: 'Succeeded' });
    done.metadata.deletionTimestamp = 30_000;
    done.status.containerStatuses = [
      {
        name: 'nginx',
        image: 'x',
        ready: false,
        started: false,
        restartCount: 0,
        state: { terminated: { reason: 'Completed', exitCode: 0, finishedAt: 1 } },
      },
    ];
    expect(podColumns(done, now).status).toBe('Completed');
  });

  it('Unknown for a deleting pod with reason NodeLost', () => {
    const p = makePod('web-1', 'node2', { reason: 'NodeLost' });
    p.metadata.deletionTimestamp = 30_000;
    expect(podColumns(p, now).status).toBe('Unknown');
  });

  it('waiting reasons win: ImagePullBackOff 0/1, Pending with no statuses', () => {
    const p = makePod('nginx1', 'node2', {
      phase: 'Pending',
      containerStatuses: [
        {
          name: 'nginx',
          image: 'nginx',
          ready: false,
          started: false,
          restartCount: 0,
          state: { waiting: { reason: 'ImagePullBackOff' } },
        },
      ],
    });
    expect(podColumns(p, now)).toEqual({ ready: '0/1', status: 'ImagePullBackOff', restarts: '0' });
    const pending = makePod('nginx2', undefined, { phase: 'Pending', containerStatuses: [] });
    expect(podColumns(pending, now)).toEqual({ ready: '0/1', status: 'Pending', restarts: '0' });
  });

  it('Completed 0/1 when docker stopped the container (seed 001), ExitCode:N without a reason', () => {
    const term = (reason: string, exitCode: number): Pod['status']['containerStatuses'] => [
      {
        name: 'nginx',
        image: 'nginx',
        ready: false,
        started: false,
        restartCount: 0,
        state: { terminated: { reason, exitCode, finishedAt: 1 } },
      },
    ];
    expect(podColumns(makePod('a', 'n', { containerStatuses: term('Completed', 0) }), now)).toMatchObject({
      ready: '0/1',
      status: 'Completed',
    });
    expect(podColumns(makePod('a', 'n', { containerStatuses: term('', 137) }), now).status).toBe('ExitCode:137');
  });

  it('Completed with another container still running prints Running (or NotReady)', () => {
    const p = makePod('two', 'n');
    p.spec.containers.push({ name: 'side', image: 'busybox' });
    p.status.containerStatuses.push({
      name: 'side',
      image: 'busybox',
      ready: false,
      started: false,
      restartCount: 0,
      state: { terminated: { reason: 'Completed', exitCode: 0, finishedAt: 1 } },
    });
    expect(podColumns(p, now)).toMatchObject({ ready: '1/2', status: 'NotReady' });
    p.status.conditions = [{ type: 'Ready', status: 'True', lastTransitionTime: 0 }];
    expect(podColumns(p, now).status).toBe('Running');
  });

  it('RESTARTS shows the age of lastState.terminated.finishedAt (printers.go printPod)', () => {
    const p = makePod('a', 'n');
    const cs = p.status.containerStatuses[0];
    if (!cs) throw new Error('fixture');
    cs.restartCount = 3;
    cs.lastState = { terminated: { reason: 'Error', exitCode: 1, finishedAt: now - 5 * 60_000 } };
    expect(podColumns(p, now).restarts).toBe('3 (5m ago)');
  });
});

describe('node STATUS and ROLES', () => {
  it('NotReady for Unknown and False, SchedulingDisabled when cordoned, Unknown without a Ready condition', () => {
    const n = makeNode('node2', '192.168.56.12', [condition('Ready', 'Unknown', 'NodeStatusUnknown', 'x', 0, 0)]);
    expect(nodeStatus(n)).toBe('NotReady');
    n.spec.unschedulable = true;
    expect(nodeStatus(n)).toBe('NotReady,SchedulingDisabled');
    expect(nodeStatus(makeNode('x', 'ip', []))).toBe('Unknown');
    expect(nodeStatus(makeNode('x', 'ip', [condition('Ready', 'True', 'KubeletReady', '', 0, 0)]))).toBe('Ready');
  });

  it('roles are sorted and joined (seed 000: control-plane,master)', () => {
    const n = makeNode('test', 'ip', [], {
      'node-role.kubernetes.io/master': '',
      'node-role.kubernetes.io/control-plane': '',
    });
    expect(nodeRoles(n)).toEqual(['control-plane', 'master']);
  });
});
