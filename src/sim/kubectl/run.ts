/**
 * Read-only kubectl: `kubectlOutput(e, line)` runs `kubectl get|describe ...` against the simulated
 * API and returns exactly what kubectl prints (without a final newline). When kube-apiserver or etcd
 * is down it prints the connection-refused line of reference 9.1.
 */
import type { Engine } from '../core/engine';
import { pushAll } from '../core/lists';
import { apiAvailable, controlPlaneHost } from '../core/world';
import { EventsByObject } from './describe-common';
import { describeConfigMap } from './describe-configmap';
import { describeGeneric } from './describe-generic';
import { describeEndpointSlice, describeService } from './describe-network';
import { describeNode } from './describe-node';
import { describePdb } from './describe-pdb';
import { describePod } from './describe-pod';
import { describeDaemonSet, describeDeployment, describeReplicaSet, describeStatefulSet } from './describe-workloads';
import { describeEndpoints, ENDPOINTS_WARNING, endpointsWarns } from './endpoints';
import { type EventsRequest, kubectlEvents, parseEvents } from './events';
import { ALL_NAMESPACES, NAMESPACE, OUTPUT, parseFlags, SELECTOR } from './flags';
import { type GetObject, type GetRequest, kubectlGetPart, kubectlGetPieces, listInScope } from './get';
import { joinPieces } from './pieces';
import { notFound, type ResourceType, resolveResource, unknownResource } from './resources';
import { badSelector, parseSelector, selectorMatches } from './selector';

/** `The connection to the server 192.168.56.10:6443 was refused - did you specify the right host or port?` */
export function connectionRefused(e: Engine): string {
  const ip = controlPlaneHost(e)?.ip ?? '127.0.0.1';
  return `The connection to the server ${ip}:6443 was refused - did you specify the right host or port?`;
}

export type ReadRequest =
  | { verb: 'get'; get: GetRequest }
  | { verb: 'events'; events: EventsRequest }
  | {
      verb: 'describe';
      type: ResourceType;
      names: string[];
      namespace: string;
      allNamespaces: boolean;
      selector?: string;
    };

/** Parse the arguments after `kubectl get` / `kubectl describe`. */
export function parseRead(verb: 'get' | 'describe', args: readonly string[]): ReadRequest | { error: string } {
  const parsed = parseFlags(args, [NAMESPACE, ALL_NAMESPACES, OUTPUT, SELECTOR]);
  if ('error' in parsed) return parsed;
  const { positional, flags } = parsed;
  const output = flags.output;
  if (output !== undefined && (!['wide', 'yaml', 'json'].includes(output) || verb === 'describe')) {
    if (verb === 'describe') return { error: "error: unknown shorthand flag: 'o' in -o" };
    return {
      error: `error: unable to match a printer suitable for the output format "${output}", allowed formats are: json,wide,yaml`,
    };
  }
  const namespace = flags.namespace ?? 'default';
  const allNamespaces = flags['all-namespaces'] === 'true';
  const first = positional[0];
  if (first === undefined) {
    if (verb === 'get') {
      return {
        error:
          'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.',
      };
    }
    return {
      error:
        'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    };
  }
  let typeWords: string[];
  let names: string[];
  if (first.includes('/')) {
    // kubectl get pod/web-1 node/node2: type/name pairs (one type supported per request here).
    const pairs = positional.map((p) => p.split('/'));
    typeWords = [pairs[0]?.[0] ?? ''];
    names = pairs.map((p) => p[1] ?? '');
    if (pairs.some((p) => p[0] !== typeWords[0]))
      return { error: 'error: only one resource type per request is supported here' };
  } else {
    typeWords = first.split(',');
    names = positional.slice(1);
  }
  const types: ResourceType[] = [];
  for (const w of typeWords) {
    const r = resolveResource(w);
    if (!r) return { error: unknownResource(w) };
    types.push(r);
  }
  // cli-runtime resource.Builder: names and a selector do not mix.
  const selector = flags.selector?.trim() ? flags.selector : undefined;
  if (selector !== undefined && names.length > 0)
    return { error: 'error: name cannot be provided when a selector is specified' };
  if (verb === 'get') {
    if (names.length > 0 && types.length > 1) {
      return {
        error: `error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`,
      };
    }
    const get: GetRequest = { types, names, namespace, allNamespaces, wide: output === 'wide' };
    if (output === 'yaml' || output === 'json') get.output = output;
    if (selector !== undefined) get.selector = selector;
    return { verb, get };
  }
  const type = types[0];
  if (!type || types.length > 1) return { error: 'error: describe takes one resource type' };
  return selector === undefined
    ? { verb, type, names, namespace, allNamespaces }
    : { verb, type, names, namespace, allNamespaces, selector };
}

function describeOne(e: Engine, obj: GetObject, events: EventsByObject | undefined): string {
  switch (obj.kind) {
    case 'Endpoints':
      return describeEndpoints(e, obj, events);
    case 'Node':
      return describeNode(e, obj, events);
    case 'Pod':
      return describePod(e, obj, events);
    case 'Deployment':
      return describeDeployment(e, obj, events);
    case 'StatefulSet':
      return describeStatefulSet(e, obj, events);
    case 'ReplicaSet':
      return describeReplicaSet(e, obj, events);
    case 'DaemonSet':
      return describeDaemonSet(e, obj, events);
    case 'ConfigMap':
      return describeConfigMap(e, obj, events);
    case 'Service':
      return describeService(e, obj, events);
    case 'EndpointSlice':
      return describeEndpointSlice(e, obj, events);
    case 'Lease':
    case 'PersistentVolumeClaim':
    case 'PersistentVolume':
    case 'VolumeAttachment':
      return describeGeneric(e, obj, events);
    case 'PodDisruptionBudget':
      return describePdb(e, obj, events);
    default:
      return `error: describe ${obj.kind} is not supported in this playground`;
  }
}

/**
 * `kubectl describe TYPE [NAME]`: exact name, else every object whose name starts with NAME; one
 * piece per object (pieces.ts). Describing more than one object looks their Events up in one
 * index (EventsByObject) instead of scanning every Event for each.
 */
export function* describePieces(
  e: Engine,
  type: ResourceType,
  names: readonly string[],
  namespace: string,
  all: boolean,
  selector?: string,
): Generator<string> {
  const reqs = selector === undefined ? [] : parseSelector(selector);
  if ('error' in reqs) {
    yield badSelector(type.group, type.plural, selector ?? '', reqs.error);
    return;
  }
  // Each key built once, not at each comparison (160,000 pods: millions of keys built).
  const inScope = listInScope(e, type, namespace, all)
    .filter((o) => reqs.length === 0 || selectorMatches(reqs, o.metadata.labels))
    .map((o) => ({ key: `${o.metadata.namespace ?? ''}/${o.metadata.name}`, o }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.o);
  if (names.length === 0 && inScope.length === 0) {
    yield type.namespaced && !all ? `No resources found in ${namespace} namespace.` : 'No resources found';
    return;
  }
  let targets: GetObject[] = inScope;
  const errors: string[] = [];
  if (names.length > 0) {
    targets = [];
    for (const n of names) {
      const exact = inScope.filter((o) => o.metadata.name === n);
      const found = exact.length > 0 ? exact : inScope.filter((o) => o.metadata.name.startsWith(n));
      if (found.length === 0) errors.push(notFound(type, n));
      pushAll(targets, found);
    }
  }
  // One object (the app's `describe node X` view, refreshed as it plays) scans the Events once.
  const events = targets.length > 1 ? new EventsByObject(e) : undefined;
  // Each description ends with a newline, and kubectl separates them with a blank line.
  let written = false;
  for (let i = 0; i < targets.length; i++) {
    const text = describeOne(e, targets[i] as GetObject, events).replace(/\n$/, '');
    const piece = i === 0 ? text : `\n\n\n${text}`;
    if (piece !== '') written = true;
    yield piece;
  }
  for (const err of errors) {
    if (err === '') continue;
    yield written ? `\n${err}` : err;
    written = true;
  }
}

/** `kubectl describe TYPE [NAME]` as one text (describePieces joined). */
export function kubectlDescribe(
  e: Engine,
  type: ResourceType,
  names: readonly string[],
  namespace: string,
  all: boolean,
  selector?: string,
): string {
  return joinPieces(describePieces(e, type, names, namespace, all, selector));
}

/** What a parsed read-only request prints, in pieces (pieces.ts). */
export function* readPieces(e: Engine, req: ReadRequest): Generator<string> {
  if (!apiAvailable(e)) {
    yield connectionRefused(e);
    return;
  }
  if (req.verb === 'get') {
    yield* kubectlGetPieces(e, req.get);
    return;
  }
  if (req.verb === 'events') {
    yield kubectlEvents(e, req.events);
    return;
  }
  // The apiserver's Endpoints deprecation warning, printed before the output (endpoints.ts).
  if (req.type.kind === 'Endpoints' && endpointsWarns(e)) yield `${ENDPOINTS_WARNING}\n`;
  yield* describePieces(e, req.type, req.names, req.namespace, req.allNamespaces, req.selector);
}

/** Run a parsed read-only request (readPieces joined). */
export function runRead(e: Engine, req: ReadRequest): string {
  return joinPieces(readPieces(e, req));
}

/** Split a line into words, honouring single and double quotes. */
function words(line: string): string[] {
  return line.match(/"[^"]*"|'[^']*'|\S+/g)?.map((w) => w.replace(/^(["'])(.*)\1$/, '$2')) ?? [];
}

/**
 * Part of a `kubectl get` line's output (kubectlGetPart): its first or last `kept` lines when it
 * is one table of more than `over` lines, else undefined (the caller prints it whole).
 */
export function kubectlOutputPart(
  e: Engine,
  line: string,
  keep: 'head' | 'tail',
  over: number,
  kept: number,
): { text: string; lines: number } | undefined {
  const w = words(line.trim());
  if (w[0] === 'kubectl') w.shift();
  if (w[0] !== 'get' || !apiAvailable(e)) return undefined;
  const req = parseRead('get', w.slice(1));
  if ('error' in req || req.verb !== 'get') return undefined;
  return kubectlGetPart(e, req.get, keep, over, kept);
}

/**
 * Run one read-only kubectl line (`kubectl get ...`, `kubectl describe ...`; the leading `kubectl`
 * is optional) and return its output exactly as kubectl prints it.
 */
export function kubectlOutput(e: Engine, line: string): string {
  const w = words(line.trim());
  if (w[0] === 'kubectl') w.shift();
  const verb = w[0];
  if (verb === 'events') {
    const ev = parseEvents(w.slice(1));
    return 'error' in ev ? ev.error : runRead(e, { verb, events: ev });
  }
  if (verb !== 'get' && verb !== 'describe') {
    return `error: kubectlOutput runs read-only commands (get, describe, events), not "${verb ?? ''}"`;
  }
  const req = parseRead(verb, w.slice(1));
  if ('error' in req) return req.error;
  return runRead(e, req);
}
