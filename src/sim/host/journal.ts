// STUB: owned by the kubelet/host engineer.
import type { Engine } from '../core/engine';
export function journalctl(_e: Engine, _node: string, _unit: string): string {
  return '';
}
