/**
 * Label selectors (`kubectl get -l app=web,tier!=db`), parsed as kube-apiserver parses the
 * `labelSelector` of a list request: a port of k8s.io/apimachinery/pkg/labels/selector.go (`Lexer`,
 * `Parser.parse`, `parseRequirement`, `NewRequirement`, `Requirement.Matches`) with its error texts.
 * kubectl sends the selector as typed; a bad one comes back as the server's BadRequest, which
 * kubectl's `resource.EnhanceListError` prefixes (badSelector).
 */
import { labelValueErrors, qualifiedNameErrors } from '../api/label-validation';

type Op = 'exists' | '!' | '=' | '==' | '!=' | 'in' | 'notin' | 'gt' | 'lt';

export interface Requirement {
  key: string;
  op: Op;
  values: string[];
}

type Tok = 'error' | 'end' | ')' | ',' | '!' | '==' | '=' | '>' | 'id' | 'in' | '<' | '!=' | 'notin' | '(';

const SYMBOLS: Record<string, Tok> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isSpecial = (c: string) => '=!(),><'.includes(c) && c !== '';

/** Lexer.Lex over the whole string, as Parser.scan stores it. */
function scan(s: string): { tok: Tok; lit: string }[] {
  const out: { tok: Tok; lit: string }[] = [];
  let i = 0;
  for (;;) {
    while (i < s.length && isSpace(s[i] as string)) i++;
    if (i >= s.length) {
      out.push({ tok: 'end', lit: '' });
      return out;
    }
    if (isSpecial(s[i] as string)) {
      // scanSpecialSymbol: the longest operator made of special symbols.
      let buf = '';
      let last: { tok: Tok; lit: string } | undefined;
      while (i < s.length && isSpecial(s[i] as string)) {
        buf += s[i];
        const t = Object.hasOwn(SYMBOLS, buf) ? SYMBOLS[buf] : undefined;
        if (t) last = { tok: t, lit: buf };
        else if (last) break;
        i++;
      }
      out.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buf}'` });
      continue;
    }
    let buf = '';
    while (i < s.length && !isSpecial(s[i] as string) && !isSpace(s[i] as string)) buf += s[i++];
    const t = Object.hasOwn(SYMBOLS, buf) ? SYMBOLS[buf] : undefined;
    out.push({ tok: t ?? 'id', lit: buf });
  }
}

const BINARY_OPERATORS = 'in, notin, =, ==, !=, gt, lt';

class ParseError extends Error {}

/** field.Invalid(path, value, detail).Error(); the parser's own path is nil. */
const invalid = (path: string, value: string, detail: string) => `${path}: Invalid value: "${value}": ${detail}`;

/** Parse a selector; `{ error }` carries the text the apiserver answers with. */
export function parseSelector(selector: string): Requirement[] | { error: string } {
  const items = scan(selector);
  let pos = 0;
  // In the Values context `in` and `notin` are plain identifiers.
  const look = (values: boolean) => {
    const it = items[pos] as { tok: Tok; lit: string };
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'id' as Tok, lit: it.lit } : it;
  };
  const take = (values: boolean) => {
    const it = look(values);
    pos++;
    return it;
  };
  const keyCheck = (key: string) => {
    const errs = qualifiedNameErrors(key);
    if (errs.length) throw new ParseError(invalid('<nil>', key, errs.join('; ')));
  };
  const requirement = (): Requirement => {
    let { tok, lit } = take(true);
    let op: Op | undefined;
    if (tok === '!') {
      op = '!';
      ({ tok, lit } = take(true));
    }
    if (tok !== 'id') throw new ParseError(`found '${lit}', expected: identifier`);
    keyCheck(lit);
    const key = lit;
    const next = look(true).tok;
    // `!key` is complete whatever follows (the caller then wants ',' or the end).
    if (op === '!' || next === 'end' || next === ',') return { key, op: op ?? 'exists', values: [] };
    const o = take(false);
    const ops: Partial<Record<Tok, Op>> = {
      in: 'in',
      '=': '=',
      '==': '==',
      '>': 'gt',
      '<': 'lt',
      notin: 'notin',
      '!=': '!=',
    };
    const bin = ops[o.tok];
    if (!bin) throw new ParseError(`found '${o.lit}', expected: ${BINARY_OPERATORS}`);
    let values: string[];
    if (bin === 'in' || bin === 'notin') values = valueSet();
    else {
      const t = look(true).tok;
      if (t === 'end' || t === ',') values = [''];
      else {
        const v = take(true);
        if (v.tok !== 'id') throw new ParseError(`found '${v.lit}', expected: identifier`);
        values = [v.lit];
      }
    }
    return newRequirement(key, bin, values);
  };
  const valueSet = (): string[] => {
    const open = take(true);
    if (open.tok !== '(') throw new ParseError(`found '${open.lit}' expected: '('`);
    const first = look(true);
    if (first.tok === ')') {
      take(true);
      return [''];
    }
    if (first.tok !== 'id' && first.tok !== ',')
      throw new ParseError(`found '${first.lit}', expected: ',', ')' or identifier`);
    const set = new Set<string>();
    for (;;) {
      const t = take(true);
      if (t.tok === 'id') {
        set.add(t.lit);
        const n = look(true);
        if (n.tok === ',') continue;
        if (n.tok === ')') break;
        throw new ParseError(`found '${n.lit}', expected: ',' or ')'`);
      }
      if (t.tok === ',') {
        if (set.size === 0) set.add('');
        const n = look(true).tok;
        if (n === ')') {
          set.add('');
          break;
        }
        if (n === ',') set.add('');
        continue;
      }
      throw new ParseError(`found '${t.lit}', expected: ',', or identifier`);
    }
    if (take(true).tok !== ')') throw new ParseError(`found '${first.lit}', expected: ')'`);
    return [...set].sort();
  };
  const reqs: Requirement[] = [];
  try {
    for (;;) {
      const { tok, lit } = look(true);
      if (tok === 'end') break;
      if (tok !== 'id' && tok !== '!') return { error: `found '${lit}', expected: !, identifier, or 'end of string'` };
      try {
        reqs.push(requirement());
      } catch (err) {
        if (err instanceof ParseError) return { error: `unable to parse requirement: ${err.message}` };
        throw err;
      }
      const t = take(true);
      if (t.tok === 'end') break;
      if (t.tok !== ',') return { error: `found '${t.lit}', expected: ',' or 'end of string'` };
      const n = look(true);
      if (n.tok !== 'id' && n.tok !== '!') return { error: `found '${n.lit}', expected: identifier after ','` };
    }
  } catch (err) {
    if (err instanceof ParseError) return { error: err.message };
    throw err;
  }
  return reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** NewRequirement's checks of the values (the key was checked by the parser). */
function newRequirement(key: string, op: Op, values: string[]): Requirement {
  const errs: string[] = [];
  if ((op === 'gt' || op === 'lt') && values.length === 1 && !/^[-+]?\d+$/.test(values[0] as string))
    errs.push(invalid('values[0]', values[0] as string, "for 'Gt', 'Lt' operators, the value must be an integer"));
  values.forEach((v, i) => {
    const e = labelValueErrors(v);
    if (e.length) errs.push(invalid(`values[${i}]`, v, e.join('; ')));
  });
  if (errs.length) throw new ParseError(errs.length === 1 ? (errs[0] as string) : `[${errs.join(', ')}]`);
  return { key, op, values };
}

/** Requirement.Matches for every requirement. */
export function selectorMatches(reqs: readonly Requirement[], labels: Record<string, string>): boolean {
  for (const r of reqs) {
    const has = Object.hasOwn(labels, r.key);
    const v = has ? labels[r.key] : undefined;
    switch (r.op) {
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case '=':
      case '==':
      case 'in':
        if (!has || !r.values.includes(v as string)) return false;
        break;
      case '!=':
      case 'notin':
        if (has && r.values.includes(v as string)) return false;
        break;
      case 'gt':
      case 'lt': {
        if (!has || !/^[-+]?\d+$/.test(v as string)) return false;
        const a = BigInt(v as string);
        const b = BigInt(r.values[0] as string);
        if (r.op === 'gt' ? !(a > b) : !(a < b)) return false;
      }
    }
  }
  return true;
}

/**
 * What kubectl prints for a selector the server refused (resource.EnhanceListError on a
 * BadRequest): `Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label
 * selector "app:web", field selector "": unable to parse requirement: ...`.
 */
export function badSelector(group: string, plural: string, selector: string, error: string): string {
  const gv = group ? `${group}/v1` : '/v1';
  return `Error from server (BadRequest): Unable to find "${gv}, Resource=${plural}" that match label selector "${selector}", field selector "": ${error}`;
}
