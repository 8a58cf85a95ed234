/**
 * "Why?": walk from an object's current state back through recorded causes to the command behind
 * it. STUB body: owned by the app engineer; the types are the contract.
 */
import type { Engine } from './core/engine';

export interface ExplanationLink {
  at: number;
  actor: string; // controller or component, or "you" for a command
  what: string; // e.g. "Ready=Unknown on node2"
  rule?: string; // e.g. "no heartbeat for 50s"
  constant?: string; // e.g. "nodeMonitorGracePeriod=50s"
  command?: string;
}

export interface Explanation {
  ref: string;
  summary: string;
  chain: ExplanationLink[];
}

export function explain(_e: Engine, ref: string): Explanation {
  return { ref, summary: '', chain: [] };
}
