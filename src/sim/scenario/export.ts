/**
 * Export the current run as a scenario file (DESIGN sections 5 and 6): the scenario with its
 * timeline replaced by the run's command log, so that importing the file and playing it to the
 * same time gives the same run (same trace hash).
 *
 * Why the command log is the whole timeline: the scenario's own timeline entries run through
 * `runCommand` too, so the ones that already ran are in the log, in the order they ran, among
 * the user's commands. Entries that have not run yet (later than the last logged command, or than
 * `now`) are kept after the log, so the exported scenario also goes on as the original would.
 *
 * The lesson is kept, so a teacher's exported run still teaches; a step's `run` command that is
 * already in the log is left out of the step (the timeline runs it at its time; the lesson would
 * run it twice). Durations are written exactly (`1m30s250ms`) so that parse gives
 * back the same milliseconds; node capacity as quantities (`4000m`, `8192Mi`). The learner's
 * commands keep `by: you`. `spec.duration` is the scenario's, stretched to the last command when
 * the run went on past the end (a duration before the last timeline entry would not validate).
 */
import { Document, isMap, isSeq } from 'yaml';
import { MAX_SCENARIO_DURATION_MS } from '../core/duration';
import { maxOf } from '../core/lists';
import type { Settings } from '../core/profiles';
import type { LessonStep, Scenario, ScenarioCloud, ScenarioNode } from '../core/scenario-types';
import { type ExportCommand, type ExportOptions, exportTimeline } from './replay';
import { formatDurationExact, SETTING_FORMS } from './setting-text';

export { type ExportCommand, type ExportOptions, exportTimeline, scenarioForReplay } from './replay';
export { formatDurationExact } from './setting-text';

function writtenSettings(settings: Partial<Settings>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of Object.keys(settings).sort() as (keyof Settings)[]) {
    const value = settings[key];
    if (value === undefined) continue;
    const form = SETTING_FORMS[key];
    out[key] = form === 'ms' ? formatDurationExact(value) : value;
  }
  return out;
}

function writtenNode(n: ScenarioNode): Record<string, unknown> {
  const out: Record<string, unknown> = { name: n.name };
  if (n.roles.length) out.roles = [...n.roles];
  if (n.zone !== undefined) out.zone = n.zone;
  if (n.labels !== undefined) out.labels = { ...n.labels };
  if (n.cpu !== undefined) out.cpu = `${n.cpu}m`;
  if (n.memory !== undefined) out.memory = `${n.memory}Mi`;
  if (n.group !== undefined) out.group = n.group;
  return out;
}

/** `spec.cloud` as written: sizes as quantities, boot times exact. */
function writtenCloud(cloud: ScenarioCloud): Record<string, unknown> {
  const out: Record<string, unknown> = {
    nodeGroups: cloud.nodeGroups.map((g) => ({
      name: g.name,
      min: g.min,
      max: g.max,
      zone: g.zone,
      cpu: `${g.cpu}m`,
      memory: `${g.memory}Mi`,
      machineType: g.machineType,
      bootTime: formatDurationExact(g.bootTime),
    })),
  };
  if (!cloud.autoscaler) out.autoscaler = false;
  return out;
}

/** The lesson as written, minus the `run` of each step whose command is already in the log. */
function exportedLesson(lesson: readonly LessonStep[], log: readonly ExportCommand[]): Record<string, unknown>[] {
  const ran = new Set(log.map((c) => c.line.replace(/\s+/g, ' ').trim()));
  return lesson.map((step) => {
    const out: Record<string, unknown> = { id: step.id, text: step.text };
    if (step.run !== undefined && !ran.has(step.run.replace(/\s+/g, ' ').trim())) out.run = step.run;
    if (step.waitFor !== undefined) out.waitFor = step.waitFor;
    if (step.predict !== undefined) out.predict = step.predict;
    return out;
  });
}

/**
 * The run as scenario YAML. `commandLog` is every command that ran, in order, with its time
 * (`sim.engine.state.commandLog` fits as is).
 */
export function exportScenario(
  scenario: Scenario,
  commandLog: readonly ExportCommand[],
  opts: ExportOptions = {},
): string {
  const timeline = exportTimeline(scenario, commandLog, opts);
  const spec: Record<string, unknown> = {
    profile: scenario.spec.profile,
    seed: scenario.spec.seed,
  };
  const settings = writtenSettings(scenario.spec.settings);
  if (Object.keys(settings).length) spec.settings = settings;
  spec.nodes = scenario.spec.nodes.map(writtenNode);
  if (scenario.spec.objects.length) spec.objects = scenario.spec.objects;
  if (scenario.spec.staticPods.length) spec.staticPods = scenario.spec.staticPods;
  if (scenario.spec.cloud) spec.cloud = writtenCloud(scenario.spec.cloud);
  if (timeline.length)
    spec.timeline = timeline.map((t) => ({ at: formatDurationExact(t.at), run: t.run, ...(t.by ? { by: t.by } : {}) }));
  const end = maxOf(timeline, (t) => t.at, scenario.spec.duration);
  // Past the longest allowed end the file leaves it out: the default (10 minutes after the last entry) applies.
  if (end <= MAX_SCENARIO_DURATION_MS) spec.duration = formatDurationExact(end);
  if (scenario.spec.lesson.length) spec.lesson = exportedLesson(scenario.spec.lesson, commandLog);
  // Only when the scenario wrote it (all add-ons on otherwise): the import boots the same cluster.
  if (scenario.spec.addons) spec.addons = { ...scenario.spec.addons };
  const metadata: Record<string, string> = {
    name: scenario.metadata.name,
    title: opts.title ?? scenario.metadata.title,
  };
  if (scenario.metadata.description !== undefined) metadata.description = scenario.metadata.description;
  const doc = new Document({ apiVersion: 'notready/v1', kind: 'Scenario', metadata, spec });
  doc.commentBefore =
    ' Exported from NotReady: the timeline is the command log of the run' +
    `${commandLog.length ? ` (${commandLog.length} commands up to ${formatDurationExact(commandLog.reduce((m, c) => Math.max(m, c.at), 0))})` : ''}` +
    ',\n followed by the scenario timeline entries that had not run yet. Lesson steps keep their own\n' +
    ' commands only when the log does not hold them already.';
  // One line per node and per timeline entry, as hand-written scenarios do.
  for (const path of [
    ['spec', 'nodes'],
    ['spec', 'timeline'],
    ['spec', 'cloud', 'nodeGroups'],
  ]) {
    const seq = doc.getIn(path, true);
    if (isSeq(seq)) for (const item of seq.items) if (isMap(item)) item.flow = true;
  }
  return doc.toString({ lineWidth: 0 });
}
