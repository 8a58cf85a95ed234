/**
 * `kubectl taint` (issue 9 point 9): argument parsing and texts from kubernetes/kubectl
 * pkg/cmd/taint/taint.go (Complete, Validate, updateTaints) and pkg/cmd/taint/utils.go
 * (parseTaints, parseTaint, reorganizeTaints); the non-graceful node shutdown from
 * kubernetes/kubernetes pkg/controller/podgc/gc_controller.go (gcTerminating).
 */
import { describe, expect, it } from 'vitest';
import { kitScenario } from '../controllers/node-lifecycle.testkit';
import { causeAt } from '../core/cause-log';
import { bareEngine, condition, makeNode } from '../kubectl/testkit';
import { Simulation } from '../simulation';
import { parseCommand } from './parse';
import { runCommand } from './run';

function cluster() {
  const e = bareEngine();
  e.put(
    makeNode('node2', '192.168.56.12', [
      condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', 0, 0),
    ]),
    't',
    0,
  );
  return e;
}

const taints = (e: ReturnType<typeof cluster>) =>
  e.get('Node', 'node2')?.spec.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);

describe('kubectl taint: arguments', () => {
  it.each([
    ['kubectl taint nodes node2', 'error: at least one taint update is required'],
    ['kubectl taint k=v:NoSchedule', 'error: one or more resources must be specified as <resource> <name>'],
    ['kubectl taint nodes k=v:NoSchedule node2', 'error: all resources must be specified before taint changes: node2'],
    [
      'kubectl taint nodes k=v:NoSchedule',
      "error: at least one resource name must be specified since 'all' parameter is not set",
    ],
    ['kubectl taint pods web k=v:NoSchedule', 'error: invalid resource type pods, only node types are supported'],
    [
      'kubectl taint nodes node2 k=v:Sometimes',
      "error: invalid taint effect: Sometimes, unsupported taint effect\nSee 'kubectl taint -h' for help and examples",
    ],
    // One part: all of it is the key, which `=` makes an invalid qualified name.
    [
      'kubectl taint nodes node2 k=v',
      "error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples",
    ],
    [
      'kubectl taint nodes node2 a=b=c:NoSchedule',
      "error: invalid taint spec: a=b=c:NoSchedule\nSee 'kubectl taint -h' for help and examples",
    ],
    [
      'kubectl taint nodes node2 k:NoSchedule k:NoSchedule',
      "error: duplicated taints with the same key and effect: {k  NoSchedule <nil>}\nSee 'kubectl taint -h' for help and examples",
    ],
    [
      'kubectl taint nodes node2 k=v:NoSchedule k:NoSchedule-',
      'error: can not both modify and remove the following taint(s) in the same command: k=NoSchedule',
    ],
  ])('%s', (line, error) => {
    expect(parseCommand(line)).toEqual({ ok: false, error });
  });

  it('checks the key as a qualified name', () => {
    const r = parseCommand('kubectl taint nodes node2 -bad:NoSchedule');
    // pflag sees a flag first, as kubectl does.
    expect(r).toEqual({ ok: false, error: "error: unknown shorthand flag: 'b' in -bad:NoSchedule" });
    expect(parseCommand('kubectl taint nodes node2 bad_:NoSchedule')).toEqual({
      ok: false,
      error:
        "error: invalid taint spec: bad_:NoSchedule, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples",
    });
  });
});

describe('kubectl taint: the node', () => {
  it('adds (new taints first), refuses a duplicate without --overwrite, modifies with it, removes by key', () => {
    const e = cluster();
    expect(runCommand(e, 'kubectl taint node node2 dedicated=db:NoSchedule')).toMatchObject({
      ok: true,
      canonical: 'kubectl taint nodes node2 dedicated=db:NoSchedule',
      output: 'node/node2 tainted',
    });
    expect(runCommand(e, 'kubectl taint no node2 gpu:NoExecute').output).toBe('node/node2 tainted');
    expect(taints(e)).toEqual(['gpu:NoExecute', 'dedicated=db:NoSchedule']);
    expect(runCommand(e, 'kubectl taint nodes node2 dedicated=web:NoSchedule')).toMatchObject({
      ok: false,
      output: 'error: node node2 already has dedicated taint(s) with same effect(s) and --overwrite is false',
    });
    expect(runCommand(e, 'kubectl taint nodes node2 dedicated=web:NoSchedule --overwrite').output).toBe(
      'node/node2 modified',
    );
    expect(taints(e)).toEqual(['dedicated=web:NoSchedule', 'gpu:NoExecute']);
    expect(runCommand(e, 'kubectl taint nodes node2 gpu-').output).toBe('node/node2 untainted');
    expect(runCommand(e, 'kubectl taint nodes node2 gpu:NoExecute-')).toMatchObject({
      ok: false,
      output: 'error: taint "gpu:NoExecute" not found',
    });
    expect(runCommand(e, 'kubectl taint nodes node9 a:NoSchedule').output).toBe(
      'Error from server (NotFound): nodes "node9" not found',
    );
    expect(taints(e)).toEqual(['dedicated=web:NoSchedule']);
    expect(e.lastCause('Node/node2', 'untaint gpu')).toBeDefined();
  });
});

describe('non-graceful node shutdown: the out-of-service taint', () => {
  it('frees a StatefulSet pod of a powered-off node without a force delete (PodGC gcTerminating)', () => {
    const s = kitScenario({ workers: 2, replicas: 1 });
    s.spec.objects.push({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: {
        replicas: 2,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'pg', image: 'postgres:16' }] } },
      },
    });
    const sim = new Simulation(s);
    const e = sim.engine;
    const victim = 'db-0';
    const down = e.get('Pod', `default/${victim}`)?.spec.nodeName ?? '';
    const other = down === 'node1' ? 'node2' : 'node1';
    expect(down).toMatch(/^node[12]$/);
    sim.run(`ssh ${down} poweroff`);
    // NotReady, NoExecute taint, then the toleration (300s) runs out: the pod is Terminating for ever.
    sim.advanceTo(420_000);
    const stuck = e.get('Pod', `default/${victim}`);
    expect(stuck?.metadata.deletionTimestamp).toBeDefined();
    expect(stuck?.spec.nodeName).toBe(down);
    const r = sim.run(`kubectl taint nodes ${down} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`);
    expect(r).toMatchObject({ ok: true, output: `node/${down} tainted` });
    // PodGC's next pass (every 20s) force-deletes it; the StatefulSet controller recreates it elsewhere.
    sim.advanceTo(420_000 + 21_000);
    const now = e.get('Pod', `default/${victim}`);
    expect(now?.metadata.uid).not.toBe(stuck?.metadata.uid);
    const whats = (e.history(`Pod/default/${victim}`) ?? []).map((h) => h.what);
    expect(whats).toContain('deleted (force, PodGC)');
    const gc = causeAt(e.state.causes, e.lastCause(`Pod/default/${victim}`, 'deleted (force, PodGC)') as number);
    expect(gc?.rule).toBe(`node ${down} is not Ready and tainted node.kubernetes.io/out-of-service`);
    expect(causeAt(e.state.causes, gc?.parents[0] as number)?.command).toBe(
      `kubectl taint nodes ${down} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`,
    );
    sim.advanceTo(420_000 + 60_000);
    expect(e.get('Pod', `default/${victim}`)?.spec.nodeName).toBe(other);
  });
});
