/**
 * node-lifecycle-controller (kube-controller-manager; event source `node-controller`), reference §2.
 *
 * Every nodeMonitorPeriod (5s) while kube-controller-manager is active, `monitorNodeHealth`:
 * RegisteredNode / RemovingNode for nodes appearing / disappearing from its memory, node health
 * (node-lifecycle-health.ts), NodeNotReady + MarkPodsNotReady on Ready True → not True, NoExecute
 * tainting through per-zone rate-limited queues (node-lifecycle-taints.ts), and zone disruption
 * states (node-lifecycle-zones.ts) including "master disruption mode". NoSchedule condition taints
 * are reconciled on every Node change (workqueue `sync`), and pods newly bound to a node that is
 * not Ready are marked NotReady (`processPod`).
 *
 * Note: `processTaintBaseEviction` acts on the Ready status observed at the *start* of a pass
 * (NLC [C]), so the NoExecute taint is queued on the pass after the one that set Unknown (≈5s later).
 *
 * Cause/history `what` prefixes: see node-lifecycle-health.ts (`Ready=Unknown`, `Ready=False
 * (NodeNotReady)`) and node-lifecycle-taints.ts (`taint <k>:<Effect>`, `untaint <k>:<Effect>`);
 * node events: `event RegisteredNode`, `event RemovingNode`, `event NodeNotReady` (engine.event).
 */
import type { Node, Pod } from '../core/api-types';
import { dict } from '../core/dict';
import type { Engine, SimModule } from '../core/engine';
import { controllerManagerActive, controllerMemory } from './control-plane';
import { markPodsNotReady, podsOnNodeSorted, silenceParents, tryUpdateNodeHealth } from './node-lifecycle-health';
import { reconcileNodeLabels } from './node-lifecycle-labels';
import { monitorSlots, quietPass, quietSlot } from './node-lifecycle-monitor-cache';
import {
  doNoExecuteTaintingPass,
  doNoScheduleTaintingPass,
  markNodeAsReachable,
  processTaintBaseEviction,
  readyCause,
  scheduleNoExecuteTick,
} from './node-lifecycle-taints';
import {
  computeZoneState,
  LABEL_EXCLUDE_DISRUPTION,
  newTokenBucket,
  swapLimiter,
  type ZoneState,
  zoneKey,
  zoneLabel,
  zoneQps,
} from './node-lifecycle-zones';

const SOURCE = 'node-controller';

function nodeRef(name: string, uid: string) {
  return { kind: 'Node', name, uid };
}

/** `addPodEvictorForNewZone`: a zone seen for the first time starts Initial with the normal rate. */
function addZone(e: Engine, zone: string): void {
  const m = controllerMemory(e);
  if (m.zoneStates[zone] !== undefined) return;
  m.zoneStates[zone] = 'Initial';
  m.zoneTokens[zone] = newTokenBucket(e.now);
  m.zoneQps[zone] = e.state.settings.nodeEvictionRate;
  m.taintQueue[zone] ??= [];
}

function setLimiterInZone(e: Engine, zone: string, size: number, state: ZoneState): void {
  const m = controllerMemory(e);
  const oldQps = m.zoneQps[zone] ?? e.state.settings.nodeEvictionRate;
  const qps = zoneQps(state, size, e.state.settings);
  m.zoneTokens[zone] = swapLimiter(m.zoneTokens[zone] ?? newTokenBucket(e.now), oldQps, qps, e.now);
  m.zoneQps[zone] = qps;
}

/** `handleDisruption`: zone states from this pass's Ready statuses, limiter swaps, master disruption mode. */
function handleDisruption(e: Engine, zoneReady: Map<string, (string | undefined)[]>, nodes: readonly Node[]): void {
  const m = controllerMemory(e);
  const s = e.state.settings;
  const newStates = new Map<string, ZoneState>();
  let allAreFull = true;
  for (const [zone, statuses] of [...zoneReady].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const { state } = computeZoneState(statuses, s.unhealthyZoneThreshold);
    if (state !== 'FullDisruption') allAreFull = false;
    newStates.set(zone, state);
    if (m.zoneStates[zone] === undefined) m.zoneStates[zone] = 'Initial';
  }
  let allWasFull = true;
  for (const zone of Object.keys(m.zoneStates).sort()) {
    if (!zoneReady.has(zone)) {
      delete m.zoneStates[zone];
      continue;
    }
    if (m.zoneStates[zone] !== 'FullDisruption') allWasFull = false;
  }
  if (allAreFull && allWasFull) return;
  if (allAreFull) {
    e.trace(
      'node-lifecycle-controller: Controller detected that all Nodes are not-Ready. Entering master disruption mode',
    );
    m.masterDisruption = true;
    const cause = e.cause({
      actor: 'node-lifecycle-controller',
      what: 'master disruption mode: all zones in FullDisruption',
      rule: 'no Ready node in any zone: stop NoExecute tainting and remove NoExecute taints',
      parents: nodes.flatMap((n) => silenceParents(e, n.metadata.name)).slice(0, 8),
    });
    for (const n of nodes) markNodeAsReachable(e, n, 'all zones in FullDisruption (master disruption mode)', [cause]);
    for (const zone of Object.keys(m.zoneStates).sort()) {
      const oldQps = m.zoneQps[zone] ?? s.nodeEvictionRate;
      m.zoneTokens[zone] = swapLimiter(m.zoneTokens[zone] ?? newTokenBucket(e.now), oldQps, 0, e.now);
      m.zoneQps[zone] = 0;
      m.zoneStates[zone] = 'FullDisruption';
    }
    return;
  }
  if (allWasFull) {
    e.trace('node-lifecycle-controller: Controller detected that some Nodes are Ready. Exiting master disruption mode');
    m.masterDisruption = false;
    // Fresh grace for every node: they may all have been cut off from the control plane.
    for (const n of nodes) {
      const h = m.nodeHealth[n.metadata.name];
      if (h)
        e.cow.field(m, 'nodeHealth')[n.metadata.name] = {
          ...h,
          probeTimestamp: e.now,
          readyTransitionTimestamp: e.now,
        };
    }
    for (const zone of Object.keys(m.zoneStates).sort()) {
      const st = newStates.get(zone) ?? 'Normal';
      setLimiterInZone(e, zone, zoneReady.get(zone)?.length ?? 0, st);
      m.zoneStates[zone] = st;
    }
    return;
  }
  for (const zone of Object.keys(m.zoneStates).sort()) {
    const st = newStates.get(zone);
    if (!st || st === m.zoneStates[zone]) continue;
    e.trace(`node-lifecycle-controller: Controller detected that zone ${zoneLabel(zone)} is now in new state ${st}`);
    setLimiterInZone(e, zone, zoneReady.get(zone)?.length ?? 0, st);
    m.zoneStates[zone] = st;
  }
}

/** One `monitorNodeHealth` pass over the nodes in the API (the informer cache). */
export function monitorNodeHealth(e: Engine): void {
  const m = controllerMemory(e);
  const nodes = e.nodesByName();
  // What the last passes of this process saw of each node (node-lifecycle-monitor-cache.ts).
  const slots = monitorSlots(m, e.state.settings);
  // Each node's zone, read once per pass (both loops below need it).
  const zones: string[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as Node;
    const slot = slots[i];
    zones[i] = slot !== undefined && slot.node === n ? slot.zone : zoneKey(n);
  }
  const kcmParents = m.kcmCause !== undefined ? [m.kcmCause] : [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i] as Node;
    const name = n.metadata.name;
    const zone = zones[i] as string;
    // A node with a slot was known to this process when it left the slot, and still is.
    if (slots[i]?.node === n || m.knownNodes[name] !== undefined) {
      addZone(e, zone); // newZoneRepresentatives
      continue;
    }
    const created = e.lastCause(`Node/${name}`);
    const cause = e.cause({
      actor: 'node-lifecycle-controller',
      what: `RegisteredNode ${name}`,
      rule: 'node not yet known to this kube-controller-manager process',
      parents: created !== undefined ? [created, ...kcmParents] : kcmParents,
    });
    e.event(
      nodeRef(name, n.metadata.uid),
      'Normal',
      'RegisteredNode',
      `Node ${name} event: Registered Node ${name} in Controller`,
      SOURCE,
      cause,
    );
    e.cow.field(m, 'knownNodes')[name] = n.metadata.uid;
    addZone(e, zone);
    markNodeAsReachable(e, n, 'node newly observed by the controller (markNodeAsReachable)', [cause]);
  }
  // Every listed node is known by now: only a longer memory can hold nodes gone from the API.
  const known = Object.keys(m.knownNodes);
  const present = known.length > nodes.length ? new Set(nodes.map((n) => n.metadata.name)) : undefined;
  for (const name of present ? known.sort() : []) {
    if (present?.has(name)) continue;
    const uid = m.knownNodes[name] as string;
    const gone = e.lastCause(`Node/${name}`);
    const cause = e.cause({
      actor: 'node-lifecycle-controller',
      what: `RemovingNode ${name}`,
      rule: 'node no longer in the API',
      parents: gone !== undefined ? [gone] : [],
    });
    e.event(
      nodeRef(name, uid),
      'Normal',
      'RemovingNode',
      `Node ${name} event: Removing Node ${name} from Controller`,
      SOURCE,
      cause,
    );
    delete e.cow.field(m, 'knownNodes')[name];
    delete e.cow.field(m, 'nodeHealth')[name];
  }

  const zoneReady = new Map<string, (string | undefined)[]>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    const name = node.metadata.name;
    const zone = zones[i] as string;
    // Counted from its slot when a visit would change nothing (node-lifecycle-monitor-cache.ts).
    const slot = quietPass(e, m, slots[i], node);
    if (slot) {
      if (!slot.excluded) countReady(zoneReady, zone, slot.result.current);
      continue;
    }
    const r = tryUpdateNodeHealth(e, node);
    const excluded = node.metadata.labels[LABEL_EXCLUDE_DISRUPTION] !== undefined;
    if (!excluded) countReady(zoneReady, zone, r.current);
    if (r.current !== undefined) {
      processTaintBaseEviction(e, node, r.observed);
      if (r.current !== 'True' && r.observed === 'True') {
        const cause = r.unknownCause ?? readyCause(e, name, r.current);
        const parents = cause !== undefined ? [cause] : [];
        const c = e.cause({
          actor: 'node-lifecycle-controller',
          what: `NodeNotReady ${name}`,
          rule: `Ready True → ${r.current} (RecordNodeStatusChange)`,
          parents,
        });
        e.event(
          nodeRef(name, node.metadata.uid),
          'Normal',
          'NodeNotReady',
          `Node ${name} status is now: NodeNotReady`,
          SOURCE,
          c,
        );
        // kk#112733: only a True → not-True transition marks pods; False → Unknown does not.
        markPodsNotReady(e, name, podsOnNodeSorted(e, name), parents);
      }
    }
    slots[i] = quietSlot(e, m, node, zone, excluded);
  }
  slots.length = nodes.length;
  handleDisruption(e, zoneReady, nodes);
  if (e.observers.length) e.observe({ type: 'zone-states', at: e.now, states: { ...m.zoneStates } });
  scheduleNoExecuteTick(e);
}

function countReady(zoneReady: Map<string, (string | undefined)[]>, zone: string, status: string | undefined): void {
  const list = zoneReady.get(zone);
  if (list) list.push(status);
  else zoneReady.set(zone, [status]);
}

/** `processPod`: a pod newly bound to a node the controller sees as not Ready is marked NotReady. */
function processPod(e: Engine, key: string): void {
  const m = controllerMemory(e);
  const pod = e.get('Pod', key);
  const nodeName = pod?.spec.nodeName;
  if (!pod || !nodeName) return;
  const h = m.nodeHealth[nodeName];
  if (!h || !e.get('Node', nodeName) || h.observedReady === undefined) return;
  if (h.observedReady === 'True') return;
  const parent = readyCause(e, nodeName, h.observedReady);
  markPodsNotReady(e, nodeName, [pod], parent !== undefined ? [parent] : []);
}

function onPod(e: Engine, key: string, obj: Pod | undefined, old: Pod | undefined): void {
  const nodeName = obj?.spec.nodeName;
  if (!nodeName || nodeName === old?.spec.nodeName) return;
  controllerMemory(e).nlcDirtyPods[key] = true;
  e.enqueue('node-lifecycle');
}

/** The node-lifecycle-controller module. */
export const nodeLifecycleModule: SimModule = {
  name: 'node-lifecycle',
  timers: {
    'node-lifecycle.monitor': (e, t) => {
      const m = controllerMemory(e);
      if (t.gen !== m.generation) return;
      e.schedule(e.state.settings.nodeMonitorPeriod, 'node-lifecycle.monitor', '', t.gen);
      if (controllerManagerActive(e)) monitorNodeHealth(e);
    },
    'node-lifecycle.noexecute': (e, t) => {
      const m = controllerMemory(e);
      if (t.gen !== m.generation || Number(t.target) !== m.noExecuteTickAt) return;
      m.noExecuteTickAt = undefined;
      if (!controllerManagerActive(e)) {
        // API blip while still leader: retry a second later (leadership loss bumps the generation).
        scheduleNoExecuteTick(e, 1000);
        return;
      }
      doNoExecuteTaintingPass(e);
      scheduleNoExecuteTick(e);
    },
  },
  watch: {
    Node: (e, key) => {
      const dirty = e.state.controllers.nlcDirtyNodes;
      if (dirty) dirty[key] = true;
      e.enqueue('node-lifecycle');
    },
    Pod: (e, key, obj, old) => onPod(e, key, obj as Pod | undefined, old as Pod | undefined),
  },
  sync: (e) => {
    if (!controllerManagerActive(e)) return;
    const m = controllerMemory(e);
    const pods = Object.keys(m.nlcDirtyPods).sort();
    m.nlcDirtyPods = dict();
    for (const key of pods) processPod(e, key);
    // The pass is a function of the node object alone: a node not written since its last pass
    // would not change, so only the written ones are visited (all of them after a restart).
    const dirty = m.nlcDirtyNodes;
    m.nlcDirtyNodes = dict();
    const names = dirty ? Object.keys(dirty) : e.list('Node').map((n) => n.metadata.name);
    for (const name of names.sort()) {
      // doNodeProcessingPassWorker: the NoSchedule taints, then the labels.
      doNoScheduleTaintingPass(e, name);
      reconcileNodeLabels(e, name);
    }
  },
};
