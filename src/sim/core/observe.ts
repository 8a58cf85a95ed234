/**
 * Observations: what changed, as it changes, for recorders outside the engine (the app's
 * space-time chart, the CLI). Not part of the state and never traced: observing a run does not
 * change it. API writes (Events excepted), host truth per pod (a container of this pod runs on
 * that host, or no longer does), a machine's power, and the node lifecycle controller's zone
 * states (its memory, after each pass) are observed.
 */
import type { ApiObject, Kind } from './api-types';

export type Observation =
  | { type: 'api'; at: number; kind: Kind; key: string; obj: ApiObject | undefined; old: ApiObject | undefined }
  | {
      type: 'host-pod';
      at: number;
      host: string;
      podUid: string;
      namespace: string;
      podName: string;
      running: boolean;
    }
  | { type: 'host-power'; at: number; host: string; on: boolean }
  | { type: 'zone-states'; at: number; states: Readonly<Record<string, string>> };

export type Observer = (o: Observation) => void;
