import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { causeAt } from '../core/cause-log';
import type { Scenario } from '../core/scenario-types';
import { parseScenario } from '../scenario/parse';
import { scenarioForReplay } from '../scenario/replay';
import { Simulation } from '../simulation';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

const lastCommandCause = (sim: Simulation) => {
  const causes = sim.engine.state.causes;
  for (let i = causes.length - 1; i >= 0; i--) if (causeAt(causes, i)?.command !== undefined) return causeAt(causes, i);
  return undefined;
};

describe('who ran a command: the scenario or you', () => {
  it("credits the timeline's commands to the scenario and Simulation.run's to you, unless told", () => {
    const sim = new Simulation(builtin('kubelet-stop-worker'));
    sim.advanceTo(40_000);
    expect(sim.engine.state.commandLog.map((c) => [c.line, c.by])).toEqual([
      ['ssh knode systemctl stop kubelet', 'scenario'],
    ]);
    expect(lastCommandCause(sim)).toMatchObject({ actor: 'the scenario', by: 'scenario' });
    sim.run('ssh knode systemctl start kubelet');
    expect(sim.engine.state.commandLog.at(-1)).toMatchObject({ by: 'you', ok: true });
    expect(lastCommandCause(sim)).toMatchObject({ actor: 'you', by: 'you' });
    sim.run('registry down', { by: 'scenario' });
    expect(sim.engine.state.commandLog.at(-1)).toMatchObject({ by: 'scenario' });
  });

  it('keeps the credit through a replay (a share link), with the same trace hash', () => {
    const scenario = builtin('kubelet-stop-worker');
    const sim = new Simulation(scenario);
    sim.advanceTo(100_000);
    sim.run('ssh knode systemctl start kubelet');
    sim.advanceTo(130_000);
    // A link carries only times and lines.
    const log = sim.engine.state.commandLog.map((c) => ({ at: c.at, line: c.line }));
    const replay = new Simulation(scenarioForReplay(scenario, log, { now: 130_000 }));
    replay.advanceTo(130_000);
    expect(replay.engine.state.commandLog.map((c) => [c.at, c.line, c.by])).toEqual(
      sim.engine.state.commandLog.map((c) => [c.at, c.line, c.by]),
    );
    expect(replay.engine.state.commandLog.find((c) => c.line.includes('start kubelet'))?.by).toBe('you');
    expect(replay.traceHash()).toBe(sim.traceHash());
  });

  it('the trace hash does not depend on who ran the commands', () => {
    const scenario = builtin('kubelet-stop-worker');
    const a = new Simulation({ ...scenario, spec: { ...scenario.spec, timeline: [] } });
    const b = new Simulation({ ...scenario, spec: { ...scenario.spec, timeline: [] } });
    a.advanceTo(30_000);
    b.advanceTo(30_000);
    a.run('ssh knode systemctl stop kubelet');
    b.run('ssh knode systemctl stop kubelet', { by: 'scenario' });
    a.advanceTo(200_000);
    b.advanceTo(200_000);
    expect(a.traceHash()).toBe(b.traceHash());
  });
});
