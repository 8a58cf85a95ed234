/**
 * The simulation kernel: virtual clock, timer dispatch, the API store with its watches, causes
 * and the trace. Behaviour lives in modules (kubelet, runtime, controllers, ...) that register
 * timer handlers and API watches; the kernel only routes. The state is plain data (core/state.ts).
 */
import type { ApiObject, Kind, KubeEvent, Node, ObjectMeta, ObjectOfKind, ObjectReference, Pod } from './api-types';
import { appendCause } from './cause-log';
import { ChangeCounters, type Stamps } from './change-counters';
import { CopyOnWrite } from './copy-on-write';
import { type EventLogCheckpoint, emptyEventLog } from './event-log';
import { type EventCursor, EventStore } from './event-store';
import { flat } from './flat';
import { type HeapKeys, heapPeek, heapPop, heapPush, keysOf, type Timer } from './heap';
import { appendHistory, historyEntries, lastCauseIn } from './history-list';
import { intern, shareEqual } from './intern';
import { joinKey } from './key-memo';
import type { Observation, Observer } from './observe';
import { PendingTimers } from './pending-timers';
import { PodChanges } from './pod-changes';
import { BUSY_EVERY, MAX_STEPS_PER_INSTANT, SimulationStuckError } from './progress';
import { nextUint32, randomHex, uniformInt } from './random';
import type { ApiCheckpoint, Cause, ObjectHistoryEntry, RecordKind, SimState } from './state';
import type { RecordCheckpoint, StoreRecord } from './store-record';
import { fnvUpdate, hashString } from './trace';

export type TimerHandler = (e: Engine, t: Timer) => void;
export type WatchHandler = (e: Engine, key: string, obj: ApiObject | undefined, old: ApiObject | undefined) => void;

/** A piece of behaviour: one controller, the kubelet, the runtime... */
export interface SimModule {
  name: string;
  timers?: Record<string, TimerHandler>;
  watch?: Partial<Record<Kind, WatchHandler>>;
  /** Workqueue handler: runs once per coalesced `enqueue(name)`. */
  sync?: (e: Engine) => void;
  /** A derived index to carry across a snapshot and restore (`Warmth`). */
  warmth?: Warmth;
  /** Timer kinds whose pending timers `Engine.timerPending` answers for (core/pending-timers.ts). */
  pendingTimers?: readonly string[];
}

/** What a rule says of a new cause (`Engine.cause` gives it its id and time; no parents: none). */
export type CauseInput = Omit<Cause, 'id' | 'at' | 'parents'> & { parents?: number[] };

const TRACE_KEEP = 4000;

const EMPTY_RECORD: RecordCheckpoint = { pages: [], next: 0, size: 0, numeric: [] };

/** The engine's derived indexes (pods by node, unbound pods); not part of the state. */
export interface EngineIndexes {
  readonly podsByNode: ReadonlyMap<string, ReadonlySet<string>>;
  /** Keys of the unbound pods in store order; found by a walk of every pod when absent. */
  readonly unbound?: ReadonlySet<string>;
  /** Pod-write and sync-request stamps (core/change-counters.ts): caches keyed on them hold across a restore. */
  readonly stamps?: Stamps;
}

/**
 * A module's derived index handed over with a snapshot (`Engine.exportWarmth`): an index that must
 * equal the state (the owner index, api/owner-index.ts) travels with it instead of being rebuilt
 * from every object after a restore. `export` describes it for the state as it stands, without
 * references to objects it goes on changing; `import` sets it up for the restored state, which
 * equals the exported one. Caches need none of this: kept per engine and keyed on stamps and
 * records a restore puts back, they hold across restores (core/per-engine.ts).
 */
export interface Warmth {
  export(e: Engine): unknown;
  import(e: Engine, data: unknown): void;
}

export class Engine {
  state: SimState;
  private readonly timerHandlers = new Map<string, TimerHandler>();
  private readonly watchers = new Map<Kind, WatchHandler[]>();
  private readonly syncers = new Map<string, (e: Engine) => void>();
  private readonly warmths = new Map<string, Warmth>();
  /**
   * Derived indexes, exported with a snapshot. The map and a node's set of pod keys are shared
   * with the snapshots exported since they were made (each copied once before its next write:
   * `podSetOf`, `podsByNodeShared`), so an export or an import costs O(1), and the first pod moved
   * after one O(nodes), not O(pods).
   */
  private podsByNode = new Map<string, Set<string>>();
  /** `podsByNode` (the map itself) is held by a snapshot too: copy it before setting a node's set. */
  private podsByNodeShared = false;
  /** The sets of `podsByNode` made since the last export or import (written in place). */
  private ownPodSets = new WeakSet<Set<string>>();
  /** Keys of the pods without spec.nodeName, in the store's order (a pod is unbound only from its creation). */
  private unbound = new Set<string>();
  /** `unbound` is held by a snapshot too: copy it before a change (`unboundWritable`). */
  private unboundShared = false;
  /** What changed in the store, for caches of derived data (kubelet passes, scheduler, node lists). */
  private readonly changes = new ChangeCounters();
  /** Pods written per node since the node's kubelet last looked (core/pod-changes.ts). */
  private readonly podChanges = new PodChanges();
  /** Node names in order, for the Node record and key version they were read from (nodesByName). */
  private nodeOrder: { record: object; version: number; names: string[] } | undefined;
  /** The Events (the state's log) with their aggregation memory (core/event-store.ts). */
  private events!: EventStore;
  /**
   * Which host records the live state may change in place (core/copy-on-write.ts): snapshots and
   * restores share the others, so a module's write path copies them first.
   */
  readonly cow = new CopyOnWrite();
  /** Observers of trace lines (CLI --events); not part of the state. */
  traceListeners: ((line: string) => void)[] = [];
  /** Observers of what changes (core/observe.ts); not part of the state. */
  observers: Observer[] = [];

  /** Hands an observation to the observers, if any (cheap when nobody observes). */
  observe(o: Observation): void {
    for (const f of this.observers) f(o);
  }
  /** Timers one simulated instant may run before runUntil gives up (tests lower it). */
  maxStepsPerInstant = MAX_STEPS_PER_INSTANT;
  /**
   * Called every BUSY_EVERY timers dispatched (a host's sign of life during a long stretch); it
   * only reads, so it never changes the run. Not part of the state.
   */
  onBusy: (() => void) | undefined;
  private dispatchedSinceBusy = 0;
  private readonly pendingKinds = new Set<string>();
  /** `timerKeys`: the times and seqs of `keysFor`'s slots. */
  private keys: HeapKeys = { ats: [], seqs: [] };
  private keysFor: Timer[] | undefined;
  /** The pending timers of `pendingKinds` in `pendingFor.timers` (built again for another state). */
  private pending: PendingTimers | undefined;
  private pendingFor: SimState | undefined;

  constructor(state: SimState, modules: readonly SimModule[]) {
    this.state = state;
    for (const m of modules) {
      for (const [kind, fn] of Object.entries(m.timers ?? {})) {
        if (this.timerHandlers.has(kind)) throw new Error(`timer kind ${kind} registered twice`);
        this.timerHandlers.set(kind, fn);
      }
      for (const [kind, fn] of Object.entries(m.watch ?? {}) as [Kind, WatchHandler][]) {
        const list = this.watchers.get(kind) ?? [];
        list.push(fn);
        this.watchers.set(kind, list);
      }
      if (m.sync) this.syncers.set(m.name, m.sync);
      if (m.warmth) this.warmths.set(m.name, m.warmth);
      for (const kind of m.pendingTimers ?? []) this.pendingKinds.add(kind);
    }
    this.rebuildIndexes();
  }

  get now(): number {
    return this.state.now;
  }

  // ---------------------------------------------------------------- clock

  /** Schedule a timer `delay` ms from now (never in the past). */
  schedule(delay: number, kind: string, target: string, gen = 0): void {
    if (!this.timerHandlers.has(kind)) throw new Error(`no handler for timer kind ${kind}`);
    const at = this.state.now + Math.max(0, Math.round(delay));
    const t: Timer = { at, seq: this.state.nextSeq++, kind, target, gen };
    heapPush(this.state.timers, this.timerKeys(), t);
    if (this.pendingFor === this.state) this.pending?.queued(t);
  }

  /** A timer of `kind` (one a module names in `pendingTimers`) for `target` and `gen` is queued at `at`. */
  timerPending(kind: string, target: string, gen: number, at: number): boolean {
    return this.pendingTimers().has(kind, target, gen, at);
  }

  /** Like `timerPending`, for any time after `from` up to `to` included. */
  timerPendingWithin(kind: string, target: string, gen: number, from: number, to: number): boolean {
    return this.pendingTimers().within(kind, target, gen, from, to);
  }

  private pendingTimers(): PendingTimers {
    if (this.pendingFor !== this.state || !this.pending) {
      this.pending = PendingTimers.of(this.pendingKinds, this.state.timers);
      this.pendingFor = this.state;
    }
    return this.pending;
  }

  /**
   * The times and seqs of the live heap's slots (core/heap.ts), derived from `state.timers` and
   * built again for another timers array (a restore brings one); only the engine changes the heap.
   */
  private timerKeys(): HeapKeys {
    const timers = this.state.timers;
    if (this.keysFor !== timers) {
      this.keys = keysOf(timers);
      this.keysFor = timers;
    }
    return this.keys;
  }

  /** Time of the next pending timer, or undefined. */
  nextTimerAt(): number | undefined {
    return heapPeek(this.state.timers)?.at;
  }

  /**
   * Run every timer due up to and including `t`, then set the clock to `t`. Throws
   * SimulationStuckError when more than `maxStepsPerInstant` timers run at one simulated instant:
   * something keeps scheduling work without delay (a zero period that validation let through)
   * and the loop would otherwise never end.
   */
  runUntil(t: number): void {
    const heap = this.state.timers;
    const keys = this.timerKeys();
    let instant = Number.NaN;
    let steps = 0;
    for (;;) {
      const top = heapPeek(heap);
      if (!top || top.at > t) break;
      if (top.at !== instant) {
        instant = top.at;
        steps = 0;
      } else if (++steps > this.maxStepsPerInstant) {
        throw new SimulationStuckError(top.at, this.maxStepsPerInstant);
      }
      heapPop(heap, keys);
      if (this.pendingFor === this.state) this.pending?.ran(top);
      this.state.now = top.at;
      // Events whose TTL ran out go before anything else happens at this instant. (Whether an
      // Event is stored is derived from its last write and the TTL: this frees their memory.)
      if (this.events.expiryDue <= top.at) this.events.expire(top.at);
      this.dispatch(top);
      if (this.onBusy && ++this.dispatchedSinceBusy >= BUSY_EVERY) {
        this.dispatchedSinceBusy = 0;
        this.onBusy();
      }
    }
    if (t > this.state.now) this.state.now = t;
    if (this.events.expiryDue <= this.state.now) this.events.expire(this.state.now);
  }

  private dispatch(t: Timer): void {
    if (t.kind === 'sync') {
      delete this.state.pendingSyncs[t.target];
      this.syncers.get(t.target)?.(this);
      return;
    }
    const h = this.timerHandlers.get(t.kind);
    if (!h) throw new Error(`no handler for timer kind ${t.kind}`);
    h(this, t);
  }

  /** Ask a module's workqueue to run soon (coalesced: one run per watch-latency window). */
  enqueue(module: string): void {
    if (this.state.pendingSyncs[module]) return;
    this.state.pendingSyncs[module] = true;
    heapPush(this.state.timers, this.timerKeys(), {
      at: this.state.now + this.state.settings.watchLatency,
      seq: this.state.nextSeq++,
      kind: 'sync',
      target: module,
      gen: 0,
    });
  }

  // ---------------------------------------------------------------- randomness and ids

  randInt(min: number, max: number): number {
    return uniformInt(this.state.rng, min, max);
  }

  hex(n: number): string {
    return randomHex(this.state.rng, n);
  }

  /**
   * A whole number in [min, max] that depends only on the run's seed and `key`, not on the draws
   * before it, and draws nothing from the PRNG: for jitter added to a run whose other draws must
   * stay where they were (the prober's start spread: a Deployment with probes in kube-system, added
   * later, would otherwise move every pod name and lease jitter of every built-in run).
   */
  keyedInt(key: string, min: number, max: number): number {
    const h = hashString(`${this.state.seed}|${key}`);
    // murmur3's fmix32 over the FNV halves: FNV's top bits alone follow its last characters.
    let x = (Number.parseInt(h.slice(0, 8), 16) ^ Math.imul(Number.parseInt(h.slice(8), 16), 0x9e3779b1)) >>> 0;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    x = (x ^ (x >>> 16)) >>> 0;
    return min + (x % (max - min + 1));
  }

  /**
   * `n` 32-bit words from the seeded PRNG: what `hex(8 * n)` spells (an Event's name and uid are
   * stored as words, and text made only to be parsed back was ~5% of the bytes a 1,000-node
   * zone failure allocates).
   */
  words(n: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(nextUint32(this.state.rng));
    return out;
  }

  /** A UID shaped like Kubernetes' (8-4-4-4-12), from the seeded PRNG. */
  uid(): string {
    const h = this.hex(32);
    return flat(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  }

  // ---------------------------------------------------------------- causes and trace

  cause(c: CauseInput): number {
    const id = this.state.causes.length;
    // Shared texts (core/intern.ts); the log keeps the rest in columns (core/cause-log.ts).
    const entry: Cause = {
      id,
      at: this.state.now,
      actor: intern(c.actor),
      what: intern(c.what),
      parents: c.parents ?? [],
    };
    if (c.rule) entry.rule = c.rule;
    if (c.constant) entry.constant = c.constant;
    if (c.command) entry.command = c.command;
    if (c.by) entry.by = c.by;
    appendCause(this.state.causes, entry);
    return id;
  }

  /**
   * Append a line to the trace (and the trace hash). `visible` changes are what "Step" stops at;
   * routine heartbeats (Lease renewals) are traced but not visible.
   */
  trace(line: string, visible = true): void {
    const full = `${this.state.now} ${line}`;
    fnvUpdate(this.state.traceHash, full);
    this.state.traceLength++;
    if (visible) this.state.changeCount++;
    const tr = this.state.trace;
    tr.push(full);
    if (tr.length > TRACE_KEEP * 2) tr.splice(0, tr.length - TRACE_KEEP);
    for (const l of this.traceListeners) l(full);
  }

  /** Record that `ref` (e.g. `Pod/default/web-1`, `Host/node2`) changed because of `cause`. */
  remember(ref: string, what: string, cause: number): void {
    // A new list each time (a stored one is never written: checkpoints share it), sharing the
    // older entries of a long history (core/history-list.ts).
    const h = this.state.api.history;
    h.set(ref, appendHistory(h.get(ref), this.state.now, intern(what), cause));
  }

  /** The recent history of changes of `ref` (`Kind/key`), oldest first (a new list each call). */
  history(ref: string): readonly ObjectHistoryEntry[] | undefined {
    const list = this.state.api.history.get(ref);
    return list ? historyEntries(list) : undefined;
  }

  /** Every ref with a history, in the order they were first recorded. */
  historyRefs(): string[] {
    return this.state.api.history.keys();
  }

  /** Latest cause recorded on `ref` whose description starts with `prefix` (or any, if omitted). */
  lastCause(ref: string, prefix?: string): number | undefined {
    const list = this.state.api.history.get(ref);
    return list ? lastCauseIn(list, prefix) : undefined;
  }

  // ---------------------------------------------------------------- API store

  get<K extends Kind>(kind: K, key: string): ObjectOfKind<K> | undefined {
    if (kind === 'Event') return this.events.get(key, this.state.now) as ObjectOfKind<K> | undefined;
    return this.state.api.objects[kind as RecordKind].get(key) as ObjectOfKind<K> | undefined;
  }

  /**
   * Whether any object of `kind` (not Event) is stored: what a controller asks before it wakes on
   * every Pod write, without building a list or a key array (a state saved before the kind
   * existed has no record for it: none).
   */
  hasAny(kind: Exclude<Kind, 'Event'>): boolean {
    return this.state.api.objects[kind as RecordKind].size > 0;
  }

  /** Every stored object of `kind`, in store order (Events: built for the caller, core/event-store.ts). */
  list<K extends Kind>(kind: K): ObjectOfKind<K>[] {
    if (kind === 'Event') return this.events.list(this.state.now) as ObjectOfKind<K>[];
    return this.state.api.objects[kind as RecordKind].values() as ObjectOfKind<K>[];
  }

  /**
   * Every stored object of `kind` with its store key, in store order: a reader that scans a kind
   * once (a kubectl view picking 400 rows of 150,000 pods) without a copied list or keys built again.
   */
  forEachObject<K extends Kind>(kind: K, fn: (obj: ObjectOfKind<K>, key: string) => void): void {
    if (kind === 'Event') {
      this.events.forEachObject(this.state.now, fn as (ev: KubeEvent, key: string) => void);
      return;
    }
    (this.state.api.objects[kind as RecordKind] as StoreRecord<ObjectOfKind<K>>).forEach(fn);
  }

  /** The keys of the stored objects of `kind` (not Event), in store order. */
  keysOf(kind: RecordKind): string[] {
    return this.state.api.objects[kind].keys();
  }

  /**
   * Every stored Event, read in place from the log (no object built unless `ev.object()` is
   * called): readers that keep a few Events of a million (describe, lessons, `kubectl events`).
   */
  forEachEvent(fn: (ev: EventCursor) => void): void {
    this.events.forEach(this.state.now, fn);
  }

  /**
   * What a checkpoint keeps of the API objects and histories: each record's page table
   * (core/store-record.ts), O(pages); the live records copy a page before its next write.
   */
  checkpointApi(): ApiCheckpoint {
    const api = this.state.api;
    const objects = {} as Record<RecordKind, RecordCheckpoint>;
    for (const kind of Object.keys(api.objects) as RecordKind[]) objects[kind] = api.objects[kind].checkpoint();
    return { objects, history: api.history.checkpoint() };
  }

  /**
   * Puts the API objects and histories of a checkpoint back into the live records (`api` of the
   * state in place before the restore): each record patches its key index from the pages that
   * differ, O(what changed between the two).
   */
  restoreApi(cp: ApiCheckpoint, live: SimState['api']): void {
    const api = this.state.api;
    for (const kind of Object.keys(live.objects) as RecordKind[]) {
      const rec = live.objects[kind];
      const c = cp.objects[kind];
      if (c) rec.restore(c);
      else rec.restore(EMPTY_RECORD);
      (api.objects as Record<RecordKind, StoreRecord<ApiObject>>)[kind] = rec;
    }
    live.history.restore(cp.history);
    api.history = live.history;
  }

  /** What a checkpoint keeps of the Events: O(segments), see core/event-log.ts. */
  checkpointEvents(): EventLogCheckpoint {
    return this.events.checkpoint();
  }

  /**
   * The Node objects in name order. The order of the names is kept while no Node is created or
   * removed: the controllers that walk every node (node-lifecycle every 5 s, DaemonSets, the
   * scheduler) used to copy and sort them on each pass.
   */
  nodesByName(): Node[] {
    const record = this.state.api.objects.Node;
    const version = this.changes.keysVersion('Node');
    let order = this.nodeOrder;
    if (order?.record !== record || order.version !== version) {
      order = { record, version, names: record.keys().sort() };
      this.nodeOrder = order;
    }
    const out: Node[] = [];
    for (const n of order.names) {
      const node = record.get(n);
      if (node) out.push(node);
    }
    return out;
  }

  /** Changes with each creation or removal of an object of `kind` (core/change-counters.ts). */
  keysVersion(kind: Kind): number {
    return this.changes.keysVersion(kind);
  }

  /**
   * A stamp that changes with each write of a pod bound to `node`, status included, and is put
   * back by a restore (core/change-counters.ts): equal stamps, equal pods on the node.
   */
  podWritesOn(node: string): number {
    return this.changes.podWritesOn(node);
  }

  /**
   * A stamp that changes with each request for a sync pass by the kubelet of `host` that may
   * follow a change it cannot see (`syncRequested`), and is put back by a restore.
   */
  syncRequestsOn(host: string): number {
    return this.changes.syncRequestsOn(host);
  }

  /** The kubelet of `host` was asked for a pass after a change it cannot see (kubelet/quiet-marks.ts). */
  syncRequested(host: string): void {
    this.changes.syncRequested(host);
  }

  /** Changes with each pod joining or leaving `node`. */
  podMovesOn(node: string): number {
    return this.changes.podMovesOn(node);
  }

  /**
   * The uids (with their keys) of the pods written or removed on `node` since the last call for
   * it, or undefined when not known (the first call, a restore, an overflow): read everything.
   */
  takePodChangesOn(node: string): ReadonlyMap<string, string> | undefined {
    return this.podChanges.take(node);
  }

  /** Names of the nodes some pod is bound to (spec.nodeName), Node object or not; unordered. */
  boundNodeNames(): string[] {
    const out: string[] = [];
    for (const [node, keys] of this.podsByNode) if (keys.size > 0) out.push(node);
    return out;
  }

  /** The pods without spec.nodeName, in the order `list('Pod')` gives them (the scheduler's queue). */
  unboundPods(): Pod[] {
    const out: Pod[] = [];
    for (const k of this.unbound) {
      const p = this.state.api.objects.Pod.get(k);
      if (p) out.push(p);
    }
    return out;
  }

  /** Keys of pods bound to a node (spec.nodeName). */
  podKeysOnNode(node: string): string[] {
    return [...(this.podsByNode.get(node) ?? [])];
  }

  podsOnNode(node: string): Pod[] {
    const out: Pod[] = [];
    for (const k of this.podsByNode.get(node) ?? []) {
      const p = this.state.api.objects.Pod.get(k);
      if (p) out.push(p);
    }
    return out;
  }

  /**
   * Write an object (create or replace). `what` says what changed in words; it goes to the trace,
   * the object's history, and the hash. Callers must check that their component can reach the API.
   * `routine`: a heartbeat (like a Lease renewal), traced but not a visible change.
   */
  put(obj: ApiObject, what: string, cause: number, routine = false): void {
    // Events are recorded (`event`), never put: they live in the log, not in the records.
    if (obj.kind === 'Event') throw new Error('Events are recorded with Engine.event');
    const kind = obj.kind;
    const objects = this.state.api.objects[kind] as StoreRecord<ApiObject>;
    const ns = obj.metadata.namespace;
    const key = ns ? joinKey(ns, obj.metadata.name) : obj.metadata.name;
    const old = objects.get(key);
    // A fresh metadata object: callers often spread the old object (sharing its metadata), and a
    // stored object must never change once written (snapshots share them, see core/snapshot.ts).
    obj.metadata = withResourceVersion(obj.metadata, ++this.state.api.resourceVersion);
    objects.set(key, obj);
    if (!old) this.changes.keysChanged(kind);
    if (kind === 'Pod') this.indexPod(key, old as Pod | undefined, obj);
    const ref = joinKey(kind, key);
    this.trace(`${old ? 'update' : 'create'} ${ref} ${what}`, kind !== 'Lease' && !routine);
    this.remember(ref, what, cause);
    for (const w of this.watchers.get(kind) ?? []) w(this, key, obj, old);
    if (this.observers.length) this.observe({ type: 'api', at: this.state.now, kind, key, obj, old });
  }

  /** Remove an object from the store (after finalization). */
  remove(kind: Kind, key: string, what: string, cause: number): void {
    // Events leave the store by expiring only (nothing here deletes one).
    if (kind === 'Event') return;
    const objects = this.state.api.objects[kind as RecordKind] as StoreRecord<ApiObject>;
    const old = objects.get(key);
    if (!old) return;
    objects.delete(key);
    this.changes.keysChanged(kind);
    this.state.api.resourceVersion++;
    if (kind === 'Pod') this.indexPod(key, old as Pod, undefined);
    const ref = joinKey(kind, key);
    this.trace(`delete ${ref} ${what}`);
    this.remember(ref, what, cause);
    for (const w of this.watchers.get(kind) ?? []) w(this, key, undefined, old);
    if (this.observers.length) this.observe({ type: 'api', at: this.state.now, kind, key, obj: undefined, old });
  }

  private indexPod(key: string, old: Pod | undefined, now: Pod | undefined): void {
    const before = old?.spec.nodeName;
    const after = now?.spec.nodeName;
    // A new key goes last in the record and in the set alike; an update keeps its place in both.
    if (now && !after) {
      if (!this.unbound.has(key)) this.unboundWritable().add(key);
    } else if (this.unbound.has(key)) this.unboundWritable().delete(key);
    this.changes.podWritten(before, after);
    this.podChanges.written(key, before, old?.metadata.uid, after, now?.metadata.uid);
    if (before === after && now) return;
    this.changes.podMoved(before, after);
    if (before && this.podsByNode.has(before)) this.podSetOf(before).delete(key);
    if (after) this.podSetOf(after).add(key);
  }

  /** The set of pod keys on `node` to write: its own, or a copy of one an export shares (same order). */
  private podSetOf(node: string): Set<string> {
    const s = this.podsByNode.get(node);
    if (s && this.ownPodSets.has(s)) return s;
    const own = new Set(s);
    this.ownPodSets.add(own);
    if (this.podsByNodeShared) {
      this.podsByNode = new Map(this.podsByNode);
      this.podsByNodeShared = false;
    }
    this.podsByNode.set(node, own);
    return own;
  }

  private unboundWritable(): Set<string> {
    if (this.unboundShared) {
      this.unbound = new Set(this.unbound);
      this.unboundShared = false;
    }
    return this.unbound;
  }

  /** The derived indexes, to restore them with a snapshot without rebuilding them (shared: `podSetOf`). */
  exportIndexes(): EngineIndexes {
    this.ownPodSets = new WeakSet();
    this.podsByNodeShared = true;
    this.unboundShared = true;
    return {
      podsByNode: this.podsByNode,
      unbound: this.unbound,
      stamps: this.changes.exportStamps(),
    };
  }

  /** The modules' derived indexes for a snapshot of the state as it stands (Warmth), by module name. */
  exportWarmth(): ReadonlyMap<string, unknown> {
    const out = new Map<string, unknown>();
    for (const [name, w] of this.warmths) out.set(name, w.export(this));
    return out;
  }

  /** Sets the modules' derived indexes up again from `exportWarmth` of the state now in place. */
  importWarmth(data: ReadonlyMap<string, unknown>): void {
    for (const [name, w] of this.warmths) if (data.has(name)) w.import(this, data.get(name));
  }

  /**
   * Install indexes exported together with the state now in place (shared with the caller's, and
   * copied before a write: `podSetOf`). `events`: what a checkpoint kept of the Events, which
   * becomes the state's log (the state in place holds none then: core/snapshot.ts copyState
   * without the API).
   */
  importIndexes(ix: EngineIndexes, events?: EventLogCheckpoint): void {
    for (const k of Object.keys(this.state.api.objects) as RecordKind[]) this.changes.keysChanged(k);
    this.podChanges.clear();
    this.changes.importStamps(ix.stamps);
    // Shared with the snapshot (which may be put back again): copied before a write.
    this.podsByNode = ix.podsByNode as Map<string, Set<string>>;
    this.podsByNodeShared = true;
    this.ownPodSets = new WeakSet();
    if (ix.unbound) {
      this.unbound = ix.unbound as Set<string>;
      this.unboundShared = true;
    } else {
      this.unbound = new Set();
      this.unboundShared = false;
      this.state.api.objects.Pod.forEach((p, k) => {
        if (!p.spec.nodeName) this.unbound.add(k);
      });
    }
    const ttl = this.eventTTL();
    if (events) {
      this.events = EventStore.restore(events, this.state.now, ttl);
      this.state.api.events = this.events.log;
    } else this.events = new EventStore(this.state.api.events, this.state.now, ttl);
  }

  rebuildIndexes(): void {
    for (const k of Object.keys(this.state.api.objects) as RecordKind[]) this.changes.keysChanged(k);
    this.podChanges.clear();
    this.changes.importStamps(undefined);
    this.podsByNode = new Map();
    this.podsByNodeShared = false;
    this.ownPodSets = new WeakSet();
    this.unbound = new Set();
    this.unboundShared = false;
    this.state.api.objects.Pod.forEach((p, k) => {
      this.indexPod(k, undefined, p);
    });
    // A state saved before the Event log had none (its Events are not carried over).
    this.state.api.events ??= emptyEventLog();
    this.events = new EventStore(this.state.api.events, this.state.now, this.eventTTL());
  }

  /** kube-apiserver --event-ttl (the profile's `eventTTL`). */
  private eventTTL(): number {
    return this.state.profile.eventTTL ?? DEFAULT_EVENT_TTL;
  }

  /**
   * Record a Kubernetes Event, aggregating repeats the way the event recorder does (same object,
   * reason, message and source: count++ and lastTimestamp moves), which kubectl prints as `(x2 over 2s)`.
   * Not traced as an API write (the `event` trace line says it), as before.
   * `ids`: the new Event's name suffix (16 hex digits) and uid, given by the caller instead of
   * drawn from the PRNG, so that an Event added to the engine does not shift every later draw
   * (pod names, jitter: the times the built-in lessons narrate).
   */
  event(
    involved: ObjectReference,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    cause: number,
    ids?: { readonly name: string; readonly uid: string },
  ): void {
    const now = this.state.now;
    const api = this.state.api;
    const repeat = this.events.repeatOf(involved, reason, message, component, now);
    if (repeat >= 0) this.events.bump(repeat, now, ++api.resourceVersion);
    else {
      // The PRNG gives the name's 16 hex digits, then the uid, as it always did (unless given):
      // as the words the log stores (core/event-log.ts), the same draws as `hex(16)` and `uid()`.
      const name = ids ? ids.name : this.words(2);
      const uid = ids ? ids.uid : this.words(4);
      const object = shareEqual(involvedObjects, involved.uid || involved.name, involved);
      this.events.create(object, type, reason, intern(message), component, {
        now,
        name,
        uid,
        rv: ++api.resourceVersion,
      });
    }
    this.eventWritten(involved, type, reason, message, component, cause);
  }

  /**
   * Record an Event for a recorder that keeps its own EventCorrelate cache (client-go
   * tools/record/events_cache.go `eventLogger`, the cluster-autoscaler's: autoscaler/events.ts),
   * as client-go tools/record/event.go `recordEvent` writes it: `seen` is the observation
   * (`eventObserve`: `count` occurrences since `first`, the Event its cache names at `seq`, -1 if
   * none). Count > 1 and that Event still stored: a PATCH to the observed count, lastTimestamp now.
   * Otherwise a Create with the observed count and firstTimestamp (a first occurrence, or the
   * PATCH's NotFound: the Event never written, or deleted by the apiserver's TTL).
   * Returns the Event's sequence number (the recorder's `UpdateState`).
   */
  recordEvent(
    involved: ObjectReference,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    cause: number,
    seen: { readonly count: number; readonly first: number; readonly seq: number },
  ): number {
    const now = this.state.now;
    const api = this.state.api;
    const at = seen.count > 1 && seen.seq >= 0 ? this.events.storedAt(seen.seq, now) : -1;
    let seq = seen.seq;
    if (at >= 0) this.events.bump(at, now, ++api.resourceVersion, seen.count);
    else {
      // Upstream the re-Create keeps the cached name; here a new one, drawn as for any Event.
      const name = this.words(2);
      const uid = this.words(4);
      const object = shareEqual(involvedObjects, involved.uid || involved.name, involved);
      seq = this.events.create(object, type, reason, intern(message), component, {
        now,
        name,
        uid,
        rv: ++api.resourceVersion,
        count: seen.count,
        first: seen.first,
      });
    }
    this.eventWritten(involved, type, reason, message, component, cause);
    return seq;
  }

  /** The trace line and the involved object's history entry of an Event written. */
  private eventWritten(
    involved: ObjectReference,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    cause: number,
  ): void {
    this.trace(`event ${involved.kind}/${involved.name} ${type} ${reason} ${component}: ${message}`);
    const at = involved.namespace ? joinKey(involved.namespace, involved.name) : involved.name;
    this.remember(joinKey(involved.kind, at), `event ${reason}`, cause);
  }
}

/** The last `involvedObject` per object, shared by its Events while equal (core/intern.ts). */
const involvedObjects = new Map<string, ObjectReference>();

/** kube-apiserver --event-ttl's default, for a state saved before profiles had `eventTTL`. */
const DEFAULT_EVENT_TTL = 3_600_000;

/**
 * `{ ...meta, resourceVersion }`, written out field by field (optional fields only when set). The
 * spread at this one site, which sees the metadata of every kind, measured ~0.3 µs a write in a
 * 1,000-node run, where a whole Lease renewal is ~2.5 µs.
 */
function withResourceVersion(m: ObjectMeta, resourceVersion: number): ObjectMeta {
  const out: ObjectMeta = {
    name: m.name,
    uid: m.uid,
    resourceVersion,
    creationTimestamp: m.creationTimestamp,
    labels: m.labels,
    annotations: m.annotations,
    ownerReferences: m.ownerReferences,
  };
  if (m.namespace !== undefined) out.namespace = m.namespace;
  if (m.generation !== undefined) out.generation = m.generation;
  if (m.deletionTimestamp !== undefined) out.deletionTimestamp = m.deletionTimestamp;
  if (m.deletionGracePeriodSeconds !== undefined) out.deletionGracePeriodSeconds = m.deletionGracePeriodSeconds;
  return out;
}
