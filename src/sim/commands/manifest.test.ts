import { describe, expect, it } from 'vitest';
import '../yaml';
import { isJsonManifest, kubectlManifests } from './manifest';

describe('kubectl apply -f - manifests', () => {
  it('reads JSON without the YAML parser and YAML through it, with kubectl errors', () => {
    expect(isJsonManifest(' {"apiVersion":"v1"}')).toBe(true);
    expect(isJsonManifest('apiVersion: v1')).toBe(false);
    const json = kubectlManifests('{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"}}');
    expect(json).toEqual({ manifests: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }] });
    const yaml = kubectlManifests('apiVersion: v1\nkind: Pod\nmetadata: {name: y}\n---\n');
    expect(yaml).toEqual({ manifests: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'y' } }] });
    expect(kubectlManifests('{"apiVersion":')).toMatchObject({
      error: expect.stringMatching(/^error: error parsing STDIN/),
    });
    expect(kubectlManifests('kind: Pod\nmetadata: {name: z}')).toEqual({
      error:
        'error: error validating "STDIN": error validating data: [apiVersion not set]; if you choose to ignore these errors, turn validation off with --validate=false',
    });
  });
});
