/**
 * Guards the `yaml` parser against hostile text (scenario files, imports, links, `kubectl apply`
 * manifests), measured on yaml 2.9 in Node 20:
 * - nesting thousands deep (`- - - - x`, `[[[[`) overflows the stack, and near 20,000 levels the
 *   process dies of a V8 "RegExpCompiler allocation failed" that no try/catch can intercept;
 * - nested explicit keys (`? ? ? ? x`) take time growing like depth^5 (500 levels: 27 s);
 * - duplicate-key checks are quadratic in a map's size (30,000 keys: 8 s);
 * - the parsed document holds some 700 bytes per element: 5 MB of compact YAML (850,000 elements
 *   per 2 MB) takes over 600 MB and several seconds, more than a tab or a small CLI heap has.
 * So text is first run through yaml's own Lexer (iterative, linear, never crashes on these) and a
 * conservative estimate of nesting depth and map size is refused above small limits that no real
 * scenario or `kubectl get -o yaml` output comes near.
 */
import { Lexer } from 'yaml';
import { groupDigits, PARSER_LIMITS } from '../core/limits';

/** Estimated nesting depth (block indentation levels + compact `- ` + 2 per `? ` + flow brackets), keys per mapping. */
export const YAML_LIMITS = PARSER_LIMITS;

interface Open {
  indent: number;
  keys: number;
}

/**
 * Returns a sentence naming the hazard (`what` is e.g. "The link's scenario"), or undefined if the
 * text is safe to hand to the yaml parser. Never throws.
 */
export function yamlHazard(text: string, what: string): string | undefined {
  const deep = `${what} is nested too deeply (more than ${YAML_LIMITS.maxDepth} levels).`;
  const wide = `${what} has a mapping with more than ${groupDigits(YAML_LIMITS.maxKeys)} keys.`;
  const big = `${what} is too large to read (more than ${groupDigits(YAML_LIMITS.maxTokens)} YAML elements).`;
  let tokens = 0;
  try {
    let blocks: Open[] = [];
    let flows: { map: boolean; keys: number }[] = [];
    let lineStart = true;
    let indent = 0;
    let indicators = 0;
    for (const tok of new Lexer().lex(text)) {
      if (tok === '\n' || tok === '\r\n' || tok === '') {
        if (flows.length === 0) {
          lineStart = true;
          indent = 0;
          indicators = 0;
        }
        continue;
      }
      if (tok === '\u0002' || tok === '---' || tok === '...') {
        blocks = [];
        flows = [];
        lineStart = true;
        indent = 0;
        indicators = 0;
        continue;
      }
      const c = tok[0];
      if (c === ' ' || c === '\t') {
        if (lineStart && flows.length === 0) indent = tok.length - tok.trimStart().length;
        continue;
      }
      if (c === '#' || tok === '\u001f') continue;
      if (++tokens > YAML_LIMITS.maxTokens) return big;
      if (lineStart && flows.length === 0) {
        lineStart = false;
        while (blocks.length && (blocks[blocks.length - 1] as Open).indent > indent) blocks.pop();
        const top = blocks[blocks.length - 1];
        if (!top || top.indent < indent) blocks.push({ indent, keys: 0 });
      }
      if (tok === '-' || tok === '?') {
        // Explicit keys count double: their parse time grows like depth^5.
        if (flows.length === 0) indicators += tok === '?' ? 2 : 1;
      } else if (tok === ':' && (flows.length > 0 || indicators === 0)) {
        // A key after `- ` on the same line starts a new mapping inside the item: not counted.
        const owner = flows.length ? flows[flows.length - 1] : blocks[blocks.length - 1];
        if (owner && ++owner.keys > YAML_LIMITS.maxKeys) return wide;
      } else if (tok === '[' || tok === '{') {
        flows.push({ map: tok === '{', keys: 0 });
      } else if (tok === ']' || tok === '}') {
        flows.pop();
      }
      if (blocks.length + indicators + flows.length > YAML_LIMITS.maxDepth) return deep;
    }
    return undefined;
  } catch {
    return `${what} could not be read as YAML or JSON.`;
  }
}
