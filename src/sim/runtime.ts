/**
 * The engine entry point for the Web Worker: everything needed to run a simulation, without the
 * YAML library (about 30 KB gzip) that only parsing scenario files and YAML manifests needs. The
 * worker receives scenarios as JSON and loads `./yaml` on demand (see commands/manifest.ts).
 * Everything here is also exported by `index.ts`, the full public API.
 */

export type { AutoscalerView, CloudView, InstanceView, NodeGroupView, UnneededNodeView } from './cloud/view';
export type { ActionOption, ActionTarget } from './commands/actions';
export { isJsonManifest } from './commands/manifest';
export type { CommandResult } from './commands/run';
export type { RunningCommand } from './commands/running';
export type { Chapter, ChapterKind } from './core/chapters';
export type { InstanceState } from './core/cloud-types';
export { defaultScenarioDuration, formatSimTime, formatStoryTime, parseDuration } from './core/duration';
export {
  countPods,
  DOMAIN_LIMITS,
  describeDuration,
  groupDigits,
  replicasProblem,
  SETTING_LIMITS,
  type SettingLimit,
  settingProblem,
} from './core/limits';
export { maxOf, minOf, pushAll } from './core/lists';
export { CLOUD_SETTINGS, PROFILES, type ProfileName, type Settings } from './core/profiles';
export { MAX_STEPS_PER_INSTANT, SimulationStuckError } from './core/progress';
export type {
  LessonStep,
  Manifest,
  Scenario,
  ScenarioCloud,
  ScenarioNode,
  ScenarioNodeGroup,
  TimelineEntry,
} from './core/scenario-types';
export type { CommandBy } from './core/state';
export type { Explanation, ExplanationLink } from './explain';
export { joinPieces, OUTPUT_MAX_CHARS, type OutputCollector, outputCutNote, type Pieces } from './kubectl/pieces';
export { type RecordedCommand, type RecordedRun, recordRun } from './recorded-run';
export {
  type CompiledStep,
  checkCondition,
  compileLesson,
  conditionSince,
  type LessonCondition,
  parseCondition,
  stepComplete,
} from './scenario/lesson';
export { scenarioForReplay } from './scenario/replay';
export { applyVariant, describeKey, type Variant, variantLabels } from './scenario/variant';
export { createSimulation, type SimSnapshot, Simulation } from './simulation';
export {
  type Band,
  type Bracket,
  buildChart,
  type ChartData,
  type ChartNode,
  type ChartOptions,
  type ChartPod,
  type ChartZone,
} from './story/chart';
export { LEASE_TICK_NODES, RunHistory } from './story/history';
export {
  type ClusterOverview,
  NODE_FLAG,
  NODE_STATE,
  OVERVIEW_ABOVE_NODES,
  POD_STATE,
  POD_STATE_NAMES,
  type PodStateName,
  summarizeOverview,
  type ZoneSummary,
} from './story/overview';
export { overviewAt } from './story/overview-at';
export {
  buildScoreboard,
  type FaultScore,
  formatSpan,
  SCORE_STEPS,
  type Scoreboard,
  type ScoreStep,
  scoreboardDifferences,
  stepAfter,
  type WorkloadScore,
} from './story/scoreboard';
export type { ClusterView, ControlPlaneView, NodeView, PodView, ServiceView, WorkloadView } from './view';
