/**
 * The engine host used by the worker: owns the simulation, the user's command log, checkpoints
 * for seeking, timeline markers and the diffing that turns engine state into small patches.
 * No worker globals here, so it runs (and is tested) in Node too.
 */
import {
  type ClusterView,
  createSimulation,
  type Explanation,
  formatSimTime,
  type NodeView,
  type PodView,
  type Scenario,
  type SimSnapshot,
  type Simulation,
} from '../sim/runtime';
import type {
  ClockState,
  LoggedCommand,
  OpenViews,
  Patch,
  ResumeInput,
  Snapshot,
  TerminalLine,
  Texts,
  TimelineMarker,
} from './protocol';

/** A checkpoint every 30 s of simulated time bounds the replay work of a backward seek. */
export const CHECKPOINT_EVERY = 30_000;
const TERMINAL_KEEP = 400;
/**
 * kubectl texts show ages: when only time moved (no state change), they are rebuilt at most once
 * per second of wall time, which is as often as a reader can see an age tick.
 */
export const AGE_REFRESH_MS = 1000;
/**
 * Texts cheaper than this (small clusters) are rebuilt whenever the state changed. Dearer ones
 * (3,000 pods: hundreds of ms) wait TEXT_DUTY times their last cost, so building them takes at most
 * a quarter of the worker's time and the clock and the graph keep moving in between.
 */
const TEXT_CHEAP_MS = 8;
const TEXT_DUTY = 4;
/** Even dear texts are rebuilt at least this often while something changes. */
const TEXT_MAX_WAIT_MS = 2000;
/** The graph's view, when dear, waits this many times its cost (about 7 updates a second at 40 ms). */
const VIEW_DUTY = 3;

interface Checkpoint {
  t: number;
  applied: number;
  snap: SimSnapshot;
}

export type LoadResult = { ok: true; runner: SimRunner } | { ok: false; message: string };

/**
 * The scenario as the main thread sends it: `{"normalised": Scenario}`, already parsed and
 * validated there (state/bridge.ts) or generated from a built-in file and checked by a test. The
 * worker does not validate again, which keeps the parser and validator out of its bundle.
 */
export function parseScenarioJson(text: string): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `the scenario is not valid JSON: ${(err as Error).message}` };
  }
  const scenario = (data as { normalised?: Scenario } | null)?.normalised;
  if (scenario?.kind !== 'Scenario' || !Array.isArray(scenario.spec?.nodes)) {
    return { ok: false, message: 'the scenario reached the engine without being validated first' };
  }
  return { ok: true, scenario };
}

/** Loads the (normalised) scenario and replays the command log up to `at` (default: the last command). */
export function loadRunner(scenarioJson: string, log: LoggedCommand[], at?: number): LoadResult {
  const parsed = parseScenarioJson(scenarioJson);
  if (!parsed.ok) return parsed;
  const runner = new SimRunner(parsed.scenario, log);
  const target = at ?? Math.max(0, ...log.map((c) => c.at));
  runner.advance(target);
  return { ok: true, runner };
}

export class SimRunner {
  readonly scenario: Scenario;
  sim: Simulation;
  epoch = 0;
  private seq = 0;
  clock: ClockState = { now: 0, playing: false, speed: 10, skipQuiet: false, reached: 0 };
  /** Commands the user ran, in time order; `applied` of them are in the current state. */
  log: LoggedCommand[];
  private applied = 0;
  private checkpoints: Checkpoint[] = [];
  markers: TimelineMarker[];
  private terminal: TerminalLine[] = [];
  private nextLineId = 1;
  private pendingLines: TerminalLine[] = [];
  private logChanged = false;
  private markersChanged = false;
  views: OpenViews = { kubectl: [] };
  // Last values sent, to diff against.
  private sentNodes = new Map<string, string>();
  private sentPods = new Map<string, string>();
  private sentRest = '';
  private sentTexts: Texts = {};
  private sentWhy = '';
  private sentClock = '';
  /** What the texts (and Why?) were last built from: state change count, sim time, wall time, views, cost. */
  private built = { change: -1, simAt: Number.NaN, wallAt: Number.NEGATIVE_INFINITY, views: '', cost: 0 };
  /** What the graph's view was last built from (see viewDueIn). */
  private viewBuilt = { change: -1, second: Number.NaN, wallAt: Number.NEGATIVE_INFINITY, cost: 0 };
  private lastNodeStatus = new Map<string, string>();

  constructor(scenario: Scenario, log: LoggedCommand[]) {
    this.scenario = scenario;
    this.sim = createSimulation(scenario);
    this.log = [...log].sort((a, b) => a.at - b.at);
    this.markers = scenario.spec.timeline.map((t) => ({ at: t.at, kind: 'command' as const, label: t.run }));
    for (const c of this.log) this.markers.push({ at: c.at, kind: 'command', label: c.line });
    this.checkpoint();
    for (const n of this.sim.view().nodes) this.lastNodeStatus.set(n.name, n.status);
  }

  get now(): number {
    return this.sim.now;
  }

  /** Count of processed state changes (cheap "did anything move?" check). */
  get changeCount(): number {
    return this.sim.engine.state.changeCount;
  }

  private checkpoint(): void {
    const t = this.sim.now;
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (last && last.t >= t) return;
    this.checkpoints.push({ t, applied: this.applied, snap: this.sim.snapshot() });
  }

  /** Advance to `target`, running logged commands on the way and checkpointing every 30 s. */
  advance(target: number): void {
    for (;;) {
      const next = this.log[this.applied];
      const boundary = (Math.floor(this.sim.now / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY;
      const entry = this.scenario.spec.timeline.find((x) => x.at > this.sim.now);
      const stop = Math.min(target, boundary, next ? next.at : Infinity, entry ? entry.at : Infinity);
      if (stop > this.sim.now) {
        const from = this.sim.now;
        this.sim.advanceTo(stop);
        this.echoScenarioCommands(from, this.sim.now);
      }
      while (this.log[this.applied] && (this.log[this.applied] as LoggedCommand).at <= this.sim.now) {
        this.sim.run((this.log[this.applied] as LoggedCommand).line);
        this.applied++;
      }
      if (this.sim.now === boundary) this.checkpoint();
      if (this.sim.now >= target) break;
    }
    this.noteTime();
  }

  /**
   * Shows the scenario's own timeline commands in the terminal as they run (the engine runs them),
   * once: only when time moves into territory this future has not seen yet.
   */
  private echoScenarioCommands(from: number, to: number): void {
    for (const x of this.scenario.spec.timeline) {
      if (x.at <= from || x.at > to || x.at <= this.clock.reached) continue;
      this.line('input', x.run);
      if (x.run.startsWith('kubectl '))
        this.line(
          'output',
          safe(() => this.sim.kubectl(x.run)),
        );
    }
  }

  private noteTime(): void {
    this.clock.now = this.sim.now;
    if (this.sim.now > this.clock.reached) this.clock.reached = this.sim.now;
  }

  /** Jump to `t`: restore the nearest checkpoint at or before it and replay forward. */
  seek(t: number): void {
    t = Math.max(this.checkpoints[0]?.t ?? 0, Math.round(t));
    if (t < this.sim.now) {
      let cp = this.checkpoints[0] as Checkpoint;
      for (const c of this.checkpoints) if (c.t <= t) cp = c;
      this.sim.restore(cp.snap);
      this.applied = cp.applied;
    }
    this.advance(t);
    this.epoch++;
  }

  /** Step to the next visible state change (bounded to one hour ahead). */
  step(): void {
    const nextCmd = this.log[this.applied];
    const limit = nextCmd ? nextCmd.at : this.sim.now + 3_600_000;
    const t = this.sim.step(limit);
    this.advance(t ?? limit);
  }

  /** Run a command now. Acting in the past forks: the logged future after now is dropped. */
  command(line: string): void {
    const now = this.sim.now;
    if (this.applied < this.log.length || this.clock.reached > now) {
      const dropped = this.log.slice(this.applied);
      this.log = this.log.slice(0, this.applied);
      this.checkpoints = this.checkpoints.filter((c) => c.t <= now);
      this.markers = this.markers.filter((m) => m.at <= now || this.isScenarioMarker(m));
      this.clock.reached = now;
      this.markersChanged = true;
      this.info(forkMessage(now, dropped));
    }
    const res = this.sim.run(line);
    this.log.push({ at: now, line: res.canonical || line });
    this.applied = this.log.length;
    this.logChanged = true;
    this.markers.push({ at: now, kind: 'command', label: res.canonical || line });
    this.markersChanged = true;
    this.line('input', res.canonical || line);
    if (res.output) this.line(res.ok ? 'output' : 'refusal', res.output);
  }

  private isScenarioMarker(m: TimelineMarker): boolean {
    return m.kind === 'command' && this.scenario.spec.timeline.some((t) => t.at === m.at && t.run === m.label);
  }

  /**
   * After a crash the UI hands back what it already showed (the lost worker's terminal lines,
   * markers and known end), so the restarted run looks exactly as before. Call before snapshot().
   */
  resume(r: ResumeInput): void {
    this.terminal = r.terminal.slice(-TERMINAL_KEEP);
    this.nextLineId = Math.max(this.nextLineId, ...this.terminal.map((l) => l.id + 1));
    this.pendingLines = [];
    this.markers = [...r.markers];
    if (r.reached > this.clock.reached) this.clock.reached = r.reached;
    const n = this.log.length;
    this.info(
      `Restarted after a crash at ${formatSimTime(this.now)}: the scenario and ${n === 1 ? '1 command' : `${n} commands`} replayed.`,
    );
  }

  info(text: string): void {
    this.line('info', text);
  }

  private line(kind: TerminalLine['kind'], text: string): void {
    const l: TerminalLine = { id: this.nextLineId++, at: this.sim.now, kind, text };
    this.terminal.push(l);
    if (this.terminal.length > TERMINAL_KEEP) this.terminal.splice(0, this.terminal.length - TERMINAL_KEEP);
    this.pendingLines.push(l);
  }

  /** Notes node status transitions as timeline markers (only in new territory, so never twice). */
  private detectTransitions(view: ClusterView): void {
    for (const n of view.nodes) {
      const before = this.lastNodeStatus.get(n.name);
      const now = n.apiExists ? n.status : 'no Node object';
      if (before !== undefined && before !== now && this.sim.now >= this.clock.reached) {
        this.markers.push({ at: this.sim.now, kind: 'transition', label: `${n.name} ${now}` });
        this.markersChanged = true;
      }
      this.lastNodeStatus.set(n.name, now);
    }
  }

  /**
   * When the texts are next due, in ms of wall time from `wall` (0: now), or undefined when they
   * are up to date. Due: at once when the open views changed; when the state changed, once the
   * cost-based wait has passed; when only time moved (ages), a second after the last build.
   */
  textsDueIn(wall: number): number | undefined {
    const b = this.built;
    if (viewsKey(this.views) !== b.views) return 0;
    const since = wall - b.wallAt;
    const wait = b.cost < TEXT_CHEAP_MS ? 0 : Math.min(TEXT_MAX_WAIT_MS, b.cost * TEXT_DUTY);
    if (this.changeCount !== b.change) return Math.max(0, wait - since);
    if (this.sim.now !== b.simAt) return Math.max(0, Math.max(wait, AGE_REFRESH_MS) - since);
    return undefined;
  }

  private computeTexts(wall = performance.now()): Texts {
    this.built = { change: this.changeCount, simAt: this.sim.now, wallAt: wall, views: viewsKey(this.views), cost: 0 };
    const out: Texts = {};
    for (const line of this.views.kubectl) out[line] = safe(() => this.sim.kubectl(line));
    const node = this.views.journalNode;
    if (node) {
      out[`journal:${node}`] = safe(() => this.sim.journal(node, 'kubelet'));
      out[`status:${node}`] = safe(() => this.sim.systemctlStatus(node, 'kubelet'));
    }
    this.built.cost = performance.now() - wall;
    return out;
  }

  private computeWhy(): Explanation | undefined {
    const ref = this.views.explainRef;
    return ref ? this.sim.explain(ref) : undefined;
  }

  /**
   * When the graph's view is next due (see textsDueIn): when the state changed or the shown
   * second moved; a view dearer than TEXT_CHEAP_MS (3,000 pods: ~40 ms) waits VIEW_DUTY times its cost.
   */
  private viewDueIn(wall: number): number | undefined {
    const b = this.viewBuilt;
    if (this.changeCount === b.change && Math.floor(this.sim.now / 1000) === b.second) return undefined;
    const wait = b.cost < TEXT_CHEAP_MS ? 0 : Math.min(TEXT_MAX_WAIT_MS, b.cost * VIEW_DUTY);
    return Math.max(0, wait - (wall - b.wallAt));
  }

  /** When the next patch has something due (texts or the view); undefined when all is sent. */
  dueIn(wall: number): number | undefined {
    const a = this.textsDueIn(wall);
    const b = this.viewDueIn(wall);
    return a === undefined ? b : b === undefined ? a : Math.min(a, b);
  }

  /** Puts the view entities that changed into `p`; true when any did. */
  private diffView(p: Patch, wall: number): boolean {
    const view = this.sim.view();
    this.viewBuilt = { change: this.changeCount, second: Math.floor(this.sim.now / 1000), wallAt: wall, cost: 0 };
    this.detectTransitions(view);
    const nodes = diffEntities(view.nodes, (n) => n.name, this.sentNodes, shownNode);
    if (nodes.upserts.length) p.nodes = nodes.upserts;
    if (nodes.removed.length) p.removedNodes = nodes.removed;
    const pods = diffEntities(view.pods, (x) => x.key, this.sentPods);
    if (pods.upserts.length) p.pods = pods.upserts;
    if (pods.removed.length) p.removedPods = pods.removed;
    let changed = nodes.upserts.length + nodes.removed.length + pods.upserts.length + pods.removed.length > 0;
    const r = rest(view);
    const rs = JSON.stringify(r);
    if (rs !== this.sentRest) {
      this.sentRest = rs;
      p.rest = r;
      changed = true;
    }
    this.viewBuilt.cost = performance.now() - wall;
    return changed;
  }

  /** Everything the UI needs, from scratch (load, seek, restart). Resets the diff baseline. */
  snapshot(): Snapshot {
    const view = this.sim.view();
    this.lastNodeStatus = new Map(view.nodes.map((n) => [n.name, n.apiExists ? n.status : 'no Node object']));
    this.sentNodes = new Map(view.nodes.map((n) => [n.name, shownNode(n)]));
    this.sentPods = new Map(view.pods.map((p) => [p.key, JSON.stringify(p)]));
    this.sentRest = JSON.stringify(rest(view));
    this.viewBuilt = {
      change: this.changeCount,
      second: Math.floor(this.sim.now / 1000),
      wallAt: performance.now(),
      cost: 0,
    };
    this.sentTexts = this.computeTexts();
    const why = this.computeWhy();
    this.sentWhy = JSON.stringify(why ?? null);
    this.pendingLines = [];
    this.logChanged = false;
    this.markersChanged = false;
    this.noteTime();
    this.sentClock = clockKey(this.clock);
    const snap: Snapshot = {
      type: 'snapshot',
      epoch: this.epoch,
      title: this.scenario.metadata.title || this.scenario.metadata.name,
      view,
      texts: { ...this.sentTexts },
      terminal: [...this.terminal],
      clock: { ...this.clock },
      markers: [...this.markers],
      commandLog: [...this.log],
    };
    if (why) snap.why = why;
    return snap;
  }

  /**
   * What changed since the last snapshot or patch; undefined when nothing did. `wall` (ms, the
   * worker's performance.now()) paces the texts: see textsDueIn. The clock alone counts as a change
   * only when what the page shows of it does (whole seconds, play state, speed), so a quiet cluster
   * playing at 10x costs the page ten small updates a second, not sixty.
   */
  patch(wall = performance.now()): Patch | undefined {
    const p: Patch = { type: 'patch', epoch: this.epoch, seq: this.seq + 1, clock: { ...this.clock } };
    const clock = clockKey(this.clock);
    let changed = clock !== this.sentClock;
    this.sentClock = clock;
    if (this.viewDueIn(wall) === 0) changed = this.diffView(p, wall) || changed;
    let anyText = false;
    if (this.textsDueIn(wall) === 0) {
      const texts = this.computeTexts(wall);
      const changedTexts: Texts = {};
      for (const [k, v] of Object.entries(texts)) {
        if (this.sentTexts[k] !== v) {
          changedTexts[k] = v;
          anyText = true;
        }
      }
      this.sentTexts = texts;
      if (anyText) p.texts = changedTexts;
      const why = this.computeWhy();
      const ws = JSON.stringify(why ?? null);
      if (ws !== this.sentWhy && why) {
        p.why = why;
        anyText = true;
      }
      this.sentWhy = ws;
    }
    if (this.pendingLines.length) {
      p.terminal = this.pendingLines;
      this.pendingLines = [];
      changed = true;
    }
    if (this.markersChanged) {
      p.markers = [...this.markers];
      this.markersChanged = false;
      changed = true;
    }
    if (this.logChanged) {
      p.commandLog = [...this.log];
      this.logChanged = false;
      changed = true;
    }
    if (!changed && !anyText) return undefined;
    this.seq = p.seq;
    return p;
  }
}

/** The open views as a comparable key. */
function viewsKey(v: OpenViews): string {
  return JSON.stringify([v.kubectl, v.journalNode ?? '', v.explainRef ?? '']);
}

/** What the page shows of the clock: whole seconds, play state, speed, skip-quiet, the known end. */
function clockKey(c: ClockState): string {
  return `${Math.floor(c.now / 1000)}|${c.playing}|${c.speed}|${c.skipQuiet}|${Math.floor(c.reached / 1000)}`;
}

/** The terminal's note when acting in the past: the new future, and the commands it dropped. */
export function forkMessage(at: number, dropped: LoggedCommand[]): string {
  const head = `Forked a new future at ${formatSimTime(at)}`;
  if (!dropped.length) return `${head}: what happened after ${formatSimTime(at)} was dropped.`;
  const list = dropped.map((c) => `${c.line} (at ${formatSimTime(c.at)})`).join('; ');
  return `${head}: ${dropped.length === 1 ? '1 later command was' : `${dropped.length} later commands were`} dropped: ${list}.`;
}

function rest(v: ClusterView): NonNullable<Patch['rest']> {
  const r: NonNullable<Patch['rest']> = {
    workloads: v.workloads,
    registryUp: v.registryUp,
    changeCount: v.changeCount,
  };
  if (v.controlPlane) r.controlPlane = v.controlPlane;
  return r;
}

function safe(f: () => string): string {
  try {
    return f();
  } catch (err) {
    return `error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * A node as the page shows it: the heartbeat's age in whole seconds (the card prints seconds; the
 * bar moves by a fiftieth of the grace period per second), so that an age growing by a few ms
 * does not re-send every node every frame.
 */
function shownNode(n: NodeView): string {
  return n.heartbeatAge === undefined
    ? JSON.stringify(n)
    : JSON.stringify({ ...n, heartbeatAge: Math.floor(n.heartbeatAge / 1000) });
}

/**
 * Entity-level diff: the changed or new entities, and the keys that disappeared. `shown` gives
 * what is compared (default: the whole entity).
 */
export function diffEntities<T extends NodeView | PodView>(
  list: T[],
  keyOf: (x: T) => string,
  sent: Map<string, string>,
  shown: (x: T) => string = (x) => JSON.stringify(x),
): { upserts: T[]; removed: string[] } {
  const upserts: T[] = [];
  const seen = new Set<string>();
  for (const x of list) {
    const k = keyOf(x);
    seen.add(k);
    const s = shown(x);
    if (sent.get(k) !== s) {
      sent.set(k, s);
      upserts.push(x);
    }
  }
  const removed: string[] = [];
  for (const k of sent.keys()) if (!seen.has(k)) removed.push(k);
  for (const k of removed) sent.delete(k);
  return { upserts, removed };
}
