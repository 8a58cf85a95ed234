import { describe, expect, it } from 'vitest';
import type { ToWorker } from './protocol';
import { SeekGate } from './seek-gate';

const seek = (t: number): ToWorker => ({ type: 'seek', t });

describe('seeks asked for while one is carried out', () => {
  it('sends the first at once and holds the later ones back: only the latest goes, when the first is done', () => {
    const g = new SeekGate();
    expect(g.out(seek(1000))).toEqual([seek(1000)]);
    expect(g.out(seek(2000))).toEqual([]);
    expect(g.out(seek(3000))).toEqual([]);
    expect(g.pending).toBe(3000);
    expect(g.done()).toEqual([seek(3000)]);
    expect(g.pending).toBeUndefined();
    // 3000 is in flight now: a new one waits for it.
    expect(g.out(seek(4000))).toEqual([]);
    expect(g.done()).toEqual([seek(4000)]);
    expect(g.done()).toEqual([]);
    // Nothing in flight: the next goes at once.
    expect(g.out(seek(5000))).toEqual([seek(5000)]);
  });

  it('keeps the order with any other message: a held seek goes before a command, so it acts at the moment chosen', () => {
    const g = new SeekGate();
    g.out(seek(1000));
    g.out(seek(2000));
    const cmd: ToWorker = { type: 'command', line: 'kubectl get pods' };
    expect(g.out(cmd)).toEqual([seek(2000), cmd]);
    expect(g.out({ type: 'play' })).toEqual([{ type: 'play' }]);
    // Two seeks are in flight now (1000 and 2000): the first done releases nothing held.
    expect(g.out(seek(3000))).toEqual([]);
    expect(g.done()).toEqual([seek(3000)]);
  });

  it('lets pings, acknowledgements and the open views pass a held seek without sending it', () => {
    const g = new SeekGate();
    g.out(seek(1000));
    g.out(seek(2000));
    expect(g.out({ type: 'ping', id: 1 })).toEqual([{ type: 'ping', id: 1 }]);
    expect(g.out({ type: 'ack', seq: 4 })).toEqual([{ type: 'ack', seq: 4 }]);
    expect(g.pending).toBe(2000);
  });

  it('forgets what was in flight for a new worker', () => {
    const g = new SeekGate();
    g.out(seek(1000));
    g.out(seek(2000));
    g.reset();
    expect(g.pending).toBeUndefined();
    expect(g.out(seek(3000))).toEqual([seek(3000)]);
  });
});
