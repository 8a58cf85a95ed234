/**
 * The engine's public API. Nothing outside src/sim imports anything else from inside it, except
 * the worker, which imports the smaller `runtime.ts` (the same API without the YAML parser).
 */
import './yaml';

export type { ActionOption, ActionTarget } from './commands/actions';
export type { CommandResult } from './commands/run';
export type { Explanation, ExplanationLink } from './explain';
export { BUILTIN_SCENARIOS, type BuiltinScenarioName, isBuiltinScenario } from './scenario/builtins';
export { formatSimTime, parseDuration } from './scenario/duration';
export { exportScenario } from './scenario/export';
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
export { scenarioForReplay } from './scenario/replay';
export type { LessonStep, Manifest, Scenario, ScenarioNode, TimelineEntry } from './scenario/types';
export { createSimulation, type SimSnapshot, Simulation } from './simulation';
export type { ClusterView, ControlPlaneView, NodeView, PodView, ServiceView, WorkloadView } from './view';
