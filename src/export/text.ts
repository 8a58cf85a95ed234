/**
 * The one escaping layer of every exported file (issue 27). A scenario may come from a stranger's
 * link, and its export is a script a user runs against a real cluster, so no text of the
 * scenario's reaches a file except through one of these:
 * - `shellWord`: a single-quoted shell word (or a plain one of safe characters);
 * - `oneLine`: text for a comment, a Markdown cell or an echo: its first line only, with every
 *   control character, line or paragraph separator (CR, LF, NEL, LS, PS, which YAML 1.1 readers
 *   such as go-yaml, and so kind, take as line breaks) and bidirectional override escaped as
 *   `\u{…}` so that it can be seen;
 * - `comment`: `# ` and oneLine, for shell and YAML;
 * - `mdCode`: a Markdown code span of oneLine;
 * - `yamlDocs`: YAML written by the YAML library, every string with such a character double-quoted
 *   with escapes, so that a 1.1 and a 1.2 reader read the same data.
 * File names are never taken from the scenario's text: they are derived (see manifests.ts, chaos.ts).
 */
import { Document, visit } from 'yaml';
import { shellQuote } from '../sim/index';

/** Characters that break a line for some reader, or hide what follows from a person reading it. */
const UNSAFE = /[\p{Cc}\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
/** What ends a line for a YAML 1.1 reader or a terminal (VT and FF too). */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
/** The longest a one-line rendering of user text gets in a comment or a table. */
export const ONE_LINE_MAX = 200;

const hex = (c: string) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;

/** True when the text has a character that `oneLine` would escape. */
export const hasUnsafeText = (s: string): boolean => new RegExp(UNSAFE.source, 'u').test(s);

/** The first line of `s`, unsafe characters escaped, at most `max` characters (`…` after). */
export function oneLine(s: string, max = ONE_LINE_MAX): string {
  const first = s.split(LINE_BREAK)[0] ?? '';
  const more = first.length < s.length ? ' …' : '';
  const safe = first.replace(UNSAFE, (c) => (c === '\t' ? ' ' : hex(c)));
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : `${safe}${more}`;
}

/** A comment line (shell or YAML) for one line of text. */
export const comment = (s: string): string => `# ${oneLine(s, 1000)}`.trimEnd();

/**
 * A shell word: plain when made of safe characters, else single-quoted; a word with a character
 * `oneLine` would escape is written as bash's `$'…'` with those bytes as `\xHH` (bash 3.2, macOS's,
 * knows no `\u`), so the script holds no raw line break or hidden character even inside quotes.
 */
export function shellWord(s: string): string {
  if (!hasUnsafeText(s)) return shellQuote(s);
  let out = "$'";
  for (const b of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(b);
    out += b >= 0x20 && b < 0x7f && c !== "'" && c !== '\\' ? c : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `${out}'`;
}

/** A Markdown code span of one line of text (fenced with more backticks than it holds). */
export function mdCode(s: string): string {
  const text = oneLine(s);
  const longest = (text.match(/`+/g) ?? []).reduce((m, r) => Math.max(m, r.length), 0);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Plain Markdown text (a heading, a sentence): one line, table pipes and emphasis marks inert. */
export const mdText = (s: string): string => oneLine(s).replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);

/** Escapes a YAML double-quoted scalar understands in both 1.1 and 1.2 (the library leaves these raw). */
const YAML_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/**
 * A string as a YAML double-quoted scalar, for YAML written line by line (kind-config.yaml): JSON's
 * escapes are YAML's too, and the characters JSON leaves raw that YAML 1.1 reads as line breaks or
 * a person cannot see are escaped as well.
 */
export const yamlString = (s: string): string =>
  JSON.stringify(s).replace(
    /[\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** One YAML document's text, written by the library, unsafe strings double-quoted and escaped. */
export function yamlDoc(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && hasUnsafeText(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  // Such characters now stand only inside double-quoted scalars, where an escape means the same.
  return doc
    .toString({ lineWidth: 0 })
    .replace(/[\u0085\u2028\u2029]/g, (c) => YAML_ESCAPES[c] ?? c)
    .replace(
      /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/** YAML documents, each after `---`, with comment lines (one line of text each) before the first. */
export function yamlDocs(comments: readonly string[], docs: readonly unknown[]): string {
  const head = comments.map(comment).join('\n');
  return `${head ? `${head}\n` : ''}${docs.map((d) => `---\n${yamlDoc(d)}`).join('')}`;
}
