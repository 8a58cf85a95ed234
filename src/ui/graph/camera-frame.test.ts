import { describe, expect, it } from 'vitest';
import { chapterViewport, HEAD_EM, homeViewport, inView, MAX_ZOOM_IN } from './camera-frame';
import { type LayoutInput, layoutCluster } from './layout';

const node = (name: string, role: 'control-plane' | 'worker' = 'worker', pods = 4): LayoutInput => ({
  name,
  role,
  pods,
  services: 4,
  components: role === 'control-plane' ? 4 : 0,
});
const eviction = [node('control-plane', 'control-plane', 0), node('node1'), node('node2'), node('node3')];

function check(
  nodes: LayoutInput[],
  box: { width: number; height: number },
  density: 'normal' | 'presenter',
  font: [number, number],
) {
  const layout = layoutCluster(nodes, { box, density, maxFont: font[1], minFont: font[0] });
  for (const target of layout.placed) {
    const v = chapterViewport(layout, box, target.name, homeViewport(layout, box, density));
    expect(v).toBeDefined();
    if (!v) continue;
    expect(v.zoom).toBeGreaterThanOrEqual(1);
    expect(v.zoom).toBeLessThanOrEqual(MAX_ZOOM_IN);
    // The whole card it frames, and every card's name and status.
    expect(inView(target, v, box), `${target.name} whole`).toBe(true);
    for (const p of layout.placed)
      expect(
        inView({ ...p, height: HEAD_EM * layout.font }, v, box),
        `${p.name}'s head when framing ${target.name}`,
      ).toBe(true);
  }
  return layout;
}

describe('chapterViewport', () => {
  it('keeps the framed card whole and every node’s name and status in view (1366x768 normal, 1280x720 presenter)', () => {
    check(eviction, { width: 815, height: 410 }, 'normal', [12, 17]);
    check(eviction, { width: 1280, height: 505 }, 'presenter', [18, 22]);
    check(
      [node('cp', 'control-plane', 0), node('w1', 'worker', 8)],
      { width: 1280, height: 505 },
      'presenter',
      [18, 22],
    );
  });

  it('at the home zoom, a card already in view with every head moves nothing', () => {
    const box = { width: 815, height: 410 };
    const layout = layoutCluster(eviction, { box, density: 'normal', maxFont: 17, minFont: 12 });
    const home = homeViewport(layout, box, 'normal');
    expect(chapterViewport(layout, box, 'node1', home)).toEqual(home);
  });

  it('zooms in only as far as all of that fits', () => {
    // Two small cards in a big pane: room to come closer, up to the cap.
    const box = { width: 1600, height: 1200 };
    const layout = layoutCluster([node('cp', 'control-plane', 0), node('w1', 'worker', 1)], {
      box,
      density: 'normal',
      maxFont: 12,
      minFont: 12,
    });
    const v = chapterViewport(layout, box, 'w1');
    expect(v?.zoom).toBeGreaterThan(1);
  });

  it('a cluster that pans: the framed card comes whole into view at the home zoom, its top first', () => {
    const nodes = [node('cp', 'control-plane', 0), ...Array.from({ length: 8 }, (_, i) => node(`n${i}`, 'worker', 12))];
    const box = { width: 800, height: 400 };
    const layout = layoutCluster(nodes, { box, density: 'presenter', maxFont: 22, minFont: 18 });
    for (const target of layout.placed) {
      const v = chapterViewport(layout, box, target.name);
      expect(v?.zoom).toBe(1);
      if (!v) continue;
      // Its name (the top of the card) is on screen.
      expect(inView({ ...target, height: HEAD_EM * layout.font }, v, box)).toBe(true);
    }
    expect(chapterViewport(layout, box, 'nope')).toBeUndefined();
  });
});
