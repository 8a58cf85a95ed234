import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../sim';
import {
  defaultForm,
  defaultSettingText,
  durationText,
  fieldErrorsOf,
  fieldOfPath,
  immediateErrors,
  resizeNodes,
  scenarioText,
} from './model';

describe('scenario builder model', () => {
  it('the default form makes a scenario the engine runs', () => {
    const form = defaultForm();
    expect(immediateErrors(form)).toEqual({});
    const parsed = parseScenario(scenarioText(form));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.spec.nodes.map((n) => n.name)).toEqual(['control-plane', 'node1', 'node2', 'node3']);
    const sim = createSimulation(parsed.scenario);
    sim.advanceTo(60_000);
    expect(sim.kubectl('kubectl get deploy,sts,ds')).toMatch(/web\s+3\/3/);
  });

  it('settings are written only when changed, as durations, and reach the engine', () => {
    const form = defaultForm();
    form.settings.nodeMonitorGracePeriod = '20s';
    form.settings.defaultTolerationSeconds = '1m';
    form.settings.podGCPeriod = defaultSettingText('v1.33', 'podGCPeriod');
    const doc = JSON.parse(scenarioText(form));
    expect(doc.spec.settings).toEqual({ nodeMonitorGracePeriod: '20s', defaultTolerationSeconds: '1m' });
    const parsed = parseScenario(scenarioText(form));
    if (!parsed.ok) throw new Error('invalid');
    expect(parsed.scenario.spec.settings).toMatchObject({
      nodeMonitorGracePeriod: 20_000,
      defaultTolerationSeconds: 60,
    });
  });

  it('explains invalid choices at the field', () => {
    const form = defaultForm();
    form.nodes[2] = { name: 'node1', role: 'worker', zone: 'a' };
    form.nodes[3] = { name: 'Node_3', role: 'control-plane', zone: '' };
    form.workloads[0] = { kind: 'Deployment', name: 'web', replicas: 'three', image: 'nginx' };
    form.settings.nodeMonitorGracePeriod = 'soon';
    form.settings.unhealthyZoneThreshold = '2';
    const e = immediateErrors(form);
    expect(e['nodes.2.name']).toContain('Node 2 is already called node1');
    expect(e['nodes.3.name']).toContain('lowercase');
    expect(e.nodes).toContain('Exactly one node must be the control plane (now 2)');
    expect(e['workloads.0.replicas']).toContain('whole number');
    expect(e['settings.nodeMonitorGracePeriod']).toContain('duration');
    expect(e['settings.unhealthyZoneThreshold']).toContain('between 0 and 1');
  });

  it('uses the engine limits: replicas up to 5,000, no zero periods', () => {
    const form = defaultForm();
    form.workloads[0] = { kind: 'Deployment', name: 'web', replicas: '5001', image: 'nginx' };
    form.workloads[1] = { kind: 'StatefulSet', name: 'db', replicas: '5000', image: 'postgres' };
    form.settings.nodeMonitorPeriod = '0s';
    form.settings.nodeLeaseDurationSeconds = '0s';
    form.settings.nodeEvictionRate = '2000';
    const e = immediateErrors(form);
    expect(e['workloads.0.replicas']).toBe('Enter a whole number from 0 to 5000.');
    expect(e['workloads.1.replicas']).toBeUndefined();
    expect(e['settings.nodeMonitorPeriod']).toBe('Enter a duration from 1s to 10m.');
    expect(e['settings.nodeLeaseDurationSeconds']).toBe('Enter a duration from 4s to 1h.');
    expect(e['settings.nodeEvictionRate']).toBe('Enter a number from 0 to 1,000.');
  });

  it('maps the validator paths back to fields', () => {
    expect(fieldOfPath('spec.nodes[2].name')).toBe('nodes.2.name');
    expect(fieldOfPath('spec.nodes')).toBe('nodes');
    expect(fieldOfPath('spec.objects[1].spec.replicas')).toBe('workloads.1.replicas');
    expect(fieldOfPath('spec.objects[0].spec.template.spec.containers[0].image')).toBe('workloads.0.image');
    expect(fieldOfPath('spec.settings.podGCPeriod')).toBe('settings.podGCPeriod');
    expect(fieldOfPath('')).toBe('form');
    // A real validator error lands on its field.
    const doc = JSON.parse(scenarioText(defaultForm()));
    doc.spec.nodes[1].name = 'node2';
    const parsed = parseScenario(JSON.stringify(doc));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(fieldErrorsOf(parsed.errors)['nodes.2.name']).toContain('already used');
  });

  it('resizes the node list with fresh names', () => {
    const nodes = resizeNodes(defaultForm().nodes, 6);
    expect(nodes.map((n) => n.name)).toEqual(['control-plane', 'node1', 'node2', 'node3', 'node4', 'node5']);
    expect(resizeNodes(nodes, 2).map((n) => n.name)).toEqual(['control-plane', 'node1']);
    expect(durationText(90_500)).toBe('1m30s500ms');
  });

  it('scheduled failures become the timeline, in time order, and run in the engine', () => {
    const form = defaultForm();
    form.timeline = [
      { at: '2m', run: 'ssh node2 systemctl start kubelet' },
      { at: '20s', run: 'ssh node2 systemctl stop kubelet' },
    ];
    expect(immediateErrors(form)).toEqual({});
    const parsed = parseScenario(scenarioText(form));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.spec.timeline.map((t) => [t.at, t.run])).toEqual([
      [20_000, 'ssh node2 systemctl stop kubelet'],
      [120_000, 'ssh node2 systemctl start kubelet'],
    ]);
    const sim = createSimulation(parsed.scenario);
    sim.advanceTo(100_000);
    expect(sim.kubectl('kubectl get nodes')).toMatch(/node2\s+NotReady/);
  });

  it('a step needs a time and a choice; the length cannot end before the last step', () => {
    const form = defaultForm();
    form.timeline = [{ at: 'soon', run: '' }];
    form.duration = '1m';
    form.timeline.push({ at: '5m', run: 'ssh node1 poweroff' });
    const e = immediateErrors(form);
    expect(e['timeline.0.at']).toMatch(/Enter a time/);
    expect(e['timeline.0.run']).toMatch(/Choose/);
    expect(e.duration).toMatch(/until its last step \(5m\)/);
  });
});
