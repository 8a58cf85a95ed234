/**
 * The engine's Event store: the log in the state (core/event-log.ts) with what is derived from it
 * (the aggregation memory, code look-ups, when expiry is due), and `KubeEvent` objects built only
 * when a reader asks (kubectl, the view, Why?, lessons). Readers that look at many Events and keep
 * few filter on an `EventCursor` first, which reads the columns without building anything.
 */
import type { KubeEvent, ObjectReference, OwnerReference } from './api-types';
import { aggregationHash, type EventCorrelation, rebuildCorrelation } from './event-correlate';
import { expireEvents, expiryDue, forEachStored } from './event-expiry';
import {
  appendEvent,
  bumpEvent,
  checkpointEventLog,
  type EventLog,
  type EventLogCheckpoint,
  type EventSegment,
  locate,
  type NewEvent,
  restoreEventLog,
  SEGMENT,
} from './event-log';
import { internRecord } from './intern';

/** One stored Event's fields, read from the log in place (valid until the cursor moves on). */
export interface EventCursor {
  readonly involvedObject: ObjectReference;
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
  readonly component: string;
  readonly namespace: string;
  readonly firstTimestamp: number;
  readonly lastTimestamp: number;
  readonly count: number;
  /** The Event as an object of its own (built now). */
  object(): KubeEvent;
}

const hex8 = (x: number) => x.toString(16).padStart(8, '0');

class Cursor implements EventCursor {
  seg!: EventSegment;
  slot = 0;
  constructor(private readonly log: EventLog) {}
  get involvedObject(): ObjectReference {
    return this.seg.fixed.object[this.slot] as ObjectReference;
  }
  private get code() {
    return this.log.codes[this.seg.fixed.code[this.slot] as number] as EventLog['codes'][number];
  }
  get type() {
    return this.code.type;
  }
  get reason() {
    return this.code.reason;
  }
  get component() {
    return this.code.component;
  }
  get message(): string {
    return this.seg.fixed.message[this.slot] as string;
  }
  get namespace(): string {
    return this.involvedObject.namespace ?? 'default';
  }
  get firstTimestamp(): number {
    return this.seg.fixed.first[this.slot] as number;
  }
  get lastTimestamp(): number {
    return this.seg.last[this.slot] as number;
  }
  get count(): number {
    return this.seg.count[this.slot] as number;
  }
  /** `name` as the record kept it: `<involved object>.<16 hex digits>`. */
  name(): string {
    const n = this.seg.fixed.name;
    return `${this.involvedObject.name}.${hex8(n[2 * this.slot] as number)}${hex8(n[2 * this.slot + 1] as number)}`;
  }
  object(): KubeEvent {
    const { seg, slot } = this;
    const u = seg.fixed.uid;
    const h = `${hex8(u[4 * slot] as number)}${hex8(u[4 * slot + 1] as number)}${hex8(u[4 * slot + 2] as number)}${hex8(u[4 * slot + 3] as number)}`;
    const code = this.code;
    const first = this.firstTimestamp;
    return {
      kind: 'Event',
      metadata: {
        name: this.name(),
        namespace: this.namespace,
        uid: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
        resourceVersion: seg.rv[slot] as number,
        creationTimestamp: first,
        labels: NO_LABELS,
        annotations: NO_LABELS,
        ownerReferences: NO_OWNERS,
      },
      involvedObject: this.involvedObject,
      type: code.type,
      reason: code.reason,
      message: this.message,
      source: internRecord(sources, code.component, () => ({ component: code.component })),
      firstTimestamp: first,
      lastTimestamp: this.lastTimestamp,
      count: this.count,
    };
  }
}

export class EventStore {
  private readonly correlation: EventCorrelation;
  private readonly codeIndex = new Map<string, number>();
  private due: number;

  /** `log`: the state's (`ApiState.events`), written in place; `now`: the state's time. */
  constructor(
    readonly log: EventLog,
    now: number,
    private readonly ttl: number,
  ) {
    log.codes.forEach((c, i) => {
      this.codeIndex.set(codeKey(c.type, c.reason, c.component), i);
    });
    this.correlation = rebuildCorrelation(log, now, ttl);
    this.due = expiryDue(log, ttl);
  }

  /**
   * Where the stored Event a repeat of these fields goes to is (see `bump`), or -1: a new Event.
   * The recorder's correlator only aggregates within 10 minutes of the last write.
   * (Upstream a repeat PATCHes the Event its cache names and, when the apiserver has deleted it
   * (NotFound), creates it again under the cached name with the cached count + 1: client-go
   * tools/record/event.go recordEvent. Here an expired Event is an hour old, past the 10
   * minutes, so it is never patched: its repeat is a new Event with count 1.)
   */
  repeatOf(o: ObjectReference, reason: string, message: string, component: string, now: number): number {
    const hash = aggregationHash(o, reason, message, component);
    const at = this.correlation.find(this.log, hash, o, reason, message, component);
    if (at < 0) return -1;
    const last = (this.log.segments[Math.floor(at / SEGMENT)] as EventSegment).last[at % SEGMENT] as number;
    return last + this.ttl > now && now - last <= 10 * 60_000 ? at : -1;
  }

  /**
   * Where Event `seq` is while it is stored at `now` (`locate`'s answer), or -1: the Event a
   * recorder's own cache names (client-go eventLogger's `name`), gone once the TTL deleted it.
   */
  storedAt(seq: number, now: number): number {
    const at = locate(this.log, seq);
    if (at < 0) return -1;
    const last = (this.log.segments[Math.floor(at / SEGMENT)] as EventSegment).last[at % SEGMENT] as number;
    return last + this.ttl > now ? at : -1;
  }

  /**
   * A repeat aggregated into the Event at `at` (`repeatOf`, `storedAt`): count + 1, or `count`
   * (a recorder's own), written at `now` with `rv`.
   */
  bump(at: number, now: number, rv: number, count?: number): void {
    bumpEvent(this.log, at, now, rv, count);
  }

  /**
   * A new Event, count 1 (or `e.count`, first written at `e.first`: a recorder's own, see
   * `NewEvent`). `name`: its 16 hex digits; `uid` as `Engine.uid` gives it. Returns its sequence number.
   */
  create(
    o: ObjectReference,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
    e: { now: number; name: NewEvent['name']; uid: NewEvent['uid']; rv: number; count?: number; first?: number },
  ): number {
    const hash = aggregationHash(o, reason, message, component);
    const key = codeKey(type, reason, component);
    let code = this.codeIndex.get(key);
    if (code === undefined) {
      code = this.log.codes.length;
      this.log.codes.push({ type, reason, component });
      this.codeIndex.set(key, code);
    }
    const seq = appendEvent(this.log, {
      first: e.first ?? e.now,
      hash,
      code,
      name: e.name,
      uid: e.uid,
      object: o,
      message,
      rv: e.rv,
      ...(e.count === undefined ? {} : { count: e.count, last: e.now }),
    });
    this.correlation.add(this.log, seq, locate(this.log, seq), e.now);
    this.due = Math.min(this.due, (e.first ?? e.now) + this.ttl);
    return seq;
  }

  /** Time at which `expire` has memory to free. */
  get expiryDue(): number {
    return this.due;
  }

  /** Frees the memory of the Events expired at `now` (what is stored does not change: core/event-expiry.ts). */
  expire(now: number): void {
    expireEvents(this.log, now, this.ttl);
    this.due = expiryDue(this.log, this.ttl);
  }

  /** Every Event stored at `now`, in creation order (the order the API's record of them kept). */
  forEach(now: number, fn: (ev: EventCursor) => void): void {
    const c = new Cursor(this.log);
    forEachStored(this.log, now, this.ttl, (seg, slot) => {
      c.seg = seg;
      c.slot = slot;
      fn(c);
    });
  }

  /** The stored Events at `now` as objects, with their store keys (`namespace/name`). */
  forEachObject(now: number, fn: (ev: KubeEvent, key: string) => void): void {
    this.forEach(now, (c) => {
      const ev = c.object();
      fn(ev, `${ev.metadata.namespace}/${ev.metadata.name}`);
    });
  }

  list(now: number): KubeEvent[] {
    const out: KubeEvent[] = [];
    this.forEach(now, (c) => {
      out.push(c.object());
    });
    return out;
  }

  /** The Event stored at `now` under `key` (`namespace/name`), if any: a scan (kubectl get event NAME). */
  get(key: string, now: number): KubeEvent | undefined {
    const slash = key.indexOf('/');
    const dot = key.lastIndexOf('.');
    if (slash < 0 || dot < slash || key.length - dot !== 17) return undefined;
    const hi = Number.parseInt(key.slice(dot + 1, dot + 9), 16);
    const lo = Number.parseInt(key.slice(dot + 9), 16);
    if (hex8(hi) + hex8(lo) !== key.slice(dot + 1)) return undefined;
    let found: KubeEvent | undefined;
    this.forEach(now, (c) => {
      const cc = c as Cursor;
      const n = cc.seg.fixed.name;
      if (found || n[2 * cc.slot] !== hi || n[2 * cc.slot + 1] !== lo) return;
      if (`${c.namespace}/${cc.name()}` === key) found = c.object();
    });
    return found;
  }

  /** How many Events are stored at `now`. */
  count(now: number): number {
    let n = 0;
    forEachStored(this.log, now, this.ttl, () => {
      n++;
    });
    return n;
  }

  /** What a checkpoint keeps (core/event-log.ts `checkpointEventLog`). */
  checkpoint(): EventLogCheckpoint {
    return checkpointEventLog(this.log);
  }

  /** A store writing to the log a checkpoint kept (the log goes into the state). */
  static restore(c: EventLogCheckpoint, now: number, ttl: number): EventStore {
    return new EventStore(restoreEventLog(c), now, ttl);
  }
}

function codeKey(type: string, reason: string, component: string): string {
  return `${type}\u0000${reason}\u0000${component}`;
}

const NO_LABELS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_OWNERS: OwnerReference[] = Object.freeze([]) as unknown as OwnerReference[];
/** An Event's `source` per component, shared by its Events (frozen). */
const sources = new Map<string, { component: string }>();
