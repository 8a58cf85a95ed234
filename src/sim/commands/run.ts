// STUB: owned by the commands/kubectl engineer.
import type { Engine } from '../core/engine';
export interface CommandResult {
  ok: boolean;
  /** The command printed back canonically (what the terminal and the log show). */
  canonical: string;
  /** What the command printed (kubectl output, systemctl status...), or the refusal reason. */
  output: string;
}
export function runCommand(_e: Engine, line: string): CommandResult {
  return { ok: false, canonical: line, output: 'not implemented' };
}
