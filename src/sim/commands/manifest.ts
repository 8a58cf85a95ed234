/**
 * The manifest text given to `kubectl apply -f -`: one or more YAML (or JSON) documents.
 *
 * JSON is parsed here; YAML goes through a parser registered by `sim/yaml.ts`. The split keeps the
 * YAML library (about 30 KB gzip) out of the worker's start-up bundle: the worker loads it the
 * first time a YAML manifest is applied, Node entry points (CLI, tests) register it at import.
 */
import { PARSER_LIMITS } from '../core/limits';
import type { Manifest } from '../core/scenario-types';

/** Splits YAML text into documents as plain data, or gives kubectl's parse error. */
export type YamlDocumentsParser = (text: string) => { docs: unknown[] } | { error: string };

let yamlDocuments: YamlDocumentsParser | undefined;

/** Installs the YAML parser (see sim/yaml.ts). */
export function registerYamlDocuments(parser: YamlDocumentsParser): void {
  yamlDocuments = parser;
}

/** True when the manifest is JSON, which needs no YAML parser. */
export function isJsonManifest(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

/**
 * JSON nested deeper than the parser limit (a recursive walk of it would overflow the stack);
 * counted without parsing, strings skipped.
 */
function jsonTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > PARSER_LIMITS.maxDepth) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

function documents(text: string): { docs: unknown[] } | { error: string } {
  if (isJsonManifest(text)) {
    if (jsonTooDeep(text))
      return {
        error: `error: error parsing STDIN: the manifest is nested too deeply (more than ${PARSER_LIMITS.maxDepth} levels).`,
      };
    try {
      const v: unknown = JSON.parse(text);
      return { docs: Array.isArray(v) ? v : [v] };
    } catch (err) {
      return { error: `error: error parsing STDIN: ${(err as Error).message}` };
    }
  }
  if (!yamlDocuments) return { error: 'error: error parsing STDIN: the YAML parser is not loaded yet; try again' };
  return yamlDocuments(text);
}

/** Parse the documents; empty documents are skipped, as kubectl does. */
export function kubectlManifests(text: string): { manifests: Manifest[] } | { error: string } {
  const parsed = documents(text);
  if ('error' in parsed) return parsed;
  const manifests: Manifest[] = [];
  for (const v of parsed.docs) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'object' || Array.isArray(v)) {
      return { error: 'error: error validating "STDIN": error validating data: invalid object: expected a mapping' };
    }
    const o = v as Record<string, unknown>;
    const missing: string[] = [];
    if (typeof o.apiVersion !== 'string') missing.push('apiVersion not set');
    if (typeof o.kind !== 'string') missing.push('kind not set');
    if (missing.length > 0) {
      return {
        error: `error: error validating "STDIN": error validating data: [${missing.join(', ')}]; if you choose to ignore these errors, turn validation off with --validate=false`,
      };
    }
    const meta = o.metadata;
    if (typeof meta !== 'object' || meta === null || typeof (meta as { name?: unknown }).name !== 'string') {
      return { error: 'error: error when retrieving current configuration: resource name may not be empty' };
    }
    manifests.push(o as Manifest);
  }
  if (manifests.length === 0) return { error: 'error: no objects passed to apply' };
  return { manifests };
}
