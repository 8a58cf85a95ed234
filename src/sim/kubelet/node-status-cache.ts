/**
 * Speed machinery for node-status.ts: per engine and host name (derived, not state), the stored
 * Node after which a status pass changed nothing and recorded no event, with what the setters read
 * besides it: the Ready verdict, the boot id and the ip (a host of the same name made again may
 * differ in it). Stored Nodes are never
 * mutated, so while the same Node is stored and those agree, the pass would change nothing again;
 * a note holds only values, so it holds across restores too (core/per-engine.ts).
 */
import type { Node } from '../core/api-types';
import type { Engine } from '../core/engine';
import { perEngine } from '../core/per-engine';
import type { Host } from '../core/state';

type Verdict = Readonly<{ ready: boolean; message: string }>;
type Settled = { node: Node; ready: boolean; message: string; bootId: string; ip: string };

const settled = perEngine(() => new Map<string, Settled>());

/** A status pass over `h` with `stored` and `verdict` would change nothing again (see above). */
export function nodeStatusSettled(e: Engine, h: Host, stored: Node, verdict: Verdict): boolean {
  const seen = settled(e).get(h.name);
  return (
    seen?.node === stored &&
    seen.ready === verdict.ready &&
    seen.message === verdict.message &&
    seen.bootId === h.bootId &&
    seen.ip === h.ip
  );
}

/** Notes that a pass over `h` left `node` stored, changed nothing and recorded no event. */
export function noteNodeStatusSettled(e: Engine, h: Host, node: Node, verdict: Verdict): void {
  settled(e).set(h.name, { node, ...verdict, bootId: h.bootId, ip: h.ip });
}
