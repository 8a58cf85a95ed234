import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeLink } from '../share/link';
import { BIG_BUILTINS, BUILTIN_SCENARIOS, maxOf } from '../sim';
import type { Scenario } from '../sim/core/scenario-types';
import { loadRunner } from '../worker/runner';
import { RunExtras } from '../worker/share';
import { buildShareRun } from './share';

/**
 * DESIGN section 8: a link to a built-in lesson, with its commands, stays under 1,000 characters.
 * Measured as the app writes it: the built-in's name, the engine's whole command log after its
 * timeline ran (and the lesson walked to free play), the time, a selected node and the step.
 * A built-in at 5,000 nodes is not started here (minutes): its command log after the timeline ran
 * is the timeline itself, as the engine's is for every other built-in (checked below).
 */
describe('link lengths of the built-in lessons', () => {
  it('stay under 1,000 characters with all their commands', () => {
    const lengths: Record<string, number> = {};
    for (const name of BUILTIN_SCENARIOS) {
      if (BIG_BUILTINS.includes(name)) continue;
      const text = readFileSync(new URL(`../../public/scenarios/${name}.json`, import.meta.url), 'utf8');
      const loaded = loadRunner(text, [], 0);
      if (!loaded.ok) throw new Error(loaded.message);
      const r = loaded.runner;
      const x = new RunExtras(r, { fresh: true });
      x.handle({ type: 'lesson', action: 'goto', step: 'free-play' });
      const lastEntry = maxOf(r.scenario.spec.timeline, (t) => t.at, 0);
      if (r.now < lastEntry + 60_000) r.advance(lastEntry + 60_000);
      const log = r.sim.engine.state.commandLog.map((c) => ({ at: c.at, line: c.line }));
      expect(log.length).toBe(r.scenario.spec.timeline.length);
      const run = buildShareRun({
        source: { builtin: name },
        runLog: log,
        now: r.now,
        selection: { kind: 'node', name: r.scenario.spec.nodes[1]?.name ?? 'node1' },
        step: x.lesson?.stepId() ?? 'free-play',
      });
      const enc = encodeLink(run, { builtins: BUILTIN_SCENARIOS });
      if (!enc.ok) throw new Error(enc.error);
      lengths[name] = enc.hash.length;
    }
    for (const name of BIG_BUILTINS) {
      const text = readFileSync(new URL(`../../public/scenarios/${name}.json`, import.meta.url), 'utf8');
      const { normalised } = JSON.parse(text) as { normalised: Scenario };
      const log = normalised.spec.timeline.map((t) => ({ at: t.at, line: t.run }));
      const run = buildShareRun({
        source: { builtin: name },
        runLog: log,
        now: normalised.spec.duration,
        selection: { kind: 'node', name: normalised.spec.nodes[1]?.name ?? 'node1' },
        step: 'free-play',
      });
      const enc = encodeLink(run, { builtins: BUILTIN_SCENARIOS });
      if (!enc.ok) throw new Error(enc.error);
      lengths[name] = enc.hash.length;
    }
    console.log('built-in lesson link lengths (characters of #s=...):', JSON.stringify(lengths));
    for (const [name, n] of Object.entries(lengths)) expect(n, name).toBeLessThan(1000);
  });
});
