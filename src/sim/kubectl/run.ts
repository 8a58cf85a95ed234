// STUB: owned by the commands/kubectl engineer.
import type { Engine } from '../core/engine';
export function kubectlOutput(_e: Engine, _line: string): string {
  return '';
}
