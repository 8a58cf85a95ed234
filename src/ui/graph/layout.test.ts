import { describe, expect, it } from 'vitest';
import type { NodeView, PodView } from '../../sim';
import { chipParts, problemLines, shortPodName, taintLines } from './card-lines';
import { cardHeightEm } from './card-metrics';
import { type LayoutInput, layoutCluster, widthNeeded } from './layout';

const cp = (name = 'control-plane', pods = 0): LayoutInput => ({
  name,
  role: 'control-plane',
  pods,
  services: 4,
  components: 4,
});
const w = (name: string, pods = 4, podsNow?: number): LayoutInput => ({
  name,
  role: 'worker',
  pods,
  services: 4,
  components: 0,
  ...(podsNow === undefined ? {} : { podsNow }),
});
const eviction = [cp(), w('node1'), w('node2'), w('node3')];

function overlaps(l: ReturnType<typeof layoutCluster>): boolean {
  const p = l.placed;
  for (let i = 0; i < p.length; i++)
    for (let j = i + 1; j < p.length; j++) {
      const a = p[i];
      const b = p[j];
      if (a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        return true;
    }
  return false;
}

describe('layoutCluster', () => {
  it('presenter mode at 1280x720 (the graph’s pane ~1280x530): every built-in shape fits at 18 px or more', () => {
    const box = { width: 1280, height: 528 };
    for (const nodes of [
      eviction,
      [cp('kmaster'), w('knode', 6)],
      [cp(), w('node1', 8), w('node2', 5)],
      [cp('test', 3)],
    ]) {
      const l = layoutCluster(nodes, { box, density: 'presenter', maxFont: 22, minFont: 18 });
      expect(l.font).toBeGreaterThanOrEqual(18);
      expect(l.width).toBeLessThanOrEqual(box.width + 1);
      expect(l.height).toBeLessThanOrEqual(box.height + 1);
      expect(overlaps(l)).toBe(false);
    }
  });

  it('the normal layout at 1366x768 (the graph’s pane ~815x410) keeps the eviction cluster at 12 px or more', () => {
    const l = layoutCluster(eviction, {
      box: { width: 815, height: 410 },
      density: 'normal',
      maxFont: 15,
      minFont: 12,
    });
    expect(l.font).toBeGreaterThanOrEqual(12);
    expect(l.height).toBeLessThanOrEqual(410 + 0.5); // fits() allows half a pixel of rounding
    expect(overlaps(l)).toBe(false);
  });

  it('never goes below the floor: a cluster too big for the pane overflows (it pans) at the floor', () => {
    const nodes = [cp(), ...Array.from({ length: 8 }, (_, i) => w(`node${i + 1}`, 12))];
    const l = layoutCluster(nodes, {
      box: { width: 800, height: 400 },
      density: 'presenter',
      maxFont: 22,
      minFont: 18,
    });
    expect(l.font).toBe(18);
    expect(l.height).toBeGreaterThan(400);
    expect(overlaps(l)).toBe(false);
  });

  it('larger text (A+ twice while presenting) reflows into fewer, wider cards that fit the width, and pans down', () => {
    const box = { width: 1280, height: 440 };
    const l = layoutCluster(eviction, { box, density: 'presenter', maxFont: 28.6, minFont: 23.4 });
    expect(l.font).toBe(23.4);
    expect(l.width).toBeLessThanOrEqual(box.width + 0.5);
    expect(l.height).toBeGreaterThan(box.height);
    // Wider than the narrowest card (13 em), so the cards' words are not cut.
    expect((l.placed[0]?.width ?? 0) / l.font).toBeGreaterThan(16);
  });

  it('widthNeeded: the narrowest pane in which the cluster fits that tall, whatever the pane’s width', () => {
    const need = widthNeeded(eviction, 505, 'presenter', 18);
    expect(need).toBeDefined();
    const l = layoutCluster(eviction, {
      box: { width: need ?? 0, height: 505 },
      density: 'presenter',
      maxFont: 22,
      minFont: 18,
    });
    expect(l.width).toBeLessThanOrEqual((need ?? 0) + 0.5);
    expect(l.height).toBeLessThanOrEqual(505.5);
    // A pane too low for any arrangement: nothing to ask for.
    expect(widthNeeded(eviction, 100, 'presenter', 18)).toBeUndefined();
  });

  it('reserves room for one more pod when it fits, and gives it up rather than go below the floor', () => {
    const roomy = layoutCluster([cp(), w('node1', 5, 4)], {
      box: { width: 1200, height: 700 },
      density: 'normal',
      maxFont: 15,
      minFont: 12,
    });
    const tight = layoutCluster([cp(), w('node1', 9, 8), w('node2', 9, 8), w('node3', 9, 8)], {
      box: { width: 815, height: 410 },
      density: 'normal',
      maxFont: 15,
      minFont: 12,
    });
    const node1 = (l: typeof roomy) => l.placed.find((p) => p.name === 'node1');
    expect(node1(roomy)?.height).toBeGreaterThan(0);
    expect(tight.font).toBeGreaterThanOrEqual(12);
  });

  it('is deterministic and sorted by name; a card’s height grows with its pods, never with the clock', () => {
    const a = layoutCluster([w('b'), cp(), w('a')], {
      box: { width: 1200, height: 700 },
      density: 'normal',
      maxFont: 15,
      minFont: 12,
    });
    const b = layoutCluster([w('a'), w('b'), cp()], {
      box: { width: 1200, height: 700 },
      density: 'normal',
      maxFont: 15,
      minFont: 12,
    });
    expect(a).toEqual(b);
    expect(cardHeightEm(w('x', 8), 30, 'normal')).toBeGreaterThan(cardHeightEm(w('x', 2), 30, 'normal'));
  });
});

const node = (over: Partial<NodeView>): NodeView => ({
  name: 'node2',
  role: 'worker',
  zone: '',
  power: 'on',
  networkCut: false,
  services: [
    { name: 'kubelet', active: true },
    { name: 'containerd', active: true },
  ],
  apiExists: true,
  status: 'Ready',
  conditions: [],
  taints: [],
  grace: 50_000,
  ...over,
});

describe('card words', () => {
  it('a NotReady node lists the host problem, the Ready condition and the taints, in that order', () => {
    const n = node({
      status: 'NotReady',
      services: [
        { name: 'kubelet', active: false },
        { name: 'containerd', active: true },
      ],
      conditions: [
        { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown' },
        { type: 'MemoryPressure', status: 'Unknown', reason: 'NodeStatusUnknown' },
      ],
      taints: ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute'],
    });
    expect(problemLines(n, 'normal').map((l) => l.text)).toEqual([
      '✖ kubelet stopped',
      'Ready: Unknown (NodeStatusUnknown) · 1 more',
      '⊘ unreachable: NoSchedule, NoExecute',
    ]);
    expect(problemLines(n, 'presenter').map((l) => l.text)).toEqual([
      '✖ kubelet stopped',
      'Ready: Unknown',
      '⊘ unreachable NoExecute',
    ]);
    expect(problemLines(node({}), 'normal').map((l) => l.kind)).toEqual(['ok']);
  });

  it('NoExecute taints come first; a powered-off machine says so before anything else', () => {
    expect(
      taintLines(['node-role.kubernetes.io/control-plane:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']),
    ).toEqual(['⊘ not-ready: NoExecute', '⊘ control-plane: NoSchedule']);
    expect(problemLines(node({ power: 'off' }), 'presenter')[0]?.text).toBe('⏻ powered off');
    expect(taintLines(['node-role.kubernetes.io/control-plane:NoSchedule'], 'presenter')).toEqual([]);
  });

  it('presenter names: a ReplicaSet pod keeps its Deployment and its own suffix', () => {
    expect(shortPodName({ name: 'web-7d89dcd798-7mjh2', owner: 'ReplicaSet/web-7d89dcd798' })).toEqual({
      lead: 'web-…',
      own: '7mjh2',
    });
    expect(shortPodName({ name: 'db-0', owner: 'StatefulSet/db' })).toEqual({ lead: '', own: 'db-0' });
    expect(shortPodName({ name: 'nginx', owner: undefined })).toEqual({ lead: '', own: 'nginx' });
  });

  it('every pod state carries words: not ready, Terminating, GHOST, ZOMBIE', () => {
    const pod = (over: Partial<PodView>): PodView => ({
      key: 'default/web-1',
      name: 'web-1',
      namespace: 'default',
      node: 'node2',
      status: 'Running',
      ready: '1/1',
      apiReady: true,
      inApi: true,
      hostRunning: true,
      ghost: false,
      zombie: false,
      terminating: false,
      staticPod: false,
      ...over,
    });
    const words = (p: PodView, d: 'normal' | 'presenter' = 'normal') =>
      chipParts(p, d)
        .map((x) => x.text)
        .join(' ');
    expect(words(pod({ apiReady: false, ready: '0/1' }))).toBe('Running 0/1 not ready ▶');
    expect(words(pod({ apiReady: false, ready: '0/1' }), 'presenter')).toBe('not ready ▶');
    expect(words(pod({ status: 'Terminating', terminating: true, apiReady: false }))).toBe('Terminating 1/1 ▶');
    expect(words(pod({ ghost: true, inApi: false, status: '' }))).toBe('GHOST ▶');
    expect(words(pod({ zombie: true, hostRunning: false }))).toBe('Running 1/1 ZOMBIE ■');
    expect(chipParts(pod({ apiReady: false, evictionAt: 300_000 }), 'presenter').map((x) => x.kind)).toContain(
      'countdown',
    );
    expect(chipParts(pod({ terminating: true, evictionAt: 300_000 }), 'presenter').map((x) => x.kind)).not.toContain(
      'countdown',
    );
  });
});

describe('timeline labels', () => {
  it('go in the first row with room, move right when none has, and are left out past the track', async () => {
    const { placeLabels } = await import('../timeline/label-rows');
    const placed = placeLabels(
      [
        { x: 10, width: 100 },
        { x: 20, width: 100 },
        { x: 30, width: 100 },
        { x: 950, width: 100 },
      ],
      1000,
      2,
    );
    expect(placed[0]).toEqual({ row: 0, left: 10 });
    expect(placed[1]).toEqual({ row: 1, left: 20 });
    expect(placed[2]?.left).toBeGreaterThanOrEqual(116);
    expect(placed[3]).toBeUndefined();
  });
});
