/**
 * Probes in manifests: defaults from pkg/apis/core/v1/defaults.go (SetDefaults_Probe,
 * SetDefaults_HTTPGetAction) and the refusals of pkg/apis/core/validation/validation.go
 * (validateProbe, validateHandler, validateLivenessProbe, ValidatePortNumOrName), reported with
 * their path by scenario validation and by `kubectl apply`.
 */
import { describe, expect, it } from 'vitest';
import { sim } from '../kubelet/testkit';
import { formatScenarioError, parseScenario } from '../scenario/parse';
import { probeFrom } from './defaults';

const HEAD = `apiVersion: notready/v1
kind: Scenario
metadata: {name: t, title: "A test"}
spec:
  nodes: [{name: a, roles: [control-plane]}]
  objects:
`;

function errors(objects: string): string[] {
  const r = parseScenario(HEAD + objects);
  if (r.ok) throw new Error('expected errors');
  return r.errors.map((e) => formatScenarioError(e).replace(/ \(line.*$/, ''));
}

describe('probes in manifests', () => {
  it('are defaulted as the API server does', () => {
    expect(probeFrom({ httpGet: { port: 80 } })).toEqual({
      httpGet: { path: '/', port: 80, scheme: 'HTTP' },
      initialDelaySeconds: 0,
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(probeFrom({ tcpSocket: { port: 'redis' }, periodSeconds: 0 })?.periodSeconds).toBe(10);
  });

  it('a scenario with a bad probe gets errors naming the path', () => {
    expect(
      errors(`    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        template:
          spec:
            containers:
              - name: nginx
                image: nginx
                livenessProbe: {tcpSocket: {port: 80}, successThreshold: 2}
                readinessProbe: {periodSeconds: -1}
                startupProbe: {exec: {command: [true]}, httpGet: {port: 70000}}
    - apiVersion: v1
      kind: Pod
      metadata: {name: p}
      spec: {containers: [{name: c, image: nginx, readinessProbe: {exec: {command: []}, grpc: {port: 9}}}]}
`),
    ).toEqual([
      'spec.objects[0].spec.template.spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
      'spec.objects[0].spec.template.spec.containers[0].readinessProbe: Required value: must specify a handler type',
      'spec.objects[0].spec.template.spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0',
      'spec.objects[0].spec.template.spec.containers[0].startupProbe.httpGet: Forbidden: may not specify more than 1 handler type',
      'spec.objects[1].spec.containers[0].readinessProbe.exec.command: Required value',
      'spec.objects[1].spec.containers[0].readinessProbe.grpc: Forbidden: may not specify more than 1 handler type',
    ]);
    expect(
      errors(`    - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: nginx, livenessProbe: {httpGet: {port: Web_1}}}]}}
    - {apiVersion: v1, kind: Pod, metadata: {name: q}, spec: {containers: [{name: c, image: nginx, livenessProbe: {grpc: {port: 9}}}]}}
`),
    ).toEqual([
      'spec.objects[0].spec.containers[0].livenessProbe.httpGet.port: Invalid value: "Web_1": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.objects[1].spec.containers[0].livenessProbe.grpc: gRPC probes are not simulated (use exec, httpGet or tcpSocket)',
    ]);
  });

  it('thresholds are counts of results in a row, never seconds; periods are seconds', () => {
    expect(
      errors(`    - apiVersion: v1
      kind: Pod
      metadata: {name: p}
      spec:
        containers:
          - name: c
            image: nginx
            livenessProbe: {tcpSocket: {port: 80}, failureThreshold: 40000000, periodSeconds: 40000000}
            readinessProbe: {tcpSocket: {port: 80}, successThreshold: 31536001, failureThreshold: 2.5}
`),
    ).toEqual([
      'spec.objects[0].spec.containers[0].livenessProbe.periodSeconds: 40000000 seconds is more than the limit of 31,536,000 (one year)',
      'spec.objects[0].spec.containers[0].livenessProbe.failureThreshold: 40000000 failures in a row is more than the limit of 31,536,000',
      'spec.objects[0].spec.containers[0].readinessProbe.successThreshold: 31536001 successes in a row is more than the limit of 31,536,000',
      'spec.objects[0].spec.containers[0].readinessProbe.failureThreshold: Invalid value: 2.5: must be a whole number',
    ]);
  });

  it('kubectl apply refuses the same with the API server wording', () => {
    const s = sim();
    const r = s.run(
      `kubectl apply -f -\n${JSON.stringify({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p' },
        spec: {
          containers: [{ name: 'c', image: 'nginx', livenessProbe: { tcpSocket: { port: 80 }, successThreshold: 3 } }],
        },
      })}`,
    );
    expect(r.ok).toBe(false);
    expect(r.output).toContain('spec.containers[0].livenessProbe.successThreshold: Invalid value: 3: must be 1');
  });
});
