/**
 * Class links (class mode, no server): the teacher's screen shows the current moment of the run as
 * a QR code. The moment is an ordinary share link (`#s=…`: scenario, command log, time, lesson
 * step, view), because the engine is deterministic: the link is the state. Two query flags ride
 * with it, as `present=1` and `lang=` do (DESIGN section 10): `class=1` (the page was opened from a
 * class link: the learner answers the predictions on their own device, and the reveal says how the
 * class can compare) and `lang=` (the teacher's language). A second screen of the teacher's own
 * opens with `class=follow` and follows the first through a BroadcastChannel (no server either).
 *
 * Browser-neutral and pure: the caller passes the page's origin and path.
 */
import { LANGS, type Lang } from './language';

/** What `class=` says about this page. */
export type ClassRole = 'student' | 'follower';

/** `class=` of a query: `1` (a student's device) or `follow` (the teacher's second screen); else undefined. */
export function classRoleOf(search: string): ClassRole | undefined {
  const v = new URLSearchParams(search).get('class');
  if (v === '1') return 'student';
  if (v === 'follow') return 'follower';
  return undefined;
}

/**
 * The link a class scans: the page's own address (no other query flag: presenter mode, embed and
 * a scenario name are the teacher's, not the student's), `class=` and `lang=`, then the run's hash.
 */
export function classLinkUrl(
  page: { origin: string; pathname: string },
  hash: string,
  lang: Lang,
  role: ClassRole = 'student',
): string {
  const h = hash.startsWith('#') ? hash : `#${hash}`;
  return `${page.origin}${page.pathname}?class=${role === 'student' ? '1' : 'follow'}&lang=${lang}${h}`;
}

/** The parts of a class link: its hash (for the share-link decoder), its language and role. Undefined when it is none. */
export function readClassLink(url: string): { hash: string; lang?: Lang; role: ClassRole } | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const role = classRoleOf(u.search);
  if (!role || !u.hash) return undefined;
  const lang = LANGS.find((l) => l === u.searchParams.get('lang'));
  return lang ? { hash: u.hash, lang, role } : { hash: u.hash, role };
}

/** The BroadcastChannel a teacher's screens share (same browser, same origin: no server). */
export const CLASS_CHANNEL = 'notready-class';

/** What the teacher's screen posts on CLASS_CHANNEL each time its class link changes. */
export interface ClassMomentMessage {
  type: 'class-moment';
  hash: string;
}

/** A message from the channel, checked: another tab (or another version of the app) may post anything. */
export function classMomentOf(data: unknown): ClassMomentMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (d.type !== 'class-moment' || typeof d.hash !== 'string' || !d.hash.startsWith('#s=') || d.hash.length > 8192)
    return undefined;
  return { type: 'class-moment', hash: d.hash };
}
