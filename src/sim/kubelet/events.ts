/**
 * The kubelet's event recorder. Events go through the API; while it is unreachable they wait in
 * a small buffer (the real broadcaster retries a few times) and are sent when it answers again.
 */
import type { ObjectReference } from '../core/api-types';
import type { Engine } from '../core/engine';
import type { Host } from '../core/state';
import { canReachApi } from '../core/world';

const PENDING_KEEP = 25;

export function kubeletEvent(
  e: Engine,
  h: Host,
  ref: ObjectReference,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  cause: number,
): void {
  if (canReachApi(e, h.name)) {
    flushEvents(e, h);
    e.event(ref, type, reason, message, 'kubelet', cause);
    return;
  }
  const mem = h.kubelet;
  if (!mem) return;
  const ev = {
    kind: ref.kind,
    name: ref.name,
    uid: ref.uid,
    type,
    reason,
    message,
    cause,
  } as (typeof mem.pendingEvents)[number];
  if (ref.namespace) ev.namespace = ref.namespace;
  const pending = e.cow.field(mem, 'pendingEvents');
  pending.push(ev);
  if (pending.length > PENDING_KEEP) pending.shift();
}

/** Send buffered events (called whenever the kubelet reaches the API). */
export function flushEvents(e: Engine, h: Host): void {
  const mem = h.kubelet;
  if (!mem || mem.pendingEvents.length === 0 || !canReachApi(e, h.name)) return;
  const list = mem.pendingEvents;
  e.cow.touch(mem).pendingEvents = [];
  for (const p of list) {
    const ref: ObjectReference = { kind: p.kind, name: p.name, uid: p.uid };
    if (p.namespace) ref.namespace = p.namespace;
    e.event(ref, p.type, p.reason, p.message, 'kubelet', p.cause);
  }
}
