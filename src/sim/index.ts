/**
 * The engine's public API. Nothing outside src/sim imports anything else from inside it, except
 * the worker, which imports the smaller `runtime.ts` (this API without the YAML parser), and
 * lazily loaded main-thread chunks that need one dependency-light module (noted where they do).
 */
import './yaml';

// The command language as structured actions, for exports that translate commands (src/export).
export { type Command, parseCommand, type SystemctlAction, tokenize, type Unit } from './commands/parse';
export { printCommand, shellQuote } from './commands/print';
export * from './runtime';
export {
  BIG_BUILTINS,
  BUILTIN_SCENARIOS,
  type BuiltinScenarioEntry,
  type BuiltinScenarioName,
  isBuiltinScenario,
} from './scenario/builtins';
export { exportScenario, formatDurationExact } from './scenario/export';
export { MANIFEST_KINDS } from './scenario/manifests';
export { parseScenario, type ScenarioError } from './scenario/parse';
export {
  applyChanges,
  COMPARE_KEYS,
  parseChange,
  parseChanges,
  type ScenarioChange,
  type VariantResult,
} from './scenario/variant-parse';
export { YAML_LIMITS, yamlHazard } from './scenario/yaml-guard';
