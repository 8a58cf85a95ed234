/**
 * Who ran a command, in the words Why? and the chapters use. The scenario's timeline runs its
 * commands as `scenario`, the learner's are `you` (commands/run.ts keeps it on the cause).
 */
import type { CommandBy } from '../core/state';

/** The actor a command's cause names: the scenario's commands are not the learner's doing. */
export function commandActor(by: CommandBy): string {
  return by === 'scenario' ? 'the scenario' : 'you';
}
