/** Messages of the scenario parser worker (parse.worker.ts). Plain data only. */

export type ParseRequest =
  /** A file to import: a scenario, or manifests to wrap in one. */
  | { id: number; kind: 'import'; text: string; name: string; title: string }
  /** Scenario text (a link's, the builder's) to validate and normalise. */
  | { id: number; kind: 'scenario'; text: string };

export type ParseReply =
  | {
      id: number;
      ok: true;
      /** The scenario as text (what links and exports carry). */
      scenarioText: string;
      /** `{"normalised": Scenario}`: what the engine worker runs. */
      normalised: string;
      warnings: string[];
    }
  | { id: number; ok: false; errors: string[] };
