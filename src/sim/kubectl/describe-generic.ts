/**
 * kubectl's generic describer, for kinds without a describer of their own (a Lease): name,
 * namespace, labels, annotations, then every other field of the object as the API serves it,
 * keys sorted and turned into words (kubernetes/kubectl pkg/describe/describe.go
 * `genericDescriber.Describe`, `printUnstructuredContent`, `smartLabelFor`), then the events.
 */
import type { ApiObject } from '../core/api-types';
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { apiJson } from './api-json';
import { annotationsMultiline, type EventsByObject, eventsBlock, eventsFor, labelsMultiline } from './describe-common';
import type { Json } from './emit';
import { describeText } from './table';

/** fatih/camelcase Split: runs of lower case, upper case, digits, others; `HTTPServer` -> HTTP, Server. */
function camelSplit(s: string): string[] {
  const cls = (c: string) => (/\p{Ll}/u.test(c) ? 1 : /\p{Lu}/u.test(c) ? 2 : /\p{Nd}/u.test(c) ? 3 : 4);
  const runs: string[][] = [];
  let last = 0;
  for (const c of s) {
    const k = cls(c);
    if (k === last) runs[runs.length - 1]?.push(c);
    else runs.push([c]);
    last = k;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const cur = runs[i] as string[];
    const next = runs[i + 1] as string[];
    if (cls(cur[0] as string) === 2 && cls(next[0] as string) === 1 && cur.length > 0) {
      next.unshift(cur.pop() as string);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

const ACRONYMS = ['API', 'URL', 'UID', 'GUID'];

/** smartLabelFor: `apiVersion` -> `API Version`, `holderIdentity` -> `Holder Identity`. */
export function smartLabelFor(field: string): string {
  if ([...field].some((c) => !/\p{L}/u.test(c) && c !== '-')) return field;
  const parts = camelSplit(field);
  const merged: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    if (next && part.length >= 2 && part === part.toUpperCase() && /^\p{Lu}/u.test(next)) {
      merged.push(part + next);
      i++;
      continue;
    }
    merged.push(part);
  }
  return merged
    .filter((p) => p !== '_')
    .map((p) => {
      if (ACRONYMS.includes(p.toUpperCase())) return p.toUpperCase();
      return p === p.toLowerCase() ? p.charAt(0).toUpperCase() + p.slice(1) : p;
    })
    .join(' ');
}

const SKIP = [
  '.metadata.managedFields',
  '.metadata.name',
  '.metadata.namespace',
  '.metadata.labels',
  '.metadata.annotations',
];

/** Go's %v of a JSON value. */
function goValue(v: Json): string {
  if (v === null) return '<nil>';
  return String(v);
}

function content(obj: { [k: string]: Json }, level: number, prefix: string, out: string[]): void {
  const pad = '  '.repeat(level);
  for (const field of Object.keys(obj).sort()) {
    const v = obj[field] as Json;
    const path = `${prefix}.${field}`;
    if (SKIP.includes(path)) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      out.push(`${pad}${smartLabelFor(field)}:`);
      content(v, level + 1, path, out);
    } else if (Array.isArray(v)) {
      out.push(`${pad}${smartLabelFor(field)}:`);
      for (const child of v) {
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) content(child, level + 1, path, out);
        else out.push(`${'  '.repeat(level + 1)}${goValue(child)}`);
      }
    } else out.push(`${pad}${smartLabelFor(field)}:\t${goValue(v)}`);
  }
}

/** `kubectl describe` of an object without its own describer. */
export function describeGeneric(e: Engine, obj: ApiObject, events?: EventsByObject): string {
  const m = obj.metadata;
  const lines = [
    `Name:\t${m.name}`,
    `Namespace:\t${m.namespace ?? ''}`,
    ...labelsMultiline('Labels', m.labels),
    ...annotationsMultiline('Annotations', m.annotations),
  ];
  content(apiJson(obj), 0, '', lines);
  pushAll(
    lines,
    eventsBlock(
      eventsFor(e, { kind: obj.kind, name: m.name, namespace: m.namespace ?? '', uid: m.uid }, events),
      e.now,
    ),
  );
  return describeText(lines.join('\n'));
}
