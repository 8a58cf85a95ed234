/**
 * The built-in scenarios shipped in public/scenarios/ (one YAML file each, `<name>.yaml`, listed
 * with their titles, lengths, profiles and node counts in public/scenarios/index.json, so that a
 * gallery can show them without loading each one). Reading the files is the caller's job: the CLI
 * reads them from disk, the app fetches them.
 */

/** Built-in scenario names, in the order the app lists them (seed scenarios first). */
export const BUILTIN_SCENARIOS = [
  'kubelet-stop-control-plane',
  'docker-stop',
  'kubelet-stop-worker',
  'node-poweroff',
  'node-delete',
  'pod-to-dead-kubelet',
  'eviction',
  'control-plane-outage',
  'pdb-drain',
  'volume-out-of-service',
  'graceful-shutdown',
  'node-delete-cloud',
  'node-delete-autoscaler',
  'autoscaler-scale-up',
  'autoscaler-scale-down',
  'autoscaler-zone-outage',
  'zone-partly-down',
  'zone-down',
  'zone-down-5000',
] as const;

export type BuiltinScenarioName = (typeof BUILTIN_SCENARIOS)[number];

/** One entry of public/scenarios/index.json. */
export interface BuiltinScenarioEntry {
  name: BuiltinScenarioName;
  title: string;
  description: string;
  /** File name relative to public/scenarios/ (and to the app's `scenarios/` URL). */
  file: string;
  /** spec.duration: the scenario's end, in ms of simulated time. */
  duration: number;
  /** It has a guided lesson. */
  lesson: boolean;
  /** Its fidelity profile (`v1.33`, `v1.23-docker`). */
  profile: string;
  /** How many nodes, the control plane included. */
  nodes: number;
}

/**
 * Built-ins at Kubernetes' own scale (5,000 nodes, 150,000 pods): their start alone takes a minute
 * or more and gigabytes of memory, so suites that play every built-in leave them to their own
 * test (src/sim/zone-down-5000.test.ts) and to `npm run bench`.
 */
export const BIG_BUILTINS: readonly BuiltinScenarioName[] = ['zone-down-5000'];

export function isBuiltinScenario(name: string): name is BuiltinScenarioName {
  return (BUILTIN_SCENARIOS as readonly string[]).includes(name);
}

export function builtinScenarioFile(name: BuiltinScenarioName): string {
  return `${name}.yaml`;
}
