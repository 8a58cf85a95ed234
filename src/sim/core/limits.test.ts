/**
 * One set of domain limits (core/limits.ts), applied by scenario validation and by typed
 * commands, with sentences that name the limit; numbers Kubernetes wants whole are whole and
 * finite, and a number past the double range is never shown or logged as Infinity.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Scenario } from '../index';
import { DOMAIN_LIMITS, settingProblem } from './limits';

const HUGE = `1${'0'.repeat(400)}`;

function scenarioText(objects: string, extra = ''): string {
  return `apiVersion: notready/v1
kind: Scenario
metadata: {name: s, title: s}
spec:
  nodes: [{name: cp, roles: [control-plane]}, {name: n1}]
${extra}  objects:
${objects}`;
}

const deployment = (replicas: string, name = 'web') =>
  `  - {apiVersion: apps/v1, kind: Deployment, metadata: {name: ${name}}, spec: {replicas: ${replicas}, template: {spec: {containers: [{name: c, image: nginx}]}}}}\n`;

function errorsOf(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected a refusal');
  return r.errors.map((e) => `${e.path}: ${e.message}`);
}

function sim(): ReturnType<typeof createSimulation> {
  const r = parseScenario(scenarioText(deployment('2')));
  if (!r.ok) throw new Error('invalid');
  const s = createSimulation(r.scenario);
  s.advanceTo(10_000);
  return s;
}

describe('scenario validation', () => {
  it('refuses replicas that are not whole numbers from 0 to 5,000, in YAML and in JSON', () => {
    const cases: [string, string][] = [
      ['1e9', 'spec.objects[0].spec.replicas: replicas 1000000000 is more than the limit of 5,000 per workload'],
      [
        HUGE,
        'spec.objects[0].spec.replicas: replicas (a number too large to represent) is more than the limit of 5,000 per workload',
      ],
      ['-3', 'spec.objects[0].spec.replicas: Invalid value: -3: must be greater than or equal to 0'],
      ['2.5', 'spec.objects[0].spec.replicas: Invalid value: 2.5: must be a whole number'],
      ['.nan', 'spec.objects[0].spec.replicas: Invalid value: NaN: must be a whole number'],
      ['"lots"', 'spec.objects[0].spec.replicas: Invalid value: "lots": must be a whole number'],
      ['5001', 'spec.objects[0].spec.replicas: replicas 5001 is more than the limit of 5,000 per workload'],
    ];
    for (const [value, message] of cases) expect(errorsOf(scenarioText(deployment(value)))[0]).toBe(message);
    // JSON: a number past the double range parses as Infinity; the message still never says so.
    const json = JSON.stringify({
      apiVersion: 'notready/v1',
      kind: 'Scenario',
      metadata: { name: 's', title: 's' },
      spec: {
        nodes: [{ name: 'cp', roles: ['control-plane'] }],
        objects: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: { replicas: 7 } }],
      },
    }).replace('"replicas":7', `"replicas":${HUGE}`);
    const errors = errorsOf(json);
    expect(errors[0]).toBe(
      'spec.objects[0].spec.replicas: replicas (a number too large to represent) is more than the limit of 5,000 per workload',
    );
    expect(errors.join('\n')).not.toMatch(/Infinity/);
    expect(parseScenario(scenarioText(deployment('5000'))).ok).toBe(true);
  });

  it('refuses other numbers Kubernetes wants whole, which would otherwise fail the cluster at start-up', () => {
    const pod = (spec: string) =>
      `  - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: nginx}], ${spec}}}\n`;
    expect(errorsOf(scenarioText(pod('terminationGracePeriodSeconds: -1')))).toEqual([
      'spec.objects[0].spec.terminationGracePeriodSeconds: Invalid value: -1: must be greater than or equal to 0',
    ]);
    expect(errorsOf(scenarioText(pod(`terminationGracePeriodSeconds: ${HUGE}`)))[0]).toMatch(
      /terminationGracePeriodSeconds: Invalid value: a number too large to represent: must be a whole number$/,
    );
    expect(
      errorsOf(
        scenarioText(pod('tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 1.5}]')),
      ),
    ).toEqual(['spec.objects[0].spec.tolerations[0].tolerationSeconds: Invalid value: 1.5: must be a whole number']);
    expect(errorsOf(scenarioText('  - {apiVersion: v1, kind: Service, metadata: {name: s}, spec: {}}\n'))).toEqual([
      'spec.objects[0].spec.ports: Required value',
    ]);
  });

  it('refuses zero and out-of-range settings (a zero period would never let time move on)', () => {
    const settings = (s: string) => errorsOf(scenarioText(deployment('1'), `  settings: {${s}}\n`));
    expect(settings('nodeMonitorPeriod: 0')).toEqual([
      'spec.settings.nodeMonitorPeriod: 0s is less than the minimum of 1s',
    ]);
    expect(settings('nodeStatusUpdateFrequency: 0s')[0]).toMatch(
      /^spec\.settings\.nodeStatusUpdateFrequency: 0s is less/,
    );
    expect(settings('podGCPeriod: 0ms')[0]).toMatch(/^spec\.settings\.podGCPeriod: 0s is less than the minimum of 1s/);
    expect(settings('nodeLeaseDurationSeconds: 0')[0]).toBe(
      'spec.settings.nodeLeaseDurationSeconds: 0s is less than the minimum of 4s',
    );
    expect(settings('watchLatency: 0')[0]).toMatch(/watchLatency: 0s is less than the minimum of 1ms/);
    expect(settings(`nodeMonitorGracePeriod: ${HUGE}`)[0]).toMatch(/nodeMonitorGracePeriod: .* is not a duration/);
    expect(settings('nodeEvictionRate: .inf')[0]).toBe(
      'spec.settings.nodeEvictionRate: a number too large to represent must be 0 or more (nodes per second)',
    );
    expect(settings('imagePullMin: 10s')).toEqual([
      'spec.settings.imagePullMin: imagePullMin (10s) is longer than imagePullMax (6s)',
    ]);
    // Rates may be 0 ("never").
    expect(parseScenario(scenarioText(deployment('1'), '  settings: {nodeEvictionRate: 0}\n')).ok).toBe(true);
    for (const key of ['nodeMonitorPeriod', 'nodeStatusUpdateFrequency', 'podGCPeriod', 'watchLatency'] as const)
      expect(settingProblem(key, 0)).toBeDefined();
  });

  it('refuses more nodes, pods, timeline entries, time or text than the limits', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => `{name: n${i}}`).join(', ');
    expect(
      errorsOf(
        'apiVersion: notready/v1\nkind: Scenario\nmetadata: {name: s, title: s}\nspec:\n' +
          `  nodes: [{name: cp, roles: [control-plane]}, ${nodes}]\n`,
      )[0],
    ).toBe('spec.nodes: 5,001 nodes: give 1 to 5,000');
    expect(
      errorsOf(
        scenarioText(Array.from({ length: 30 }, (_, i) => deployment('5000', `a${i}`)).join('') + deployment('1', 'c')),
      ),
    ).toEqual(['spec.objects: the scenario would run 150,001 pods, more than the limit of 150,000']);
    const timeline = (entries: string) => scenarioText(deployment('1'), `  timeline: [${entries}]\n`);
    expect(errorsOf(timeline('{at: 25h, run: "kubectl get nodes"}'))).toEqual([
      'spec.timeline[0].at: 25h is after 24h, the limit of a simulation',
    ]);
    expect(errorsOf(timeline(`{at: ${HUGE}, run: "kubectl get nodes"}`))[0]).toMatch(
      /^spec\.timeline\[0\]\.at: .*not a duration/,
    );
    const many = Array.from({ length: 10_001 }, () => '{at: 1s, run: x}').join(', ');
    expect(errorsOf(timeline(many))).toEqual([
      'spec.timeline: 10,001 timeline entries is more than the limit of 10,000',
    ]);
    expect(errorsOf(`# ${'x'.repeat(DOMAIN_LIMITS.maxScenarioChars)}\n`)).toEqual([
      ': the scenario is 5,242,883 characters long, more than the limit of 5,242,880',
    ]);
  });
});

describe('typed commands', () => {
  it('kubectl scale refuses replicas past the limit, negative or not whole, with one sentence and nothing logged as Infinity', () => {
    const s = sim();
    const cases: [string, string][] = [
      ['1000000000', 'error: replicas 1000000000 is more than the limit of 5,000 per workload'],
      [
        HUGE,
        `error: invalid argument "100000000000…(401 digits)" for "--replicas" flag: strconv.ParseInt: parsing "100000000000…(401 digits)": value out of range`,
      ],
      ['5001', 'error: replicas 5001 is more than the limit of 5,000 per workload'],
      ['-3', 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0'],
      ['2.5', 'error: invalid argument "2.5" for "--replicas" flag: strconv.ParseInt: parsing "2.5": invalid syntax'],
      ['NaN', 'error: invalid argument "NaN" for "--replicas" flag: strconv.ParseInt: parsing "NaN": invalid syntax'],
      [
        'Infinity',
        'error: invalid argument "Infinity" for "--replicas" flag: strconv.ParseInt: parsing "Infinity": invalid syntax',
      ],
    ];
    for (const [value, output] of cases) {
      const r = s.run(`kubectl scale deploy web --replicas=${value}`);
      expect(r).toMatchObject({ ok: false, output });
    }
    expect(s.run('kubectl create deployment big --image nginx --replicas=6000').output).toBe(
      'error: replicas 6000 is more than the limit of 5,000 per workload',
    );
    expect(s.run(`kubectl create deployment big --image nginx --replicas=${HUGE}`).output).toMatch(
      /value out of range$/,
    );
    expect(s.run('kubectl create deployment big --image nginx --replicas=-3').output).toBe(
      'The Deployment "big" is invalid: spec.replicas: Invalid value: -3: must be greater than or equal to 0',
    );
    for (const m of [
      `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"big"},"spec":{"replicas":${HUGE},"template":{"spec":{"containers":[{"name":"c","image":"nginx"}]}}}}`,
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: big}\nspec: {replicas: 1e9, template: {spec: {containers: [{name: c, image: nginx}]}}}',
    ]) {
      const r = s.run(`kubectl apply -f -\n${m}`);
      expect(r.ok).toBe(false);
      expect(r.output).toMatch(/^error: replicas .* the limit of 5,000 per workload$/);
    }
    expect(s.run('kubectl get deploy').output).not.toMatch(/big/);
    // Nothing says Infinity unless the user typed it.
    const log = s.engine.state.commandLog.filter((l) => !l.line.includes('Infinity'));
    expect(JSON.stringify(log)).not.toMatch(/Infinity/);
    // The same limits in a scenario's timeline.
    s.advanceTo(20_000);
    expect(s.run('kubectl scale deploy web --replicas=5000')).toMatchObject({ ok: true });
  });

  it('keep the cluster within 150,000 pods', () => {
    const s = sim();
    for (let i = 0; i < 29; i++)
      expect(s.run(`kubectl create deployment a${i} --image nginx --replicas=5000`).ok).toBe(true);
    expect(s.run('kubectl create deployment b --image nginx --replicas=4998').ok).toBe(true);
    expect(s.run('kubectl run one --image nginx').output).toBe(
      'error: the cluster would run 150,001 pods, more than the limit of 150,000',
    );
    expect(s.run('kubectl scale deploy web --replicas=3').output).toBe(
      'error: the cluster would run 150,001 pods, more than the limit of 150,000',
    );
    expect(s.run('kubectl scale deploy web --replicas=1').ok).toBe(true);
    expect(s.run('kubectl run one --image nginx').ok).toBe(true);
  });

  it('refuse commands longer than 64 KiB, and more than 10,000 commands in a run, without logging them', () => {
    const s = sim();
    const logged = s.engine.state.commandLog.length;
    const long = `kubectl apply -f -\n${JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', annotations: { a: 'x'.repeat(70_000) } } })}`;
    expect(s.run(long)).toMatchObject({
      ok: false,
      output: `error: the command is ${(long.length).toLocaleString('en-US')} characters long, more than the limit of 65,536`,
    });
    expect(s.engine.state.commandLog.length).toBe(logged);
    for (let i = logged; i < DOMAIN_LIMITS.maxCommands; i++) s.run('kubectl get nodes');
    expect(s.run('kubectl get nodes')).toMatchObject({
      ok: false,
      output: 'error: this run already has 10,000 commands, the limit of a run',
    });
    expect(s.engine.state.commandLog.length).toBe(DOMAIN_LIMITS.maxCommands);
  });

  it('a scenario at the limits boots and spreads its pods', () => {
    const sc: Scenario = (() => {
      const r = parseScenario(scenarioText(deployment('5000')));
      if (!r.ok) throw new Error('invalid');
      return r.scenario;
    })();
    const s = createSimulation(sc);
    s.advanceTo(0);
    expect(s.run('kubectl get deploy web').output).toMatch(/web\s+\d+\/5000/);
  });
});
