/**
 * Scenario text (YAML or JSON) to the normalised Scenario the engine runs (DESIGN section 5).
 *
 * Every error names the path of the offending value (`spec.nodes[2].name`) and the reason, and its
 * line and column in the text. YAML syntax errors carry line:column in the message.
 * The checks themselves are in validate.ts and schema.ts.
 */
import { type Document, LineCounter, parseDocument } from 'yaml';
import { DOMAIN_LIMITS, groupDigits } from '../core/limits';
import { formatPath, type ParseResult, type RawError, type ScenarioError, validateScenario } from './validate';
import { yamlHazard } from './yaml-guard';

export {
  formatPath,
  formatScenarioError,
  type ParseResult,
  type PathKeys,
  type RawError,
  type ScenarioError,
  validateScenario,
} from './validate';

/** Parse and validate a scenario written as YAML or JSON. */
export function parseScenario(text: string): ParseResult {
  if (text.length > DOMAIN_LIMITS.maxScenarioChars) {
    const message = `the scenario is ${groupDigits(text.length)} characters long, more than the limit of ${groupDigits(DOMAIN_LIMITS.maxScenarioChars)}`;
    return { ok: false, errors: [{ path: '', message }] };
  }
  // Hostile YAML (deep nesting, nested explicit keys, huge maps) is refused before the parser
  // sees it: those take the yaml library minutes or crash it (scenario/yaml-guard.ts).
  const hazard = yamlHazard(text, 'the scenario');
  if (hazard) return { ok: false, errors: [{ path: '', message: hazard }] };
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    return {
      ok: false,
      errors: [{ path: '', message: `YAML error: ${firstLine(err instanceof Error ? err.message : String(err))}` }],
    };
  }
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return {
          path: '',
          message: `YAML syntax error at ${pos.line}:${pos.col}: ${firstLine(e.message)}`,
          line: pos.line,
          column: pos.col,
        };
      }),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    return {
      ok: false,
      errors: [{ path: '', message: `YAML error: ${firstLine(err instanceof Error ? err.message : String(err))}` }],
    };
  }
  const result = validateScenario(data);
  if (result.ok) return result;
  return { ok: false, errors: result.raw.map((r) => locate(r, doc, lineCounter)) };
}

function locate(r: RawError, doc: Document, lc: LineCounter): ScenarioError {
  const err: ScenarioError = { path: formatPath(r.keys), message: r.message };
  // The deepest node that exists: a missing field points at its parent.
  for (let n = r.keys.length; n >= 0; n--) {
    const node = doc.getIn(r.keys.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      const pos = lc.linePos(node.range[0]);
      err.line = pos.line;
      err.column = pos.col;
      break;
    }
  }
  return err;
}

function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
}
