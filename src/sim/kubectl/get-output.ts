/**
 * `kubectl get -o yaml|json` (kubernetes/kubectl pkg/cmd/get/get.go `printGeneric`): one object
 * when a single name was asked for, otherwise a `List` (`apiVersion: v1`, `kind: List`,
 * `metadata.resourceVersion: ""`) of every object found, even none; NotFound errors follow it.
 */
import type { ApiObject } from '../api/types';
import { apiJson } from './api-json';
import type { Json } from './emit';
import { toJson, toYaml } from './emit';
import { type Endpoints, endpointsJson } from './endpoints';

function itemJson(o: ApiObject | Endpoints): { [k: string]: Json } {
  return o.kind === 'Endpoints' ? endpointsJson(o) : apiJson(o);
}

/** The text of a generic (-o yaml|json) get; `lists` per requested type, `errors` as kubectl prints them. */
export function printGeneric(
  req: { types: readonly unknown[]; names: readonly string[] },
  lists: readonly { objs: readonly (ApiObject | Endpoints)[] }[],
  errors: readonly string[],
  format: 'yaml' | 'json',
): string {
  const items = lists.flatMap((l) => l.objs);
  // IntoSingleItemImplied: one type and one name (`get pod web-1`, `get pod/web-1`).
  const single = req.types.length === 1 && req.names.length === 1;
  if (single && items.length === 0) return errors.join('\n');
  const doc: Json =
    single && items[0]
      ? itemJson(items[0])
      : { apiVersion: 'v1', items: items.map(itemJson), kind: 'List', metadata: { resourceVersion: '' } };
  return [format === 'json' ? toJson(doc) : toYaml(doc), ...errors].join('\n');
}
