/**
 * Observations: what changed, as it changes, for recorders outside the engine (the app's
 * space-time chart, the CLI). Not part of the state and never traced: observing a run does not
 * change it. API writes (Events excepted) and host truth per pod (a container of this pod runs on
 * that host, or no longer does) are observed.
 */
import type { ApiObject, Kind } from '../api/types';

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
    };

export type Observer = (o: Observation) => void;
