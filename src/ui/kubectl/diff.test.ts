import { describe, expect, it } from 'vitest';
import { changedLines, normalizeLine } from './diff';

describe('changedLines', () => {
  it('ignores ages and column widths, and flags rows whose values changed', () => {
    const a =
      'NAME    STATUS   ROLES    AGE   VERSION\nnode1   Ready    <none>   10m   v1.33.0\nnode2   Ready    <none>   10m   v1.33.0';
    const b =
      'NAME    STATUS     ROLES    AGE   VERSION\nnode1   Ready      <none>   11m   v1.33.0\nnode2   NotReady   <none>   11m   v1.33.0';
    expect([...changedLines(a, b)]).toEqual([normalizeLine('node2   NotReady   <none>   11m   v1.33.0')]);
  });
  it('flags new events but not events whose count and age moved on', () => {
    const a = '12m  Normal  Starting  node/node1  Starting kubelet.';
    const b = `${a.replace('12m', '13m')}\n5s  Warning  NodeNotReady  node/node2  Node node2 status is now: NodeNotReady`;
    expect(changedLines(a, b).size).toBe(1);
  });
  it('flags nothing on first render', () => {
    expect(changedLines(undefined, 'x').size).toBe(0);
  });
});

describe('LineDiffer', () => {
  it('flags the same lines as changedLines, text after text', async () => {
    const { LineDiffer } = await import('./diff');
    const a = 'NAME    STATUS   AGE\nnode1   Ready    10m\nnode2   Ready    10m';
    const b = 'NAME    STATUS     AGE\nnode1   Ready      11m\nnode2   NotReady   11m';
    const c = 'NAME    STATUS     AGE\nnode1   Ready      12m\nnode2   NotReady   12m';
    const d = new LineDiffer();
    expect(d.update(a.split('\n')).filter((k) => d.isNew(k))).toEqual([]);
    const kb = d.update(b.split('\n'));
    expect(kb.filter((k) => d.isNew(k))).toEqual([...changedLines(a, b)]);
    const kc = d.update(c.split('\n'));
    expect(kc.filter((k) => d.isNew(k))).toEqual([]);
  });
});
