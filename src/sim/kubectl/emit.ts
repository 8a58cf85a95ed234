/**
 * `-o yaml` and `-o json` text from plain JSON data, byte for byte as kubectl writes it.
 *
 * kubectl prints unstructured objects (maps), so keys come out sorted at every level.
 * - JSON: cli-runtime printers.JSONPrinter = Go `json.MarshalIndent(obj, "", "    ")`: keys in byte
 *   order, `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u003c`... (encoding/json HTMLEscape).
 * - YAML: printers.YAMLPrinter = sigs.k8s.io/yaml `JSONToYAML`, i.e. gopkg.in/yaml.v2 `Marshal`
 *   (encode.go `stringv`, emitterc.go `yaml_emitter_analyze_scalar`, `write_plain_scalar`...):
 *   keys in yaml.v2's natural order (sorter.go `keyList.Less`), sequences not indented under their
 *   key, strings that would read back as another type (`"True"`, `"1234"`, timestamps, `""`)
 *   double-quoted, strings with indicators single-quoted, and long plain or single-quoted lines
 *   folded at the first space past column 80 (best_width), continued two spaces deeper.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

// ---------------------------------------------------------------- JSON

const JSON_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

function jsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const esc = Object.hasOwn(JSON_ESCAPES, ch) ? JSON_ESCAPES[ch] : undefined;
    if (esc) out += esc;
    else if (ch < ' ') out += `\\u00${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function jsonValue(v: Json, indent: string): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (typeof v === 'string') return jsonString(v);
  const inner = `${indent}    `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + jsonValue(x, inner)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(v).sort(byteOrder);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${jsonString(k)}: ${jsonValue(v[k] as Json, inner)}`).join(',\n')}\n${indent}}`;
}

/** `json.MarshalIndent(v, "", "    ")`, without the trailing newline kubectl adds. */
export function toJson(v: Json): string {
  return jsonValue(v, '');
}

/** One item of an array nested `depth` levels deep, as toJson writes it there (its indentation included). */
export function jsonArrayItem(v: Json, depth: number): string {
  const indent = '    '.repeat(depth);
  return indent + jsonValue(v, indent);
}

// ---------------------------------------------------------------- YAML

const isLetter = (c: string) => /\p{L}/u.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** yaml.v2 sorter.go keyList.Less for string keys: letters by code point, digit runs by value. */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const x = ar[i] as string;
    const y = br[i] as string;
    if (x === y) continue;
    const al = isLetter(x);
    const bl = isLetter(y);
    if (al && bl) return x < y;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (x === '0' || y === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j] as string); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai] as string); ai++) an = an * 10 + Number(ar[ai]);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi] as string); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return x < y;
  }
  return ar.length < br.length;
}

const yamlKeyOrder = (a: string, b: string) => (yamlKeyLess(a, b) ? -1 : yamlKeyLess(b, a) ? 1 : 0);

/** Plain scalars yaml.v2's resolver reads as bool or null (resolve.go resolveMap). */
const NON_STRINGS = new Set(
  'y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF ~ null Null NULL .nan .NaN .NAN .inf .Inf .INF +.inf +.Inf +.INF -.inf -.Inf -.INF <<'.split(
    ' ',
  ),
);

const INT = /^[-+]?(0b[01_]+|0[0-7_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
// parseTimestamp's layouts: 2006-1-2T15:4:5.999999999Z07:00 (also t or space), 2006-1-2.
const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2}(([Tt]| )\d{1,2}:\d{1,2}:\d{1,2}(\.\d+)?(Z|[-+]\d{2}:\d{2})?)?$/;

/** encode.go stringv: would this string read back as something else than a string? */
function resolvesToNonString(s: string): boolean {
  if (s === '' || NON_STRINGS.has(s)) return true;
  if (INT.test(s) || FLOAT.test(s) || BASE60.test(s)) return true;
  return TIMESTAMP.test(s) && s.length >= 8;
}

/** yaml_emitter_analyze_scalar: may `s` be written plain, single-quoted? (block context) */
function analyze(s: string): { plain: boolean; single: boolean } {
  if (s.startsWith('---') || s.startsWith('...')) return { plain: false, single: true };
  const chars = [...s];
  let blockIndicators = false;
  let special = false;
  let lineBreaks = false;
  let leadingSpace = false;
  let trailingSpace = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const next = chars[i + 1];
    const followedByWhitespace = next === undefined || next === ' ' || next === '\t' || next === '\n';
    if (i === 0) {
      if (',[]{}#&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      if ((c === '?' || c === ':') && followedByWhitespace) blockIndicators = true;
      if (c === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (c === ':' && followedByWhitespace) blockIndicators = true;
      if (c === '#' && precededByWhitespace) blockIndicators = true;
    }
    const code = c.codePointAt(0) as number;
    const printable =
      c === '\n' || c === '\t' || (code >= 0x20 && code <= 0x7e) || code === 0x85 || (code >= 0xa0 && code !== 0xfeff);
    // yaml.v2 emits with unicode on: only non-printable characters are special.
    if (!printable) special = true;
    if (c === '\n') lineBreaks = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (c === '\n') {
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === ' ' || c === '\t' || c === '\n';
  }
  let plain = true;
  let single = true;
  if (leadingSpace || trailingSpace) plain = false;
  if (breakSpace) {
    plain = false;
    single = false;
  }
  if (spaceBreak || special) {
    plain = false;
    single = false;
  }
  if (lineBreaks) plain = false;
  // Block context: flow indicators (`,`, `[`...) inside the text do not matter, block ones do.
  if (blockIndicators) plain = false;
  return { plain, single };
}

const BEST_WIDTH = 80;

/** Writes one scalar at `column` (after `key: ` or `- `), folding as yaml.v2 does; `indent` for continuations. */
function scalar(s: string, column: number, indent: number, simpleKey: boolean): string {
  if (s.includes('\n') && !simpleKey) return literal(s, indent);
  if (resolvesToNonString(s)) return doubleQuoted(s, column, indent, !simpleKey);
  const a = analyze(s);
  if (a.plain) return folded(s, column, indent, !simpleKey, false);
  if (a.single) return folded(s, column, indent, !simpleKey, true);
  return doubleQuoted(s, column, indent, !simpleKey);
}

/** write_plain_scalar / write_single_quoted_scalar: break at a space once past best_width. */
function folded(s: string, column: number, indent: number, allowBreaks: boolean, quoted: boolean): string {
  const chars = [...s];
  let out = quoted ? "'" : '';
  let col = column + out.length;
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === ' ') {
      const inner = !quoted || (i > 0 && i < chars.length - 1);
      if (allowBreaks && !spaces && col > BEST_WIDTH && inner && chars[i + 1] !== ' ') {
        out += `\n${' '.repeat(indent)}`;
        col = indent;
      } else {
        out += ' ';
        col++;
      }
      spaces = true;
      continue;
    }
    if (quoted && c === "'") {
      out += "''";
      col += 2;
    } else {
      out += c;
      col++;
    }
    spaces = false;
  }
  return quoted ? `${out}'` : out;
}

function doubleQuoted(s: string, column: number, indent: number, allowBreaks: boolean): string {
  const chars = [...s];
  let out = '"';
  let col = column + 1;
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const code = c.codePointAt(0) as number;
    if (c === ' ' && allowBreaks && !spaces && col > BEST_WIDTH && i > 0 && i < chars.length - 1) {
      out += `\n${' '.repeat(indent)}`;
      col = indent;
      if (chars[i + 1] === ' ') {
        out += '\\';
        col++;
      }
      spaces = true;
      continue;
    }
    let w: string;
    if (c === '"') w = '\\"';
    else if (c === '\\') w = '\\\\';
    else if (c === '\n') w = '\\n';
    else if (c === '\t') w = '\\t';
    else if (code < 0x20 || code === 0x7f) w = `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else w = c;
    out += w;
    col += w.length;
    spaces = c === ' ';
  }
  return `${out}"`;
}

/** Literal block scalar `|` / `|-` / `|+` (strings with line breaks). */
function literal(s: string, indent: number): string {
  const chomp = s.endsWith('\n') ? (s.endsWith('\n\n') ? '+' : '') : '-';
  const body = s.endsWith('\n') ? s.slice(0, -1) : s;
  const lead = /^[ \n]/.test(s) ? String(2) : '';
  const pad = ' '.repeat(indent);
  return `|${lead}${chomp}\n${body
    .split('\n')
    .map((l) => (l === '' ? '' : pad + l))
    .join('\n')}`;
}

function isScalar(v: Json): v is null | boolean | number | string {
  return v === null || typeof v !== 'object';
}

function scalarText(v: null | boolean | number | string, column: number, indent: number, simpleKey = false): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  return scalar(v, column, indent, simpleKey);
}

function emptyFlow(v: Json): string | undefined {
  if (Array.isArray(v) && v.length === 0) return '[]';
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) return '{}';
  return undefined;
}

/**
 * Block mapping at `indent`, appended to `out` line by line (never spread into a call: a List of
 * 150,000 pods is millions of lines). Its first line starts with `first` instead of its
 * indentation (`- ` of a sequence item, or the caller's own indentation), and its first key at
 * column `firstAt`.
 */
function mapping(m: { [k: string]: Json }, indent: number, firstAt: number, out: string[], first: string): void {
  const keys = Object.keys(m).sort(yamlKeyOrder);
  const pad = ' '.repeat(indent);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = m[k] as Json;
    const start = i === 0 ? firstAt : indent;
    const keyText = scalarText(k, start, indent + 2, true);
    const head = `${i === 0 ? first : pad}${keyText}:`;
    const col = start + keyText.length + 1;
    const flow = emptyFlow(v);
    if (flow) out.push(`${head} ${flow}`);
    else if (isScalar(v)) out.push(`${head} ${scalarText(v, col + 1, indent + 2)}`);
    else if (Array.isArray(v)) {
      out.push(head);
      sequence(v, indent, out, pad);
    } else {
      out.push(head);
      mapping(v, indent + 2, indent + 2, out, ' '.repeat(indent + 2));
    }
  }
}

/**
 * Block sequence whose `- ` sits at `indent` (yaml.v2 does not indent a sequence under its key),
 * appended to `out`; its first line starts with `first` instead of its indentation.
 */
function sequence(items: readonly Json[], indent: number, out: string[], first: string): void {
  const pad = ' '.repeat(indent);
  for (let i = 0; i < items.length; i++) {
    const v = items[i] as Json;
    const lead = i === 0 ? first : pad;
    const flow = emptyFlow(v);
    if (flow) out.push(`${lead}- ${flow}`);
    else if (isScalar(v)) out.push(`${lead}- ${scalarText(v, indent + 2, indent + 2)}`);
    else if (Array.isArray(v)) sequence(v, indent + 2, out, `${lead}- `);
    else mapping(v, indent + 2, indent + 2, out, `${lead}- `);
  }
}

/** The lines of one item of a top-level block sequence (`- ` at column 0), as toYaml writes it in a list. */
export function yamlSequenceItem(v: Json): string {
  const out: string[] = [];
  sequence([v], 0, out, '');
  return out.join('\n');
}

/** yaml.v2 Marshal of a document, without the final newline. */
export function toYaml(v: Json): string {
  const flow = emptyFlow(v);
  if (flow) return flow;
  if (isScalar(v)) return scalarText(v, 0, 2);
  const out: string[] = [];
  if (Array.isArray(v)) sequence(v, 0, out, '');
  else mapping(v, 0, 0, out, '');
  return out.join('\n');
}
