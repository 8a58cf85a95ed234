/**
 * The chaos exports against the projects' own schemas (fixtures/SOURCES.md): every Chaos Mesh
 * resource and Litmus ChaosEngine of every built-in validates against its CRD's openAPIV3Schema,
 * read as strictly as `kubectl apply` reads it since 1.27 (server-side field validation: an
 * unknown field is an error unless the schema preserves unknown fields), and a ChaosEngine's env
 * names are ones its experiment reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseScenario } from '../sim/index';
import { exportScenarioFor } from './index';
import { builtinExports } from './testkit';

/** Every fault the exports know, beyond what the built-ins use. */
const ALL_FAULTS = `
apiVersion: notready/v1
kind: Scenario
metadata: {name: all-faults, title: Every fault}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: n1}, {name: n2}, {name: n3}]
  objects:
    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 3, template: {spec: {containers: [{name: c, image: nginx}]}}}}
    - {apiVersion: apps/v1, kind: StatefulSet, metadata: {name: db}, spec: {replicas: 2, serviceName: db, template: {spec: {containers: [{name: c, image: redis}]}}}}
  timeline:
    - {at: 10s, run: "network cut n1"}
    - {at: 20s, run: "kubectl delete pod db-0 --force --grace-period=0"}
    - {at: 30s, run: "ssh n2 systemctl restart kubelet"}
    - {at: 40s, run: "ssh n3 reboot"}
    - {at: 50s, run: "ssh n2 systemctl stop containerd"}
    - {at: 1m, run: "kubectl drain n3 --ignore-daemonsets"}
    - {at: 70s, run: "kubectl taint nodes n2 example.com/x=y:NoSchedule"}
    - {at: 80s, run: "ssh n3 poweroff"}
    - {at: 2m, run: "network heal n1"}
    - {at: 3m, run: "ssh n2 systemctl start containerd"}
    - {at: 4m, run: "kubectl uncordon n3"}
`;

const FIXTURES = join(import.meta.dirname, 'fixtures');

type Schema = Record<string, unknown>;

/** Unknown fields are errors where the schema lists properties and does not preserve the rest. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? mapValues(v as Schema) : strict(v);
  if (out.properties && out.additionalProperties === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true)
    out.additionalProperties = false;
  return out;
}
const mapValues = (o: Schema): Schema => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, strict(v)]));

function crdValidators(dir: string): Map<string, ValidateFunction> {
  // The Kubernetes extensions (x-kubernetes-*) are not JSON Schema keywords: allowed, not enforced.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const out = new Map<string, ValidateFunction>();
  for (const file of readdirSync(dir).filter((f) => !f.endsWith('.fault.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      const crd = doc.toJS() as {
        kind?: string;
        spec?: {
          group: string;
          names: { kind: string };
          versions: { name: string; schema: { openAPIV3Schema: unknown } }[];
        };
      };
      if (crd?.kind !== 'CustomResourceDefinition' || !crd.spec) continue;
      for (const v of crd.spec.versions)
        out.set(
          `${crd.spec.group}/${v.name} ${crd.spec.names.kind}`,
          ajv.compile(strict(v.schema.openAPIV3Schema) as Schema),
        );
    }
  }
  return out;
}

const validators = new Map([
  ...crdValidators(join(FIXTURES, 'chaos-mesh')),
  ...crdValidators(join(FIXTURES, 'litmus')),
]);

/** The env names each vendored Litmus experiment reads (its ChaosExperiment's spec.definition.env). */
function experimentEnv(): Map<string, Set<string>> {
  const dir = join(FIXTURES, 'litmus');
  const out = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.fault.yaml'))) {
    const exp = parseAllDocuments(readFileSync(join(dir, file), 'utf8'))[0]?.toJS() as {
      metadata: { name: string };
      spec: { definition: { env: { name: string }[] } };
    };
    out.set(exp.metadata.name, new Set(exp.spec.definition.env.map((e) => e.name)));
  }
  return out;
}

type Resource = { apiVersion: string; kind: string; metadata: { annotations?: Record<string, string> }; spec: unknown };

function resources(files: { path: string; content: string }[]): { path: string; doc: Resource }[] {
  return files
    .filter((f) => f.path.endsWith('.yaml') && f.path !== 'workloads.yaml')
    .flatMap((f) => parseAllDocuments(f.content).map((d) => ({ path: f.path, doc: d.toJS() as Resource })));
}

describe('chaos exports validate against the vendored CRDs', () => {
  it('has the CRDs it needs', () => {
    expect([...validators.keys()].sort()).toEqual([
      'chaos-mesh.org/v1alpha1 NetworkChaos',
      'chaos-mesh.org/v1alpha1 PhysicalMachineChaos',
      'chaos-mesh.org/v1alpha1 PodChaos',
      'litmuschaos.io/v1alpha1 ChaosEngine',
    ]);
  });

  for (const { scenario, exports } of builtinExports()) {
    for (const tool of ['chaos-mesh', 'litmus'] as const) {
      it(`${scenario.metadata.name}: ${tool}`, () => {
        for (const { path, doc } of resources(exports[tool])) {
          const validate = validators.get(`${doc.apiVersion} ${doc.kind}`);
          expect(validate, `${path}: no CRD for ${doc.apiVersion} ${doc.kind}`).toBeDefined();
          const ok = validate?.(doc);
          expect(ok, `${path}: ${JSON.stringify(validate?.errors)}`).toBe(true);
          expect(doc.metadata.annotations?.['notready.dev/step'], `${path}: the step it came from`).toBeTruthy();
        }
      });
    }
  }

  it('every fault kind the exports make validates', () => {
    const parsed = parseScenario(ALL_FAULTS);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const kinds = new Set<string>();
    for (const tool of ['chaos-mesh', 'litmus'] as const)
      for (const { path, doc } of resources(exportScenarioFor(tool, parsed.scenario))) {
        const validate = validators.get(`${doc.apiVersion} ${doc.kind}`);
        expect(validate?.(doc), `${path}: ${JSON.stringify(validate?.errors)}`).toBe(true);
        const spec = doc.spec as { action?: string; experiments?: { name: string }[] };
        kinds.add(`${doc.kind} ${spec.action ?? spec.experiments?.[0]?.name}`);
      }
    expect([...kinds].sort()).toEqual([
      'ChaosEngine kubelet-service-kill',
      'ChaosEngine node-drain',
      'ChaosEngine node-poweroff',
      'ChaosEngine node-restart',
      'ChaosEngine node-taint',
      'ChaosEngine pod-delete',
      'NetworkChaos partition',
      'PhysicalMachineChaos network-down',
      'PhysicalMachineChaos user_defined',
      'PodChaos pod-kill',
    ]);
  });

  it('sets only env names the Litmus experiments read', () => {
    const env = experimentEnv();
    let engines = 0;
    const parsed = parseScenario(ALL_FAULTS);
    if (!parsed.ok) throw new Error('ALL_FAULTS');
    const all = [...builtinExports().map((b) => b.exports.litmus), exportScenarioFor('litmus', parsed.scenario)];
    for (const files of all)
      for (const { path, doc } of resources(files)) {
        const spec = doc.spec as { experiments: { name: string; spec: { components: { env: { name: string }[] } } }[] };
        for (const e of spec.experiments) {
          const known = env.get(e.name);
          expect(known, `${path}: experiment ${e.name} is vendored`).toBeDefined();
          for (const v of e.spec.components.env)
            expect(known?.has(v.name), `${path}: ${e.name} reads ${v.name}`).toBe(true);
          engines++;
        }
      }
    expect(engines).toBeGreaterThan(0);
  });

  it('refuses what the API server would: an unknown field, a wrong enum', () => {
    const podchaos = validators.get('chaos-mesh.org/v1alpha1 PodChaos');
    const base = { apiVersion: 'chaos-mesh.org/v1alpha1', kind: 'PodChaos', metadata: { name: 'x' } };
    expect(podchaos?.({ ...base, spec: { action: 'pod-kill', mode: 'one', selector: {} } })).toBe(true);
    expect(podchaos?.({ ...base, spec: { action: 'pod-kill', mode: 'one', selector: {}, gracePeriodd: 0 } })).toBe(
      false,
    );
    expect(podchaos?.({ ...base, spec: { action: 'pod-explode', mode: 'one', selector: {} } })).toBe(false);
  });
});
