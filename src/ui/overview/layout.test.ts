import { describe, expect, it } from 'vitest';
import { cameraForZone, fitGrid, layoutOverview, machineAt, tileOf, zoneAt, zoneHeaderAt, zoomAt } from './layout';

describe('overview layout', () => {
  it('fits n square tiles as large as the box allows', () => {
    expect(fitGrid(4, 100, 100)).toEqual({ cols: 2, tile: 50 });
    expect(fitGrid(3, 300, 100)).toEqual({ cols: 3, tile: 100 });
    const g = fitGrid(1667, 400, 500);
    expect(Math.ceil(1667 / g.cols) * g.tile).toBeLessThanOrEqual(500);
    expect(g.cols * g.tile).toBeLessThanOrEqual(400);
  });

  it('zones side by side, one tile size; every machine is found again under its tile', () => {
    // 5,000 machines sorted by zone (as the overview's arrays are), 3 zones.
    const zone = Uint8Array.from({ length: 5000 }, (_, i) => (i < 1667 ? 0 : i < 3334 ? 1 : 2));
    const l = layoutOverview(zone, 3, 30, 1280, 560);
    expect(l.zones.map((z) => [z.first, z.count])).toEqual([
      [0, 1667],
      [1667, 1667],
      [3334, 1666],
    ]);
    expect(new Set(l.zones.map((z) => z.tile)).size).toBe(1);
    for (const i of [0, 1, 1666, 1667, 2500, 4999]) {
      const t = tileOf(l, zone[i] ?? 0, i);
      expect(t.y + t.size).toBeLessThanOrEqual(560 + 1e-6);
      expect(machineAt(l, t.x + t.size / 2, t.y + t.size / 2)).toBe(i);
      expect(zoneAt(l, t.x + 1, t.y + 1)).toBe(zone[i]);
    }
    expect(machineAt(l, 1279, 5)).toBeUndefined();
  });

  it('finds the zone whose header (its name) is under the pointer, not its tiles', () => {
    const zone = Uint8Array.from({ length: 300 }, (_, i) => (i < 100 ? 0 : i < 200 ? 1 : 2));
    const l = layoutOverview(zone, 3, 10, 900, 600);
    const z = l.zones[1];
    if (!z) throw new Error('no zone');
    expect(zoneHeaderAt(l, z.x + 5, z.y + 5)).toBe(1);
    expect(zoneHeaderAt(l, z.x + 5, z.gridY + 2)).toBeUndefined();
  });

  it('zooms about the pointer, never below the fitted size, and to a zone', () => {
    const c = zoomAt({ scale: 1, x: 0, y: 0 }, 2, 100, 50);
    expect(c).toEqual({ scale: 2, x: -100, y: -50 });
    expect(zoomAt(c, 0.1, 0, 0)).toEqual({ scale: 1, x: 0, y: 0 });
    const zone = Uint8Array.from({ length: 300 }, (_, i) => (i < 100 ? 0 : i < 200 ? 1 : 2));
    const l = layoutOverview(zone, 3, 10, 900, 600);
    const cam = cameraForZone(l, 2);
    expect(cam.scale).toBeGreaterThan(1);
    const z = l.zones[2];
    if (!z) throw new Error('no zone');
    // The zone's centre is on screen.
    const cx = (z.x + z.width / 2) * cam.scale + cam.x;
    expect(cx).toBeGreaterThan(0);
    expect(cx).toBeLessThan(900);
  });
});
