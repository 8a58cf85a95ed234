import { describe, expect, it } from 'vitest';
import type { NodeView, PodView } from '../sim';
import type { Snapshot } from '../worker/protocol';
import { applyWorkerMessage, initialSimState, mergeRun, simStore } from './store';

const node = (name: string, status = 'Ready'): NodeView => ({
  name,
  role: 'worker',
  zone: '',
  power: 'on',
  networkCut: false,
  services: [],
  apiExists: true,
  status,
  conditions: [],
  taints: [],
  grace: 50_000,
});
const pod = (name: string, nodeName: string, status = 'Running'): PodView => ({
  key: `default/${name}`,
  name,
  namespace: 'default',
  node: nodeName,
  status,
  ready: '1/1',
  apiReady: true,
  inApi: true,
  hostRunning: true,
  ghost: false,
  zombie: false,
  terminating: false,
  staticPod: false,
});

function snapshot(): Snapshot {
  return {
    type: 'snapshot',
    epoch: 0,
    title: 't',
    view: {
      now: 0,
      changeCount: 1,
      profile: 'v1.33',
      registryUp: true,
      nodes: [node('n1'), node('n2')],
      pods: [pod('a', 'n1'), pod('b', 'n2')],
      workloads: [],
    },
    texts: { 'kubectl get nodes': 'v1' },
    run: [],
    chapters: [],
    clock: { now: 0, playing: false, speed: 10, skipQuiet: false, reached: 0, end: 600_000 },
    commandLog: [],
  };
}

describe('simStore', () => {
  it('a patch replaces only the entities that changed, keeping the identity of the rest', () => {
    simStore.setState({ ...initialSimState });
    applyWorkerMessage(snapshot());
    const before = simStore.getState();
    expect(before.podsByNode).toEqual({ n1: ['default/a'], n2: ['default/b'] });
    applyWorkerMessage({
      type: 'patch',
      epoch: 0,
      seq: 1,
      clock: { now: 1000, playing: true, speed: 10, skipQuiet: false, reached: 1000, end: 600_000 },
      pods: [pod('b', 'n2', 'Terminating')],
      nodes: [node('n2', 'NotReady')],
      texts: { 'kubectl get nodes': 'v2' },
    });
    const after = simStore.getState();
    expect(after.pods['default/a']).toBe(before.pods['default/a']);
    expect(after.pods['default/b']?.status).toBe('Terminating');
    expect(after.nodes.n1).toBe(before.nodes.n1);
    expect(after.nodes.n2?.status).toBe('NotReady');
    expect(after.podsByNode.n1).toBe(before.podsByNode.n1);
    expect(after.texts['kubectl get nodes']).toBe('v2');
    expect(after.previousTexts['kubectl get nodes']).toBe('v1');
    expect(after.clock.now).toBe(1000);
  });

  it('ignores patches from before a seek (older epoch)', () => {
    simStore.setState({ ...initialSimState });
    applyWorkerMessage({ ...snapshot(), epoch: 2 });
    applyWorkerMessage({
      type: 'patch',
      epoch: 1,
      seq: 9,
      clock: { now: 5, playing: false, speed: 10, skipQuiet: false, reached: 5, end: 600_000 },
      removedPods: ['default/a'],
    });
    expect(simStore.getState().pods['default/a']).toBeDefined();
    expect(simStore.getState().clock.now).toBe(0);
  });

  it('merges the run by entry id, in time order', () => {
    const cmd = (id: number, at: number, text: string) => ({
      id,
      at,
      kind: 'command' as const,
      by: 'you' as const,
      text,
    });
    const run = mergeRun(
      [cmd(1, 30_000, 'a'), cmd(2, 60_000, 'b')],
      [cmd(3, 45_000, 'c'), { ...cmd(1, 30_000, 'a'), output: 'x' }],
      [2],
    );
    expect(run.map((e) => e.id)).toEqual([1, 3]);
    expect(run[0]?.output).toBe('x');
  });
  it('a big cluster starting: its overview replaces the run shown before, until its first snapshot', () => {
    simStore.setState({ ...initialSimState });
    applyWorkerMessage(snapshot());
    const overview = { now: -500_000, changeCount: 3, zones: ['a'], zoneStates: [undefined], names: ['m1'] } as never;
    // Ignored while a run is shown (a late frame of a start already over).
    applyWorkerMessage({ type: 'booting', at: -500_000, overview, end: 7_200_000 });
    expect(simStore.getState().overview).toBeUndefined();
    simStore.setState({ phase: 'loading' });
    applyWorkerMessage({ type: 'booting', at: -500_000, overview, end: 7_200_000 });
    let s = simStore.getState();
    expect(s.overview).toBe(overview);
    expect(s.bootAt).toBe(-500_000);
    // The timeline shows the starting cluster's length, not the run shown before.
    expect(s.clock.end).toBe(7_200_000);
    expect(s.nodeNames).toEqual([]);
    expect(s.texts).toEqual({});
    applyWorkerMessage(snapshot());
    s = simStore.getState();
    expect(s.phase).toBe('ready');
    expect(s.bootAt).toBeUndefined();
    expect(s.overview).toBeUndefined();
    expect(s.nodeNames).toEqual(['n1', 'n2']);
  });
});
