import { describe, expect, it } from 'vitest';
import { describeText, getTable, tabwrite } from './table';

describe('getTable (kubectl get tabwriter: minwidth 6, padding 3)', () => {
  it('pads every column but the last to its widest cell plus 3, no trailing spaces', () => {
    const out = getTable([
      ['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION'],
      ['controlplane', 'Ready', 'control-plane', '4d4h', 'v1.33.2'],
      ['node01', 'NotReady', '<none>', '4d4h', 'v1.33.2'],
    ]);
    expect(out).toBe(
      [
        'NAME           STATUS     ROLES           AGE    VERSION',
        'controlplane   Ready      control-plane   4d4h   v1.33.2',
        'node01         NotReady   <none>          4d4h   v1.33.2',
      ].join('\n'),
    );
    for (const l of out.split('\n')) expect(l).toBe(l.trimEnd());
  });

  it('applies the minimum cell width of 6', () => {
    expect(
      getTable([
        ['A', 'B'],
        ['x', 'y'],
      ]),
    ).toBe('A     B\nx     y');
  });
});

describe('tabwrite column blocks (describe: minwidth 0, padding 2)', () => {
  it('aligns consecutive tabbed lines together and restarts after a line without tabs', () => {
    const text = [
      'Name:\tnode2',
      'Roles:\t<none>',
      'Lease:',
      '  HolderIdentity:\tnode2',
      '  AcquireTime:\t<unset>',
    ].join('\n');
    expect(describeText(text)).toBe(
      ['Name:   node2', 'Roles:  <none>', 'Lease:', '  HolderIdentity:  node2', '  AcquireTime:     <unset>'].join(
        '\n',
      ),
    );
  });

  it('reproduces kubectl describe node: PodCIDR aligned with the System Info block', () => {
    const text = ['System Info:', '  Kubelet Version:\tv1.33.2', 'PodCIDR:\t10.244.1.0/24'].join('\n');
    expect(describeText(text)).toBe(
      ['System Info:', '  Kubelet Version:  v1.33.2', 'PodCIDR:            10.244.1.0/24'].join('\n'),
    );
  });

  it('lines with fewer cells end a nested column block only', () => {
    expect(tabwrite('a\tbb\tc\nddd\te', 0, 1)).toBe('a   bb c\nddd e');
  });

  it('counts a surrogate pair as one character, as Go counts runes', () => {
    expect(tabwrite('a\u{1F600}\tx\nbb\ty', 0, 2)).toBe('a\u{1F600}  x\nbb  y');
    expect(tabwrite('ab\tx\nccc\ty', 0, 2)).toBe('ab   x\nccc  y');
  });
});
