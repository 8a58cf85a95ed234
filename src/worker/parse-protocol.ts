/** Messages of the scenario parser worker (parse.worker.ts). Plain data only. */
import type { ShareRun } from '../share/run';

export type ParseRequest =
  /** A file to import: a scenario, or manifests to wrap in one. */
  | { id: number; kind: 'import'; text: string; name: string; title: string }
  /** Scenario text (a link's, the builder's) to validate and normalise. */
  | { id: number; kind: 'scenario'; text: string };

/**
 * A run to encode as a link (`#s=…`, share/link.ts encodeLink): compressing a big imported
 * scenario takes ~100 ms, too long for the page's thread every second while it plays.
 */
export interface EncodeRequest {
  id: number;
  kind: 'encode';
  run: ShareRun;
  builtins: string[];
  maxChars: number;
}

export type EncodeReply = { id: number; ok: true; hash: string } | { id: number; ok: false; error: string };

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
