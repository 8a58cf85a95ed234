/**
 * Pod volumes (issue 30 item 2): the sources the playground knows (emptyDir, hostPath,
 * persistentVolumeClaim, configMap, secret) as the API validates and defaults them
 * (pkg/apis/core/validation ValidateVolumes / validateVolumeSource; pkg/apis/core/v1/defaults.go
 * SetDefaults_HostPathVolumeSource, SetDefaults_ConfigMapVolumeSource, SetDefaults_SecretVolumeSource),
 * kubectl describe's Volumes block (pkg/describe/describe.go describeVolumes, print*VolumeSource),
 * kubectl drain's localStorageFilter (pkg/drain/filters.go: `Pods with local storage (use
 * --delete-emptydir-data to override)`, its warning dropped by unreplicatedFilter) and the cluster
 * autoscaler's local-storage rule (simulator/drainability/rules/localstorage, utils/drain
 * HasBlockingLocalStorage).
 */
import { describe, expect, it } from 'vitest';
import { drainability } from '../autoscaler/drainability';
import { parseCommand } from '../commands/parse';
import { printCommand } from '../commands/print';
import { applyNow, simWith } from '../kubelet/testkit';
import { manifestErrors } from './validation';

const VOLUMES = [
  { name: 'cache', emptyDir: {} },
  { name: 'logs', hostPath: { path: '/var/log' } },
  { name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } },
  { name: 'conf', configMap: { name: 'web-conf' } },
  { name: 'tls', secret: { secretName: 'web-tls', optional: true } },
];

function pod(name: string, volumes: unknown[], extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'app', image: 'nginx' }], volumes, ...extra },
  };
}

function errorsOf(volumes: unknown[]): string[] {
  return manifestErrors(pod('p', volumes) as never).map(
    (e) => `${e.keys.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}: ${e.detail}`,
  );
}

describe('spec.volumes as the API validates them', () => {
  it('accepts the five modelled sources', () => {
    expect(errorsOf(VOLUMES)).toEqual([]);
  });

  it('asks for exactly one source, its required fields, and a DNS-1123 name used once', () => {
    expect(errorsOf([{ name: 'a' }])).toEqual(['.spec.volumes[0]: Required value: must specify a volume type']);
    expect(errorsOf([{ name: 'a', emptyDir: {}, hostPath: { path: '/x' } }])).toEqual([
      '.spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type',
    ]);
    expect(errorsOf([{ name: 'a', hostPath: {} }])).toEqual(['.spec.volumes[0].hostPath.path: Required value']);
    expect(errorsOf([{ name: 'a', persistentVolumeClaim: {} }])).toEqual([
      '.spec.volumes[0].persistentVolumeClaim.claimName: Required value',
    ]);
    expect(errorsOf([{ name: 'a', secret: {} }])).toEqual(['.spec.volumes[0].secret.secretName: Required value']);
    expect(errorsOf([{ name: 'a', configMap: {} }])).toEqual(['.spec.volumes[0].configMap.name: Required value']);
    expect(errorsOf([{ emptyDir: {} }])).toEqual(['.spec.volumes[0].name: Required value']);
    expect(errorsOf([{ name: 'Data', emptyDir: {} }])[0]).toMatch(
      /^\.spec\.volumes\[0\]\.name: Invalid value: "Data": a lowercase RFC 1123 label/,
    );
    expect(
      errorsOf([
        { name: 'a', emptyDir: {} },
        { name: 'a', emptyDir: {} },
      ]),
    ).toEqual(['.spec.volumes[1].name: Duplicate value: "a"']);
    expect(errorsOf([{ name: 'a', hostPath: { path: '/x/../etc' } }])).toEqual([
      `.spec.volumes[0].hostPath.path: Invalid value: "/x/../etc": must not contain '..'`,
    ]);
    expect(errorsOf([{ name: 'a', hostPath: { path: '/x', type: 'Dir' } }])).toEqual([
      '.spec.volumes[0].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
    ]);
  });

  it('refuses the sources it does not simulate as a playground limit, naming them', () => {
    const errs = manifestErrors(pod('p', [{ name: 'n', nfs: { server: 's', path: '/' } }]) as never);
    expect(errs).toEqual([
      {
        keys: ['spec', 'volumes', 0, 'nfs'],
        detail: 'nfs volumes are not simulated (use emptyDir, hostPath, persistentVolumeClaim, configMap or secret)',
        limit: true,
      },
    ]);
  });
});

describe('kubectl shows the volumes', () => {
  const s = simWith([pod('web', VOLUMES)]);
  s.advanceTo(5000);

  it('describe pod prints each source as describe.go does', () => {
    const text = s.kubectl('kubectl describe pod web');
    const from = text.indexOf('Volumes:');
    const to = text.indexOf('QoS Class:');
    expect(text.slice(from, to).trimEnd().split('\n')).toEqual([
      'Volumes:',
      '  cache:',
      "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
      '    Medium:     ',
      '    SizeLimit:  <unset>',
      '  logs:',
      '    Type:          HostPath (bare host directory volume)',
      '    Path:          /var/log',
      '    HostPathType:  ',
      '  data:',
      '    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
      '    ClaimName:  data-web-0',
      '    ReadOnly:   false',
      '  conf:',
      '    Type:      ConfigMap (a volume populated by a ConfigMap)',
      '    Name:      web-conf',
      '    Optional:  false',
      '  tls:',
      '    Type:        Secret (a volume populated by a Secret)',
      '    SecretName:  web-tls',
      '    Optional:    true',
    ]);
  });

  it('-o yaml prints them with the API defaults (hostPath type "", defaultMode 420)', () => {
    const yaml = s.kubectl('kubectl get pod web -o yaml');
    expect(yaml).toContain(
      [
        '  volumes:',
        '  - emptyDir: {}',
        '    name: cache',
        '  - hostPath:',
        '      path: /var/log',
        '      type: ""',
        '    name: logs',
        '  - name: data',
        '    persistentVolumeClaim:',
        '      claimName: data-web-0',
        '  - configMap:',
        '      defaultMode: 420',
        '      name: web-conf',
        '    name: conf',
        '  - name: tls',
        '    secret:',
        '      defaultMode: 420',
        '      optional: true',
        '      secretName: web-tls',
      ].join('\n'),
    );
  });

  it('a pod without volumes still says Volumes: <none>', () => {
    const t = simWith([pod('plain', [])]);
    t.advanceTo(3000);
    expect(t.kubectl('kubectl describe pod plain')).toMatch(/\nVolumes: +<none>\n/);
  });
});

describe('kubectl drain and emptyDir (filters.go localStorageFilter)', () => {
  const web = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 1,
      template: {
        spec: {
          containers: [{ name: 'nginx', image: 'nginx' }],
          nodeSelector: { 'kubernetes.io/hostname': 'node2' },
          volumes: [{ name: 'cache', emptyDir: {} }],
        },
      },
    },
  };

  it('refuses a pod with an emptyDir, naming the flag', () => {
    const s = simWith([web]);
    s.advanceTo(10_000);
    const name = s.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-'))!.metadata.name;
    const r = s.run('kubectl drain node2 --ignore-daemonsets');
    expect(r.ok).toBe(false);
    expect(r.output.split('\n')).toEqual([
      'node/node2 cordoned',
      `error: unable to drain node "node2" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/${name}, continuing command...`,
      'There are pending nodes to be drained:',
      ' node2',
      `cannot delete Pods with local storage (use --delete-emptydir-data to override): default/${name}`,
    ]);
  });

  it("describe deployment prints the template's volumes one space further in (describeVolumes' nameIndent)", () => {
    const s = simWith([web]);
    s.advanceTo(3000);
    const text = s.kubectl('kubectl describe deployment web');
    expect(text).toContain(
      [
        '  Volumes:',
        '   cache:',
        // tabwriter: the volume's lines and Node-Selectors are one block of cells, aligned together.
        "    Type:          EmptyDir (a temporary directory that shares a pod's lifetime)",
        '    Medium:        ',
        '    SizeLimit:     <unset>',
        '  Node-Selectors:  kubernetes.io/hostname=node2',
      ].join('\n'),
    );
  });

  it('--delete-emptydir-data lets it through without a warning (unreplicatedFilter drops it)', () => {
    const s = simWith([web]);
    s.advanceTo(10_000);
    const name = s.engine.list('Pod').find((p) => p.metadata.name.startsWith('web-'))!.metadata.name;
    const r = s.run('kubectl drain node2 --ignore-daemonsets --delete-emptydir-data');
    expect(r.canonical).toBe('kubectl drain node2 --ignore-daemonsets --delete-emptydir-data');
    expect(r.output).toContain(`evicting pod default/${name}`);
    expect(r.output).not.toContain('local storage');
    s.advanceTo(60_000);
    expect(s.runningCommands().at(-1)?.output).toContain('node/node2 drained');
  });

  it('a bare pod with an emptyDir and --force gets the unmanaged warning, not the local-storage one', () => {
    const s = simWith([pod('bare', [{ name: 'tmp', emptyDir: {} }], { nodeName: 'node1' })]);
    s.advanceTo(5000);
    const r = s.run('kubectl drain node1 --ignore-daemonsets --force --delete-emptydir-data');
    expect(r.output).toContain('Warning: deleting Pods that declare no controller: default/bare');
    expect(r.output).not.toContain('local storage');
  });

  it('parses and prints the flag', () => {
    const p = parseCommand('kubectl drain node1 --delete-emptydir-data');
    expect(p.ok && p.command).toMatchObject({ kind: 'kubectl-drain', deleteEmptyDirData: true });
    if (p.ok) expect(printCommand(p.command)).toBe('kubectl drain node1 --delete-emptydir-data');
  });
});

describe('cluster autoscaler: pod with local storage present', () => {
  it('blocks on hostPath and disk emptyDir, not on a memory one or one listed as safe to evict', () => {
    const s = simWith([]);
    applyNow(s, {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'rs' },
      spec: { replicas: 0, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
    const base = {
      metadata: {
        name: 'p',
        namespace: 'default',
        uid: 'u',
        resourceVersion: 1,
        creationTimestamp: 0,
        labels: {},
        annotations: {} as Record<string, string>,
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'x', controller: true }],
      },
      spec: { containers: [], tolerations: [], terminationGracePeriodSeconds: 30, volumes: [] as unknown[] },
      status: { phase: 'Running', conditions: [], containerStatuses: [] },
    };
    const verdict = (volumes: unknown[], annotations: Record<string, string> = {}) =>
      drainability(
        { ...base, metadata: { ...base.metadata, annotations }, spec: { ...base.spec, volumes } } as never,
        1000,
      );
    expect(verdict([{ name: 'd', emptyDir: {} }])).toEqual({
      kind: 'block',
      reason: 'LocalStorageRequested',
      message: 'pod with local storage present: p',
    });
    expect(verdict([{ name: 'h', hostPath: { path: '/x' } }]).kind).toBe('block');
    expect(verdict([{ name: 'm', emptyDir: { medium: 'Memory' } }]).kind).toBe('move');
    expect(verdict([{ name: 'c', configMap: { name: 'x' } }]).kind).toBe('move');
    expect(
      verdict([{ name: 'd', emptyDir: {} }], { 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes': 'd' })
        .kind,
    ).toBe('move');
  });
});
