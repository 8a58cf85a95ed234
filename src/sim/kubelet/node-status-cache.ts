/**
 * Speed machinery for node-status.ts: per host (derived, not state: a restore gives new hosts,
 * hence misses, but see the warmth below), the stored Node after which a status pass changed
 * nothing and recorded no event, with what the setters read besides it: the Ready verdict and the
 * boot id (the ip never changes). Stored Nodes are never mutated, so while the same Node is stored
 * and those agree, the pass would change nothing again.
 */
import type { Node } from '../core/api-types';
import { sameEntries, type Warmth } from '../core/engine';
import type { Host } from '../core/state';

type Verdict = Readonly<{ ready: boolean; message: string }>;
type Settled = { node: Node; ready: boolean; message: string; bootId: string };

const settled = new WeakMap<Host, Settled>();

/** A status pass over `h` with `stored` and `verdict` would change nothing again (see above). */
export function nodeStatusSettled(h: Host, stored: Node, verdict: Verdict): boolean {
  const seen = settled.get(h);
  return (
    seen?.node === stored &&
    seen.ready === verdict.ready &&
    seen.message === verdict.message &&
    seen.bootId === h.bootId
  );
}

/** Notes that a pass over `h` left `node` stored, changed nothing and recorded no event. */
export function noteNodeStatusSettled(h: Host, node: Node, verdict: Verdict): void {
  settled.set(h, { node, ...verdict, bootId: h.bootId });
}

/**
 * The settled notes carried across a snapshot and restore (core/engine.ts `Warmth`): a note holds
 * only values (a stored Node, the verdict, the boot id), so the snapshot's note of a host is given
 * to the restored host of that name as it is.
 */
export const nodeStatusWarmth: Warmth = {
  export(e, prev) {
    const out = new Map<string, Settled>();
    const hosts = e.state.hosts;
    for (const name in hosts) {
      const seen = settled.get(hosts[name] as Host);
      if (seen) out.set(name, seen);
    }
    return sameEntries(out, prev);
  },
  import(e, data) {
    if (!(data instanceof Map)) return;
    const hosts = e.state.hosts;
    for (const [name, seen] of data as Map<string, Settled>) {
      const h = hosts[name];
      if (h) settled.set(h, seen);
    }
  },
};
