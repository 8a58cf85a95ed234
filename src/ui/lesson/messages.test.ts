import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SCENARIOS, parseScenario } from '../../sim';
import { type Narration, narrationOf, narrations } from './messages';

const table: Partial<Record<string, Record<string, Narration>>> = narrations;

describe('lesson narration catalog', () => {
  it('has every step of every built-in lesson, with the same choices', () => {
    for (const name of BUILTIN_SCENARIOS) {
      const text = readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8');
      const parsed = parseScenario(text);
      if (!parsed.ok) throw new Error(name);
      const ids = parsed.scenario.spec.lesson.map((s) => s.id);
      expect(Object.keys(table[name] ?? {}), name).toEqual(ids);
      for (const step of parsed.scenario.spec.lesson) {
        const n = narrationOf(name, step);
        expect(n, `${name}/${step.id}`).toBe(table[name]?.[step.id]);
        expect(n.choices?.length ?? 0).toBe(step.predict?.choices.length ?? 0);
      }
    }
  });

  it("falls back to the scenario's own words, and reads catalog keys", () => {
    expect(narrationOf('mine', { id: 'a', text: 'Watch node2.' }).text).toBe('Watch node2.');
    expect(narrationOf('mine', { id: 'a', text: 'eviction/unknown' }).text).toContain('node-monitor-grace-period');
  });
});
