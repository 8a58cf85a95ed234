/**
 * Registers the YAML parser the command language uses for `kubectl apply -f -` manifests.
 * Imported for its effect by `index.ts` (Node, CLI, tests) and loaded lazily by the worker.
 */
import { parseAllDocuments } from 'yaml';
import { registerYamlDocuments } from './commands/manifest';

registerYamlDocuments((text) => {
  const docs: unknown[] = [];
  const all = parseAllDocuments(text);
  for (const doc of Array.isArray(all) ? all : [all]) {
    if (doc.errors.length > 0) {
      const msg = doc.errors[0]?.message.split('\n')[0] ?? 'invalid YAML';
      return { error: `error: error parsing STDIN: error converting YAML to JSON: yaml: ${msg}` };
    }
    docs.push(doc.toJS());
  }
  return { docs };
});

export const yamlReady = true;
