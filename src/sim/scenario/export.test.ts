import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/scenario-types';
import { Simulation } from '../simulation';
import { exportScenario, exportTimeline, formatDurationExact, scenarioForReplay } from './export';
import { parseScenario } from './parse';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

function reparse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(`${JSON.stringify(r.errors)}\n${text}`);
  return r.scenario;
}

describe('formatDurationExact', () => {
  it('writes exact milliseconds that parseDuration reads back', () => {
    expect(formatDurationExact(0)).toBe('0s');
    expect(formatDurationExact(30_000)).toBe('30s');
    expect(formatDurationExact(90_250)).toBe('1m30s250ms');
    expect(formatDurationExact(3_600_007)).toBe('1h7ms');
  });
});

describe('exportTimeline', () => {
  const scenario = builtin('kubelet-stop-worker');
  it('is the command log, then the timeline entries that have not run', () => {
    const log = [
      { at: 30_000, line: 'ssh knode systemctl stop kubelet', ok: true },
      { at: 45_500, line: 'kubectl get nodes', ok: true },
      { at: 50_000, line: 'kubectl frobnicate', ok: false },
    ];
    expect(exportTimeline(scenario, log)).toEqual([
      { at: 30_000, run: 'ssh knode systemctl stop kubelet' },
      { at: 45_500, run: 'kubectl get nodes', by: 'you' },
      { at: 50_000, run: 'kubectl frobnicate', by: 'you' },
      { at: 120_000, run: 'kubectl get nodes' },
      { at: 120_000, run: 'kubectl get pods -o wide' },
      { at: 120_000, run: 'kubectl get deploy,sts' },
      { at: 420_000, run: 'kubectl get pods -o wide' },
      { at: 480_000, run: 'ssh knode systemctl start kubelet' },
      { at: 540_000, run: 'kubectl get pods -o wide' },
    ]);
    expect(exportTimeline(scenario, log, { skipRefused: true, now: 200_000 }).map((t) => t.at)).toEqual([
      30_000, 45_500, 420_000, 480_000, 540_000,
    ]);
    expect(exportTimeline(scenario, [])).toEqual(scenario.spec.timeline);
  });

  it("credits the scenario's entries to it and the rest to you, each timeline entry matched once", () => {
    const log = [
      { at: 30_000, line: 'ssh knode systemctl stop kubelet' },
      { at: 120_000, line: 'kubectl get nodes' },
      // The learner typed the scenario's own command at the same time: the second one is theirs.
      { at: 120_000, line: 'kubectl get nodes' },
      { at: 130_000, line: 'ssh knode systemctl stop kubelet', by: 'scenario' as const },
      { at: 140_000, line: 'kubectl get pods -o wide', by: 'you' as const },
    ];
    // Then the timeline entries that have not run yet (7m, 8m, 9m): the scenario's.
    const credit = ['scenario', 'scenario', 'you', 'scenario', 'you', 'scenario', 'scenario', 'scenario'];
    expect(exportTimeline(scenario, log).map((t) => t.by ?? 'scenario')).toEqual(credit);
    // A replay of a replay keeps the credit written in the timeline.
    const replayed = scenarioForReplay(scenario, log);
    const again = exportTimeline(
      replayed,
      log.map(({ at, line }) => ({ at, line })),
    );
    expect(again.map((t) => t.by ?? 'scenario')).toEqual(credit);
  });
});

describe('exportScenario', () => {
  it('round-trips through parseScenario: same nodes, objects, settings, lesson; timeline = log', () => {
    const base = builtin('kubelet-stop-worker');
    const scenario: Scenario = {
      ...base,
      spec: {
        ...base.spec,
        settings: { nodeMonitorGracePeriod: 40_250, defaultTolerationSeconds: 60, nodeEvictionRate: 0.5 },
        nodes: base.spec.nodes.map((n, i) => (i === 1 ? { ...n, zone: 'b', cpu: 2500, memory: 4096 } : n)),
      },
    };
    const log = [
      { at: 30_000, line: 'ssh knode systemctl stop kubelet' },
      { at: 61_001, line: 'kubectl apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata: {name: x}\nEOF' },
    ];
    const text = exportScenario(scenario, log, { title: 'My run' });
    const back = reparse(text);
    expect(back.metadata.title).toBe('My run');
    expect(back.spec.settings).toEqual(scenario.spec.settings);
    expect(back.spec.nodes).toEqual(scenario.spec.nodes);
    expect(back.spec.objects).toEqual(scenario.spec.objects);
    expect(back.spec.staticPods).toEqual(scenario.spec.staticPods);
    expect(back.spec.profile).toBe(scenario.spec.profile);
    expect(back.spec.seed).toBe(scenario.spec.seed);
    expect(back.spec.lesson).toEqual(scenario.spec.lesson);
    expect(back.spec.timeline.slice(0, 2)).toEqual([
      { at: 30_000, run: 'ssh knode systemctl stop kubelet' },
      { at: 61_001, run: log[1]?.line, by: 'you' },
    ]);
    expect(text).toContain('- { at: 30s, run: ssh knode systemctl stop kubelet }');
    // A step's own command that already ran is in the timeline, not in the step.
    const withRun = {
      ...scenario,
      spec: { ...scenario.spec, lesson: [{ id: 'go', text: 'Go', run: 'kubectl cordon knode' }] },
    };
    expect(reparse(exportScenario(withRun, [{ at: 5_000, line: 'kubectl cordon knode' }])).spec.lesson).toEqual([
      { id: 'go', text: 'Go' },
    ]);
    expect(reparse(exportScenario(withRun, [])).spec.lesson).toEqual([
      { id: 'go', text: 'Go', run: 'kubectl cordon knode' },
    ]);
    expect(back.spec.duration).toBe(scenario.spec.duration);
    expect(text).toContain(`duration: ${formatDurationExact(scenario.spec.duration)}`);
  });

  it('writes the duration, stretched to the last command when the run went past the end', () => {
    const scenario = builtin('kubelet-stop-worker');
    const late = scenario.spec.duration + 61_000;
    const back = reparse(exportScenario(scenario, [{ at: late, line: 'kubectl get nodes' }]));
    expect(back.spec.duration).toBe(late);
    // A replay keeps the scenario's own end, even past it (the app plays on past the end).
    expect(scenarioForReplay(scenario, [{ at: late, line: 'kubectl get nodes' }]).spec.duration).toBe(
      scenario.spec.duration,
    );
  });

  it('replaying the export gives the same run (same trace hash)', () => {
    const scenario = builtin('kubelet-stop-worker');
    // The original run: the scenario's timeline plus a user's commands at their times.
    const sim = new Simulation(scenario);
    const user: [number, string][] = [
      [45_000, 'kubectl get nodes'],
      [100_000, 'ssh knode systemctl start kubelet'],
      [100_000, 'kubectl get pods'],
      [150_000, 'kubectl delete pod db-1'],
    ];
    for (const [at, line] of user) {
      sim.advanceTo(at);
      sim.run(line);
    }
    const end = 300_000;
    sim.advanceTo(end);
    const log = sim.engine.state.commandLog;
    expect(log.length).toBeGreaterThanOrEqual(user.length + 2);

    const replay = new Simulation(reparse(exportScenario(scenario, log, { now: end })));
    replay.advanceTo(end);
    expect(replay.engine.state.commandLog.map((c) => [c.at, c.line])).toEqual(log.map((c) => [c.at, c.line]));
    expect(replay.traceHash()).toBe(sim.traceHash());
    // The user's commands did change the run (so the equality above is not vacuous).
    const untouched = new Simulation(scenario);
    untouched.advanceTo(end);
    expect(untouched.traceHash()).not.toBe(sim.traceHash());
    expect(log.filter((c) => c.ok).length).toBeGreaterThanOrEqual(5);

    // And the exported scenario goes on the way the original would (pending timeline entries kept).
    sim.advanceTo(600_000);
    replay.advanceTo(600_000);
    expect(replay.traceHash()).toBe(sim.traceHash());
  });

  it('keeps spec.addons, and a drain with its ^C: the replay runs the same', () => {
    const base = builtin('kubelet-stop-worker');
    const scenario: Scenario = {
      ...base,
      spec: { ...base.spec, addons: { kubeProxy: true, cni: false, coreDNS: false } },
    };
    const sim = new Simulation(scenario);
    sim.advanceTo(60_000);
    sim.run('kubectl drain knode --ignore-daemonsets');
    sim.advanceTo(90_000);
    sim.run('^C');
    sim.advanceTo(120_000);
    const text = exportScenario(scenario, sim.engine.state.commandLog, { now: 120_000 });
    expect(text).toContain('addons:');
    const again = reparse(text);
    expect(again.spec.addons).toEqual({ kubeProxy: true, cni: false, coreDNS: false });
    const replay = new Simulation(again);
    replay.advanceTo(120_000);
    expect(replay.traceHash()).toBe(sim.traceHash());
    expect(replay.runningCommands()).toEqual(sim.runningCommands());
  });

  it('scenarioForReplay: the command log and seed of a link replay the same run', () => {
    const scenario = builtin('node-poweroff');
    const sim = new Simulation({ ...scenario, spec: { ...scenario.spec, seed: 42 } });
    sim.advanceTo(40_000);
    sim.run('kubectl get pods -o wide');
    sim.advanceTo(200_000);
    const commands = sim.engine.state.commandLog.map((c) => ({ at: c.at, line: c.line }));
    const replay = new Simulation(scenarioForReplay(scenario, commands, { now: 200_000, seed: 42 }));
    replay.advanceTo(200_000);
    expect(replay.traceHash()).toBe(sim.traceHash());
    expect(replay.scenario.spec.lesson).toEqual(scenario.spec.lesson);
    // With the scenario's own seed instead, the run differs (the seed matters, so it is carried).
    const other = new Simulation(scenarioForReplay(scenario, commands, { now: 200_000 }));
    other.advanceTo(200_000);
    expect(other.traceHash()).not.toBe(sim.traceHash());
  });
});
