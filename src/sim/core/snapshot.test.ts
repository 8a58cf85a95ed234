import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setSyncShortcutsForTests } from '../kubelet/quiet-sync';
import { MODULES } from '../modules';
import { clusterArb, faultArb, scenarioOf } from '../properties.testkit';
import { Simulation, stateOfSnapshot } from '../simulation';
import type { Pod } from './api-types';
import { allCauses, appendCause, CAUSE_CHUNK, causeAt, copyCauseLog, emptyCauseLog } from './cause-log';
import type { Writable } from './copy-on-write';
import type { SimModule } from './engine';
import { eventRows } from './event-log.testkit';
import { journalLength } from './journal-log';
import type { Scenario } from './scenario-types';
import { clonePlain, copyState } from './snapshot';
import type { Cause, Host, KubeletMemory, RecordKind, SimState } from './state';
import type { RecordCheckpoint, StoreRecord } from './store-record';

function deepFreeze(o: unknown): void {
  if (typeof o !== 'object' || o === null || Object.isFrozen(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}

/** Freezes every object as it is written: any later in-place change throws. */
const freezeModule: SimModule = {
  name: 'freeze-written-objects',
  watch: Object.fromEntries(
    ['Node', 'Pod', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Service', 'EndpointSlice', 'Lease'].map(
      (k) => [k, (_e: unknown, _key: string, obj: unknown) => deepFreeze(obj)],
    ),
  ),
};

const MIN = 60_000;

function busyScenario(): Scenario {
  const template = (app: string, image: string) => ({
    metadata: { labels: { app } },
    spec: { containers: [{ name: 'main', image }] },
  });
  return {
    apiVersion: 'notready/v1',
    kind: 'Scenario',
    metadata: { name: 'busy', title: 'busy' },
    spec: {
      profile: 'v1.33',
      seed: 3,
      settings: {},
      nodes: [
        { name: 'control-plane', roles: ['control-plane'] },
        { name: 'node1', roles: [] },
        { name: 'node2', roles: [] },
        { name: 'node3', roles: [] },
      ],
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 6, selector: { matchLabels: { app: 'web' } }, template: template('web', 'nginx:1.27') },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: 'db' },
          spec: {
            replicas: 2,
            serviceName: 'db',
            selector: { matchLabels: { app: 'db' } },
            template: template('db', 'redis:7.2'),
          },
        },
      ],
      staticPods: [],
      timeline: [
        { at: 1 * MIN, run: 'ssh node2 systemctl stop kubelet' },
        { at: 2 * MIN, run: 'kubectl scale deployment web --replicas=9' },
        { at: 3 * MIN, run: 'ssh node3 systemctl stop containerd' },
        { at: 5 * MIN, run: 'ssh node1 poweroff' },
        { at: 8 * MIN, run: 'ssh node2 systemctl start kubelet' },
        { at: 9 * MIN, run: 'ssh node3 systemctl start containerd' },
        { at: 10 * MIN, run: 'ssh control-plane mv /etc/kubernetes/manifests/kube-apiserver.yaml /tmp/' },
        { at: 11 * MIN, run: 'ssh control-plane mv /tmp/kube-apiserver.yaml /etc/kubernetes/manifests/' },
        { at: 13 * MIN, run: 'power-on node1' },
        { at: 14 * MIN, run: 'kubectl scale deployment web --replicas=4' },
      ],
      lesson: [],
      duration: 600_000,
    },
  };
}

describe('snapshots share what is never changed', () => {
  it('no stored API object is changed after it was written (snapshots share them)', () => {
    const sim = new Simulation(busyScenario(), [...MODULES, freezeModule]);
    expect(() => sim.advanceTo(20 * MIN)).not.toThrow();
    expect(sim.engine.state.commandLog.map((c) => c.ok)).toEqual(Array(10).fill(true));
    expect(sim.engine.state.api.objects.Pod.keys().length).toBeGreaterThan(5);
  });

  it('restoring a snapshot replays to the same trace, and the snapshot is unaffected by the run', () => {
    const sim = new Simulation(busyScenario());
    sim.advanceTo(4 * MIN);
    const snap = sim.snapshot();
    // The Events a checkpoint holds are its rows up to its tail: the live log goes on writing past it.
    const kept = () => JSON.stringify([snap.state, snap.api, snap.events && eventRows(snap.events)]);
    const frozen = kept();
    expect(snap.events && eventRows(snap.events).length).toBeGreaterThan(0);
    sim.advanceTo(20 * MIN);
    const hash = sim.traceHash();
    expect(kept()).toBe(frozen);
    sim.restore(snap);
    sim.advanceTo(20 * MIN);
    expect(sim.traceHash()).toBe(hash);
    expect(kept()).toBe(frozen);
  });

  it('a snapshot shares the pages unwritten since the previous one, and every snapshot restores exactly', () => {
    const sim = new Simulation(busyScenario());
    sim.advanceTo(4 * MIN);
    const a = sim.snapshot();
    const b = sim.snapshot();
    // Nothing written between two checkpoints: the same pages (a page table is O(pages) to take).
    const samePages = (x: RecordCheckpoint | undefined, y: RecordCheckpoint | undefined) =>
      x !== undefined &&
      y !== undefined &&
      x.pages.length === y.pages.length &&
      x.pages.every((p, i) => p === y.pages[i]);
    expect(samePages(b.api?.objects.Pod, a.api?.objects.Pod)).toBe(true);
    expect(samePages(b.api?.history, a.api?.history)).toBe(true);
    sim.advanceTo(6 * MIN);
    const c = sim.snapshot();
    // Leases were renewed: their pages are copies; unwritten kinds keep theirs.
    expect(samePages(c.api?.objects.Lease, a.api?.objects.Lease)).toBe(false);
    expect(samePages(c.api?.objects.Service, a.api?.objects.Service)).toBe(true);
    sim.advanceTo(20 * MIN);
    const hash = sim.traceHash();
    for (const s of [a, b, a, c]) {
      sim.restore(s);
      const again = sim.snapshot();
      expect(samePages(again.api?.objects.Pod, s.api?.objects.Pod)).toBe(true);
      sim.advanceTo(20 * MIN);
      expect(sim.traceHash()).toBe(hash);
    }
  });

  it('copyState gives an equal copy: its own hosts and kubelet memories, their records shared, its own causes', () => {
    const sim = new Simulation(busyScenario());
    sim.advanceTo(2 * MIN);
    const s = sim.engine.state;
    const c = copyState(s);
    expect(c).toEqual(s);
    expect(clonePlain(s)).toEqual(s);
    const live = s.hosts.node1 as Host;
    const copy = c.hosts.node1 as Host;
    // The fields written in place are the copy's own; the records in them are shared until written
    // through the engine's copy-on-write paths (core/copy-on-write.ts).
    expect(copy).not.toBe(live);
    expect(copy.kubelet).not.toBe(live.kubelet);
    expect(copy.journal).toBe(live.journal);
    expect(copy.services).toBe(live.services);
    (copy as Writable<Host>).power = 'off';
    (copy.kubelet as Writable<KubeletMemory>).registrationCompleted = false;
    expect(live.power).toBe('on');
    expect(live.kubelet?.registrationCompleted).toBe(true);
    const n = s.causes.length;
    appendCause(c.causes, { id: n, at: 0, actor: 'x', what: 'x', parents: [] });
    expect(s.causes.length).toBe(n);
    expect(causeAt(s.causes, n)).toBeUndefined();
    expect(causeAt(c.causes, n)?.actor).toBe('x');
    sim.engine.cow.shareAll();
    const lines = journalLength(copy.journal);
    sim.advanceTo(3 * MIN);
    expect(journalLength(copy.journal)).toBe(lines);
    expect(journalLength(sim.engine.state.hosts[live.name]?.journal ?? copy.journal)).toBeGreaterThan(lines);
  });
});

/** Every record's entries in store order, by kind. */
function objectEntries(st: SimState): Record<string, [string, unknown][]> {
  const out: Record<string, [string, unknown][]> = {};
  for (const [kind, rec] of Object.entries(st.api.objects) as [string, StoreRecord<unknown>][])
    out[kind] = rec.entries();
  return out;
}

/** Where `a` and `b` differ as plain data (values by Object.is, keys in order, prototypes), or undefined. */
function difference(a: unknown, b: unknown, path = ''): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs record`;
  if ((Object.getPrototypeOf(a) === null) !== (Object.getPrototypeOf(b) === null)) return `${path}: prototype`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\0') !== kb.join('\0')) return `${path}: keys ${ka.join(',')} vs ${kb.join(',')}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/**
 * A snapshot takes again the previous one's copy of every host nothing touched since
 * (core/copy-on-write.ts `touch`), and shares records with it: every snapshot's hosts and object
 * histories must equal a full copy taken at that moment. A write that skips `touch` shows here.
 */
function checkSnapshotsAgainstFullCopies(sim: Simulation, until: number, every: number): number {
  let shared = 0;
  let prev: ReturnType<Simulation['snapshot']> | undefined;
  // Each snapshot's derived indexes as taken: the live engine shares them and must never write them.
  const kept: { snap: ReturnType<Simulation['snapshot']>; indexes: string }[] = [];
  const indexesOf = (snap: ReturnType<Simulation['snapshot']>) =>
    JSON.stringify([
      [...(snap.indexes?.podsByNode ?? [])].map(([n, keys]) => [n, [...keys]]),
      [...(snap.indexes?.unbound ?? [])],
    ]);
  for (let t = sim.now + every; t <= until; t += every) {
    sim.advanceTo(t);
    const full = copyState(sim.engine.state);
    const fullPodsByNode = [...sim.engine.exportIndexes().podsByNode].map(([n, keys]) => [n, [...keys]]);
    const fullEvents = eventRows(full.api.events);
    const snap = sim.snapshot();
    const podsByNode = [...(snap.indexes?.podsByNode ?? [])].map(([n, keys]) => [n, [...keys]]);
    const whole = stateOfSnapshot(snap);
    const events = eventRows(whole.api.events);
    const d =
      difference(whole.hosts, full.hosts, 'hosts') ??
      difference(whole.api.history.entries(), full.api.history.entries(), 'history') ??
      difference(objectEntries(whole), objectEntries(full), 'objects') ??
      difference(whole.causes, full.causes, 'causes') ??
      difference(podsByNode, fullPodsByNode, 'podsByNode') ??
      difference(events, fullEvents, 'events');
    for (const [kind, rec] of Object.entries(full.api.objects) as [RecordKind, StoreRecord<unknown>][]) {
      const got = whole.api.objects[kind] as StoreRecord<unknown>;
      if (got.keys().join() !== rec.keys().join()) throw new Error(`t=${t}: ${kind} order differs`);
      rec.forEach((v, k) => {
        if (got.get(k) !== v) throw new Error(`t=${t}: ${kind} ${k} is a copy`);
      });
    }
    if (d) throw new Error(`t=${t}: the snapshot differs from a full copy at ${d}`);
    if (prev)
      for (const [name, h] of Object.entries(snap.state.hosts)) {
        const p = prev.state.hosts[name];
        if (p && (h === p || h.services === p.services || h.containers === p.containers)) shared++;
      }
    prev = snap;
    kept.push({ snap, indexes: indexesOf(snap) });
  }
  for (const k of kept) expect(indexesOf(k.snap), `indexes of the snapshot at ${k.snap.state.now}`).toBe(k.indexes);
  return shared;
}

describe('hosts shared between snapshots', () => {
  it('a copy of the causes shares their full chunks, copies the last, and never sees later appends', () => {
    const cause = (id: number): Cause => ({ id, at: 0, actor: 'x', what: 'x', parents: [] });
    const log = emptyCauseLog();
    for (let i = 0; i < CAUSE_CHUNK + 10; i++) appendCause(log, cause(i));
    expect(log.chunks.map((c) => c.length)).toEqual([CAUSE_CHUNK, 10]);
    // A full chunk is frozen: nobody may write what copies share.
    expect(Object.isFrozen(log.chunks[0])).toBe(true);
    expect(Object.isFrozen(log.chunks[1])).toBe(false);
    const copy = copyCauseLog(log);
    expect(copy.chunks[0]).toBe(log.chunks[0]);
    expect(copy.chunks[1]).not.toBe(log.chunks[1]);
    expect(allCauses(copy)).toEqual(allCauses(log));
    appendCause(log, cause(CAUSE_CHUNK + 10));
    expect(copy.length).toBe(CAUSE_CHUNK + 10);
    expect(causeAt(copy, CAUSE_CHUNK + 10)).toBeUndefined();
    expect(causeAt(log, CAUSE_CHUNK + 10)?.id).toBe(CAUSE_CHUNK + 10);
    // Both go on appending on their own, across a chunk boundary.
    for (let i = CAUSE_CHUNK + 10; i < 2 * CAUSE_CHUNK + 5; i++) appendCause(copy, cause(i));
    expect(copy.chunks.map((c) => c.length)).toEqual([CAUSE_CHUNK, CAUSE_CHUNK, 5]);
    expect(log.chunks.map((c) => c.length)).toEqual([CAUSE_CHUNK, 11]);
    for (let i = 0; i < copy.length; i++) expect(causeAt(copy, i)?.id).toBe(i);
    expect(causeAt(copy, -1)).toBeUndefined();
    expect(causeAt(copy, 1.5)).toBeUndefined();
  });

  it("a command's write to a host or its kubelet shows in the very next snapshot; untouched hosts keep their copy", () => {
    const sim = new Simulation(busyScenario());
    // After the scenario's own timeline (its last command is at 14m).
    sim.advanceTo(16 * MIN);
    let prev = sim.snapshot();
    // Each command writes the fields of one host (power, network, units, the kubelet's memory) and
    // nothing else of it may have moved in the same millisecond: a missed `touch` leaves the old copy.
    // A healed network makes every kubelet resync (their wake-ups are written): others touched too.
    const commands: [string, string, 'alone' | 'others too'][] = [
      ['network cut node1', 'node1', 'alone'],
      ['network heal node1', 'node1', 'others too'],
      ['ssh node2 systemctl stop containerd', 'node2', 'alone'],
      ['ssh node2 systemctl start containerd', 'node2', 'alone'],
      ['ssh node3 systemctl stop kubelet', 'node3', 'alone'],
      ['ssh node3 systemctl start kubelet', 'node3', 'alone'],
      ['ssh node1 poweroff', 'node1', 'alone'],
      ['power-on node1', 'node1', 'alone'],
    ];
    for (const [command, target, others] of commands) {
      const r = sim.run(command);
      expect(r.ok, `${command}: ${r.output}`).toBe(true);
      const full = copyState(sim.engine.state);
      const snap = sim.snapshot();
      expect(difference(stateOfSnapshot(snap).hosts, full.hosts, 'hosts'), command).toBeUndefined();
      expect(snap.state.hosts[target], command).not.toBe(prev.state.hosts[target]);
      if (others === 'alone')
        for (const name of ['control-plane', 'node1', 'node2', 'node3'].filter((n) => n !== target))
          expect(snap.state.hosts[name], `${command}: ${name}`).toBe(prev.state.hosts[name]);
      // Then what the host's processes do in the next 7 s shows too.
      sim.advanceTo(sim.now + 7_000);
      const later = copyState(sim.engine.state);
      prev = sim.snapshot();
      expect(difference(stateOfSnapshot(prev).hosts, later.hosts, 'hosts'), `${command} +7s`).toBeUndefined();
    }
    // A restored run's hosts start as the snapshot's copies: the next snapshot takes them again.
    sim.restore(prev);
    const again = sim.snapshot();
    for (const [name, h] of Object.entries(again.state.hosts)) expect(h, name).toBe(prev.state.hosts[name]);
  });

  it('every snapshot of a busy run equals a full copy, shares unchanged hosts, and restores exactly', () => {
    const sim = new Simulation(busyScenario());
    const snaps: ReturnType<Simulation['snapshot']>[] = [];
    const shared = checkSnapshotsAgainstFullCopies(sim, 20 * MIN, 30_000);
    expect(shared).toBeGreaterThan(0);
    const hash = sim.traceHash();
    const fresh = new Simulation(busyScenario());
    for (let t = 1 * MIN; t <= 16 * MIN; t += 5 * MIN) {
      fresh.advanceTo(t);
      snaps.push(fresh.snapshot());
    }
    for (const s of snaps) {
      sim.restore(s);
      // The live records, patched from the pages that differ, hold the snapshot's entries in its order.
      expect(objectEntries(sim.engine.state)).toEqual(objectEntries(stateOfSnapshot(s)));
      expect(sim.engine.state.api.history.entries()).toEqual(stateOfSnapshot(s).api.history.entries());
      sim.advanceTo(20 * MIN);
      expect(sim.traceHash()).toBe(hash);
      // After a run from a restore, snapshots still equal full copies.
      checkSnapshotsAgainstFullCopies(sim, 21 * MIN, 30_000);
    }
  });

  it('random clusters and faults: snapshots taken every 10 s equal full copies', () => {
    fc.assert(
      fc.property(
        clusterArb.chain((c) => fc.tuple(fc.constant(c), fc.array(faultArb(c.workers, c.profile), { maxLength: 4 }))),
        ([cluster, faults]) => {
          const scenario = scenarioOf(cluster);
          scenario.spec.timeline = [...faults].sort((a, b) => a.at - b.at);
          const sim = new Simulation(scenario);
          checkSnapshotsAgainstFullCopies(sim, 500_000, 10_000);
        },
      ),
      { numRuns: 8, seed: 13 },
    );
  });
});

/** busyScenario with probes that tick, fail and restart containers, and an exec that writes a file. */
function probedScenario(): Scenario {
  const sc = busyScenario();
  const probe = (over: object) => ({
    initialDelaySeconds: 0,
    timeoutSeconds: 1,
    periodSeconds: 5,
    successThreshold: 1,
    failureThreshold: 2,
    ...over,
  });
  for (const o of sc.spec.objects as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } }[]) {
    const c = o.spec.template.spec.containers[0] as Record<string, unknown>;
    c.ports = [{ containerPort: 80 }];
    c.readinessProbe = probe({ httpGet: { path: '/', port: 80, scheme: 'HTTP' } });
    // redis has no /tmp/healthy until someone makes it: its liveness probe fails and restarts it.
    if (c.image === 'redis:7.2') c.livenessProbe = probe({ exec: { command: ['cat', '/tmp/healthy'] } });
  }
  sc.spec.timeline = [
    ...sc.spec.timeline,
    { at: 15 * MIN, run: 'kubectl exec db-1 -- touch /tmp/healthy' },
    { at: 16 * MIN, run: 'kubectl exec db-1 -- rm /tmp/healthy' },
  ].sort((a, b) => a.at - b.at);
  return sc;
}

describe("checkpoints share the hosts' containers, sandboxes and pod workers (copy on write)", () => {
  it('a checkpoint holds the live records themselves, and no run ever changes a frozen checkpoint', () => {
    const straight = new Simulation(probedScenario());
    straight.advanceTo(20 * MIN);
    const sim = new Simulation(probedScenario());
    const snaps: ReturnType<Simulation['snapshot']>[] = [];
    const podSets: string[] = [];
    let sharedWorkers = 0;
    const chapterCounts: number[] = [];
    for (let t = 30_000; t <= 20 * MIN; t += 30_000) {
      sim.advanceTo(t);
      const snap = sim.snapshot();
      for (const h of Object.values(snap.state.hosts)) {
        const live = sim.engine.state.hosts[h.name];
        expect(h.containers).toBe(live?.containers);
        expect(h.journal).toBe(live?.journal);
        expect(h.services).toBe(live?.services);
        if (h.kubelet && h.kubelet.pods === live?.kubelet?.pods && Object.keys(h.kubelet.pods).length > 0)
          sharedWorkers++;
      }
      // The timers (never changed once queued) and the story's chapters are shared too.
      const liveState = sim.engine.state;
      expect(snap.state.timers.every((t, i) => t === liveState.timers[i])).toBe(true);
      expect(snap.state.timers).not.toBe(liveState.timers);
      if (snap.state.story) {
        expect(snap.state.story.chapters).toBe(liveState.story?.chapters);
        chapterCounts.push(snap.state.story.chapters.length);
      }
      // Frozen: any write that skips the copy-on-write paths throws from here on.
      deepFreeze(snap.state.hosts);
      deepFreeze(snap.state.timers);
      deepFreeze(snap.state.story);
      // The API records' pages and the history lists in them: the live records copy before writing.
      for (const cp of Object.values(snap.api?.objects ?? {})) deepFreeze(cp.pages);
      deepFreeze(snap.api?.history.pages);
      snaps.push(snap);
      // Sets cannot be frozen: the pods-by-node index (shared, Engine.podSetOf) is compared below.
      podSets.push(JSON.stringify([...(snap.indexes?.podsByNode ?? [])].map(([n, keys]) => [n, [...keys]])));
    }
    expect(sharedWorkers).toBeGreaterThan(0);
    // Chapters were added (and grouped: evictions) while earlier checkpoints were frozen.
    expect(new Set(chapterCounts).size).toBeGreaterThan(2);
    expect(sim.chapters()).toEqual(straight.chapters());
    expect(snaps.map((s) => JSON.stringify([...(s.indexes?.podsByNode ?? [])].map(([n, k]) => [n, [...k]])))).toEqual(
      podSets,
    );
    expect(new Set(podSets).size).toBeGreaterThan(1);
    expect(sim.traceHash()).toBe(straight.traceHash());
    const restarts = sim.engine
      .list('Pod')
      .flatMap((p) => p.status.containerStatuses?.map((c) => c.restartCount) ?? []);
    expect(restarts.some((n) => n > 0)).toBe(true);
    // Restored, a frozen checkpoint's records are the live ones again: the run copies before writing.
    for (const i of [3, 20, 9]) {
      sim.restore(snaps[i] as (typeof snaps)[number]);
      sim.advanceTo(20 * MIN);
      expect(sim.traceHash()).toBe(straight.traceHash());
      expect(sim.chapters()).toEqual(straight.chapters());
    }
  });
});

describe("checkpoints share the node lifecycle and taint eviction controllers' rarely written records", () => {
  it('known nodes, the NoExecute tainting set, eviction work and node health: shared, frozen, and the run unchanged', () => {
    const straight = new Simulation(busyScenario());
    straight.advanceTo(20 * MIN);
    const sim = new Simulation(busyScenario());
    const snaps: ReturnType<Simulation['snapshot']>[] = [];
    let fired = 0;
    let queued = 0;
    for (let t = 30_000; t <= 20 * MIN; t += 30_000) {
      sim.advanceTo(t);
      const snap = sim.snapshot();
      const kept = snap.state.controllers;
      const live = sim.engine.state.controllers;
      for (const k of ['knownNodes', 'taintQueued', 'evictionWork', 'nodeHealth'] as const) {
        expect(kept[k]).toBe(live[k]);
        deepFreeze(kept[k]);
      }
      // Every node's health is rewritten within a pass or two: the frozen ones are copied, never changed.
      expect(Object.keys(kept.nodeHealth).length).toBeGreaterThan(3);
      fired += Object.values(kept.evictionWork ?? {}).filter((w) => w.fired).length;
      queued += Object.keys(kept.taintQueued ?? {}).length;
      snaps.push(snap);
    }
    // node1 powered off at 5 min: tainted, its pods' eviction work fired while checkpoints were frozen.
    expect(fired).toBeGreaterThan(0);
    expect(queued).toBeGreaterThan(0);
    expect(sim.traceHash()).toBe(straight.traceHash());
    for (const i of [10, 13, 4]) {
      sim.restore(snaps[i] as (typeof snaps)[number]);
      sim.advanceTo(20 * MIN);
      expect(sim.traceHash()).toBe(straight.traceHash());
    }
  });
});

describe('a kubelet cut off from the API', () => {
  it('syncs its pods every pass without copying the workers it leaves as they are', () => {
    const scenario = busyScenario();
    scenario.spec.timeline = [{ at: 1 * MIN, run: 'network cut node1' }];
    const sim = new Simulation(scenario);
    sim.advanceTo(3 * MIN);
    const before = sim.snapshot().state.hosts.node1?.kubelet as KubeletMemory;
    const traced = sim.engine.state.traceLength;
    sim.advanceTo(3 * MIN + 30_000);
    const after = sim.snapshot().state.hosts.node1?.kubelet as KubeletMemory;
    const running = Object.values(after.pods).filter((w) => w.state === 'running');
    expect(running.length).toBeGreaterThan(1);
    // The kubelet ran (its sync loop and status tries are in the trace) ...
    expect(sim.engine.state.traceLength).toBeGreaterThan(traced);
    expect(after).not.toBe(before);
    // ... and left every running worker the record the earlier checkpoint holds.
    for (const w of running) expect(w).toBe(before.pods[w.uid]);
  });
});

describe('kubelet sync shortcuts (quiet-sync.ts)', () => {
  it('give the same run as full passes that rebuild every status', () => {
    const run = (shortcuts: boolean) => {
      setSyncShortcutsForTests(shortcuts);
      try {
        const sim = new Simulation(busyScenario());
        sim.advanceTo(20 * MIN);
        const pods = sim.engine.state.api.objects.Pod.values() as Pod[];
        return { hash: sim.traceHash(), statuses: JSON.stringify(pods.map((p) => p.status)) };
      } finally {
        setSyncShortcutsForTests(true);
      }
    };
    expect(run(true)).toEqual(run(false));
  });
});
