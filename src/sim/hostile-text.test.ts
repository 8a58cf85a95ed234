/**
 * Hostile text through every engine path that parses it: `kubectl apply -f -` manifests (YAML and
 * JSON) and scenario files. Each comes back as a refusal with a sentence, quickly, never as an
 * exception out of `Simulation.run` or `parseScenario`.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from './index';

/** Nine levels of nine aliases each: 9^9 nodes once expanded. */
const BILLION_LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((c, i) => {
    const prev = 'abcdefghi'[i];
    return `${c}: &${c} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
].join('\n');

/** `? ? ? … x`: about 1.2 KB of nested explicit keys (minutes in the yaml parser unguarded). */
const NESTED_KEYS = `${'? '.repeat(600)}x`;

/** Wall clock through process.hrtime: the engine's lint bans `performance` in src/sim. */
function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = process.hrtime.bigint();
  const value = f();
  return { value, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

function sim() {
  const r = parseScenario(
    'apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: s, title: s}\nspec:\n  nodes: [{name: cp, roles: [control-plane]}, {name: n1}]\n',
  );
  if (!r.ok) throw new Error('invalid');
  const s = createSimulation(r.scenario);
  s.advanceTo(5000);
  return s;
}

describe('kubectl apply -f - with hostile manifests', () => {
  const cases: [string, string, RegExp][] = [
    [
      'billion laughs',
      `apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n${BILLION_LAUGHS}\n`,
      /could not be read \(.*alias/i,
    ],
    [
      'billion laughs in a label',
      `apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: *i}\n`,
      /error parsing STDIN/,
    ],
    ['nested explicit keys', NESTED_KEYS, /the manifest is nested too deeply \(more than 64 levels\)\.$/],
    ['deep block nesting', `${'- '.repeat(30_000)}x`, /the manifest is nested too deeply/],
    ['deep flow nesting', `a: ${'['.repeat(50_000)}`, /the manifest is nested too deeply/],
    [
      'deep JSON',
      `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      /the manifest is nested too deeply \(more than 64 levels\)\.$/,
    ],
    [
      'deep JSON inside a spec',
      `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
      /nested too deeply/,
    ],
    ['huge map', Array.from({ length: 2001 }, (_, i) => `k${i}: 1`).join('\n'), /more than 2,000 keys\.$/],
    ['broken YAML', 'apiVersion: v1\nkind: [Pod\n', /^error: error parsing STDIN: error converting YAML to JSON/],
  ];
  for (const [name, manifest, output] of cases) {
    it(`refuses ${name} with a sentence, quickly`, () => {
      const s = sim();
      const { value, ms } = timed(() => s.run(`kubectl apply -f -\n${manifest}`));
      expect(value.ok).toBe(false);
      expect(value.output).toMatch(output);
      expect(ms).toBeLessThan(2000);
      expect(s.run('kubectl get nodes').ok).toBe(true);
    });
  }
});

describe('parseScenario with hostile text', () => {
  const head = 'apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: s, title: s}\n';
  const cases: [string, string, string | RegExp][] = [
    ['nested explicit keys', NESTED_KEYS, 'the scenario is nested too deeply (more than 64 levels).'],
    ['deep nesting', `${head}spec: ${'['.repeat(100_000)}`, 'the scenario is nested too deeply (more than 64 levels).'],
    ['billion laughs', `${head}${BILLION_LAUGHS}\nspec: {nodes: *i}\n`, /^YAML error: .*alias/i],
    [
      'a huge map',
      `${head}spec:\n${Array.from({ length: 2001 }, (_, i) => `  k${i}: 1`).join('\n')}\n`,
      /more than 2,000 keys/,
    ],
    [
      'a 5 MB scenario (32,000 objects: over 600 MB once parsed)',
      `${head}spec:\n  nodes: [{name: cp, roles: [control-plane]}]\n  objects:\n${Array.from({ length: 32_000 }, (_, i) => `    - {apiVersion: apps/v1, kind: Deployment, metadata: {name: app${i}}, spec: {replicas: 1, template: {spec: {containers: [{name: c, image: nginx}]}}}}`).join('\n')}\n`,
      'the scenario is too large to read (more than 250,000 YAML elements).',
    ],
  ];
  for (const [name, text, message] of cases) {
    it(`refuses ${name} with a sentence, quickly`, () => {
      const { value, ms } = timed(() => parseScenario(text));
      expect(value.ok).toBe(false);
      if (!value.ok) expect(value.errors[0]?.message).toMatch(message);
      expect(ms).toBeLessThan(2000);
    });
  }
});
