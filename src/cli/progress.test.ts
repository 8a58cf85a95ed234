import { describe, expect, it } from 'vitest';
import { runCli } from './main';
import { CliProgress, PROGRESS_AFTER_MS } from './progress';

describe('CLI progress (a terminal only)', () => {
  it('says nothing for two seconds, then at most once a second where the run is; clears the line at the end', () => {
    let wall = 0;
    const lines: (string | undefined)[] = [];
    const p = new CliProgress(
      (l) => lines.push(l),
      () => wall,
      30 * 60_000,
    );
    p.at(-540_000);
    wall = PROGRESS_AFTER_MS - 1;
    p.at(-300_000);
    expect(lines).toEqual([]);
    wall = PROGRESS_AFTER_MS;
    p.at(-300_000);
    wall += 500;
    p.at(-200_000);
    wall += 600;
    p.at(750_000);
    p.done();
    p.done();
    expect(lines).toEqual([
      'simulating: the cluster is starting (-5m), 2s so far',
      'simulating: 12m30s of 30m, 3s so far',
      undefined,
    ]);
  });

  it('changes nothing in what the run prints, and never shares a line with it', () => {
    const run = (progress: boolean) => {
      const out: string[] = [];
      const events: string[] = [];
      let wall = 0;
      const now = performance.now;
      // A wall clock that moves 10 s per reading: every reading is worth a progress line.
      performance.now = () => (wall += 10_000);
      try {
        const io = {
          stdout: (t: string) => {
            expect(events.at(-1) ?? '').not.toMatch(/^simulating/);
            out.push(t);
            events.push('out');
          },
          stderr: (t: string) => events.push(`err ${t}`),
          ...(progress && { progress: (l: string | undefined) => events.push(l ?? 'clear') }),
        };
        runCli(['eviction', '--at', '1m', 'kubectl get nodes', '--until', '3m', '--json'], io);
      } finally {
        performance.now = now;
      }
      return { out: out.join('\n'), events };
    };
    const plain = run(false);
    const shown = run(true);
    expect(shown.events.filter((e) => e.startsWith('err'))).toEqual([]);
    expect(shown.out).toBe(plain.out);
    expect(JSON.parse(shown.out).traceHash).toMatch(/^[0-9a-f]{16}$/);
    expect(shown.events.filter((e) => e.startsWith('simulating')).length).toBeGreaterThan(0);
    expect(shown.events.at(-2)).toBe('clear');
  });
});
