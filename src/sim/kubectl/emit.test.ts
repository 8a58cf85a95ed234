/**
 * `-o yaml|json` text (issue 9 point 9): gopkg.in/yaml.v2 (encode.go stringv, resolve.go,
 * emitterc.go yaml_emitter_analyze_scalar and write_plain_scalar with best_width 80, sorter.go
 * keyList.Less) as sigs.k8s.io/yaml and kubectl's YAMLPrinter use it; Go json.MarshalIndent with
 * four spaces as cli-runtime's JSONPrinter uses it.
 */
import { describe, expect, it } from 'vitest';
import { toJson, toYaml, yamlKeyLess } from './emit';

describe('toYaml', () => {
  it('writes a document of hundreds of thousands of lines (spreading them into push threw RangeError)', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ name: `pod-${i}`, ready: i % 2 === 0 }));
    const text = toYaml({ apiVersion: 'v1', items, kind: 'List' });
    const lines = text.split('\n');
    expect(lines).toHaveLength(200_003);
    expect(lines.slice(0, 4)).toEqual(['apiVersion: v1', 'items:', '- name: pod-0', '  ready: true']);
    expect(lines.at(-1)).toBe('kind: List');
  });

  it('quotes what would read back as another type, single-quotes indicators, keeps the rest plain', () => {
    expect(
      toYaml({
        status: 'True',
        other: 'Unknown',
        resourceVersion: '1234',
        creationTimestamp: '2025-06-02T09:00:00Z',
        empty: '',
        ip: '10.244.1.5',
        message: 'containers with unready status: [nginx]',
        list: '[a, b]',
        star: '*x',
        hash: 'a #b',
        plainHash: 'a#b',
        colon: 'a:b',
        nul: null,
        flag: true,
        n: 15,
        quote: "it's",
      }),
    ).toBe(
      [
        'colon: a:b',
        'creationTimestamp: "2025-06-02T09:00:00Z"',
        'empty: ""',
        'flag: true',
        "hash: 'a #b'",
        'ip: 10.244.1.5',
        "list: '[a, b]'",
        "message: 'containers with unready status: [nginx]'",
        '"n": 15', // YAML 1.1 reads a plain n as false: yaml.v2 quotes it, key or not
        'nul: null',
        'other: Unknown',
        'plainHash: a#b',
        "quote: it's",
        'resourceVersion: "1234"',
        "star: '*x'",
        'status: "True"',
      ].join('\n'),
    );
  });

  it('does not indent a sequence under its key; maps in sequences continue two spaces in; empty {} and []', () => {
    expect(
      toYaml({ items: [{ b: 1, a: { x: [] } }, 'two'], kind: 'List', metadata: { resourceVersion: '' }, r: {} }),
    ).toBe(
      [
        'items:',
        '- a:',
        '    x: []',
        '  b: 1',
        '- two',
        'kind: List',
        'metadata:',
        '  resourceVersion: ""',
        'r: {}',
      ].join('\n'),
    );
  });

  it('folds a long single-quoted message at the first space past column 80, two spaces deeper', () => {
    const message =
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
    expect(toYaml({ status: { conditions: [{ message, type: 'PodScheduled' }] } })).toBe(
      [
        'status:',
        '  conditions:',
        "  - message: '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane:",
        '      }, 2 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption:',
        "      0/3 nodes are available: 3 Preemption is not helpful for scheduling.'",
        '    type: PodScheduled',
      ].join('\n'),
    );
  });

  it('orders keys as yaml.v2 does: digit runs by value', () => {
    expect(yamlKeyLess('hugepages-2Mi', 'hugepages-10Gi')).toBe(true);
    expect(yamlKeyLess('apiVersion', 'items')).toBe(true);
    expect(yamlKeyLess('kubernetes.io/os', 'kubernetes.io/hostname')).toBe(false);
  });
});

describe('toJson', () => {
  it('indents four spaces, sorts keys, escapes HTML characters as encoding/json does', () => {
    expect(toJson({ kind: 'Pod', apiVersion: 'v1', spec: { a: [], b: {}, msg: '<a & b>' }, n: 1 })).toBe(
      [
        '{',
        '    "apiVersion": "v1",',
        '    "kind": "Pod",',
        '    "n": 1,',
        '    "spec": {',
        '        "a": [],',
        '        "b": {},',
        '        "msg": "\\u003ca \\u0026 b\\u003e"',
        '    }',
        '}',
      ].join('\n'),
    );
  });
});
