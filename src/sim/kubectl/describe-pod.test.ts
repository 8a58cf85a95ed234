/**
 * Issue 9 point 6 and the describe side of point 8: staging/src/k8s.io/kubectl/pkg/describe/describe.go
 * describeContainers (describeContainerBasicInfo, describeContainerCommand,
 * describeContainerState with `Last State`, describeContainerProbe) and DescribeProbe.
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../core/api-types';
import { rfc1123z } from '../core/dates';
import { putPod, sim } from '../kubelet/testkit';
import { containerExited, runningContainersOf } from '../runtime/containers';
import { describePod, describeProbe } from './describe-pod';
import { bareEngine, makePod } from './testkit';

const probe = (p: Partial<Probe>): Probe => ({
  initialDelaySeconds: 0,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold: 3,
  ...p,
});

describe('kubectl describe pod: container history', () => {
  it('prints Last State: Terminated with Reason, Exit Code, Started and Finished for a restarted container', () => {
    const s = sim();
    const e = s.engine;
    putPod(e, 'web', 'node1');
    s.advanceTo(15_000);
    const h = e.state.hosts.node1;
    const uid = e.get('Pod', 'default/web')?.metadata.uid ?? '';
    const first = h && runningContainersOf(h, uid)[0];
    if (!h || !first) throw new Error('no container');
    containerExited(e, 'node1', first.id, 1, 'Error', e.cause({ actor: 'test', what: 'crash' }));
    s.advanceTo(20_000);
    const pod = e.get('Pod', 'default/web');
    if (!pod) throw new Error('no pod');
    const state = pod.status.containerStatuses[0]?.state;
    const restartedAt = state && 'running' in state ? state.running.startedAt : Number.NaN;
    const text = describePod(e, pod);
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.startsWith('    Last State:'));
    expect(lines.slice(i - 2, i + 7)).toEqual([
      '    State:          Running',
      `      Started:      ${rfc1123z(restartedAt)}`,
      '    Last State:     Terminated',
      '      Reason:       Error',
      '      Exit Code:    1',
      `      Started:      ${rfc1123z(first.startedAt)}`,
      `      Finished:     ${rfc1123z(15_000)}`,
      '    Ready:          True',
      '    Restart Count:  1',
    ]);
    expect(text).toMatch(/^ {4}Image ID:\s+docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/m);
    expect(s.kubectl('kubectl get pods web')).toMatch(/^web\s+1\/1\s+Running\s+1 \(5s ago\)\s/m);
  });

  it('no Last State before a container ever restarted', () => {
    const text = describePod(bareEngine(), makePod('web', 'node2'));
    expect(text).not.toContain('Last State');
  });
});

describe('kubectl describe pod: probes and commands', () => {
  it('DescribeProbe: exec as a Go slice, http-get as a URL with an empty host, tcp-socket host:port', () => {
    expect(
      describeProbe(probe({ exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, periodSeconds: 5 })),
    ).toBe('exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3');
    expect(describeProbe(probe({ httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' } }))).toBe(
      'http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3',
    );
    expect(describeProbe(probe({ httpGet: { path: '/', port: 'http', scheme: 'HTTPS' }, failureThreshold: 8 }))).toBe(
      'http-get https://:http/ delay=0s timeout=1s period=10s #success=1 #failure=8',
    );
    expect(describeProbe(probe({ tcpSocket: { port: 6379 }, timeoutSeconds: 5 }))).toBe(
      'tcp-socket :6379 delay=0s timeout=5s period=10s #success=1 #failure=3',
    );
  });

  it('prints Command and Args, then the probe lines after the state, as describeContainers orders them', () => {
    const pod = makePod('web', 'node2');
    pod.spec.containers = [
      {
        name: 'nginx',
        image: 'nginx:1.27',
        command: ['/bin/sh', '-c'],
        args: ['touch /tmp/healthy; sleep 600'],
        livenessProbe: probe({ tcpSocket: { port: 80 } }),
        readinessProbe: probe({ httpGet: { path: '/', port: 80, scheme: 'HTTP' }, periodSeconds: 5 }),
        startupProbe: probe({ exec: { command: ['true'] }, failureThreshold: 30 }),
      },
    ];
    const lines = describePod(bareEngine(), pod).split('\n');
    const from = lines.findIndex((l) => l.startsWith('    Command:'));
    expect(lines.slice(from, from + 13)).toEqual([
      '    Command:',
      '      /bin/sh',
      '      -c',
      '    Args:',
      '      touch /tmp/healthy; sleep 600',
      '    State:          Running',
      `      Started:      ${rfc1123z(-290_000)}`,
      '    Ready:          True',
      '    Restart Count:  0',
      '    Liveness:       tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3',
      '    Readiness:      http-get http://:80/ delay=0s timeout=1s period=5s #success=1 #failure=3',
      '    Startup:        exec [true] delay=0s timeout=1s period=10s #success=1 #failure=30',
      '    Environment:    <none>',
    ]);
  });
});
