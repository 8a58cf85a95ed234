/** A cluster's start told a second at a time (for the worker's watchdog) is the same run. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulation, NODE_STATE, POD_STATE, parseScenario } from './index';

describe('onBoot', () => {
  const r = parseScenario(readFileSync(new URL('../../public/scenarios/eviction.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('eviction.yaml');
  it('is called for each second before 0 (and within a busy one), and the trace is the same as without it', () => {
    const seen: number[] = [];
    const told = createSimulation(r.scenario, { onBoot: (t) => seen.push(t) });
    const plain = createSimulation(r.scenario);
    const seconds = seen.filter((t) => t % 1000 === 0);
    expect(seconds.length).toBe(600);
    expect(seconds.every((t, i) => i === 0 || t === (seconds[i - 1] as number) + 1000)).toBe(true);
    expect(seen.every((t, i) => t < 0 && (i === 0 || t >= (seen[i - 1] as number)))).toBe(true);
    let busy = 0;
    told.whenBusy(() => busy++);
    told.advanceTo(600_000);
    plain.advanceTo(600_000);
    expect(busy).toBeGreaterThan(10);
    expect(told.traceHash()).toBe(plain.traceHash());
  });
});

describe('a big cluster drawn as it starts', () => {
  const yaml = `apiVersion: notready/v1
kind: Scenario
metadata: {name: boot-drawn, title: Boot drawn}
spec:
  seed: 5
  nodes:
    - {name: control-plane, roles: [control-plane], zone: zone-a}
    - {name: a, count: 30, zone: zone-a}
    - {name: b, count: 30, zone: zone-b}
  objects:
    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        replicas: 120
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
              - {name: nginx, image: "nginx:1.27"}
`;
  const r = parseScenario(yaml);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  it('gives the simulation as it stands: every machine from the first second, Nodes and pods coming up, the same run', () => {
    const frames: { at: number; ready: number; noNode: number; running: number }[] = [];
    const drawn = createSimulation(r.scenario, {
      onBoot: (at, sim) => {
        if (at % 60_000 !== 0) return;
        const o = sim.overview();
        expect(o.names).toHaveLength(61);
        frames.push({
          at,
          ready: o.state.filter((s) => s === NODE_STATE.ready).length,
          noNode: o.state.filter((s) => s === NODE_STATE.noNode).length,
          running: o.podState.filter((s) => s === POD_STATE.ready).length,
        });
      },
    });
    // The start: machines powered on, no Node registered yet, no pod.
    expect(frames[0]).toEqual({ at: -600_000, ready: 0, noNode: 61, running: 0 });
    // By the last minute before 0 every Node is Ready and the 120 web pods run (and the add-ons).
    const last = frames[frames.length - 1];
    expect(last?.ready).toBe(61);
    expect(last?.running).toBeGreaterThanOrEqual(120);
    // Ready machines only ever grow during the start.
    expect(frames.every((f, i) => i === 0 || f.ready >= (frames[i - 1]?.ready ?? 0))).toBe(true);
    const plain = createSimulation(r.scenario);
    drawn.advanceTo(120_000);
    plain.advanceTo(120_000);
    expect(drawn.traceHash()).toBe(plain.traceHash());
  });
});
