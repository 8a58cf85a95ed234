import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/scenario-types';
import { parseScenario } from './parse';
import { describeKey } from './variant';
import { applyChanges, parseChange } from './variant-parse';

function builtin(name: string): Scenario {
  const r = parseScenario(readFileSync(new URL(`../../../public/scenarios/${name}.yaml`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

const change = (text: string) => {
  const c = parseChange(text);
  if ('error' in c) throw new Error(c.error);
  return c;
};

describe('scenario variants for comparisons', () => {
  it('changes a setting with its unit and names both sides', () => {
    const s = builtin('eviction');
    const r = applyChanges(s, [change('nodeMonitorGracePeriod=40s')]);
    if (!r.ok) throw new Error(r.message);
    expect(r.scenario.spec.settings.nodeMonitorGracePeriod).toBe(40_000);
    expect(r.labels).toEqual({ a: 'nodeMonitorGracePeriod 50s', b: 'nodeMonitorGracePeriod 40s' });
    expect(describeKey(s, 'nodeMonitorGracePeriod')).toBe('nodeMonitorGracePeriod 50s');
    // The original is untouched.
    expect(s.spec.settings.nodeMonitorGracePeriod).toBeUndefined();
  });

  it('changes the profile, rates and every pod toleration', () => {
    const s = builtin('eviction');
    const r = applyChanges(s, [
      change('profile=v1.23-docker'),
      change('nodeEvictionRate=0.5'),
      change('tolerationSeconds=30'),
    ]);
    if (!r.ok) throw new Error(r.message);
    expect(r.scenario.spec.profile).toBe('v1.23-docker');
    expect(r.scenario.spec.settings).toMatchObject({ nodeEvictionRate: 0.5, defaultTolerationSeconds: 30 });
    expect(r.labels.b).toBe('profile v1.23-docker, nodeEvictionRate 0.5, tolerationSeconds 30');
    expect(r.labels.a).toBe('profile v1.33, nodeEvictionRate 0.1, tolerationSeconds 300');
    expect(describeKey(s, 'tolerationSeconds')).toBe('tolerationSeconds 300');
  });

  it('rewrites explicit unreachable tolerations in manifests, and leaves others alone', () => {
    const s = builtin('eviction');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        containers: [{ name: 'c', image: 'nginx' }],
        tolerations: [
          { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
          { key: 'example.com/other', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
        ],
      },
    };
    const r = applyChanges({ ...s, spec: { ...s.spec, objects: [pod] } }, [change('tolerationSeconds=30')]);
    if (!r.ok) throw new Error(r.message);
    const tols = (r.scenario.spec.objects[0] as typeof pod).spec.tolerations;
    expect(tols.map((t) => t.tolerationSeconds)).toEqual([30, 600]);
  });

  it('names what is wrong', () => {
    const s = builtin('eviction');
    expect(parseChange('grace')).toEqual({
      error: '"grace": write a change as KEY=VALUE (e.g. nodeMonitorGracePeriod=40s)',
    });
    // The longest that a link carries passes; one more character is too long, with the limit.
    const longest = `nodeMonitorGracePeriod=${'0'.repeat(55)}1s`;
    expect(longest.length).toBe(80);
    expect(parseChange(longest)).toEqual({ key: 'nodeMonitorGracePeriod', value: `${'0'.repeat(55)}1s` });
    expect(parseChange(`x${longest}`)).toEqual({
      error: '"xnodeMonitorGracePeriod=000000…" is too long (81 characters; the limit is 80)',
    });
    const bad = (text: string) => {
      const r = applyChanges(s, [change(text)]);
      return r.ok ? 'ok' : r.message;
    };
    expect(bad('nodeMonitorGracePeriod=soon')).toBe(
      'nodeMonitorGracePeriod: "soon" is not a duration (examples: 40s, 5m, 1h30m)',
    );
    expect(bad('profile=v1.99')).toBe('profile "v1.99" is not a profile (known: v1.33, v1.23-docker)');
    expect(bad('gracePeriod=40s')).toMatch(
      /^"gracePeriod" is not something to compare \(known: profile, tolerationSeconds, /,
    );
    expect(bad('nodeEvictionRate=-1')).toMatch(/^nodeEvictionRate: /);
    expect(applyChanges(s, [])).toEqual({
      ok: false,
      message: 'nothing to compare: give at least one KEY=VALUE change',
    });
  });
});
