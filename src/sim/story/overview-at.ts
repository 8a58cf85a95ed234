/**
 * A big cluster's overview (story/overview.ts) at an earlier moment of the run, from its history
 * (history.ts) instead of the engine's state. A seek at 5,000 nodes restores a checkpoint and
 * replays minutes of simulated time, which takes seconds to minutes; the history already holds
 * every machine's Ready condition, taints, cordon and power and every pod's binding and overview
 * code with their times, so the moment gone to can be drawn at once while the engine catches up.
 *
 * The same overview as `buildOverview` at `t` (core of the test: overview-at.test.ts), for any `t`
 * the history has recorded (up to the furthest time reached), as long as the machines are the
 * same ones as now: a cloud's machines come and go (undefined then).
 */

import { CODE_SPAN, type RecordedSimulation, type RunHistory } from './history';
import {
  type ClusterOverview,
  hostFlags,
  machineTable,
  nodeStateCode,
  packPods,
  taintFlags,
  zoneStatesOf,
} from './overview';

/** The history's Ready (history.ts NodeRecord) as the condition's status. */
const READY_STATUS = { Ready: 'True', NotReady: 'False', Unknown: 'Unknown', gone: undefined } as const;

/** The last entry at or before `t` of a list in time order. */
function lastAt<T extends { at: number }>(list: readonly T[] | undefined, t: number): T | undefined {
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) if ((list[i] as T).at <= t) return list[i];
  return undefined;
}

/** The code in force at `t` of packed codes (history.ts PodRecord.codes). */
function codeAt(codes: readonly number[], t: number): number | undefined {
  const limit = t * CODE_SPAN + CODE_SPAN - 1;
  for (let i = codes.length - 1; i >= 0; i--) {
    const x = codes[i] as number;
    if (x <= limit) return x % CODE_SPAN;
  }
  return undefined;
}

/** Taints recorded as `key:Effect`, as the key and effect the overview's flags need. */
function parseTaints(taints: readonly string[]): { key: string; effect: string }[] {
  return taints.map((x) => {
    const i = x.lastIndexOf(':');
    return { key: x.slice(0, i), effect: x.slice(i + 1) };
  });
}

/** The overview at `t` (≤ the furthest time `history` recorded), or undefined when it cannot be told. */
export function overviewAt(sim: RecordedSimulation, history: RunHistory, t: number): ClusterOverview | undefined {
  const e = sim.engine;
  if (e.state.cloud) return undefined;
  const { hosts, index, ...machines } = machineTable(e);
  const n = hosts.length;
  const state = new Uint8Array(n);
  const flags = new Uint8Array(n);
  hosts.forEach((h, i) => {
    const power = lastAt(history.power.get(h.name), t);
    let f = hostFlags({ role: h.role, power: power === undefined || power.on ? 'on' : 'off' });
    const r = history.nodes.get(h.name);
    const ready = lastAt(r?.ready, t);
    const exists = r !== undefined && ready !== undefined && ready.status !== 'gone';
    state[i] = nodeStateCode(READY_STATUS[ready?.status ?? 'Unknown'], exists);
    if (r && exists)
      f |= taintFlags(
        parseTaints(lastAt(r.taints, t)?.taints ?? []),
        lastAt(r.unschedulable, t)?.unschedulable === true,
      );
    flags[i] = f;
  });
  // The pods in the API at t: created by then and not yet gone.
  const machine: number[] = [];
  const code: number[] = [];
  let unscheduled = 0;
  for (const p of history.pods.values()) {
    if (p.created > t || (p.gone !== undefined && p.gone <= t)) continue;
    const c = codeAt(p.codes, t);
    if (c === undefined) continue;
    const bound = p.node !== undefined && p.boundAt !== undefined && p.boundAt <= t;
    if (!bound) unscheduled++;
    machine.push(bound ? (index.get(p.node as string) ?? -1) : -1);
    code.push(c);
  }
  const packed = packPods(
    n,
    machine.length,
    (j) => machine[j] as number,
    (j) => code[j] as number,
  );
  const zoneStates = zoneStatesOf(machines.zones, lastAt(history.zoneStates, t)?.states ?? {});
  return { now: t, changeCount: e.state.changeCount, zoneStates, ...machines, state, flags, ...packed, unscheduled };
}
