import { copyCauseLog } from './cause-log';
import { dict, dictOf } from './dict';
import { copyEventLog, emptyEventLog } from './event-log';
import type { ApiState, Host, SimState } from './state';

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

/**
 * A deep copy of `v` (as `clonePlain`) that reuses every part of `prev` (an earlier copy that is
 * never changed) found equal to the same part of `v`: same values (`Object.is`), same keys in the
 * same order, same kind (array, record, prototype-free record). Returns `prev` itself when the
 * whole of `v` equals it. Costs a walk of `v`; allocates only for the parts that differ.
 */
export function clonePlainSharing<T>(v: T, prev: unknown): T {
  if (typeof v !== 'object' || v === null) return v;
  if (typeof prev !== 'object' || prev === null) return clonePlain(v);
  // Most of a host is unchanged between two checkpoints: nothing is allocated until the first
  // part that differs, and then the equal parts before it are taken from `prev` (5,000 hosts:
  // about a third less time than a copy made alongside the walk).
  if (Array.isArray(v)) {
    if (!Array.isArray(prev)) return clonePlain(v);
    const n = v.length;
    let out: unknown[] | undefined = prev.length === n ? undefined : new Array(n);
    for (let i = 0; i < n; i++) {
      const p = prev[i];
      const c = clonePlainSharing(v[i], p);
      if (out === undefined && !Object.is(c, p)) {
        out = new Array(n);
        for (let j = 0; j < i; j++) out[j] = prev[j];
      }
      if (out !== undefined) out[i] = c;
    }
    return (out ?? prev) as T;
  }
  if (Array.isArray(prev)) return clonePlain(v);
  const free = Object.getPrototypeOf(v) === null;
  if (free !== (Object.getPrototypeOf(prev) === null)) return clonePlain(v);
  const p = prev as Record<string, unknown>;
  const keys = Object.keys(p);
  let out: Record<string, unknown> | undefined;
  let n = 0;
  for (const k in v) {
    const inPlace = keys[n] === k;
    const pk = inPlace || Object.hasOwn(p, k) ? p[k] : undefined;
    const c = clonePlainSharing((v as Record<string, unknown>)[k], pk);
    if (out === undefined && (!inPlace || !Object.is(c, pk))) {
      // Every key of `v` is then given its value in turn (fastCopy: `v`'s keys in `v`'s order).
      out = free ? dict() : fastCopy(v as Record<string, unknown>);
      for (let j = 0; j < n; j++) out[keys[j] as string] = p[keys[j] as string];
    }
    if (out !== undefined) out[k] = c;
    n++;
  }
  if (out === undefined && n !== keys.length) {
    // `v` is `prev` without its last keys: the same values, fewer of them.
    out = free ? dict() : fastCopy(v as Record<string, unknown>);
    for (const k in v) out[k] = p[k];
  }
  return (out ?? prev) as T;
}

/** A kind's record to share instead of copying (an earlier snapshot's copy with the same content). */
/** `list`, or `prev` when it holds the same entries (history entries are never changed once written). */
function sameList<T>(list: T[], prev: T[] | undefined): T[] {
  if (prev === undefined || prev.length !== list.length) return list.slice();
  for (let i = 0; i < list.length; i++) if (list[i] !== prev[i]) return list.slice();
  return prev;
}

function copyApi(api: ApiState, empty = false): ApiState {
  const objects = {} as Record<string, unknown>;
  for (const [kind, byKey] of Object.entries(api.objects)) objects[kind] = empty ? dict() : dictOf<unknown>(byKey);
  if (empty)
    return {
      objects: objects as ApiState['objects'],
      events: emptyEventLog(),
      resourceVersion: api.resourceVersion,
      history: dict(),
    };
  const history: ApiState['history'] = dict();
  for (const [ref, list] of Object.entries(api.history)) history[ref] = list.slice();
  // A state saved before the Event log (structuredClone, JSON) has none.
  const events = api.events ? copyEventLog(api.events) : emptyEventLog();
  return { objects: objects as ApiState['objects'], events, resourceVersion: api.resourceVersion, history };
}

/**
 * A copy of a record with `prev` (the same record in an earlier snapshot): each field copied by
 * `field(key, value, before)`, where `before` is `prev`'s value when the key is at the same place;
 * `prev` itself when every field came back as `before`. Keys stay in the record's order.
 */
function copySharing<T extends object>(
  v: T,
  prev: T | undefined,
  field: (key: string, value: unknown, before: unknown) => unknown,
): T {
  // A spread copy keeps V8's fast mode (see fastCopy); its values are then replaced one by one.
  const out = fastCopy(v as unknown as Record<string, unknown>);
  const p = prev as unknown as Record<string, unknown> | undefined;
  const prevKeys = p ? Object.keys(p) : undefined;
  let same = prevKeys !== undefined;
  let i = 0;
  for (const k in out) {
    const inPlace = prevKeys?.[i++] === k;
    if (!inPlace) same = false;
    const before = inPlace ? p?.[k] : undefined;
    const c = field(k, out[k], before);
    if (c !== before) same = false;
    out[k] = c;
  }
  return same && i === prevKeys?.length ? (prev as T) : (out as unknown as T);
}

/** A field of host state no write path marks: shared with `before` where equal (clonePlainSharing). */
function copyPlain(value: unknown, before: unknown): unknown {
  return before === undefined ? clonePlain(value) : clonePlainSharing(value, before);
}

/**
 * A copy of a host; with `prev` (the same host in an earlier snapshot), sharing its equal parts
 * (`prev` itself when all are). Its containers, its sandboxes and the kubelet's pod workers are
 * taken as they are: they are copied on write instead (core/copy-on-write.ts; the caller then
 * calls `Engine.cow.shareAll`). Journal lines are never changed once written: they are shared by
 * identity, and the journal itself when no line came or went.
 */
function copyHost(h: Host, prev?: Host): Host {
  return copySharing(h, prev, (k, v, before) => {
    if (k === 'containers' || k === 'sandboxes') return v;
    if (k === 'journal') return sameList(v as Host['journal'], before as Host['journal'] | undefined);
    if (k === 'kubelet') return copyKubelet(v as Host['kubelet'], before as Host['kubelet'] | undefined);
    return copyPlain(v, before);
  });
}

/** The kubelet's memory as copyHost copies a host: its pod workers as they are, the rest sharing `prev`'s equal parts. */
function copyKubelet(k: Host['kubelet'], prev: Host['kubelet'] | undefined): Host['kubelet'] {
  if (k === null) return k;
  return copySharing(k, prev ?? undefined, (key, v, before) => (key === 'pods' ? v : copyPlain(v, before)));
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
  'conditions',
  'decisions',
] as const;

/**
 * An independent copy of `s`: later changes to either side never show in the other. `prev`: an
 * earlier copy (never changed) whose hosts' parts equal to `s`'s are shared. `withApi` false: the
 * copy's API objects and histories are left empty (a snapshot keeps them as chunks: `ApiChunks`,
 * core/api-checkpoint.ts).
 */
export function copyState(s: SimState, prev?: SimState, withApi = true): SimState {
  const { api, hosts, causes, trace, ...rest } = s;
  const out = clonePlain(rest) as SimState;
  out.api = copyApi(api, !withApi);
  out.hosts = dict();
  const prevHosts = prev?.hosts;
  for (const [name, h] of Object.entries(hosts))
    out.hosts[name] = copyHost(h, prevHosts && Object.hasOwn(prevHosts, name) ? prevHosts[name] : undefined);
  out.causes = copyCauseLog(causes);
  out.trace = trace.slice();
  keepDicts(out);
  return out;
}
