/**
 * The overview drawn from the run's history (overview-at.ts) is the overview the engine builds at
 * that moment: every machine's state and flags, every pod's code and machine, the zone states,
 * compared at fixed times of a zone failure with the learner's own changes mixed in (a cordon, a
 * NoSchedule taint, a deleted Node, a reboot), and after a fork cuts the history.
 */
import { describe, expect, it } from 'vitest';
import { largeZoneFailure } from '../../../bench/scenarios';
import { type ClusterOverview, createSimulation } from '../index';
import { RunHistory } from './history';
import { overviewAt } from './overview-at';

const sec = 1000;
const min = 60 * sec;

/** The learner's changes, at their times. */
const COMMANDS: [number, string][] = [
  [2 * min, 'kubectl cordon node1'],
  [3 * min, 'kubectl delete node node4'],
  [4 * min, 'kubectl taint nodes node5 example=1:NoSchedule'],
  [5 * min, 'ssh node2 reboot'],
  [7 * min, 'kubectl uncordon node1'],
];

/** Times to compare: around each change, the zone going down (10m) and its evictions, its return (40m). */
const TIMES = [
  0,
  1 * min,
  2 * min,
  2 * min + 1,
  3 * min,
  3 * min + 30 * sec,
  4 * min,
  5 * min,
  5 * min + 20 * sec,
  6 * min,
  7 * min,
  10 * min,
  10 * min + 40 * sec,
  11 * min,
  16 * min,
  20 * min,
  40 * min,
  40 * min + 30 * sec,
  42 * min,
];

/** Plays the run to its last time, keeping the engine's own overview at each time. */
function play() {
  const sim = createSimulation(largeZoneFailure());
  const history = new RunHistory(sim);
  const built = new Map<number, ClusterOverview>();
  const commands = [...COMMANDS];
  for (const t of TIMES) {
    while (commands.length && (commands[0] as [number, string])[0] <= t) {
      const [at, line] = commands.shift() as [number, string];
      sim.advanceTo(at);
      expect(sim.run(line).ok, line).toBe(true);
    }
    sim.advanceTo(t);
    built.set(t, sim.overview());
  }
  return { sim, history, built };
}

/** An overview without its change count (the engine's count at the time it was built, not part of the picture). */
function picture(o: ClusterOverview | undefined) {
  if (!o) return o;
  const { changeCount: _, ...rest } = o;
  return rest;
}

describe('overviewAt: the overview of an earlier moment, from the history', () => {
  const { sim, history, built } = play();

  it.each(TIMES)('equals the engine’s own overview at %i ms', (t) => {
    expect(picture(overviewAt(sim, history, t))).toEqual(picture(built.get(t)));
  });

  it('shows what the learner changed: the cordon, the NoSchedule taint, the deleted Node, the reboot', () => {
    const o = built.get(5 * min + 20 * sec) as ClusterOverview;
    const flagsOf = (name: string) => o.flags[o.names.indexOf(name)] ?? 0;
    expect(flagsOf('node1') & 8).toBe(8); // cordoned
    expect(flagsOf('node5') & 2).toBe(2); // NoSchedule
    expect(o.state[o.names.indexOf('node4')]).toBe(3); // no Node object
    expect(flagsOf('node2') & 4).toBe(4); // powered off while it reboots
    expect(picture(overviewAt(sim, history, 5 * min + 20 * sec))).toEqual(picture(o));
  });

  it('after a fork, the history cut at the fork gives the overview of then', () => {
    const fork = 16 * min;
    const again = play();
    again.history.truncate(fork);
    expect(picture(overviewAt(again.sim, again.history, fork))).toEqual(picture(built.get(fork)));
    expect(picture(overviewAt(again.sim, again.history, 11 * min))).toEqual(picture(built.get(11 * min)));
  });
});
