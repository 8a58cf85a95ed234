/**
 * `kubectl get -o yaml|json` (kubernetes/kubectl pkg/cmd/get/get.go `printGeneric`): one object
 * when a single name was asked for, otherwise a `List` (`apiVersion: v1`, `kind: List`,
 * `metadata.resourceVersion: ""`) of every object found, even none; NotFound errors follow it.
 * A List is written an item at a time (genericPieces): 150,000 pods are hundreds of MB of YAML.
 */
import type { ApiObject } from '../core/api-types';
import { apiJson } from './api-json';
import type { Json } from './emit';
import { jsonArrayItem, toJson, toYaml, yamlSequenceItem } from './emit';
import { type Endpoints, endpointsJson } from './endpoints';
import { joinPieces } from './pieces';

function itemJson(o: ApiObject | Endpoints): { [k: string]: Json } {
  return o.kind === 'Endpoints' ? endpointsJson(o) : apiJson(o);
}

type Lists = readonly { objs: readonly (ApiObject | Endpoints)[] }[];

/**
 * toYaml / toJson of `{apiVersion: v1, items, kind: List, metadata: {resourceVersion: ""}}`, one
 * item per piece (the keys in both printers' order: apiVersion, items, kind, metadata).
 */
function* listPieces(lists: Lists, format: 'yaml' | 'json'): Generator<string> {
  let first = true;
  if (format === 'yaml') {
    yield 'apiVersion: v1\nitems:';
    for (const l of lists) for (const o of l.objs) yield `\n${yamlSequenceItem(itemJson(o))}`;
    // No item: yaml.v2 writes the empty sequence in flow style.
    yield `${lists.some((l) => l.objs.length > 0) ? '' : ' []'}\nkind: List\nmetadata:\n  resourceVersion: ""`;
    return;
  }
  yield '{\n    "apiVersion": "v1",\n    "items": [';
  for (const l of lists) {
    for (const o of l.objs) {
      yield `${first ? '\n' : ',\n'}${jsonArrayItem(itemJson(o), 2)}`;
      first = false;
    }
  }
  yield `${first ? ']' : '\n    ]'},\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}`;
}

/** The pieces of a generic (-o yaml|json) get; `lists` per requested type, `errors` as kubectl prints them. */
export function* genericPieces(
  req: { types: readonly unknown[]; names: readonly string[] },
  lists: Lists,
  errors: readonly string[],
  format: 'yaml' | 'json',
): Generator<string> {
  // IntoSingleItemImplied: one type and one name (`get pod web-1`, `get pod/web-1`).
  const single = req.types.length === 1 && req.names.length === 1;
  const item = lists.find((l) => l.objs.length > 0)?.objs[0];
  if (single && !item) {
    yield errors.join('\n');
    return;
  }
  if (single && item) yield format === 'json' ? toJson(itemJson(item)) : toYaml(itemJson(item));
  else yield* listPieces(lists, format);
  for (const err of errors) yield `\n${err}`;
}

/** The text of a generic (-o yaml|json) get (genericPieces joined). */
export function printGeneric(
  req: { types: readonly unknown[]; names: readonly string[] },
  lists: Lists,
  errors: readonly string[],
  format: 'yaml' | 'json',
): string {
  return joinPieces(genericPieces(req, lists, errors, format));
}
