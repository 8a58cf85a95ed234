import { describe, expect, it } from 'vitest';
import type { RunEntry } from '../../worker/protocol';
import { foldRuns } from './fold';

const cmd = (id: number, at: number, text: string, extra: Partial<RunEntry> = {}): RunEntry => ({
  id,
  at,
  kind: 'command',
  by: 'scenario',
  text,
  ...extra,
});

describe('terminal rows', () => {
  it('fold a zone cut (numbered commands at one time that printed nothing) into one row', () => {
    const zone = Array.from({ length: 1666 }, (_, i) => cmd(i + 1, 60_000, `network cut c${i + 1}`));
    const rows = foldRuns([...zone, cmd(2000, 180_000, 'kubectl get deploy web', { output: 'NAME …' })]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ kind: 'group', count: 1666, first: { text: 'network cut c1' } });
    expect(rows[0]?.kind === 'group' && rows[0].last.text).toBe('network cut c1666');
    expect(rows[1]).toMatchObject({ kind: 'entry', entry: { text: 'kubectl get deploy web' } });
  });

  it('keep as they are: short runs, other times, a gap, an output or a refusal, the user among the scenario', () => {
    const entries = [
      cmd(1, 1000, 'ssh n1 poweroff'),
      cmd(2, 1000, 'ssh n2 poweroff'),
      cmd(3, 2000, 'ssh n3 poweroff'),
      cmd(4, 3000, 'network cut c1'),
      cmd(5, 3000, 'network cut c2', { output: 'x' }),
      cmd(6, 3000, 'network cut c3'),
      cmd(7, 4000, 'network cut c5'),
      cmd(8, 4000, 'network cut c6', { by: 'you' }),
      cmd(9, 4000, 'network cut c7'),
      cmd(10, 5000, 'network cut c8', { ok: false, output: 'no such node' }),
    ];
    expect(foldRuns(entries).map((r) => r.kind)).toEqual(Array(10).fill('entry'));
  });
});
