/**
 * Reads in pieces (pieces.ts): joined, the pieces are byte for byte the text the whole-document
 * printers write (toYaml / toJson of the List, each description joined as kubectl joins them), a
 * long listing comes an object at a time, and describing many objects with the Events index
 * (EventsByObject) prints what describing each alone prints.
 */
import { describe, expect, it } from 'vitest';
import { kitScenario, run } from '../controllers/node-lifecycle.testkit';
import { Simulation } from '../simulation';
import { apiJson } from './api-json';
import { describePod } from './describe-pod';
import { type Json, toJson, toYaml } from './emit';
import { joinPieces, outputCutNote } from './pieces';
import { parseRead, readPieces } from './run';

function busy(): Simulation {
  const sim = new Simulation(kitScenario({ workers: 3, replicas: 6 }));
  sim.advanceTo(60_000);
  run(sim, 'ssh node1 systemctl stop kubelet');
  // Past the grace period and the toleration: NodeNotReady, TaintManagerEviction, replacements.
  sim.advanceTo(8 * 60_000);
  return sim;
}

function pieces(sim: Simulation, line: string): string[] {
  const verb = line.split(' ')[1] as 'get' | 'describe';
  const req = parseRead(verb, line.split(' ').slice(2));
  if ('error' in req) throw new Error(req.error);
  return [...readPieces(sim.engine, req)];
}

const byKey = (a: { metadata: { namespace?: string; name: string } }, b: typeof a) => {
  const ka = `${a.metadata.namespace ?? ''}/${a.metadata.name}`;
  const kb = `${b.metadata.namespace ?? ''}/${b.metadata.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

describe('kubectl reads in pieces', () => {
  const sim = busy();
  const pods = sim.engine.list('Pod').sort(byKey);
  const list = (items: Json[]): Json => ({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });

  it('-o yaml|json: a List an item at a time, joined the same text as the whole document printed at once', () => {
    const yaml = pieces(sim, 'kubectl get pods -A -o yaml');
    expect(yaml).toHaveLength(pods.length + 2);
    expect(yaml.join('')).toBe(toYaml(list(pods.map(apiJson))));
    const json = pieces(sim, 'kubectl get pods -A -o json');
    expect(json).toHaveLength(pods.length + 2);
    expect(json.join('')).toBe(toJson(list(pods.map(apiJson))));
    // No item: the empty sequence in flow style, in both printers.
    expect(pieces(sim, 'kubectl get pods -n nowhere -o yaml').join('')).toBe(toYaml(list([])));
    expect(pieces(sim, 'kubectl get pods -n nowhere -o json').join('')).toBe(toJson(list([])));
    expect(sim.kubectl('kubectl get pods -n nowhere -o json')).toContain('"items": [],\n    "kind": "List"');
  });

  it('describe: one piece per object, the same text as each described alone, blank lines between', () => {
    const described = pieces(sim, 'kubectl describe pods -A');
    expect(described).toHaveLength(pods.length);
    const alone = pods.map((p) => describePod(sim.engine, p).replace(/\n$/, ''));
    expect(described.join('')).toBe(alone.join('\n\n\n'));
    // Events found through the index: the evicted pods have theirs.
    expect(described.join('')).toMatch(
      /Normal +TaintManagerEviction +\S+ +taint-eviction-controller +Marking for deletion Pod default\/web-/,
    );
    expect(sim.kubectl('kubectl describe pods -A nosuch')).toBe(
      'Error from server (NotFound): pods "nosuch" not found',
    );
    const one = pods[0]?.metadata.name as string;
    expect(sim.kubectl(`kubectl describe pods ${one} nosuch`)).toBe(
      `${alone[0]}\nError from server (NotFound): pods "nosuch" not found`,
    );
  });

  it('joinPieces holds at most its limit and says the rest was cut', () => {
    expect(joinPieces(['ab', 'cd', 'ef'])).toBe('abcdef');
    expect(joinPieces(['ab', 'cd', 'ef'], 3)).toBe(`abc\n${outputCutNote(3)}`);
    expect(outputCutNote(2 ** 26)).toBe('… output cut here: it is longer than 67,108,864 characters');
  });
});
