/**
 * PodDisruptionBudget (policy/v1), issue 30 item 7. Sources:
 * - kubernetes pkg/apis/policy/validation/validation.go ValidatePodDisruptionBudgetSpec, with
 *   pkg/apis/apps/validation ValidatePositiveIntOrPercent / IsNotMoreThan100Percent;
 * - kubernetes pkg/controller/disruption/disruption.go (getExpectedPodCount, getExpectedScale,
 *   countHealthyPods, updatePdbStatus) and pkg/apis/policy/helper UpdateDisruptionAllowedCondition;
 * - kubernetes pkg/registry/core/pod/storage/eviction.go (canIgnorePDB, checkAndDecrement,
 *   createTooManyRequestsError's text);
 * - kubernetes/kubectl pkg/drain/drain.go evictPods (the 429 retry line, EvictErrorRetryDelay 5s);
 * - kubernetes pkg/printers/internalversion/printers.go printPodDisruptionBudget;
 * - kubernetes/kubectl pkg/describe/describe.go describePodDisruptionBudgetV1.
 */
import { describe, expect, it } from 'vitest';
import { type ApiError, applyManifest } from './api/apply';
import { pollDrain, startDrain } from './api/drain';
import { evictPod, PDB_VIOLATION } from './api/eviction';
import { makeCluster, podsOf, settle, WORKLOAD_MODULES, workloadScenario } from './api/testkit';
import { disruptionModule, scaledValue } from './controllers/disruption';
import type { Manifest } from './core/scenario-types';
import { kubectlOutput } from './kubectl/run';
import { Simulation } from './simulation';
import './yaml';

const MODULES = [...WORKLOAD_MODULES, disruptionModule];

function web(replicas = 3): Manifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
      },
    },
  };
}

function pdb(spec: Record<string, unknown>, name = 'web-pdb'): Manifest {
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec };
}

function cluster(replicas = 3, workers = ['node1', 'node2']) {
  const e = makeCluster(MODULES, { workers });
  applyManifest(e, web(replicas), e.cause({ actor: 'test', what: 'apply' }));
  settle(e, 3000);
  return e;
}

function apply(e: ReturnType<typeof cluster>, m: Manifest): string {
  const r = applyManifest(e, m, e.cause({ actor: 'test', what: 'apply pdb' }));
  settle(e, 2000);
  return r;
}

function refusal(m: Manifest): string {
  const e = makeCluster(MODULES);
  try {
    applyManifest(e, m, e.cause({ actor: 'test', what: 'apply' }));
  } catch (err) {
    return (err as ApiError).message;
  }
  return 'accepted';
}

describe('PodDisruptionBudget validation (ValidatePodDisruptionBudgetSpec)', () => {
  it('refuses minAvailable with maxUnavailable, bad percentages, negative numbers, over 100%', () => {
    expect(refusal(pdb({ minAvailable: 1, maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } }))).toMatch(
      /^The PodDisruptionBudget "web-pdb" is invalid: spec: Invalid value: policy\.PodDisruptionBudgetSpec\{.*\}: minAvailable and maxUnavailable cannot be both set$/,
    );
    expect(refusal(pdb({ minAvailable: '50' }))).toBe(
      `The PodDisruptionBudget "web-pdb" is invalid: spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"50"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`,
    );
    expect(refusal(pdb({ maxUnavailable: '120%' }))).toBe(
      'The PodDisruptionBudget "web-pdb" is invalid: spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
    );
    expect(refusal(pdb({ minAvailable: -1 }))).toBe(
      'The PodDisruptionBudget "web-pdb" is invalid: spec.minAvailable: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(refusal({ ...pdb({ minAvailable: 1 }), apiVersion: 'policy/v1beta1' })).toMatch(
      /no matches for kind "PodDisruptionBudget" in version "policy\/v1beta1"/,
    );
    expect(refusal(pdb({ minAvailable: '50%', selector: { matchLabels: { app: 'web' } } }))).toBe('accepted');
    // supportedUnhealthyPodEvictionPolicies (field.NotSupported, sorted).
    expect(refusal(pdb({ minAvailable: 1, unhealthyPodEvictionPolicy: 'Sometimes' }))).toBe(
      'The PodDisruptionBudget "web-pdb" is invalid: spec.unhealthyPodEvictionPolicy: Unsupported value: "Sometimes": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
    expect(refusal(pdb({ minAvailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' }))).toBe('accepted');
  });
});

describe('disruption controller (disruption.go)', () => {
  it('GetScaledValueFromIntOrPercent rounds up', () => {
    expect(scaledValue('50%', 3)).toBe(2);
    expect(scaledValue('34%', 3)).toBe(2);
    expect(scaledValue('10%', 3)).toBe(1);
    expect(scaledValue('0%', 3)).toBe(0);
    expect(scaledValue(2, 3)).toBe(2);
  });

  it('minAvailable 2 of 3 Ready pods: one disruption allowed, SufficientPods', () => {
    const e = cluster();
    expect(apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }))).toBe(
      'poddisruptionbudget.policy/web-pdb created',
    );
    const p = e.get('PodDisruptionBudget', 'default/web-pdb')!;
    expect(p.status).toMatchObject({
      expectedPods: 3,
      desiredHealthy: 2,
      currentHealthy: 3,
      disruptionsAllowed: 1,
      observedGeneration: 1,
    });
    expect(p.status.conditions).toEqual([
      {
        type: 'DisruptionAllowed',
        status: 'True',
        reason: 'SufficientPods',
        message: '',
        observedGeneration: 1,
        lastTransitionTime: expect.any(Number),
      },
    ]);
  });

  it('percentages: minAvailable 50% of 3 wants 2; maxUnavailable 34% of 3 lets 2 go (rounded up)', () => {
    const e = cluster();
    apply(e, pdb({ minAvailable: '50%', selector: { matchLabels: { app: 'web' } } }, 'a'));
    expect(e.get('PodDisruptionBudget', 'default/a')!.status).toMatchObject({
      expectedPods: 3,
      desiredHealthy: 2,
      disruptionsAllowed: 1,
    });
    const f = cluster();
    apply(f, pdb({ maxUnavailable: '34%', selector: { matchLabels: { app: 'web' } } }, 'b'));
    expect(f.get('PodDisruptionBudget', 'default/b')!.status).toMatchObject({
      expectedPods: 3,
      desiredHealthy: 1,
      disruptionsAllowed: 2,
    });
  });

  it('maxUnavailable 0: no disruption allowed, InsufficientPods; no pods matched: NoPods', () => {
    const e = cluster();
    apply(e, pdb({ maxUnavailable: 0, selector: { matchLabels: { app: 'web' } } }));
    const p = e.get('PodDisruptionBudget', 'default/web-pdb')!;
    expect(p.status.disruptionsAllowed).toBe(0);
    expect(p.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'InsufficientPods' });
    apply(e, pdb({ minAvailable: 1, selector: { matchLabels: { app: 'none' } } }, 'empty'));
    expect(e.get('PodDisruptionBudget', 'default/empty')!.status).toMatchObject({
      expectedPods: 0,
      disruptionsAllowed: 0,
    });
    const ev = e.list('Event').find((x) => x.involvedObject.name === 'empty');
    expect([ev?.type, ev?.reason, ev?.message]).toEqual(['Normal', 'NoPods', 'No matching pods found']);
  });
});

describe('eviction API (eviction.go)', () => {
  it('decrements disruptionsAllowed, then refuses with 429 and the budget text', () => {
    const e = cluster();
    apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    const [a, b] = podsOf(e, 'web-');
    const c = e.cause({ actor: 'test', what: 'evict' });
    expect(evictPod(e, a!, 30, c)).toEqual({ ok: true });
    const p = e.get('PodDisruptionBudget', 'default/web-pdb')!;
    expect(p.status.disruptionsAllowed).toBe(0);
    expect(p.status.disruptedPods).toEqual({ [a!.metadata.name]: e.now });
    expect(p.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'InsufficientPods' });
    expect(evictPod(e, b!, 30, c)).toEqual({ ok: false, code: 429, message: PDB_VIOLATION });
    expect(PDB_VIOLATION).toBe("Cannot evict pod as it would violate the pod's disruption budget.");
    expect(e.get('Pod', `default/${b!.metadata.name}`)!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('an allowed eviction writes DisruptionTarget EvictionByEvictionAPI first (addConditionAndDeletePod), not on v1.23', () => {
    for (const profile of ['v1.33', 'v1.23-docker'] as const) {
      const e = makeCluster(MODULES, { profile });
      applyManifest(e, web(2), e.cause({ actor: 'test', what: 'apply' }));
      settle(e, 3000);
      const [a] = podsOf(e, 'web-');
      expect(evictPod(e, a!, 30, e.cause({ actor: 'test', what: 'evict' }))).toEqual({ ok: true });
      const after = e.get('Pod', `default/${a!.metadata.name}`)!;
      expect(after.metadata.deletionTimestamp).toBe(e.now + 30_000);
      const cond = after.status.conditions.find((c) => c.type === 'DisruptionTarget');
      if (profile === 'v1.23-docker') expect(cond).toBeUndefined();
      else
        expect(cond).toMatchObject({
          status: 'True',
          reason: 'EvictionByEvictionAPI',
          message: 'Eviction API: evicting',
          lastTransitionTime: e.now,
        });
    }
  });

  it('a not-Ready pod under a budget that is not met: 429 with IfHealthyBudget (and nil), deleted with AlwaysAllow', () => {
    const outcomes: Record<string, unknown> = {};
    for (const policy of [undefined, 'IfHealthyBudget', 'AlwaysAllow'] as const) {
      const e = cluster();
      apply(
        e,
        pdb({
          minAvailable: 3,
          selector: { matchLabels: { app: 'web' } },
          ...(policy ? { unhealthyPodEvictionPolicy: policy } : {}),
        }),
      );
      const stored = e.get('PodDisruptionBudget', 'default/web-pdb')!;
      expect(stored.spec.unhealthyPodEvictionPolicy).toBe(policy);
      const c = e.cause({ actor: 'test', what: 'not ready' });
      // One pod not Ready, so 2 healthy for 3 desired (as the controller would count them).
      const [a] = podsOf(e, 'web-');
      e.put(
        {
          ...a!,
          status: {
            ...a!.status,
            conditions: a!.status.conditions.map((x) => (x.type === 'Ready' ? { ...x, status: 'False' as const } : x)),
          },
        },
        'not ready',
        c,
      );
      e.put(
        { ...stored, status: { ...stored.status, currentHealthy: 2, desiredHealthy: 3, disruptionsAllowed: 0 } },
        'status',
        c,
      );
      outcomes[policy ?? 'nil'] = evictPod(e, e.get('Pod', `default/${a!.metadata.name}`)!, 30, c);
      // Never counted: nothing decremented, nobody in DisruptedPods.
      expect(e.get('PodDisruptionBudget', 'default/web-pdb')!.status.disruptedPods).toBeUndefined();
    }
    expect(outcomes).toEqual({
      nil: { ok: false, code: 429, message: PDB_VIOLATION },
      IfHealthyBudget: { ok: false, code: 429, message: PDB_VIOLATION },
      AlwaysAllow: { ok: true },
    });
  });

  it('pod names are data: a pod named constructor is counted, not mistaken for a DisruptedPods entry', () => {
    const e = cluster();
    const c = e.cause({ actor: 'test', what: 'apply' });
    applyManifest(
      e,
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'constructor', labels: { app: 'web' } },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      },
      c,
    );
    settle(e, 2000);
    apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    expect(e.get('PodDisruptionBudget', 'default/web-pdb')!.status).toMatchObject({
      currentHealthy: 4,
      disruptionsAllowed: 2,
    });
    const victim = podsOf(e, 'web-')[0]!.metadata.name;
    expect(evictPod(e, podsOf(e, 'web-')[0]!, 30, c)).toEqual({ ok: true });
    const now = e.get('PodDisruptionBudget', 'default/web-pdb')!.status;
    expect([now.disruptionsAllowed, Object.keys(now.disruptedPods ?? {})]).toEqual([1, [victim]]);
    // The next sync: the victim is deleting (out of the map and of currentHealthy), its
    // replacement Ready, the pod named constructor counted as the pod it is.
    settle(e, 1000);
    const st = e.get('PodDisruptionBudget', 'default/web-pdb')!.status;
    expect([st.currentHealthy, st.disruptionsAllowed, st.disruptedPods]).toEqual([4, 2, undefined]);
  });

  it('a pod no budget covers, or a Pending one, is evicted freely', () => {
    const e = cluster();
    apply(e, pdb({ maxUnavailable: 0, selector: { matchLabels: { app: 'web' } } }));
    const c = e.cause({ actor: 'test', what: 'evict' });
    const pod = podsOf(e, 'web-')[0]!;
    expect(evictPod(e, { ...pod, status: { ...pod.status, phase: 'Pending' } }, 30, c)).toEqual({ ok: true });
    applyManifest(
      e,
      {
        ...web(1),
        metadata: { name: 'other' },
        spec: {
          ...(web(1).spec as object),
          selector: { matchLabels: { app: 'other' } },
          template: { metadata: { labels: { app: 'other' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
        },
      },
      c,
    );
    settle(e, 3000);
    expect(evictPod(e, podsOf(e, 'other-')[0]!, 30, c)).toEqual({ ok: true });
  });
});

describe('kubectl drain with a budget (drain.go evictPods)', () => {
  it('prints the 429 retry line every 5 s until a replacement is Ready elsewhere, then drains', () => {
    const e = cluster(2, ['node1', 'node2', 'node3']);
    apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    const node = podsOf(e, 'web-')[0]!.spec.nodeName!;
    const r = startDrain(e, node, { ignoreDaemonSets: true }, e.cause({ actor: 'test', what: 'kubectl drain' }));
    const pod = podsOf(e, 'web-').find((p) => p.spec.nodeName === node)!;
    expect(r.ok).toBe(true);
    expect(r.lines).toEqual([
      `node/${node} cordoned`,
      `evicting pod default/${pod.metadata.name}`,
      `error when evicting pods/"${pod.metadata.name}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    ]);
    expect(r.wait?.blocked?.[0]?.retryAt).toBe(e.now + 5000);
    expect(r.next).toBe(e.now + 5000);
  });

  it('through the simulation: retries, then evicts once a third pod makes room', () => {
    const e = cluster(2, ['node1', 'node2', 'node3']);
    apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    const node = podsOf(e, 'web-')[0]!.spec.nodeName!;
    const victim = podsOf(e, 'web-').find((p) => p.spec.nodeName === node)!.metadata.name;
    let step = startDrain(e, node, { ignoreDaemonSets: true }, e.cause({ actor: 'test', what: 'kubectl drain' }));
    const out = [...step.lines];
    // Scale up after 7 s: the third pod is Ready elsewhere, the budget allows one, the retry at 10 s passes.
    let scaled = false;
    while (step.wait && step.next !== undefined) {
      const at = step.next;
      while (e.now < at) {
        if (!scaled && e.now >= at - 5000 + 2000) {
          applyManifest(e, web(3), e.cause({ actor: 'test', what: 'scale' }));
          scaled = true;
        }
        settle(e, 100);
      }
      step = pollDrain(e, step.wait);
      for (const l of step.lines) out.push(l);
      if (out.length > 50) break;
    }
    const retry = `error when evicting pods/"${victim}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
    expect(out.filter((l) => l === retry).length).toBeGreaterThanOrEqual(1);
    expect(out.filter((l) => l === `evicting pod default/${victim}`).length).toBeGreaterThanOrEqual(2);
    expect(out.at(-1)).toBe(`node/${node} drained`);
    expect(out).toContain(`pod/${victim} evicted`);
  });
});

describe('kubectl get / describe pdb', () => {
  it('prints the printers.go columns with N/A for the unset one, and the describer', () => {
    const e = cluster();
    apply(e, pdb({ minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    apply(e, pdb({ maxUnavailable: '50%', selector: { matchLabels: { app: 'web' } } }, 'web-max'));
    const get = kubectlOutput(e, 'kubectl get pdb').split('\n');
    expect(get[0]).toMatch(/^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE$/);
    expect(get[1]).toMatch(/^web-max\s+N\/A\s+50%\s+2\s+\S+$/);
    expect(get[2]).toMatch(/^web-pdb\s+2\s+N\/A\s+1\s+\S+$/);
    const yaml = kubectlOutput(e, 'kubectl get poddisruptionbudgets.policy web-pdb -o yaml');
    expect(yaml).toContain('apiVersion: policy/v1');
    expect(yaml).toContain('  minAvailable: 2');
    expect(yaml).toContain('  disruptionsAllowed: 1');
    expect(yaml).toContain('    reason: SufficientPods');
    const d = kubectlOutput(e, 'kubectl describe pdb web-pdb').split('\n');
    expect(d.slice(0, 9)).toEqual([
      'Name:           web-pdb',
      'Namespace:      default',
      'Min available:  2',
      'Selector:       app=web',
      'Status:',
      '    Allowed disruptions:  1',
      '    Current:              3',
      '    Desired:              2',
      '    Total:                3',
    ]);
  });
});

describe('PodDisruptionBudgets in the full simulation', () => {
  function scenario(spec: Record<string, unknown>) {
    const sc = workloadScenario();
    sc.spec.objects = [...(sc.spec.objects ?? []), pdb({ ...spec, selector: { matchLabels: { app: 'web' } } })];
    return sc;
  }

  it('kubectl drain retries every 5 s while the budget allows none, and goes on once it is deleted', () => {
    const sim = new Simulation(scenario({ maxUnavailable: 0 }));
    const e = sim.engine;
    expect(sim.kubectl('kubectl get pdb')).toMatch(
      /^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\nweb-pdb\s+N\/A\s+0\s+0\s+/,
    );
    const victim = podsOf(e, 'web-')[0]!;
    const node = victim.spec.nodeName!;
    const t0 = e.now;
    const r = sim.run(`kubectl drain ${node} --ignore-daemonsets`);
    expect(r.running).toBeDefined();
    sim.advanceTo(t0 + 12_000);
    const retries = (out: string) =>
      out.split('\n').filter((l) => l.startsWith(`error when evicting pods/"${victim.metadata.name}" -n "default"`));
    const mid = sim.runningCommands()[0]!;
    expect(mid.done).toBeUndefined();
    // At t0, t0+5s and t0+10s, each after its own `evicting pod` line.
    expect(retries(mid.output)).toEqual(
      Array(3).fill(
        `error when evicting pods/"${victim.metadata.name}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
      ),
    );
    expect(mid.output.split('\n').filter((l) => l === `evicting pod default/${victim.metadata.name}`)).toHaveLength(3);
    expect(sim.run('kubectl delete pdb web-pdb').output).toBe('poddisruptionbudget.policy "web-pdb" deleted');
    sim.advanceTo(t0 + 90_000);
    const end = sim.runningCommands()[0]!;
    expect(end.done?.ok).toBe(true);
    expect(retries(end.output)).toHaveLength(3);
    expect(end.output).toContain(`pod/${victim.metadata.name} evicted`);
    expect(end.output.trimEnd().split('\n').at(-1)).toBe(`node/${node} drained`);
  });

  it('--timeout ends a blocked drain with the global timeout error at the retry after the deadline', () => {
    const sim = new Simulation(scenario({ maxUnavailable: 0 }));
    const e = sim.engine;
    const victim = podsOf(e, 'web-')[0]!;
    const node = victim.spec.nodeName!;
    sim.run(`kubectl drain ${node} --ignore-daemonsets --timeout=7s`);
    sim.advanceTo(e.now + 30_000);
    const end = sim.runningCommands()[0]!;
    expect(end.done?.ok).toBe(false);
    expect(end.output).toContain(
      `error when evicting pods/"${victim.metadata.name}" -n "default": global timeout reached: 7s`,
    );
  });

  it('kubectl apply -f - creates one, configures it (generation 2, observed again), delete removes it', () => {
    const sim = new Simulation(workloadScenario());
    const manifest = (min: number) =>
      `kubectl apply -f -\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web-pdb\nspec:\n  minAvailable: ${min}\n  selector:\n    matchLabels:\n      app: web\n`;
    expect(sim.run(manifest(2)).output).toBe('poddisruptionbudget.policy/web-pdb created');
    sim.advanceTo(sim.engine.now + 2000);
    expect(sim.engine.get('PodDisruptionBudget', 'default/web-pdb')!.status).toMatchObject({
      disruptionsAllowed: 1,
      observedGeneration: 1,
    });
    expect(sim.run(manifest(3)).output).toBe('poddisruptionbudget.policy/web-pdb configured');
    sim.advanceTo(sim.engine.now + 2000);
    const p = sim.engine.get('PodDisruptionBudget', 'default/web-pdb')!;
    expect([p.metadata.generation, p.status.observedGeneration, p.status.disruptionsAllowed]).toEqual([2, 2, 0]);
    expect(sim.run('kubectl delete poddisruptionbudgets.policy web-pdb').output).toBe(
      'poddisruptionbudget.policy "web-pdb" deleted',
    );
    expect(sim.run('kubectl delete pdb web-pdb').output).toBe(
      'Error from server (NotFound): poddisruptionbudgets.policy "web-pdb" not found',
    );
  });

  it('a NoExecute taint still deletes a pod its budget protects (taint-eviction deletes, it does not evict)', () => {
    const sim = new Simulation(scenario({ minAvailable: 3 }));
    const e = sim.engine;
    expect(e.get('PodDisruptionBudget', 'default/web-pdb')!.status.disruptionsAllowed).toBe(0);
    const victim = podsOf(e, 'web-')[0]!;
    const node = victim.spec.nodeName!;
    expect(sim.run(`kubectl taint nodes ${node} drill=now:NoExecute`).ok).toBe(true);
    sim.advanceTo(e.now + 5_000);
    const after = e.get('Pod', `default/${victim.metadata.name}`);
    expect(after === undefined || after.metadata.deletionTimestamp !== undefined).toBe(true);
    expect(
      e
        .list('Event')
        .some((x) => x.reason === 'TaintManagerEviction' && x.involvedObject.name === victim.metadata.name),
    ).toBe(true);
  });

  it('is deterministic: same scenario, same trace hash, and a restore replays identically', () => {
    const a = new Simulation(scenario({ minAvailable: 2 }));
    const node = podsOf(a.engine, 'web-')[0]!.spec.nodeName!;
    a.run(`kubectl drain ${node} --ignore-daemonsets`);
    const snap = a.snapshot();
    a.advanceTo(a.engine.now + 60_000);
    const b = new Simulation(scenario({ minAvailable: 2 }));
    b.run(`kubectl drain ${node} --ignore-daemonsets`);
    b.advanceTo(b.engine.now + 60_000);
    expect(b.traceHash()).toBe(a.traceHash());
    a.restore(snap);
    a.advanceTo(b.engine.now);
    expect(a.traceHash()).toBe(b.traceHash());
  });
});
