/**
 * structuredClone exists in every environment the engine runs in (Node 17+, browsers, workers), but
 * the engine's tsconfig has no DOM lib on purpose, so it is declared here alone.
 */
declare function structuredClone<T>(value: T): T;
