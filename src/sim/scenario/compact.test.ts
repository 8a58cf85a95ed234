import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';

const HEAD = 'apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: s, title: s}\nspec:\n';

function errors(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected a refusal');
  return r.errors.map((e) => `${e.path}: ${e.message}`);
}

describe('compact forms: nodes with count, timeline entries with each', () => {
  it('expand in order, deterministically', () => {
    const r = parseScenario(
      `${HEAD}  nodes:\n    - {name: cp, roles: [control-plane], zone: a}\n    - {name: a, count: 3, zone: a}\n    - {name: b, count: 2, zone: b, labels: {x: y}}\n` +
        '  timeline:\n    - {at: 2m, run: "kubectl get nodes"}\n    - {at: 1m, run: "ssh a{i} poweroff", each: [2, 3]}\n',
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.spec.nodes.map((n) => `${n.name}/${n.zone}`)).toEqual([
      'cp/a',
      'a1/a',
      'a2/a',
      'a3/a',
      'b1/b',
      'b2/b',
    ]);
    expect(r.scenario.spec.nodes[4]).toEqual({ name: 'b1', roles: [], zone: 'b', labels: { x: 'y' } });
    expect(r.scenario.spec.timeline).toEqual([
      { at: 60_000, run: 'ssh a2 poweroff' },
      { at: 60_000, run: 'ssh a3 poweroff' },
      { at: 120_000, run: 'kubectl get nodes' },
    ]);
  });

  it('refuse what they cannot stand for, naming the entry', () => {
    const nodes = '  nodes:\n    - {name: cp, roles: [control-plane]}\n';
    expect(errors(`${HEAD}${nodes}    - {name: a, count: 0}\n`)[0]).toMatch(
      /^spec\.nodes\[1\]\.count: 0 must be a whole number from 1 to 5000/,
    );
    expect(errors(`${HEAD}  nodes:\n    - {name: cp, roles: [control-plane], count: 2}\n`)).toEqual([
      'spec.nodes[0].count: the control plane is one node: it cannot have a count',
    ]);
    expect(errors(`${HEAD}${nodes}    - {name: a, count: 5000}\n`)).toEqual([
      'spec.nodes[1].count: 5,001 nodes so far: give 1 to 5,000',
    ]);
    expect(errors(`${HEAD}${nodes}    - {name: a, count: 2}\n    - {name: a1}\n`)).toEqual([
      'spec.nodes[2].name: "a1" is already used by spec.nodes[1]',
    ]);
    expect(errors(`${HEAD}${nodes}    - {name: ${'a'.repeat(62)}, count: 10}\n`)[0]).toMatch(
      /^spec\.nodes\[1\]\.name: "a+10" \(the last of its 10 nodes\) is longer than 63 characters/,
    );
    const tl = (e: string) => `${HEAD}${nodes}  timeline:\n    - ${e}\n`;
    expect(errors(tl('{at: 1m, run: "ssh a{i} poweroff", each: [3, 2]}'))).toEqual([
      'spec.timeline[0].each: from (3) is after to (2)',
    ]);
    expect(errors(tl('{at: 1m, run: "ssh a1 poweroff", each: [1, 2]}'))).toEqual([
      'spec.timeline[0].run: a command with `each` must say where i goes: {i}',
    ]);
    expect(errors(tl('{at: 1m, run: "ssh a{i} poweroff", each: 3}'))[0]).toMatch(
      /^spec\.timeline\[0\]\.each: expected \[from, to\], got 3/,
    );
  });
});
