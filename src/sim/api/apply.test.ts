import { describe, expect, it } from 'vitest';
import { Engine } from '../core/engine';
import { applyManifest, runPod } from './apply';
import { parseCpu, parseMemory } from './defaults';
import { ApiError } from './errors';
import { bareState } from './testkit';

function engine() {
  return new Engine(bareState(3), []);
}

const deploy = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
};

function errorOf(f: () => unknown): ApiError {
  try {
    f();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('applyManifest', () => {
  it('defaults labels, selector, namespace, grace period and service account', () => {
    const e = engine();
    expect(applyManifest(e, deploy, 0)).toBe('deployment.apps/web created');
    const d = e.get('Deployment', 'default/web')!;
    expect(d.spec.selector.matchLabels).toEqual({ app: 'web' });
    expect(d.spec.template.metadata.labels).toEqual({ app: 'web' });
    expect(d.spec.template.spec.terminationGracePeriodSeconds).toBe(30);
    expect(d.spec.template.spec.serviceAccountName).toBe('default');
    expect(d.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(applyManifest(e, deploy, 0)).toBe('deployment.apps/web unchanged');
    expect(applyManifest(e, { ...deploy, spec: { ...deploy.spec, replicas: 5 } }, 0)).toBe(
      'deployment.apps/web configured',
    );
    expect(e.get('Deployment', 'default/web')!.spec.replicas).toBe(5);
  });

  it('refuses duplicates, bad names, unknown kinds and empty templates like kubectl', () => {
    const e = engine();
    applyManifest(e, deploy, 0);
    expect(errorOf(() => applyManifest(e, deploy, 0, { mode: 'create' })).message).toBe(
      'Error from server (AlreadyExists): deployments.apps "web" already exists',
    );
    expect(errorOf(() => applyManifest(e, { ...deploy, metadata: { name: 'Web' } }, 0)).message).toMatch(
      /^The Deployment "Web" is invalid: metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain/,
    );
    expect(
      errorOf(() => applyManifest(e, { apiVersion: 'v1', kind: 'Widget', metadata: { name: 'x' } }, 0)).message,
    ).toBe(
      'error: resource mapping not found for name: "x" namespace: "" from "STDIN": no matches for kind "Widget" in version "v1"\nensure CRDs are installed first',
    );
    expect(
      errorOf(() =>
        applyManifest(
          e,
          { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: { template: { spec: {} } } },
          0,
        ),
      ).message,
    ).toBe('The StatefulSet "db" is invalid: spec.template.spec.containers: Required value');
    runPod(e, 'nginx1', 'nginx', 0);
    expect(errorOf(() => runPod(e, 'nginx1', 'nginx', 0)).message).toBe(
      'Error from server (AlreadyExists): pods "nginx1" already exists',
    );
  });

  it('kubectl run puts the words after NAME in args, or in command with --command (kubectl run.go createPod)', () => {
    const e = engine();
    runPod(e, 'sleeper', 'busybox:1.36', 0, 'default', { args: ['sleep', '3600'] });
    runPod(e, 'sh', 'busybox:1.36', 0, 'default', { args: ['sh', '-c', 'sleep 9'], command: true });
    const c = (name: string) => e.get('Pod', `default/${name}`)?.spec.containers[0];
    expect(c('sleeper')?.args).toEqual(['sleep', '3600']);
    expect(c('sleeper')?.command).toBeUndefined();
    expect(c('sh')?.command).toEqual(['sh', '-c', 'sleep 9']);
    expect(c('sh')?.args).toBeUndefined();
    expect(e.get('Pod', 'default/sleeper')?.metadata.labels).toEqual({ run: 'sleeper' });
  });

  it('Service ports: several need names, each a DNS-1123 label used once (validation.go validateServicePort)', () => {
    const e = engine();
    const svc = (name: string, ports: unknown[]) => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name },
      spec: { selector: { app: 'x' }, ports },
    });
    const err = (name: string, ports: unknown[]) => errorOf(() => applyManifest(e, svc(name, ports), 0)).message;
    expect(err('a', [{ port: 80 }, { port: 81 }])).toBe(
      'The Service "a" is invalid: [spec.ports[0].name: Required value, spec.ports[1].name: Required value]',
    );
    expect(
      err('b', [
        { name: 'web', port: 80 },
        { name: 'web', port: 81 },
      ]),
    ).toBe('The Service "b" is invalid: spec.ports[1].name: Duplicate value: "web"');
    expect(err('c', [{ name: 'Web', port: 80 }])).toMatch(
      /^The Service "c" is invalid: spec\.ports\[0\]\.name: Invalid value: "Web": a lowercase RFC 1123 label must/,
    );
    applyManifest(e, svc('d', [{ port: 80 }]), 0);
    applyManifest(
      e,
      svc('f', [
        { name: 'http', port: 80 },
        { name: 'https', port: 443 },
      ]),
      0,
    );
    expect(e.get('Service', 'default/d')?.spec.ports).toEqual([{ port: 80, targetPort: 80, protocol: 'TCP' }]);
    expect(e.get('Service', 'default/f')?.spec.ports.map((p) => p.name)).toEqual(['http', 'https']);
  });

  it('creates Services with a ClusterIP in 10.96.0.0/12 and pods with default tolerations', () => {
    const e = engine();
    expect(
      applyManifest(
        e,
        {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name: 'web' },
          spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
        },
        0,
      ),
    ).toBe('service/web created');
    const ip = e.get('Service', 'default/web')!.spec.clusterIP;
    const [a, b] = ip.split('.').map(Number);
    expect(a).toBe(10);
    expect(b).toBeGreaterThanOrEqual(96);
    expect(b).toBeLessThanOrEqual(111);
    expect(
      applyManifest(
        e,
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'p' },
          spec: { containers: [{ name: 'c', image: 'i' }], tolerations: [{ operator: 'Exists' }] },
        },
        0,
      ),
    ).toBe('pod/p created');
    // An Exists toleration with no key/effect already tolerates both: nothing added (DTS).
    expect(e.get('Pod', 'default/p')!.spec.tolerations).toHaveLength(1);
  });

  it('parses quantities', () => {
    expect(parseCpu('250m')).toBe(250);
    expect(parseCpu('0.5')).toBe(500);
    expect(parseCpu(2)).toBe(2000);
    expect(parseMemory('128Mi')).toBe(128);
    expect(parseMemory('1Gi')).toBe(1024);
    expect(parseMemory('1G')).toBe(954);
  });

  it('keeps clusterIP None for a headless Service and a requested address (printService: CLUSTER-IP None)', () => {
    // kubernetes/kubernetes pkg/printers/internalversion/printers.go printService prints
    // spec.clusterIP as stored; pkg/registry/core/service/storage allocates only when it is empty.
    const e = engine();
    const svc = (name: string, clusterIP?: string) => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name },
      spec: { selector: { app: 'db' }, ports: [{ port: 5432 }], ...(clusterIP ? { clusterIP } : {}) },
    });
    expect(applyManifest(e, svc('db', 'None'), 0)).toBe('service/db created');
    expect(e.get('Service', 'default/db')!.spec.clusterIP).toBe('None');
    expect(applyManifest(e, svc('dns', '10.96.0.10'), 0)).toBe('service/dns created');
    expect(e.get('Service', 'default/dns')!.spec.clusterIP).toBe('10.96.0.10');
    expect(errorOf(() => applyManifest(e, svc('dns2', '10.96.0.10'), 0)).message).toContain(
      'failed to allocate IP 10.96.0.10: provided IP is already allocated',
    );
    expect(errorOf(() => applyManifest(e, svc('x', '1.2.3.4'), 0)).message).toContain(
      'spec.clusterIP: Invalid value: "1.2.3.4": failed to allocate IP 1.2.3.4: the provided IP (1.2.3.4) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
  });
});
