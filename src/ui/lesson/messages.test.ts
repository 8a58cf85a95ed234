import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SCENARIOS, parseScenario } from '../../sim';
import { ja } from '../i18n/ja';
import { ko } from '../i18n/ko';
import { ptBR } from '../i18n/pt-BR';
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

  it('reads the language on screen: a translated table narrates every built-in step', () => {
    for (const tr of [ja, ko, ptBR])
      for (const name of BUILTIN_SCENARIOS) {
        const parsed = parseScenario(
          readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'),
        );
        if (!parsed.ok) throw new Error(name);
        for (const step of parsed.scenario.spec.lesson) {
          const n = narrationOf(name, step, tr.narrations);
          expect(n.text, `${tr.locale} ${name}/${step.id}`).not.toBe(table[name]?.[step.id]?.text);
          expect(n.choices?.length ?? 0).toBe(step.predict?.choices.length ?? 0);
        }
      }
    expect(narrationOf('mine', { id: 'a', text: 'eviction/unknown' }, ja.narrations).text).toContain('50s');
  });

  it("falls back to the scenario's own words, and reads catalog keys", () => {
    expect(narrationOf('mine', { id: 'a', text: 'Watch node2.' }).text).toBe('Watch node2.');
    expect(narrationOf('mine', { id: 'a', text: 'eviction/unknown' }).text).toContain('node-monitor-grace-period');
  });
});
