import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { YAML_LIMITS, yamlHazard } from './yaml-guard';

const W = 'The file';

describe('yamlHazard', () => {
  it('lets ordinary scenarios and kubectl output through', () => {
    const scenario = `apiVersion: notready/v1
kind: Scenario
metadata: {name: kubelet-stop, title: "Stop the kubelet [node2]"}
spec:
  nodes:
    - {name: control-plane, roles: [control-plane]}
    - {name: node1}
  objects:
    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec: {replicas: 3, template: {spec: {containers: [{name: nginx, image: "nginx:1.27"}]}}}
  timeline:
    - {at: 30s, run: "kubectl get pods -o jsonpath='{.items[*]}'"}
`;
    expect(yamlHazard(scenario, W)).toBeUndefined();
    const items = Array.from(
      { length: 3000 },
      (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}`,
    );
    expect(yamlHazard(`apiVersion: v1\nkind: List\nitems:\n${items.join('\n')}\n`, W)).toBeUndefined();
    const json = JSON.stringify({ a: { b: [{ c: 1 }, { d: [1, 2, { e: 'x' }] }] } }, null, 2);
    expect(yamlHazard(json, W)).toBeUndefined();
  });

  it('refuses deep nesting of every kind before the parser sees it', () => {
    const n = YAML_LIMITS.maxDepth + 1;
    const deep = `${W} is nested too deeply (more than ${YAML_LIMITS.maxDepth} levels).`;
    expect(yamlHazard(`${'- '.repeat(n)}x`, W)).toBe(deep);
    expect(yamlHazard(`${'? '.repeat(n)}x`, W)).toBe(deep);
    expect(yamlHazard(`a: ${'['.repeat(n)}${']'.repeat(n)}`, W)).toBe(deep);
    expect(yamlHazard(`${'{"a": '.repeat(n)}1${'}'.repeat(n)}`, W)).toBe(deep);
    const indented = Array.from({ length: n }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    expect(yamlHazard(indented, W)).toBe(deep);
    // Quotes do not hide brackets from the lexer-based count, nor fake closing ones.
    expect(yamlHazard(`a: ${'[ "]", '.repeat(n)}`, W)).toBe(deep);
    // 100,000 levels would kill the process inside the parser; the guard answers quickly.
    expect(yamlHazard(`${'- '.repeat(100_000)}x`, W)).toBe(deep);
  });

  it('refuses huge mappings (quadratic duplicate-key checks)', () => {
    const keys = Array.from({ length: YAML_LIMITS.maxKeys + 1 }, (_, i) => `k${i}: 1`).join('\n');
    expect(yamlHazard(keys, W)).toBe(`${W} has a mapping with more than 2,000 keys.`);
    const flow = `{${Array.from({ length: YAML_LIMITS.maxKeys + 1 }, (_, i) => `"k${i}": 1`).join(',')}}`;
    expect(yamlHazard(flow, W)).toBe(`${W} has a mapping with more than 2,000 keys.`);
  });

  it('refuses texts with more elements than the parser can hold in reasonable memory', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => `- {a: ${i}, b: [x, y]}`).join('\n');
    expect(yamlHazard(items, W)).toBe(`${W} is too large to read (more than 250,000 YAML elements).`);
    // A long string is one element, however long.
    expect(yamlHazard(`a: "${'x'.repeat(1_000_000)}"`, W)).toBeUndefined();
  });

  it('what it lets through, the parser handles (max depth in each form)', () => {
    const n = YAML_LIMITS.maxDepth - 1;
    for (const text of [`${'- '.repeat(n)}x`, `${'? '.repeat(20)}x`, `a: ${'['.repeat(n)}${']'.repeat(n)}`]) {
      expect(yamlHazard(text, W)).toBeUndefined();
      expect(() => parse(text)).not.toThrow();
    }
  });
});
