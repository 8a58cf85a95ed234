import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../sim';
import { getTable, getTableLines } from '../sim/kubectl/table';
import { cutText, mostOfTable, partOfTable, TEXT_CUT_LINES } from './patches';
import { SimRunner } from './runner';

const table = (rows: number) =>
  `NAME STATUS\n${Array.from({ length: rows }, (_, i) => `pod-${i} Running`).join('\n')}\n`;

describe('a long kubectl text is sent in part', () => {
  it('short texts whole', () => {
    expect(cutText(table(TEXT_CUT_LINES - 1), 'head')).toBeUndefined();
  });
  it('a table keeps its header and the first 400 rows, and says how long it was', () => {
    const cut = cutText(table(30_000), 'head');
    const lines = cut?.text.split('\n') ?? [];
    expect(cut?.lines).toBe(30_001);
    expect(lines[0]).toBe('NAME STATUS');
    expect(lines[400]).toBe('pod-399 Running');
    expect(lines.length).toBe(402); // 401 lines and the final newline
  });
  it('an event listing keeps its last 401 lines', () => {
    const cut = cutText(table(5_000), 'tail');
    const lines = (cut?.text ?? '').split('\n').filter(Boolean);
    expect(lines).toHaveLength(401);
    expect(lines.at(-1)).toBe('pod-4999 Running');
  });
});

describe('a long table measured, only its part written', () => {
  const yaml = `apiVersion: notready/v1
kind: Scenario
metadata: {name: part-of-table, title: Part of a table}
spec:
  seed: 3
  nodes:
    - {name: control-plane, roles: [control-plane], zone: zone-a}
    - {name: w, count: 40, zone: zone-b}
  objects:
    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        replicas: 1100
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
              - {name: nginx, image: "nginx:1.27"}
  timeline:
    - {at: 30s, run: "ssh w{i} poweroff", each: [1, 5]}
`;
  // The part holds the rows cutText keeps of the whole text, in the same order, each cell the
  // same; its columns are as wide as its own rows (and the header) need, not the whole table's.
  const cellsOf = (text: string) =>
    text
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split(/ {3,}/));
  it('holds the rows cutText keeps of the whole text, head or tail, aligned as those rows alone, at any moment', () => {
    const parsed = parseScenario(yaml);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = new SimRunner(parsed.scenario, []);
    for (const at of [0, 400_000]) {
      r.advance(at);
      const lines = [
        ['kubectl get pods -o wide', 'head'],
        ['kubectl get pods -A', 'head'],
        ['kubectl get pods -l app=web', 'head'],
        ['kubectl get events', 'tail'],
        ['kubectl get events -A', 'tail'],
      ] as const;
      for (const [line, keep] of lines) {
        const part = partOfTable(r, line, keep);
        const whole = r.sim.kubectl(line);
        const cut = cutText(whole, keep);
        expect(part, `${line} at ${at}`).toBeDefined();
        if (!part || !cut) continue;
        expect(part.lines).toBe(cut.lines);
        // The tail starts with the header row too (an event stream shown at its end names its
        // columns), then the last rows cutText keeps.
        const header = cellsOf(whole)[0] as string[];
        const kept = keep === 'head' ? cellsOf(cut.text) : [header, ...cellsOf(cut.text).slice(1)];
        expect(cellsOf(part.text)).toEqual(kept);
        expect(part.text.replace(/\n$/, '')).toBe(getTable(cellsOf(part.text)));
      }
      // "Show all" of a table over the cap (WHOLE_MAX_LINES; 500 here): its first or last rows, and its length.
      for (const [line, keep] of [
        ['kubectl get pods -o wide', 'head'],
        ['kubectl get events', 'tail'],
      ] as const) {
        const whole = r.sim.kubectl(line).replace(/\n$/, '').split('\n');
        if (whole.length <= 501) continue;
        const most = mostOfTable(r, line, keep, 500);
        expect(most?.lines, `${line} at ${at}`).toBe(whole.length);
        // As a part's: 500 lines, the header row and the first (or last) 499 rows.
        const rows = cellsOf(most?.text ?? '');
        expect(rows).toHaveLength(500);
        const expected = keep === 'head' ? whole.slice(0, 500) : [whole[0] as string, ...whole.slice(-499)];
        expect(rows).toEqual(cellsOf(expected.join('\n')));
        expect(mostOfTable(r, line, keep, whole.length)).toBeUndefined();
      }
      // Short, or not one table: printed whole.
      expect(partOfTable(r, 'kubectl get nodes', 'head')).toBeUndefined();
      expect(partOfTable(r, 'kubectl get deploy,pods', 'head')).toBeUndefined();
      expect(partOfTable(r, 'kubectl get pods -o yaml', 'head')).toBeUndefined();
    }
  });
});

describe('getTableLines', () => {
  it('equals the lines of the whole table as the tabwriter pads it (wide characters too)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀', '-', ' '), maxLength: 12 });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((n) => fc.array(fc.array(cell, { minLength: n, maxLength: n }), { minLength: 1, maxLength: 30 })),
        fc.nat(40),
        fc.nat(40),
        (rows, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          expect(getTableLines(rows, from, to)).toBe(getTable(rows).split('\n').slice(from, to).join('\n'));
        },
      ),
    );
  });
});
