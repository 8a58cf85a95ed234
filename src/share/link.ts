/**
 * Share links (DESIGN section 6, engineering.md section 5): the inputs of a run in the URL
 * fragment, `#s=4.<base64url(deflate-raw(JSON))>` (formats.ts: every format and its migration).
 *
 * The decoder treats the hash as hostile and works in this order, each step bounded:
 *   1. length (<= 8,192 characters) before anything else;
 *   2. envelope `s=<format>.<payload>`, format known (1..LINK_FORMAT);
 *   3. base64url (strict), then decompression stopped past 256 KB (formats 2 and 3);
 *   4. UTF-8 (strict), JSON.parse in try;
 *   5. schema of that format (valibot), then migrations up to the current format;
 *   6. domain checks (run.ts: counts, ranges, order, known built-in names).
 * `decodeLink` never throws; every failure is one sentence that names what is wrong.
 *
 * A run's `commands` is the whole command log (timeline entries that ran and the user's commands);
 * replay it with `scenarioForReplay` (src/sim/scenario/export.ts), which swaps it in as the timeline.
 */
import { deflateSync, strToU8 } from 'fflate';
import * as v from 'valibot';
import { fromBase64Url, toBase64Url } from './base64url';
import { describeIssue, type LinkV4, MIGRATIONS, runFromV4, SCHEMAS, v4FromRun } from './formats';
import { inflateBounded } from './inflate';
import { linkTooLong } from './link-length';
import { checkRun, clip, groupDigits, LIMITS, LINK_FORMAT, OLDEST_LINK_FORMAT, type ShareRun } from './run';

export type { SharedCommand, SharedScenario, ShareRun } from './run';
export { LIMITS, LINK_FORMAT, OLDEST_LINK_FORMAT } from './run';

/** Why a link was refused, for callers that pick a message from a catalog instead. */
export type LinkErrorCode =
  | 'not-a-link'
  | 'too-long'
  | 'unsupported-format'
  | 'damaged'
  | 'too-large'
  | 'invalid'
  | 'out-of-range';

export type DecodeResult =
  | {
      ok: true;
      run: ShareRun;
      /** Format the link was written in (older formats are migrated). */
      format: number;
      /** Things worth telling the user that do not stop the run (e.g. another engine version). */
      notices: string[];
    }
  | { ok: false; error: string; code: LinkErrorCode };

export interface DecodeOptions {
  /** Built-in scenario names this app ships. */
  builtins: readonly string[];
  /** This app's engine version; a link from another one opens with a notice. */
  engine?: string;
  /** Override the length limit (last-run storage uses a larger one). */
  maxChars?: number;
}

export type EncodeResult = { ok: true; hash: string } | { ok: false; error: string };

export interface EncodeOptions {
  /** Built-in names to check the run against (skipped when omitted). */
  builtins?: readonly string[];
  maxChars?: number;
}

const PARAM = 's=';

/** The `s=` value of a hash (`#s=2.xyz&x=1`, `s=2.xyz`, or a whole URL), or undefined. */
function runParam(hash: string): string | undefined {
  const at = hash.indexOf('#');
  const frag = at >= 0 ? hash.slice(at + 1) : hash;
  for (const part of frag.split('&')) if (part.startsWith(PARAM)) return part.slice(PARAM.length);
  return undefined;
}

/** Does this hash carry a run at all? (The app ignores hashes that do not.) */
export function hasRunLink(hash: string): boolean {
  return runParam(hash) !== undefined;
}

function fail(code: LinkErrorCode, error: string): DecodeResult {
  return { ok: false, error, code };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function formatsReadable(): string {
  return `formats ${OLDEST_LINK_FORMAT}–${LINK_FORMAT}`;
}

/** Payload bytes -> JSON value, per format's codec. */
function payloadJson(format: number, payload: string, maxBytes: number): { value: unknown } | DecodeResult {
  const bytes = fromBase64Url(payload);
  if (!bytes) return fail('damaged', 'The link is damaged: it contains characters that cannot be part of a link.');
  let raw = bytes;
  if (format >= 2) {
    const inflated = inflateBounded(bytes, maxBytes);
    if (!inflated.ok) {
      return inflated.reason === 'too-large'
        ? fail(
            'too-large',
            `The link is damaged or hostile: its data decompresses to more than ${groupDigits(maxBytes / 1024)} KB.`,
          )
        : fail('damaged', 'The link is damaged: its data could not be decompressed.');
    }
    raw = inflated.bytes;
  } else if (raw.length > maxBytes) {
    return fail('too-large', `The link's data is larger than ${groupDigits(maxBytes / 1024)} KB.`);
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return fail('damaged', 'The link is damaged: its data is not valid text.');
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return fail('damaged', 'The link is damaged: its data is not valid JSON.');
  }
}

function isPlainObject(x: unknown): boolean {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function decodeUnsafe(hash: string, opts: DecodeOptions): DecodeResult {
  const tooLong = linkTooLong(hash, opts.maxChars ?? LIMITS.maxLinkChars);
  if (tooLong) return fail('too-long', tooLong);
  const param = runParam(hash);
  if (param === undefined) return fail('not-a-link', 'The link does not contain a NotReady run.');
  const dot = param.indexOf('.');
  const head = dot < 0 ? param : param.slice(0, dot);
  if (!/^\d{1,9}$/.test(head)) return fail('damaged', 'The link is damaged: it does not start with a format number.');
  const format = Number(head);
  if (format > LINK_FORMAT)
    return fail(
      'unsupported-format',
      `The link was made by a newer NotReady (format ${format}); this version reads ${formatsReadable()}.`,
    );
  if (format < OLDEST_LINK_FORMAT)
    return fail(
      'unsupported-format',
      `The link uses format ${format}, which this version no longer reads (it reads ${formatsReadable()}).`,
    );
  if (dot < 0 || dot === param.length - 1)
    return fail('damaged', 'The link is damaged: it has no data after its format.');
  const json = payloadJson(format, param.slice(dot + 1), LIMITS.maxInflatedBytes);
  if (!('value' in json)) return json;
  let payload = json.value;
  // Schema of the link's own format, then each migration's input is checked by the next schema.
  for (let f = format; ; f++) {
    if (!isPlainObject(payload)) return fail('invalid', "The link's data is not in the expected shape.");
    const parsed = v.safeParse(SCHEMAS[f] as v.GenericSchema, payload, { abortEarly: true });
    if (!parsed.success) return fail('invalid', describeIssue(f, parsed.issues[0]));
    if (f === LINK_FORMAT) {
      payload = parsed.output;
      break;
    }
    payload = (MIGRATIONS[f] as (p: unknown) => unknown)(parsed.output);
  }
  const run = runFromV4(payload as LinkV4);
  if (typeof run === 'string') return fail('invalid', run);
  const problem = checkRun(run, { builtins: opts.builtins });
  if (problem) return fail('out-of-range', problem);
  const notices: string[] = [];
  if (opts.engine !== undefined && run.engine !== opts.engine)
    notices.push(
      `This link was made with engine ${clip(run.engine)}; this is engine ${clip(opts.engine)}, so the replay may differ.`,
    );
  return { ok: true, run, format, notices };
}

/**
 * Decodes a share link (a `location.hash`, a bare `s=...` value, or a whole URL). Never throws:
 * returns the run, or a sentence saying what is wrong with the link.
 */
export function decodeLink(hash: string, opts: DecodeOptions): DecodeResult {
  try {
    if (typeof hash !== 'string') return fail('not-a-link', 'The link does not contain a NotReady run.');
    return decodeUnsafe(hash, opts);
  } catch (err) {
    // A bug of ours, not the link's fault; still never throw at the caller.
    const what = err instanceof Error ? err.message : String(err);
    return fail('damaged', `The link could not be read (${clip(what, 80)}).`);
  }
}

/**
 * Encodes a run as `#s=4.<...>` after the same domain checks the decoder applies, so that every
 * link we write also opens. Refuses (with a sentence) runs over the length limit: the app then
 * offers the scenario file instead.
 */
export function encodeLink(run: ShareRun, opts: EncodeOptions = {}): EncodeResult {
  const builtins = opts.builtins ?? ('builtin' in run.scenario ? [run.scenario.builtin] : []);
  const problem = checkRun(run, { builtins });
  if (problem) return { ok: false, error: problem.replace("The link's", "The run's").replace('The link ', 'The run ') };
  const json = JSON.stringify(v4FromRun(run));
  const bytes = strToU8(json);
  if (bytes.length > LIMITS.maxInflatedBytes)
    return { ok: false, error: 'The run is too large to share as a link; download the scenario file instead.' };
  const hash = `#${PARAM}${LINK_FORMAT}.${toBase64Url(deflateSync(bytes, { level: 9 }))}`;
  const maxChars = opts.maxChars ?? LIMITS.maxLinkChars;
  if (hash.length > maxChars)
    return {
      ok: false,
      error: `The run is too long to share as a link (${groupDigits(hash.length)} characters; the limit is ${groupDigits(maxChars)}); download the scenario file instead.`,
    };
  return { ok: true, hash };
}
