/**
 * Label selectors (issue 9 point 9): k8s.io/apimachinery/pkg/labels/selector.go (Parse,
 * Requirement.Matches, the parser's error texts) and kubectl's resource.EnhanceListError wording
 * (k8s.io/cli-runtime/pkg/resource/helper.go) for a selector the server refuses.
 */
import { describe, expect, it } from 'vitest';
import { kubectlOutput } from './run';
import { parseSelector, selectorMatches } from './selector';
import { bareEngine, makePod } from './testkit';

const matches = (sel: string, labels: Record<string, string>) => {
  const r = parseSelector(sel);
  if ('error' in r) throw new Error(r.error);
  return selectorMatches(r, labels);
};

describe('parseSelector / Matches', () => {
  it.each([
    ['app=web', { app: 'web' }, true],
    ['app==web', { app: 'web' }, true],
    ['app=web', { app: 'db' }, false],
    ['app!=web', {}, true],
    ['app!=web', { app: 'web' }, false],
    ['app', { app: '' }, true],
    ['!app', { app: 'web' }, false],
    ['!app', {}, true],
    ['app in (web, db)', { app: 'db' }, true],
    ['app notin (web,db)', { app: 'cache' }, true],
    ['app notin (web,db)', {}, true],
    ['app in (web)', {}, false],
    ['tier=front,app=web', { app: 'web', tier: 'front' }, true],
    ['tier=front,app=web', { app: 'web' }, false],
    ['gen>2', { gen: '3' }, true],
    ['gen<2', { gen: '3' }, false],
    ['app=', { app: '' }, true],
  ])('%s on %j: %s', (sel, labels, want) => {
    expect(matches(sel, labels as Record<string, string>)).toBe(want);
  });

  it.each([
    [
      'app:web',
      `unable to parse requirement: <nil>: Invalid value: "app:web": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    ],
    ['app web', "unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt"],
    ['app=web,', "found '', expected: identifier after ','"],
    ['app in web', "unable to parse requirement: found 'web' expected: '('"],
    ['=web', "found '=', expected: !, identifier, or 'end of string'"],
    ['!app=web', "found '=', expected: ',' or 'end of string'"],
  ])('%s is refused', (sel, error) => {
    expect(parseSelector(sel)).toEqual({ error });
  });
});

describe('kubectl get -l', () => {
  function cluster() {
    const e = bareEngine();
    const db = makePod('db-0', 'node1');
    db.metadata.labels = { app: 'db' };
    e.put(makePod('web-1', 'node2'), 't', 0);
    e.put(db, 't', 0);
    return e;
  }

  it('lists only the objects whose labels match', () => {
    const e = cluster();
    expect(kubectlOutput(e, 'kubectl get pods -l app=db').split('\n').slice(1)).toEqual([
      expect.stringMatching(/^db-0\s+1\/1\s+Running/),
    ]);
    expect(kubectlOutput(e, "kubectl get pods --selector 'app in (db,web)'").split('\n')).toHaveLength(3);
    expect(kubectlOutput(e, 'kubectl get pods -l app=cache')).toBe('No resources found in default namespace.');
    expect(kubectlOutput(e, 'kubectl describe pods -l app=db')).toMatch(/^Name:\s+db-0$/m);
  });

  it('refuses a name together with a selector, and prints the BadRequest of a bad selector', () => {
    const e = cluster();
    expect(kubectlOutput(e, 'kubectl get pods web-1 -l app=web')).toBe(
      'error: name cannot be provided when a selector is specified',
    );
    expect(kubectlOutput(e, 'kubectl get deploy -l app:web')).toBe(
      `Error from server (BadRequest): Unable to find "apps/v1, Resource=deployments" that match label selector "app:web", field selector "": unable to parse requirement: <nil>: Invalid value: "app:web": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    );
  });
});
