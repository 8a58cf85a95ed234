/**
 * Turns the runner's state into what the page needs: a whole `snapshot` (load, seek, restart) or a
 * small `patch` with only what changed since the last one (entities by key, texts, the run's
 * changed entries, chapters, the clock).
 *
 * Pacing (textsDueIn / viewDueIn): kubectl texts, host logs and Why? are rebuilt when the open
 * views change (at once), when the engine's changeCount moved, or, when only time moved (ages),
 * once a second of wall time. Texts dearer than 8 ms (100 nodes: ~230 ms) wait 4x their last cost;
 * the graph's view, dearer than 8 ms (~40 ms), waits 3x its cost (at most 2 s). The clock alone
 * is a change only when its shown second (or play state, speed, end) did.
 */
import { type ClusterView, type Explanation, type NodeView, OVERVIEW_ABOVE_NODES, type PodView } from '../sim/runtime';
import type { Patch, Snapshot, Texts } from './protocol';
import type { SimRunner } from './runner';

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
/**
 * The graph's view and the chart are rebuilt at least this often while something changes. Texts
 * are not capped: a whole listing of a million Events (Show all, 5,000 nodes) costs seconds, and
 * rebuilding it every 2 s left the clock a few percent of the worker's time.
 */
const VIEW_MAX_WAIT_MS = 2000;
/** The graph's view, when dear, waits this many times its cost (about 7 updates a second at 40 ms). */
const VIEW_DUTY = 3;
/**
 * The space-time chart is rebuilt at most every CHART_MIN_WAIT_MS of wall time while it changes
 * (a lane grows by a pixel or two at a time: more often is not seen), and dear charts (a big
 * cluster's zone lanes) wait CHART_DUTY times their cost.
 */
const CHART_MIN_WAIT_MS = 250;
const CHART_DUTY = 4;

export class PatchBuilder {
  private seq = 0;
  private sentNodes = new Map<string, string>();
  private sentPods = new Map<string, string>();
  private sentRest = '';
  private sentTexts: Texts = {};
  /** The simulated ms the texts last sent were built at. */
  private sentTextsAt = Number.NaN;
  private sentWhy = '';
  /** Lines of each text last built that was cut (see cutText). */
  private lines: Record<string, number> = {};
  private sentClock = '';
  private sentChapters = -1;
  /** What the texts (and Why?) were last built from: state change count, sim time, wall time, views, cost. */
  private built = { change: -1, simAt: Number.NaN, wallAt: Number.NEGATIVE_INFINITY, views: '', cost: 0 };
  /** What the chart was last built from: history version, chapters version, wall time, cost (see chartDueIn). */
  private chartBuilt = { version: -1, chapters: -1, reached: 0, wallAt: Number.NEGATIVE_INFINITY, cost: 0 };
  /** What the graph's view was last built from (see viewDueIn); `focus`: the machines zoomed into, in an overview. */
  private viewBuilt = { change: -1, second: Number.NaN, wallAt: Number.NEGATIVE_INFINITY, cost: 0, focus: '' };
  /** The state change count the last overview was built at (big clusters). */
  private sentOverview = -1;

  constructor(private readonly r: SimRunner) {}

  /**
   * When the texts are next due, in ms of wall time from `wall` (0: now), or undefined when they
   * are up to date. Due: at once when the open views changed; when the state changed, once the
   * cost-based wait has passed; when only time moved (ages), a second after the last build.
   */
  textsDueIn(wall: number): number | undefined {
    const b = this.built;
    if (viewsKey(this.r) !== b.views) return 0;
    const since = wall - b.wallAt;
    const wait = b.cost < TEXT_CHEAP_MS ? 0 : b.cost * TEXT_DUTY;
    if (this.r.changeCount !== b.change) return Math.max(0, wait - since);
    if (this.r.now !== b.simAt) return Math.max(0, Math.max(wait, AGE_REFRESH_MS) - since);
    return undefined;
  }

  /** When the graph's view is next due: when the state changed or the shown second moved. */
  private viewDueIn(wall: number): number | undefined {
    const b = this.viewBuilt;
    if (focusKey(this.r) !== b.focus) return 0;
    if (this.r.changeCount === b.change && Math.floor(this.r.now / 1000) === b.second) return undefined;
    const wait = b.cost < TEXT_CHEAP_MS ? 0 : Math.min(VIEW_MAX_WAIT_MS, b.cost * VIEW_DUTY);
    return Math.max(0, wait - (wall - b.wallAt));
  }

  /** When the chart is next due: when it is open and the history or the chapters changed. */
  private chartDueIn(wall: number): number | undefined {
    const r = this.r;
    const b = this.chartBuilt;
    if (!r.views.chart) {
      b.version = -1; // sent again in full when reopened
      return undefined;
    }
    // The chart also grows with the clock (bands reach the furthest time): by a 200th of its width.
    const grown = r.clock.reached - b.reached >= Math.max(1000, r.clock.end / 200);
    if (r.history.version === b.version && r.frontier.version === b.chapters && !grown) return undefined;
    if (b.version < 0) return 0;
    const wait = Math.max(CHART_MIN_WAIT_MS, Math.min(VIEW_MAX_WAIT_MS, b.cost * CHART_DUTY));
    return Math.max(0, wait - (wall - b.wallAt));
  }

  private computeScoreboard() {
    return this.r.scoreboard();
  }

  private computeChart(wall: number) {
    const r = this.r;
    this.chartBuilt = {
      version: r.history.version,
      chapters: r.frontier.version,
      reached: r.clock.reached,
      wallAt: wall,
      cost: 0,
    };
    const chart = r.chart();
    this.chartBuilt.cost = performance.now() - wall;
    return chart;
  }

  /** When the next patch has something due (texts, the view or the chart); undefined when all is sent. */
  dueIn(wall: number): number | undefined {
    let due: number | undefined;
    for (const d of [this.textsDueIn(wall), this.viewDueIn(wall), this.chartDueIn(wall)])
      if (d !== undefined && (due === undefined || d < due)) due = d;
    return due;
  }

  private computeTexts(wall: number): Texts {
    const r = this.r;
    this.built = { change: r.changeCount, simAt: r.now, wallAt: wall, views: viewsKey(r), cost: 0 };
    const out: Texts = {};
    const whole = new Set(r.views.whole ?? []);
    this.lines = {};
    for (const line of r.views.kubectl) {
      const keep = line.startsWith('kubectl get events') ? 'tail' : 'head';
      // A long table is measured and only its part written (a million events at 5,000 nodes).
      const part = whole.has(line) ? mostOfTable(r, line, keep) : partOfTable(r, line, keep);
      const text = part ? '' : safe(() => r.sim.kubectl(line));
      const cut = part ?? (whole.has(line) ? undefined : cutText(text, keep));
      out[line] = cut ? cut.text : text;
      if (cut) this.lines[line] = cut.lines;
      // A text of a 5,000-node cluster takes seconds (a million events): still alive.
      r.busy?.(r.now);
    }
    const node = r.views.journalNode;
    if (node) {
      out[`journal:${node}`] = safe(() => r.sim.journal(node, 'kubelet'));
      out[`status:${node}`] = safe(() => r.sim.systemctlStatus(node, 'kubelet'));
    }
    this.built.cost = performance.now() - wall;
    return out;
  }

  private computeWhy(): Explanation | undefined {
    const ref = this.r.views.explainRef;
    if (!ref) return undefined;
    try {
      return this.r.sim.explain(ref);
    } catch {
      return undefined;
    }
  }

  /**
   * The graph's view: the whole cluster, or, for a cluster of more than OVERVIEW_ABOVE_NODES
   * machines, the overview (state codes of every machine and pod) and the cards of the machines
   * zoomed into.
   */
  private buildView(): { view: ClusterView; big: boolean } {
    const r = this.r;
    if (r.sim.machineCount() <= OVERVIEW_ABOVE_NODES) return { view: r.sim.view(), big: false };
    return { view: r.sim.view(new Set(r.views.focus ?? [])), big: true };
  }

  /** Puts the view entities that changed into `p`; true when any did. */
  private diffView(p: Patch, wall: number): boolean {
    const r = this.r;
    const { view, big } = this.buildView();
    this.viewBuilt = {
      change: r.changeCount,
      second: Math.floor(r.now / 1000),
      wallAt: wall,
      cost: 0,
      focus: focusKey(r),
    };
    let overview = false;
    if (big && this.sentOverview !== r.changeCount) {
      p.overview = r.sim.overview();
      this.sentOverview = r.changeCount;
      overview = true;
    }
    const nodes = diffEntities(view.nodes, (n) => n.name, this.sentNodes, shownNode);
    if (nodes.upserts.length) p.nodes = nodes.upserts;
    if (nodes.removed.length) p.removedNodes = nodes.removed;
    const pods = diffEntities(view.pods, (x) => x.key, this.sentPods);
    if (pods.upserts.length) p.pods = pods.upserts;
    if (pods.removed.length) p.removedPods = pods.removed;
    let changed =
      overview || nodes.upserts.length + nodes.removed.length + pods.upserts.length + pods.removed.length > 0;
    const rest: NonNullable<Patch['rest']> = {
      workloads: view.workloads,
      registryUp: view.registryUp,
      changeCount: view.changeCount,
    };
    if (view.controlPlane) rest.controlPlane = view.controlPlane;
    if (view.cloud) rest.cloud = view.cloud;
    const rs = JSON.stringify(rest);
    if (rs !== this.sentRest) {
      this.sentRest = rs;
      p.rest = rest;
      changed = true;
    }
    this.viewBuilt.cost = performance.now() - wall;
    return changed;
  }

  /** Everything the UI needs, from scratch (load, seek, restart). Resets the diff baseline. */
  snapshot(wall = performance.now()): Snapshot {
    const r = this.r;
    const { view, big } = this.buildView();
    this.sentNodes = new Map(view.nodes.map((n) => [n.name, shownNode(n)]));
    this.sentPods = new Map(view.pods.map((p) => [p.key, JSON.stringify(p)]));
    const rest: NonNullable<Patch['rest']> = {
      workloads: view.workloads,
      registryUp: view.registryUp,
      changeCount: view.changeCount,
    };
    if (view.controlPlane) rest.controlPlane = view.controlPlane;
    if (view.cloud) rest.cloud = view.cloud;
    this.sentRest = JSON.stringify(rest);
    this.viewBuilt = {
      change: r.changeCount,
      second: Math.floor(r.now / 1000),
      wallAt: wall,
      cost: 0,
      focus: focusKey(r),
    };
    this.sentOverview = big ? r.changeCount : -1;
    this.sentTexts = this.computeTexts(wall);
    this.sentTextsAt = this.built.simAt;
    const why = this.computeWhy();
    this.sentWhy = JSON.stringify(why ?? null);
    r.record.markSent();
    r.logChanged = false;
    this.sentChapters = r.frontier.version;
    this.sentClock = clockKey(r);
    const snap: Snapshot = {
      type: 'snapshot',
      epoch: r.epoch,
      title: r.scenario.metadata.title || r.scenario.metadata.name,
      view,
      texts: { ...this.sentTexts },
      textLines: { ...this.lines },
      textsAt: this.sentTextsAt,
      run: r.record.list(),
      chapters: [...r.chapters],
      scoreboard: this.computeScoreboard(),
      clock: { ...r.clock },
      commandLog: r.log,
    };
    if (why) snap.why = why;
    if (big) snap.overview = r.sim.overview();
    this.chartBuilt.version = -1;
    if (r.views.chart) snap.chart = this.computeChart(wall);
    return snap;
  }

  /**
   * What changed since the last snapshot or patch; undefined when nothing did. `wall` (ms, the
   * worker's performance.now()) paces the texts: see textsDueIn.
   */
  patch(wall = performance.now()): Patch | undefined {
    const r = this.r;
    const p: Patch = { type: 'patch', epoch: r.epoch, seq: this.seq + 1, clock: { ...r.clock } };
    const clock = clockKey(r);
    let changed = clock !== this.sentClock;
    this.sentClock = clock;
    if (this.viewDueIn(wall) === 0) changed = this.diffView(p, wall) || changed;
    if (this.textsDueIn(wall) === 0) {
      const texts = this.computeTexts(wall);
      const changedTexts: Texts = {};
      let any = false;
      const lines: Record<string, number> = {};
      for (const [k, v] of Object.entries(texts)) {
        if (this.sentTexts[k] !== v) {
          changedTexts[k] = v;
          lines[k] = this.lines[k] ?? 0;
          any = true;
        }
      }
      this.sentTexts = texts;
      if (any) {
        p.texts = changedTexts;
        p.textLines = lines;
      }
      // The page learns that its texts are those of this moment even when none changed (tests
      // wait on it: a Step's clock comes before its texts when they are dear).
      if (this.built.simAt !== this.sentTextsAt) {
        this.sentTextsAt = this.built.simAt;
        p.textsAt = this.built.simAt;
        any = true;
      }
      const why = this.computeWhy();
      const ws = JSON.stringify(why ?? null);
      if (ws !== this.sentWhy && why) {
        p.why = why;
        any = true;
      }
      this.sentWhy = ws;
      changed ||= any;
    }
    const run = r.record.takeChanges();
    if (run) {
      if (run.upserts.length) p.run = run.upserts;
      if (run.removed.length) p.runRemoved = run.removed;
      changed = true;
    }
    if (r.frontier.version !== this.sentChapters) {
      this.sentChapters = r.frontier.version;
      p.chapters = [...r.chapters];
      p.scoreboard = this.computeScoreboard();
      changed = true;
    }
    if (this.chartDueIn(wall) === 0) {
      p.chart = this.computeChart(wall);
      // Workloads' time short of Ready replicas grows with the history: sent with the chart.
      p.scoreboard = this.computeScoreboard();
      changed = true;
    }
    if (r.logChanged) {
      p.commandLog = r.log;
      r.logChanged = false;
      changed = true;
    }
    if (!changed) return undefined;
    this.seq = p.seq;
    return p;
  }
}

/** The machines zoomed into (a big cluster's overview), as a comparable key. */
function focusKey(r: SimRunner): string {
  return (r.views.focus ?? []).join(',');
}

/** The open views as a comparable key. */
function viewsKey(r: SimRunner): string {
  const v = r.views;
  return JSON.stringify([v.kubectl, v.journalNode ?? '', v.explainRef ?? '', v.whole ?? []]);
}

/**
 * A kubectl text longer than this many lines (a big cluster: 30,000 pods, 190,000 events) is sent
 * in part unless the view asked for all of it: the page shows 200 rows of it anyway, and splitting
 * and diffing megabytes on the main thread took hundreds of ms per update.
 */
export const TEXT_CUT_LINES = 1000;
/** What is kept of a cut text: its head (tables keep their header row) or its tail (event streams). */
const TEXT_KEPT_LINES = 401;

/**
 * The first (or last) `kept` lines of a `kubectl get` table of more than `over` lines, measured
 * and written without the whole table (undefined: not one table that long). A head ends with
 * the newline after its last line, as cutText's does.
 */
function tablePart(
  r: SimRunner,
  line: string,
  keep: 'head' | 'tail',
  over: number,
  kept: number,
): { text: string; lines: number } | undefined {
  try {
    const part = r.sim.kubectlPart(line, keep, over, kept);
    return part && keep === 'head' ? { text: `${part.text}\n`, lines: part.lines } : part;
  } catch {
    return undefined;
  }
}

/** cutText of a `kubectl get` table, without writing the whole table first (undefined: not one long table). */
export function partOfTable(
  r: SimRunner,
  line: string,
  keep: 'head' | 'tail',
): { text: string; lines: number } | undefined {
  return tablePart(r, line, keep, TEXT_CUT_LINES, TEXT_KEPT_LINES);
}

/**
 * "Show all" of a table longer than this many lines gets this many (its head, or an event
 * stream's tail), and the page says so: a million Events at 5,000 nodes were 118 MB of text built
 * in ~14 s, again at every refresh while the view stayed open, then split into lines on the page.
 */
export const WHOLE_MAX_LINES = 100_000;

/** What "Show all" sends of a table: undefined (the whole text) unless it is over `max` lines. */
export function mostOfTable(
  r: SimRunner,
  line: string,
  keep: 'head' | 'tail',
  max = WHOLE_MAX_LINES,
): { text: string; lines: number } | undefined {
  return tablePart(r, line, keep, max, max);
}

export function cutText(text: string, keep: 'head' | 'tail'): { text: string; lines: number } | undefined {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines++;
  if (lines <= TEXT_CUT_LINES) return undefined;
  if (keep === 'head') {
    let end = -1;
    for (let n = 0; n < TEXT_KEPT_LINES; n++) end = text.indexOf('\n', end + 1);
    return { text: text.slice(0, end + 1), lines };
  }
  let start = text.endsWith('\n') ? text.length - 1 : text.length;
  for (let n = 0; n < TEXT_KEPT_LINES; n++) start = text.lastIndexOf('\n', start - 1);
  return { text: text.slice(start + 1), lines };
}

/** What the page shows of the clock: whole seconds, play state, speed, skip-quiet, the known end. */
function clockKey(r: SimRunner): string {
  const c = r.clock;
  return `${Math.floor(c.now / 1000)}|${c.playing}|${c.speed}|${c.skipQuiet}|${Math.floor(c.reached / 1000)}|${c.end}`;
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
