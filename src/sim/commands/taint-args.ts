/**
 * `kubectl taint nodes NODE KEY[=VALUE]:EFFECT ... KEY[:EFFECT]-` as kubectl reads its arguments
 * (kubernetes/kubectl pkg/cmd/taint/taint.go `Complete`, `Validate`; pkg/cmd/taint/utils.go
 * `parseTaints`, `parseTaint`), with kubectl's error texts. The API side is api/taint.ts.
 */

import { labelValueErrors, qualifiedNameErrors } from '../api/label-validation';
import type { TaintSpec } from '../api/taint';
import type { TaintEffect } from '../core/api-types';
import { resolveResource } from '../kubectl/resources';

export interface TaintArgs {
  node: string;
  add: TaintSpec[];
  remove: TaintSpec[];
  /** The taint arguments as typed (validated), for the canonical form. */
  specs: string[];
}

const EFFECTS: readonly string[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const USAGE = "\nSee 'kubectl taint -h' for help and examples";

/** parseTaint: `<key>=<value>:<effect>`, `<key>:<effect>` or `<key>`. */
function parseTaint(st: string): TaintSpec | { error: string } {
  const parts = st.split(':');
  let key: string;
  let value: string | undefined;
  let effect: TaintEffect | undefined;
  if (parts.length === 1) key = parts[0] ?? '';
  else if (parts.length === 2) {
    const e = parts[1] ?? '';
    if (!EFFECTS.includes(e)) return { error: `invalid taint effect: ${e}, unsupported taint effect` };
    effect = e as TaintEffect;
    const kv = (parts[0] ?? '').split('=');
    if (kv.length > 2) return { error: `invalid taint spec: ${st}` };
    key = kv[0] ?? '';
    if (kv.length === 2) {
      value = kv[1] ?? '';
      const errs = labelValueErrors(value);
      if (errs.length) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
    }
  } else return { error: `invalid taint spec: ${st}` };
  const errs = qualifiedNameErrors(key);
  if (errs.length) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
  const t: TaintSpec = { key };
  if (value) t.value = value;
  if (effect) t.effect = effect;
  return t;
}

/** Go's %v of a corev1.Taint (`{key value NoSchedule <nil>}`), as parseTaints prints a duplicate. */
function goTaint(t: TaintSpec): string {
  return `{${t.key} ${t.value ?? ''} ${t.effect ?? ''} <nil>}`;
}

/** Parse `kubectl taint` arguments (after the verb). `overwrite` does not change the parse. */
export function parseTaintArgs(args: readonly string[]): TaintArgs | { error: string } {
  const resources: string[] = [];
  const specs: string[] = [];
  let metTaint = false;
  for (const s of args) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) {
      metTaint = true;
      specs.push(s);
    } else if (!metTaint) resources.push(s);
    else return { error: `error: all resources must be specified before taint changes: ${s}` };
  }
  if (resources.length < 1) return { error: 'error: one or more resources must be specified as <resource> <name>' };
  if (specs.length < 1) return { error: 'error: at least one taint update is required' };
  const add: TaintSpec[] = [];
  const remove: TaintSpec[] = [];
  for (const s of specs) {
    if (s.endsWith('-')) {
      const t = parseTaint(s.slice(0, -1));
      if ('error' in t) return { error: `error: ${t.error}${USAGE}` };
      remove.push(t.effect ? { key: t.key, effect: t.effect } : { key: t.key });
      continue;
    }
    const t = parseTaint(s);
    if ('error' in t) return { error: `error: ${t.error}${USAGE}` };
    if (!t.effect) return { error: `error: invalid taint spec: ${s}${USAGE}` };
    if (add.some((x) => x.key === t.key && x.effect === t.effect))
      return { error: `error: duplicated taints with the same key and effect: ${goTaint(t)}${USAGE}` };
    add.push(t);
  }
  const typeWord = (resources[0] ?? '').toLowerCase();
  const type = resolveResource(typeWord);
  if (!type) return { error: `error: the server doesn't have a resource type "${typeWord}"` };
  if (type.kind !== 'Node') return { error: `error: invalid resource type ${typeWord}, only node types are supported` };
  const conflicts: string[] = [];
  for (const a of add)
    for (const r of remove)
      if (a.key === r.key && (!r.effect || a.effect === r.effect)) conflicts.push(`${r.key}=${r.effect ?? ''}`);
  if (conflicts.length)
    return {
      error: `error: can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`,
    };
  if (resources.length < 2)
    return { error: "error: at least one resource name must be specified since 'all' parameter is not set" };
  if (resources.length > 2)
    return { error: `error: taint one node at a time here: unexpected ${resources.slice(2).join(' ')}` };
  return { node: resources[1] ?? '', add, remove, specs };
}
