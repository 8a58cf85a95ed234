/**
 * The engine's public API. Nothing outside src/sim imports anything else from inside it.
 */

export type { ActionOption, ActionTarget } from './commands/actions';
export type { CommandResult } from './commands/run';
export type { Explanation, ExplanationLink } from './explain';
export { BUILTIN_SCENARIOS, type BuiltinScenarioName, isBuiltinScenario } from './scenario/builtins';
export { formatSimTime, parseDuration } from './scenario/duration';
export { exportScenario, scenarioForReplay } from './scenario/export';
export {
  type CompiledStep,
  checkCondition,
  compileLesson,
  type LessonCondition,
  parseCondition,
  stepComplete,
} from './scenario/lesson';
export { parseScenario, type ScenarioError } from './scenario/parse';
export { PROFILES, type ProfileName, type Settings } from './scenario/profiles';
export type { LessonStep, Manifest, Scenario, ScenarioNode, TimelineEntry } from './scenario/types';
export { createSimulation, type SimSnapshot, Simulation } from './simulation';
export type { ClusterView, NodeView, PodView, WorkloadView } from './view';
