/**
 * The engine's public API. Nothing outside src/sim imports anything else from inside it.
 */

export type { ActionOption, ActionTarget } from './commands/actions';
export type { CommandResult } from './commands/run';
export type { Explanation, ExplanationLink } from './explain';
export { formatSimTime, parseDuration } from './scenario/duration';
export { parseScenario, type ScenarioError } from './scenario/parse';
export { PROFILES, type ProfileName, type Settings } from './scenario/profiles';
export type { LessonStep, Scenario, TimelineEntry } from './scenario/types';
export { createSimulation, type SimSnapshot, Simulation } from './simulation';
export type { ClusterView, NodeView, PodView, WorkloadView } from './view';
