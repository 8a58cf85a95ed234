/**
 * Long outputs in the worker: a command's output is read piece by piece (the engine's
 * `collectOutput`), only what the terminal shows is kept (boundPieces: the same text boundOutput
 * makes of the whole), and the runner tells the watchdog it is alive between pieces.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRunner, type SimRunner } from './runner';
import { boundOutput, boundPieces, OUTPUT_MAX_LINES } from './the-run';

const text = readFileSync(new URL('../../public/scenarios/eviction.json', import.meta.url), 'utf8');

function load(): SimRunner {
  const r = loadRunner(text, []);
  if (!r.ok) throw new Error(r.message);
  return r.runner;
}

/** `text` cut into pieces of `size` characters (the last one shorter). */
function cut(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('boundPieces', () => {
  const texts = {
    short: 'NAME   READY\nweb    1/1',
    empty: '',
    'many lines': Array.from({ length: 3001 }, (_, i) => `pod-${i}`).join('\n'),
    'exactly 200 lines': Array.from({ length: OUTPUT_MAX_LINES }, (_, i) => `line ${i}`).join('\n'),
    'long lines': Array.from({ length: 150 }, (_, i) => `${i}:${'x'.repeat(500)}`).join('\n'),
    'one long line': 'y'.repeat(100_000),
    'trailing newlines': `${'z\n'.repeat(250)}\n\n`,
  };
  it.each(Object.entries(texts))('%s: the same text boundOutput makes of the whole, in any pieces', (_, t) => {
    for (const size of [1, 7, 40_000, 1_000_000]) expect(boundPieces(cut(t, size))).toBe(boundOutput(t));
  });

  it('says it is alive after every piece', () => {
    let beats = 0;
    boundPieces(['a\n', 'b\n', 'c'], () => beats++);
    expect(beats).toBe(3);
  });
});

describe('a long read in the runner', () => {
  it('keeps the terminal part of `kubectl get pods -A -o yaml` and beats the watchdog while it is read', () => {
    const r = load();
    r.advance(30_000);
    let beats = 0;
    r.busy = () => beats++;
    r.command('kubectl get pods -A -o yaml');
    const whole = r.sim.kubectl('kubectl get pods -A -o yaml');
    const pods = r.sim.engine.list('Pod').length;
    const entry = r.record.list().find((e) => e.text === 'kubectl get pods -A -o yaml');
    expect(entry?.output).toBe(boundOutput(whole));
    expect(entry?.output).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n {2}kind: Pod\n/);
    expect(entry?.output).toMatch(/\n… [\d,]+ more lines not shown here$/);
    // One beat per piece: the List's head, each pod, its tail.
    expect(beats).toBe(pods + 2);
  });
});
