// STUB: owned by the workload-controllers engineer (admission defaults + manifest -> object).
import type { Engine } from '../core/engine';
import type { Manifest } from '../scenario/types';
export function applyManifest(_e: Engine, _m: Manifest, _cause: number): string {
  return '';
}
