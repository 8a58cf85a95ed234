/**
 * The types of lesson step conditions (scenario/lesson.ts parses them, lesson-check.ts checks
 * them against the engine).
 */
import type { LessonStep } from '../core/scenario-types';

/** One parsed `waitFor` (the forms are listed in lesson.ts). */
export type LessonCondition =
  | { kind: 'time'; at: number; relative: boolean }
  | { kind: 'node'; node: string; status: string }
  | { kind: 'node-gone'; node: string }
  | { kind: 'condition'; node: string; type: string; status: string; reason?: string }
  | { kind: 'taint'; node: string; key: string; value?: string; effect?: string }
  | { kind: 'event'; reason: string; object?: string }
  | { kind: 'pod'; namespace: string; name: string; prefix: boolean; status: string }
  | { kind: 'pod-gone'; namespace: string; name: string; prefix: boolean }
  | { kind: 'command'; prefix: string }
  | { kind: 'instance'; target: string; state: string }
  | { kind: 'group'; group: string; target: number };

export type ConditionParse = { ok: true; condition: LessonCondition } | { ok: false; error: string };

/** What a condition check may know about the step it belongs to. */
export interface ConditionContext {
  /** Simulated time the step started; `time +30s`, `event` and `command` count from here. */
  since?: number;
}

/** A lesson step with its `waitFor` parsed. */
export interface CompiledStep extends LessonStep {
  condition?: LessonCondition;
}
