// STUB: owned by the scenario/CLI engineer.
import type { Scenario } from './types';
export interface ScenarioError {
  path: string;
  message: string;
}
export function parseScenario(_text: string): { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] } {
  return { ok: false, errors: [{ path: '', message: 'not implemented' }] };
}
