/**
 * Links and imports whose keys or names are `Object.prototype` properties: read as data, refused
 * with a plain sentence when invalid, and `Object.prototype` never changes.
 */
import { deflateSync, strToU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase64Url } from './base64url';
import { importScenarioFile } from './import';
import { decodeLink } from './link';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const OPTS = { builtins: ['kubelet-stop'] };

let before: string[];
beforeEach(() => {
  before = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(() => {
  for (const k of Object.getOwnPropertyNames(Object.prototype))
    if (!before.includes(k)) delete (Object.prototype as Record<string, unknown>)[k];
});

function unchanged(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const v2Link = (text: string) => `#s=2.${toBase64Url(deflateSync(strToU8(text)))}`;

describe('prototype names in links and imports', () => {
  it('a link with such keys is refused with a sentence that names a field in words', () => {
    for (const x of NAMES) {
      for (const text of [
        `{"e":"0.1.0","b":"kubelet-stop","c":[],"t":0,"${x}":{"polluted":true}}`,
        `{"e":"0.1.0","b":"kubelet-stop","c":[[0,"kubectl get node ${x}"]],"t":0,"s":{"${x}":1}}`,
      ]) {
        const r = decodeLink(v2Link(text), OPTS);
        unchanged();
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error).toMatch(/^The link/);
          expect(r.error).not.toMatch(/function|native code|undefined|TypeError/);
        }
      }
    }
  });

  it('an imported scenario or manifest list with such names is read as data', () => {
    for (const x of NAMES) {
      const lower = x.toLowerCase().replace(/_/g, '');
      const text = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: ${lower}, labels: {"node-role.kubernetes.io/control-plane": "", ${x}: v}}
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: ${lower}, ${x}: {polluted: true}, annotations: {${x}: v}}
  spec: {replicas: 1, template: {spec: {containers: [{name: ${lower}, image: nginx}]}}}
`;
      const r = importScenarioFile(text);
      unchanged();
      if (r.ok) expect(r.scenario.spec.nodes[0]?.name).toBe(lower);
      else for (const e of r.errors) expect(e.message).not.toMatch(/TypeError|native code/);
    }
    const scenario = importScenarioFile(`apiVersion: notready/v1
kind: Scenario
metadata: {name: s, title: s}
spec:
  nodes: [{name: constructor, roles: [control-plane]}, {name: node1, zone: constructor}]
  objects:
  - {apiVersion: apps/v1, kind: Deployment, metadata: {name: constructor, namespace: constructor}, spec: {template: {spec: {containers: [{name: constructor, image: nginx}]}}}}
`);
    expect(scenario.ok).toBe(true);
    unchanged();
  });
});
