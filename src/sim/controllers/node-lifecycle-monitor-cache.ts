/**
 * Speed machinery for node-lifecycle.ts `monitorNodeHealth`: what a 5 s pass may skip (derived
 * data, never state).
 *
 * Upstream's pass visits every node. Here a visit that ends quiet (node-lifecycle-health.ts notes
 * it: the same Node, Lease, health record and settings give the same result until the grace runs
 * out) and whose `processTaintBaseEviction` would change nothing leaves a slot: the objects it saw
 * and the Ready status it counted. A later pass that finds the very same objects (stored objects
 * and health records are replaced, never changed), the same membership in the zone's tainting
 * set, the same process and settings, before the grace runs out, counts that status and goes on:
 * that is what the visit would do. A node that differs only by a renewed Lease takes the renewal
 * step alone (`leaseRenewalStep`, what the visit would do for it) and keeps its slot. Any other
 * difference visits the node as upstream does.
 *
 * Why: the pass read a dozen objects per node and pass (its Lease by key, its note, its health,
 * its zone, its taints, its place in the tainting set), ~24% of the 5,000-node zone-failure hour
 * and ~21% of the 1,000-node one. Skipping only the nodes without a new Lease (about half of them,
 * the others renew every 10 s) measured no gain at 1,000 nodes: the renewals were the cost.
 */
import type { Lease, Node } from '../core/api-types';
import type { Engine } from '../core/engine';
import { joinKey } from '../core/key-memo';
import type { ControllerMemory, NodeHealth } from '../core/state';
import { leaseRenewalStep, quietNote } from './node-lifecycle-health';
import { taintsSettled } from './node-lifecycle-taints';

/** What a quiet visit of one node saw, and the Ready status it counted for its zone. */
export interface MonitorSlot {
  readonly node: Node;
  readonly leaseKey: string;
  lease: Lease | undefined;
  health: Readonly<NodeHealth> | undefined;
  /** The node was in its zone's NoExecute tainting set. */
  readonly queued: boolean;
  /** The visit's note holds until then (exclusive). */
  until: number;
  /** The visit's result (its note's): the Ready status counted, the one observed. */
  readonly result: Readonly<{ observed: string; current: string | undefined }>;
  readonly zone: string;
  /** The node carries the exclude-disruption label: not counted in its zone. */
  readonly excluded: boolean;
}

/** The slots of one controller process, by node index in name order. */
interface Slots {
  readonly process: string | undefined;
  readonly startedAt: number;
  readonly generation: number;
  readonly settings: object;
  readonly slots: (MonitorSlot | undefined)[];
}

/** Per controller memory object (a restore brings another one, hence no slot). */
const byMemory = new WeakMap<object, Slots>();

let enabled = true;

/** Off: every pass visits every node, as upstream's (for the test that compares the two). */
export function setMonitorSlots(on: boolean): void {
  enabled = on;
}

/**
 * The slots of controller memory `m` for its process (container, start, leadership generation) and
 * `settings`: none when any differs from the last pass's (a new process forgets every node).
 */
export function monitorSlots(m: ControllerMemory, settings: object): (MonitorSlot | undefined)[] {
  if (!enabled) return [];
  const process = m.kcmContainerId;
  const startedAt = m.startedAt;
  const generation = m.generation ?? 0;
  const s = byMemory.get(m);
  if (s && s.process === process && s.startedAt === startedAt && s.generation === generation && s.settings === settings)
    return s.slots;
  const fresh: Slots = { process, startedAt, generation, settings, slots: [] };
  byMemory.set(m, fresh);
  return fresh.slots;
}

/**
 * `slot` when `node` needs no visit this pass: the same node, health record and place in the
 * tainting set as its quiet visit left, and the same Lease before the note runs out (nothing
 * to do), or a renewed one (the renewal step is taken here, as the visit would take it, and the
 * slot follows). Undefined: visit the node.
 */
export function quietPass(
  e: Engine,
  m: ControllerMemory,
  slot: MonitorSlot | undefined,
  node: Node,
): MonitorSlot | undefined {
  if (slot === undefined || slot.node !== node) return undefined;
  const name = node.metadata.name;
  if (m.nodeHealth[name] !== slot.health || (m.taintQueued?.[name] !== undefined) !== slot.queued) return undefined;
  const lease = e.get('Lease', slot.leaseKey);
  if (lease === slot.lease) return e.now < slot.until ? slot : undefined;
  // The note's Lease is not this one: the visit would not recall the note but take this step.
  // With another result than the slot's, the visit goes on from the new note (which it recalls).
  const renewed = leaseRenewalStep(e, m, node, lease, slot.health);
  if (renewed === undefined || renewed.value !== slot.result) return undefined;
  slot.lease = lease;
  slot.health = renewed.health;
  slot.until = renewed.until;
  return slot;
}

/**
 * The slot a visit of `node` leaves when its next visit would change nothing: the visit wrote
 * nothing to the node, its health note stands for the objects in place, there was no Ready
 * transition, and `processTaintBaseEviction` would leave the node's taints and its place in the
 * tainting set as they are. Else none: the next pass visits the node.
 */
export function quietSlot(
  e: Engine,
  m: ControllerMemory,
  node: Node,
  zone: string,
  excluded: boolean,
): MonitorSlot | undefined {
  const name = node.metadata.name;
  const note = quietNote(m, name);
  const r = note?.value;
  if (!note || !r || e.get('Node', name) !== node) return undefined;
  const leaseKey = joinKey('kube-node-lease', name);
  const lease = e.get('Lease', leaseKey);
  const health = m.nodeHealth[name];
  const i = note.inputs;
  if (i[0] !== node || i[1] !== lease || i[2] !== health || i[3] !== e.state.settings) return undefined;
  if (r.current !== 'True' && r.observed === 'True') return undefined;
  const queued = m.taintQueued?.[name] !== undefined;
  if (r.current !== undefined && !taintsSettled(node, r.observed, queued)) return undefined;
  return { node, leaseKey, lease, health, queued, until: note.until, result: r, zone, excluded };
}
