/**
 * The engine's public API. Nothing outside src/sim imports anything else from inside it.
 */
export { createSimulation, Simulation, type SimSnapshot } from './simulation';
export type { CommandResult } from './commands/run';
export type { ActionOption, ActionTarget } from './commands/actions';
export type { ClusterView, NodeView, PodView, WorkloadView } from './view';
export type { Explanation, ExplanationLink } from './explain';
export type { Scenario, LessonStep, TimelineEntry } from './scenario/types';
export { PROFILES, type ProfileName, type Settings } from './scenario/profiles';
export { parseScenario, type ScenarioError } from './scenario/parse';
export { parseDuration, formatSimTime } from './scenario/duration';
