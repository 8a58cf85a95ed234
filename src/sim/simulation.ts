/**
 * Builds a simulation from a scenario and exposes the public engine API (see index.ts).
 */

import { type ActionOption, type ActionTarget, actionsFor } from './commands/actions';
import { type CommandResult, runCommand } from './commands/run';
import { type RunningCommand, runningCommands } from './commands/running';
import { emptyObjects } from './core/api-records';
import type { ApiObject } from './core/api-types';
import { emptyCauseLog } from './core/cause-log';
import { type Chapter, chapterList } from './core/chapters';
import { dict } from './core/dict';
import { Engine, type EngineIndexes, type SimModule } from './core/engine';
import { copyEventLog, type EventLogCheckpoint, emptyEventLog, restoreEventLog } from './core/event-log';
import { PROFILES, type Profile, type Settings } from './core/profiles';
import { seedRng } from './core/random';
import type { Scenario } from './core/scenario-types';
import { copyState } from './core/snapshot';
import type { ApiCheckpoint, CommandBy, Host, RecordKind, SimState } from './core/state';
import { type RecordCheckpoint, StoreRecord } from './core/store-record';
import { FNV_OFFSET, hashHex } from './core/trace';
import { type Explanation, explain } from './explain';
import { journalctl } from './host/journal';
import { systemctl } from './host/systemctl';
import { joinPieces, type OutputCollector } from './kubectl/pieces';
import { kubectlOutput, kubectlOutputPart } from './kubectl/run';
import { MODULES } from './modules';
import { bootstrap, WARMUP_MS } from './scenario/bootstrap';
import { buildOverview, type ClusterOverview } from './story/overview';
import { buildView, type ClusterView } from './view';

export interface SimSnapshot {
  readonly state: SimState;
  /** The engine's derived indexes at snapshot time (rebuilt from the state when absent). */
  readonly indexes?: EngineIndexes;
  /**
   * The API objects and object histories: each record's page table, whose pages are shared with
   * the live records and other snapshots (core/store-record.ts); when present, `state.api`'s
   * records are empty.
   */
  readonly api?: ApiCheckpoint;
  /**
   * The Events: the log's segments, head and tail (core/event-log.ts, O(segments) to take);
   * when present, `state.api.events` is empty. Taken only with `indexes`.
   */
  readonly events?: EventLogCheckpoint;
  /**
   * The modules' derived indexes at snapshot time (core/engine.ts `Warmth`: the owner index), set
   * up again by a restore instead of being rebuilt from every pod; taken only with `indexes`.
   */
  readonly warmth?: ReadonlyMap<string, unknown>;
}

export function initialState(scenario: Scenario): SimState {
  const profile = PROFILES[scenario.spec.profile];
  return emptyState(profile, scenario.spec.seed, { ...profile.defaults, ...scenario.spec.settings }, -WARMUP_MS);
}

/** A state with no hosts and no objects at time `now` (the base of a scenario, and of test kits). */
export function emptyState(profile: Profile, seed: number, settings: Settings, now: number): SimState {
  return {
    now,
    seed,
    rng: seedRng(seed),
    nextSeq: 0,
    nextUid: 0,
    timers: [],
    profile,
    settings,
    api: {
      // Keyed by names users choose: no prototype, so `constructor` or `__proto__` are plain keys.
      objects: emptyObjects(),
      events: emptyEventLog(),
      resourceVersion: 0,
      history: new StoreRecord(),
    },
    hosts: dict(),
    registryUp: true,
    registryCause: 0,
    controllers: {
      nodeHealth: dict(),
      knownNodes: dict(),
      zoneStates: dict(),
      taintQueue: dict(),
      zoneTokens: dict(),
      masterDisruption: false,
      evictions: dict(),
      podgcQuarantine: dict(),
      startedAt: now,
    },
    pendingSyncs: {},
    causes: emptyCauseLog(),
    traceHash: [FNV_OFFSET[0], FNV_OFFSET[1]],
    traceLength: 0,
    trace: [],
    commandLog: [],
    changeCount: 0,
  };
}

/** The engine as the rest of the app sees it. Pure and deterministic. */
export class Simulation {
  readonly scenario: Scenario;
  readonly engine: Engine;
  private timelineIndex = 0;
  /**
   * What becomes of a command's output, the timeline's included (runCommand's `collect`): joined
   * by default; a host that keeps only part of a long listing (the worker's terminal) or writes it
   * as it comes (the CLI) sets its own. Not part of the state: it never changes what a run does.
   */
  collectOutput: OutputCollector = joinPieces;
  private timelineResults: { at: number; index: number; result: CommandResult }[] = [];

  /**
   * `onBoot`: called after each simulated second of the cluster's start (times before 0), and
   * within a second that runs many timers (Engine.onBusy), with the simulation as it stands, so a
   * host (the worker) can say it is alive while a big cluster boots, and draw it starting. Running
   * the start a second at a time changes nothing: the same timers run in the same order.
   */
  constructor(
    scenario: Scenario,
    modules: readonly SimModule[] = MODULES,
    onBoot?: (now: number, sim: Simulation) => void,
  ) {
    this.scenario = scenario;
    this.engine = new Engine(initialState(scenario), modules);
    bootstrap(this.engine, scenario);
    if (onBoot) {
      this.engine.onBusy = () => onBoot(this.engine.now, this);
      for (let t = Math.ceil(this.engine.now / 1000) * 1000; t < 0; t += 1000) {
        this.engine.runUntil(t);
        onBoot(t, this);
      }
      this.engine.onBusy = undefined;
    }
    this.engine.runUntil(0);
  }

  get now(): number {
    return this.engine.now;
  }

  /**
   * `fn` is called every few thousand timers of a long advance (a 5,000-node cluster's second can
   * take seconds of real time): the host's chance to say it is alive. It must only read.
   */
  whenBusy(fn: (() => void) | undefined): void {
    this.engine.onBusy = fn;
  }

  /**
   * Run a command line now (DESIGN section 4). Refusals come back with ok=false and a reason.
   * `by` says who ran it (default: you, the learner); the scenario's timeline runs as `scenario`.
   * `collect`: what becomes of this command's output, instead of `collectOutput`.
   */
  run(line: string, opts: { by?: CommandBy; collect?: OutputCollector } = {}): CommandResult {
    return runCommand(this.engine, line, opts.by ?? 'you', opts.collect ?? this.collectOutput);
  }

  /**
   * Commands that went on running (kubectl drain waiting for its pods), oldest first: each with
   * its output so far and, once it ended, `done: { at, ok }` (ok false when it failed, timed out
   * or was interrupted by `^C`). Kept in the state, so snapshots and replays keep them.
   */
  runningCommands(): RunningCommand[] {
    return runningCommands(this.engine);
  }

  /** Advance the clock to `t`, running scenario timeline entries that fall due on the way. */
  advanceTo(t: number): void {
    const timeline = this.scenario.spec.timeline;
    while (this.timelineIndex < timeline.length) {
      const entry = timeline[this.timelineIndex];
      if (!entry || entry.at > t) break;
      this.engine.runUntil(entry.at);
      this.timelineIndex++;
      const result = this.run(entry.run, { by: entry.by ?? 'scenario' });
      this.timelineResults.push({ at: entry.at, index: this.timelineIndex - 1, result });
    }
    this.engine.runUntil(t);
  }

  /**
   * What the scenario's timeline commands printed since the last call (the app's terminal shows
   * them): not part of the state, so snapshots do not carry outputs.
   */
  takeTimelineResults(): { at: number; index: number; result: CommandResult }[] {
    const out = this.timelineResults;
    this.timelineResults = [];
    return out;
  }

  /**
   * Advance to the next visible state change (an API write, an event, a host change) and return
   * the new time; undefined if nothing is pending before `limit`.
   */
  step(limit = this.now + 3_600_000): number | undefined {
    const before = this.engine.state.changeCount;
    for (;;) {
      const nextTimer = this.engine.nextTimerAt();
      const nextEntry = this.scenario.spec.timeline[this.timelineIndex]?.at;
      const next = Math.min(nextTimer ?? Number.POSITIVE_INFINITY, nextEntry ?? Number.POSITIVE_INFINITY);
      if (!Number.isFinite(next) || next > limit) return undefined;
      this.advanceTo(next);
      if (this.engine.state.changeCount !== before) return this.now;
    }
  }

  kubectl(line: string): string {
    return kubectlOutput(this.engine, line);
  }

  /**
   * Part of a long `kubectl get` table, as a reader showing only part of it needs: its first (or
   * last) `kept` lines, padded as in the whole output, and the whole output's line count; only
   * when the output is one table of more than `over` lines (else undefined: print it whole).
   * A table of 150,000 pods or a million events is measured but not written out.
   */
  kubectlPart(
    line: string,
    keep: 'head' | 'tail',
    over: number,
    kept: number,
  ): { text: string; lines: number } | undefined {
    return kubectlOutputPart(this.engine, line, keep, over, kept);
  }

  /** The view model for the page; `only`: just these machines and their pods (see buildView). */
  view(only?: ReadonlySet<string>): ClusterView {
    return buildView(this.engine, only);
  }

  /** Machines (hosts) in the cluster, with or without a Node object. */
  machineCount(): number {
    return Object.keys(this.engine.state.hosts).length;
  }

  /** A big cluster at a glance: per machine and pod a state code, per zone its state (story/overview.ts). */
  overview(): ClusterOverview {
    return buildOverview(this.engine);
  }

  /** Every chapter (named moment) of the run up to now, in time order (core/chapters.ts). */
  chapters(): Chapter[] {
    return chapterList(this.engine);
  }

  explain(ref: string): Explanation {
    return explain(this.engine, ref);
  }

  journal(node: string, unit = 'kubelet'): string {
    return journalctl(this.engine, node, unit);
  }

  /** What `ssh NODE systemctl status UNIT` prints, without logging a command (for the host view). */
  systemctlStatus(node: string, unit = 'kubelet'): string {
    return systemctl(this.engine, node, 'status', unit, 0).output;
  }

  actions(target: ActionTarget): ActionOption[] {
    return actionsFor(this.engine, target);
  }

  /**
   * A copy of the state that shares what did not change with the live state and with earlier
   * snapshots: the API objects and histories as each record's page table, O(pages), the pages
   * written since the previous one being copies (core/store-record.ts); the Events as the log's segments; the causes' full chunks;
   * each host as a copy of its own fields, every record in it shared until written
   * (core/snapshot.ts `copyHost`, core/copy-on-write.ts); the pods-by-node sets likewise
   * (`Engine.exportIndexes`).
   */
  snapshot(): SimSnapshot {
    const e = this.engine;
    const indexes = e.exportIndexes();
    const snap: SimSnapshot = {
      state: copyState(e.state, false, e.cow),
      indexes,
      api: e.checkpointApi(),
      events: e.checkpointEvents(),
      warmth: e.exportWarmth(),
    };
    // The snapshot holds the live state's host records: copied on write from now on.
    e.cow.shareAll();
    return snap;
  }

  restore(s: SimSnapshot): void {
    const live = this.engine.state.api;
    // Without the API records when the snapshot keeps them apart (they come back below).
    const state = copyState(s.state, !s.api);
    this.engine.state = state;
    // The live records take the snapshot's pages back: O(what changed since), not O(objects).
    if (s.api) this.engine.restoreApi(s.api, live);
    // The snapshot's containers, sandboxes and pod workers are now the live state's too.
    const cow = this.engine.cow;
    cow.shareAll();
    // Each host is, until touched, equal to the snapshot's copy of it: the next snapshot takes that.
    for (const name in state.hosts) {
      const shell = s.state.hosts[name];
      if (shell) cow.keepShell(state.hosts[name] as Host, shell);
    }
    if (s.indexes) this.engine.importIndexes(s.indexes, s.events);
    else this.engine.rebuildIndexes();
    if (s.indexes && s.warmth) this.engine.importWarmth(s.warmth);
    this.timelineIndex = this.scenario.spec.timeline.findIndex((e) => e.at > this.engine.now);
    if (this.timelineIndex < 0) this.timelineIndex = this.scenario.spec.timeline.length;
  }

  traceHash(): string {
    return hashHex(this.engine.state.traceHash);
  }
}

/** A copy of the whole state a snapshot holds (its chunks put back together), for the engine to take. */
export function stateOfSnapshot(s: SimSnapshot): SimState {
  const state = copyState(s.state, !s.api);
  if (s.api) {
    const objects = state.api.objects as Record<RecordKind, StoreRecord<ApiObject>>;
    for (const [kind, cp] of Object.entries(s.api.objects) as [RecordKind, RecordCheckpoint][])
      objects[kind] = StoreRecord.of(cp);
    state.api.history = StoreRecord.of(s.api.history);
  }
  if (s.events) state.api.events = copyEventLog(restoreEventLog(s.events));
  return state;
}

export function createSimulation(
  scenario: Scenario,
  opts: { onBoot?: (now: number, sim: Simulation) => void } = {},
): Simulation {
  return new Simulation(scenario, MODULES, opts.onBoot);
}
