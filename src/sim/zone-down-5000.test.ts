/**
 * The 5,000-node built-in (issue 13 point 4): Kubernetes' scalability envelope, 5,000 nodes in
 * three zones and 150,000 pods as the scenario limit counts them, losing zone-c's 1,666 nodes at
 * 1m. Pinned at the times its lesson narrates (reference §2.3, node_lifecycle_controller.go): the
 * zone is in FullDisruption while zones a and b are Normal, so it is tainted at the normal rate
 * (`HealthyQPSFunc`, nodeEvictionRate 0.1): one node every 10 s whatever the zone's size, and its
 * pods are evicted 300 s (DefaultTolerationSeconds) after each taint.
 *
 * One run of the whole scenario (a start of a minute or more and gigabytes of memory), shared by
 * the tests below; the suites that play every built-in leave this one out (BIG_BUILTINS).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from './index';
import { BIG_BUILTINS } from './scenario/builtins';
import { compileLesson, conditionSince, stepComplete } from './scenario/lesson';
import { Simulation } from './simulation';
import { buildOverview, summarizeOverview } from './story/overview';

const sec = 1000;
const min = 60 * sec;

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(`public/scenarios/${name}.yaml`, 'utf8'));
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  return r.scenario;
}

const s = builtin('zone-down-5000');
const deployWeb = (sim: Simulation) => sim.kubectl('kubectl get deploy web').split('\n')[1]?.split(/\s+/)[1];

/** What the run shows on the way, kept by one walk of the lesson (a learner following it). */
interface Walk {
  steps: [string, number][];
  zoneLines: string[];
  web: Record<string, string | undefined>;
  zoneC: Record<string, ReturnType<typeof summarizeOverview>[number] | undefined>;
  chapters: { at: number; label: string }[];
}

function walk(): Walk {
  const sim = new Simulation(s);
  const zoneLines: string[] = [];
  sim.engine.traceListeners.push((l) => {
    if (l.includes('Controller detected')) zoneLines.push(l);
  });
  const compiled = compileLesson(s.spec.lesson);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  const web: Walk['web'] = {};
  const zoneC: Walk['zoneC'] = {};
  const steps: [string, number][] = [];
  let startedAt = 0;
  for (const st of compiled.steps) {
    if (!st.condition) continue;
    // A second at a time (as the app's clock at 1x would see it); the step's time is its event's own.
    while (!stepComplete(sim.engine, st, startedAt)) {
      if (sim.now >= s.spec.duration) throw new Error(`${st.id}: not done by the end`);
      sim.advanceTo(Math.min(sim.now + sec, s.spec.duration));
    }
    const at = conditionSince(sim.engine, st, startedAt);
    if (at === undefined) throw new Error(`${st.id}: done but no time`);
    steps.push([st.id, at]);
    web[st.id] = deployWeb(sim);
    zoneC[st.id] = summarizeOverview(buildOverview(sim.engine)).find((z) => z.zone === 'zone-c');
    startedAt = sim.now;
  }
  return { steps, zoneLines, web, zoneC, chapters: sim.chapters().map((c) => ({ at: c.at, label: c.label })) };
}

describe('zone-down-5000: 5,000 nodes, 150,000 pods, zone-c (1,666 nodes) cut off at 1m', () => {
  it('is 5,000 machines in three zones, 149,999 pods on the workers, 1,666 cut off at 1m', () => {
    expect(BIG_BUILTINS).toContain('zone-down-5000');
    expect(s.spec.nodes).toHaveLength(5000);
    const zones = new Map<string, number>();
    for (const n of s.spec.nodes) zones.set(n.zone ?? '', (zones.get(n.zone ?? '') ?? 0) + 1);
    expect(Object.fromEntries(zones)).toEqual({ 'zone-a': 1667, 'zone-b': 1667, 'zone-c': 1666 });
    const replicas = s.spec.objects
      .filter((o) => o.kind === 'Deployment')
      .reduce((n, o) => n + ((o.spec as { replicas: number }).replicas ?? 0), 0);
    // The DaemonSet runs on the 4,999 workers (the control plane's taint keeps it off).
    expect(replicas + 4999).toBe(149_999);
    const cuts = s.spec.timeline.filter((t) => t.run.startsWith('network cut '));
    expect(cuts).toHaveLength(1666);
    expect(new Set(cuts.map((t) => t.at))).toEqual(new Set([1 * min]));
  });

  // One run for the rest: its start alone is a minute or more.
  let w: Walk | undefined;
  const walked = () => {
    w ??= walk();
    return w;
  };

  it('the lesson holds at the times it narrates', () => {
    expect(walked().steps).toEqual([
      ['cut', 60_000],
      // c1 is in the last batch: 43 at 1m41s, 56 at 1m46s, 1,567 at 1m51s.
      ['notready', 111_122],
      // c1 at 1m56s, c10 one node (10 s) later.
      ['taints', 126_222],
      // c1020 (tainted at 1m46s, when the zone still had Ready nodes) is evicted 300 s later.
      ['evicted', 406_322],
      ['end', 29 * min],
    ]);
  }, 600_000);

  it('zone-c goes FullDisruption once (no master disruption: zones a and b stay Normal)', () => {
    expect(walked().zoneLines).toEqual([
      expect.stringMatching(/^111122 .*zone \/zone-c is now in new state FullDisruption$/),
    ]);
  }, 600_000);

  it('NotReady in three passes, then one NoExecute taint every 10 s in name order', () => {
    const { chapters } = walked();
    const notReady = chapters.filter((c) => /nodes NotReady$/.test(c.label)).map((c) => [c.at, c.label]);
    expect(notReady).toEqual([
      [101_122, '43 nodes NotReady'],
      [106_122, '56 nodes NotReady'],
      [111_122, '1567 nodes NotReady'],
    ]);
    const taints = chapters.flatMap((c) => {
      const m = /^(c\d+) tainted unreachable:NoExecute$/.exec(c.label);
      return m ? [[c.at, m[1]] as [number, string]] : [];
    });
    expect(taints.slice(0, 5)).toEqual([
      [106_222, 'c1020'],
      [116_222, 'c1'],
      [126_222, 'c10'],
      [136_222, 'c100'],
      [146_222, 'c1000'],
    ]);
    // From the first FullDisruption taint on, exactly 10 s apart.
    const gaps = new Set(taints.slice(2).map(([at], i) => at - (taints[i + 1] as [number, string])[0]));
    expect(gaps).toEqual(new Set([10 * sec]));
  }, 600_000);

  it('the overview counts zone-c as the engine has it at each step', () => {
    const { zoneC, web } = walked();
    expect(zoneC.cut).toMatchObject({ zone: 'zone-c', nodes: 1666, ready: 1666, tainted: 0 });
    expect(zoneC.notready).toMatchObject({ zoneState: 'FullDisruption', ready: 0, notReady: 1666 });
    expect(zoneC.taints).toMatchObject({ tainted: 3 });
    expect(web.taints).toBe('3354/5000');
    // At 29m: c1020 and c1 … (one every 10 s from 1m56s) are 164 taints; the 134 tainted by 24m
    // have had their 300 s, one web pod each has moved to zone a or b.
    expect(zoneC.end).toMatchObject({ ready: 0, notReady: 1666, tainted: 164 });
    expect(web.end).toBe('3488/5000');
  }, 600_000);
});
