/**
 * The first check on a share link (DESIGN section 6: anything over 8 KB is refused), in a file of
 * its own with no dependency but the engine's dependency-free limits table: the page runs it on
 * `location.hash` at start-up and on `hashchange` before loading the link codec, so a hash of
 * megabytes is refused at once, with nothing decoded, copied or parsed.
 */
import { groupDigits } from '../sim/core/limits';

/** Longest hash accepted, checked before anything is decoded (engineering.md 5.2). */
export const MAX_LINK_CHARS = 8192;

/** Why `hash` is too long to be a link (one sentence), or undefined. Reads only its length. */
export function linkTooLong(hash: string, maxChars: number = MAX_LINK_CHARS): string | undefined {
  if (hash.length <= maxChars) return undefined;
  return `The link is too long (${groupDigits(hash.length)} characters; the limit is ${groupDigits(maxChars)}).`;
}
