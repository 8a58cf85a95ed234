/**
 * The zone failure a parts bench plays at `nodes` nodes: 5000 is the built-in zone-down-5000 (a
 * network cut, what the app loads), any other size bench/scenarios.ts `bigZoneFailure` (a power-off).
 */
import { readFileSync } from 'node:fs';
import type { Scenario } from '../src/sim/runtime';
import { parseScenarioJson } from '../src/worker/runner';
import { bigZoneFailure } from './scenarios';

export function zoneScenario(nodes: number): Scenario {
  if (nodes !== 5000) return bigZoneFailure(nodes);
  const p = parseScenarioJson(
    readFileSync(new URL('../public/scenarios/zone-down-5000.json', import.meta.url), 'utf8'),
  );
  if (!p.ok) throw new Error(p.message);
  return p.scenario;
}
