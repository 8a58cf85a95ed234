import { copyHistory, copyObjects, emptyObjects } from './api-records';
import { copyCauseLog } from './cause-log';
import type { CopyOnWrite } from './copy-on-write';
import { dict, dictOf } from './dict';
import { copyEventLog, emptyEventLog } from './event-log';
import type { ApiState, ControllerMemory, Host, KubeletMemory, SimState } from './state';
import { StoreRecord } from './store-record';

/**
 * Deep copy of plain data (objects, arrays, primitives), about 3x faster than `structuredClone`
 * on the many small objects of hosts and component memory. The state is plain data by design
 * (state.ts) without shared references, so nothing is lost.
 */
export function clonePlain<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  // Typed arrays (the Event log's columns, core/event-log.ts) are copied whole.
  if (ArrayBuffer.isView(v)) return (v as unknown as Float64Array).slice() as T;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = clonePlain(v[i]);
    return out as T;
  }
  // Records keyed by user names have no prototype (core/dict.ts); their copies must not get one.
  if (Object.getPrototypeOf(v) === null) {
    const out: Record<string, unknown> = dict();
    for (const k in v) out[k] = clonePlain((v as Record<string, unknown>)[k]);
    return out as T;
  }
  const out = fastCopy(v as Record<string, unknown>);
  for (const k in out) {
    const x = out[k];
    if (typeof x === 'object' && x !== null) out[k] = clonePlain(x);
  }
  return out as T;
}

/**
 * A shallow copy of a record with a prototype, in V8's fast mode: a spread copy is, whatever the
 * original's mode, and replacing its values keeps it so. Built key by key from `{}` instead, a
 * record of over ~16 keys (a kubelet's memory: ~30) becomes a dictionary, 5x its size
 * (~1.6 KB a copy instead of ~0.3 KB in Node), and a checkpoint holds one per host.
 */
function fastCopy(v: Record<string, unknown>): Record<string, unknown> {
  return { ...v };
}

function copyApi(api: ApiState, empty = false): ApiState {
  if (empty)
    return {
      objects: emptyObjects(),
      events: emptyEventLog(),
      resourceVersion: api.resourceVersion,
      history: new StoreRecord(),
    };
  // A state saved before the Event log (structuredClone, JSON) has none.
  const events = api.events ? copyEventLog(api.events) : emptyEventLog();
  return {
    objects: copyObjects(api.objects),
    events,
    resourceVersion: api.resourceVersion,
    history: copyHistory(api.history),
  };
}

/**
 * A host as a snapshot keeps it: a copy of the host's own fields and of its kubelet's memory (the
 * fields written in place: power, boot id, registration, ...); every record and list in them
 * (containers, sandboxes, pod workers, services, images, manifests, the journal, ...) is taken as
 * it is, O(fields) a host. Their owners copy one before its first write after the snapshot
 * (core/copy-on-write.ts `field`, `writable`; the caller then calls `Engine.cow.shareAll`);
 * core/state.ts types them `readonly`, so a write that skips that path does not compile.
 */
function copyHost(h: Host): Host {
  const out = fastCopy(h as unknown as Record<string, unknown>);
  if (h.kubelet) out.kubelet = fastCopy(h.kubelet as unknown as Record<string, unknown>) as unknown as KubeletMemory;
  return out as unknown as Host;
}

/**
 * A snapshot's copy of live host `h`: the previous snapshot's again when `h` and its kubelet memory
 * were not touched since (core/copy-on-write.ts `shellOf`), else a new one, kept for the next.
 */
function shellOf(cow: CopyOnWrite, h: Host): Host {
  const kept = cow.shellOf(h, h.kubelet);
  if (kept) return kept;
  const shell = copyHost(h);
  cow.keepShell(h, shell);
  return shell;
}

/**
 * Controller memory records a snapshot shares instead of copying: written rarely once a cluster is
 * up (a node known or gone, queued for NoExecute tainting, a pod's eviction work), or written per
 * node but each entry replaced, never changed (the node lifecycle controller's health of each
 * node), each through `Engine.cow.field`, which copies the record before the first write after a
 * checkpoint (their entries are strings or records never changed once written; core/state.ts
 * types them `readonly`). A deep copy of the first three cost ~4.9 ms of each 5,000-node
 * checkpoint (bench/checkpoint-parts.ts), of `nodeHealth` 7.0 ms (5,000 entries, measured); a
 * copy of its top level by the first write after a checkpoint is one object of 5,000 pointers.
 */
const SHARED_CONTROLLER_RECORDS: ReadonlySet<string> = new Set([
  'knownNodes',
  'taintQueued',
  'evictionWork',
  'nodeHealth',
]);

/** The controller memory as a snapshot keeps it: the shared records as they are, the rest copied. */
function copyControllers(m: ControllerMemory): ControllerMemory {
  const out = fastCopy(m as unknown as Record<string, unknown>);
  for (const k in out) {
    const v = out[k];
    if (typeof v === 'object' && v !== null && !SHARED_CONTROLLER_RECORDS.has(k)) out[k] = clonePlain(v);
  }
  return out as unknown as ControllerMemory;
}

/** Controller memory keyed by node, zone or pod names (core/dict.ts). */
const CONTROLLER_DICTS = [
  'nodeHealth',
  'knownNodes',
  'zoneStates',
  'taintQueue',
  'zoneTokens',
  'evictions',
  'podgcQuarantine',
  'taintQueued',
  'zoneQps',
  'taintedNodes',
  'tecDirtyNodes',
  'tecDirtyPods',
  'nlcDirtyPods',
  'nlcDirtyNodes',
  'epsDirtyServices',
  'adDetachRequestedAt',
  'adMultiAttachReported',
  'evictionWork',
  'leaderElection',
] as const;

function prototypeFree<T>(r: Record<string, T>): Record<string, T> {
  return Object.getPrototypeOf(r) === null ? r : dictOf(r);
}

/**
 * Gives the records keyed by user names their missing prototype back, in a copy made from a state
 * that went through structuredClone or JSON (a stored or posted snapshot): without it a node
 * called `__proto__` would write to Object.prototype again. A no-op on the engine's own copies.
 */
function keepDicts(s: SimState): void {
  for (const h of Object.values(s.hosts)) {
    keepDict(h, 'images');
    keepDict(h, 'manifests');
    keepDict(h, 'stash');
    for (const w of Object.values(h.kubelet?.pods ?? {})) keepDict(w, 'containers');
  }
  const c = s.controllers as unknown as Record<string, Record<string, unknown> | undefined>;
  for (const k of CONTROLLER_DICTS) keepDict(c, k);
  const cloud = s.cloud;
  if (cloud) {
    keepDict(cloud, 'groups');
    keepDict(cloud, 'instances');
    if (cloud.ccm) keepDict(cloud.ccm, 'dirty');
    const ca = cloud.ca as unknown as Record<string, unknown> | undefined;
    if (ca) for (const k of CLOUD_AUTOSCALER_DICTS) keepDict(ca, k);
  }
}

/**
 * `o[key]` made prototype-free, written only when it was not (a copy through structuredClone or
 * JSON, never shared): the engine's own copies share parts with frozen snapshots (core/copy-on-write.ts).
 */
function keepDict<O extends object>(o: O, key: keyof O & string): void {
  const r = (o as Record<string, unknown>)[key] as Record<string, unknown> | undefined;
  if (!r) return;
  const free = prototypeFree(r);
  if (free !== r) (o as Record<string, unknown>)[key] = free;
}

/** cluster-autoscaler memory keyed by node, group, instance or pod names (core/cloud-types.ts). */
const CLOUD_AUTOSCALER_DICTS = [
  'unregistered',
  'unneeded',
  'unremovable',
  'scaleUpRequests',
  'backoff',
  'incorrectSizes',
  'deletions',
  'spam',
  'recorder',
  'conditions',
  'decisions',
] as const;

/**
 * A copy of `s` for a snapshot or a restore: later changes to either side never show in the other,
 * as long as the engine that writes the live side copies shared host records before writing them
 * (`copyHost`; the caller calls `Engine.cow.shareAll`). `withApi` false: the copy's API objects and
 * histories are left empty (a snapshot keeps their page tables: `Engine.checkpointApi`). With the
 * live engine's `cow` (a snapshot of the live state), a host untouched since the previous snapshot
 * is that snapshot's copy again.
 */
export function copyState(s: SimState, withApi = true, cow?: CopyOnWrite): SimState {
  const { api, hosts, causes, trace, timers, story, controllers, ...rest } = s;
  const out = clonePlain(rest) as SimState;
  out.controllers = copyControllers(controllers);
  // The chapters and the replacements seen are shared, copied by their write path before the
  // next write (core/chapters.ts; the caller calls `Engine.cow.shareAll`).
  if (story) out.story = { ...story };
  // Timers are never changed once queued (core/heap.ts): the heap's order is copied, not the
  // timers (copied deep: 0.9 ms for the 4,208 of a 1,000-node run, 6.7 ms for the 25,873 of a
  // 5,000-node one; a slice of 4,208: ~0.001 ms).
  out.timers = timers.slice();
  out.api = copyApi(api, !withApi);
  out.hosts = dict();
  for (const name in hosts) {
    const h = hosts[name] as Host;
    out.hosts[name] = cow ? shellOf(cow, h) : copyHost(h);
  }
  out.causes = copyCauseLog(causes);
  out.trace = trace.slice();
  // Only a state that went through structuredClone or JSON lost its records' missing prototypes,
  // and then all of them: the engine's own states keep `hosts` prototype-free (a walk over every
  // pod worker saved, ~8 ms at 1,000 nodes).
  if (Object.getPrototypeOf(hosts) !== null) keepDicts(out);
  return out;
}
