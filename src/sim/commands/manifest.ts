/**
 * The manifest text given to `kubectl apply -f -`: one or more YAML (or JSON) documents.
 */
import { parseAllDocuments } from 'yaml';
import type { Manifest } from '../scenario/types';

/** Parse the documents; empty documents are skipped, as kubectl does. */
export function kubectlManifests(text: string): { manifests: Manifest[] } | { error: string } {
  const docs = parseAllDocuments(text);
  const manifests: Manifest[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length > 0) {
      const msg = doc.errors[0]?.message.split('\n')[0] ?? 'invalid YAML';
      return { error: `error: error parsing STDIN: error converting YAML to JSON: yaml: ${msg}` };
    }
    const v: unknown = doc.toJS();
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
