/**
 * `kubectl taint` against the API: the node's new taint list as kubectl computes it
 * (kubernetes/kubectl pkg/cmd/taint/taint.go `updateTaints`, pkg/cmd/taint/utils.go
 * `reorganizeTaints`, `checkIfTaintsAlreadyExists`), then one write of the Node. New taints come
 * first, then the old ones that were not replaced; removing `key-` drops every effect of the key.
 * kubectl sets no `timeAdded` (the node-lifecycle controller's own NoExecute taints carry one);
 * the taint-eviction controller counts from when it observes the taint either way (§3.2).
 *
 * History `what` prefixes: `taint <key>:<effect>` (added; node.kubernetes.io/ keys shortened as the
 * node-lifecycle controller writes them, so `taint out-of-service:NoExecute`), `untaint <key>`.
 */

import type { Taint, TaintEffect } from '../core/api-types';
import type { Engine } from '../core/engine';
import { ApiError, notFound } from './errors';
import { clone } from './podutil';

/** A taint to add (effect required) or remove (effect optional: all effects of the key). */
export interface TaintSpec {
  key: string;
  value?: string;
  effect?: TaintEffect;
}

/** corev1.Taint.ToString, as kubectl prints a taint it could not find. */
function taintToString(t: TaintSpec): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

const short = (key: string) => key.replace(/^node\.kubernetes\.io\//, '');

/**
 * Apply `kubectl taint` to one node. Returns `node/NAME tainted|untainted|modified`; throws
 * ApiError with kubectl's text (taint exists without --overwrite, taint to remove not found).
 */
export function taintNode(
  e: Engine,
  nodeName: string,
  add: readonly TaintSpec[],
  remove: readonly TaintSpec[],
  overwrite: boolean,
  cause: number,
): string {
  const node = e.get('Node', nodeName);
  if (!node) throw notFound('Node', nodeName);
  const old = node.spec.taints;
  if (!overwrite) {
    const exists = add.filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect)).map((t) => t.key);
    if (exists.length)
      throw new ApiError(
        'BadRequest',
        `error: node ${nodeName} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`,
      );
  }
  // reorganizeTaints: the new ones, then every old one no new taint matches (MatchTaint: key and effect).
  let next: Taint[] = add.map((t) => {
    const out: Taint = { key: t.key, effect: t.effect ?? 'NoSchedule' };
    if (t.value) out.value = t.value;
    return out;
  });
  for (const o of old) if (!next.some((t) => t.key === o.key && t.effect === o.effect)) next.push(o);
  const added = old.length !== next.length;
  const missing: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const before = next.length;
    next = next.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    deleted = next.length !== before;
    if (!deleted) missing.push(`taint "${taintToString(r)}" not found`);
  }
  if (missing.length)
    throw new ApiError('NotFound', missing.length === 1 ? `error: ${missing[0]}` : `${missing.join('\n')}`);
  const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  const what = [
    ...add.map((t) => `taint ${short(t.key)}:${t.effect}`),
    ...remove.map((t) => `untaint ${short(t.key)}${t.effect ? `:${t.effect}` : ''}`),
  ].join(', ');
  if (JSON.stringify(next) !== JSON.stringify(old)) {
    const n = clone(node);
    n.spec.taints = next;
    e.put(n, what, cause);
  }
  return `node/${nodeName} ${operation}`;
}
