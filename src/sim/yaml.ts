/**
 * Registers the YAML parser the command language uses for `kubectl apply -f -` manifests.
 * Imported for its effect by `index.ts` (Node, CLI, tests) and loaded lazily by the worker.
 *
 * The manifest is untrusted text: it goes through the YAML guard first (nesting, explicit keys,
 * map size), aliases are bounded (billion laughs), and anything the library throws becomes a
 * refusal, so `Simulation.run` answers with a sentence instead of an exception.
 */
import { parseAllDocuments } from 'yaml';
import { registerYamlDocuments } from './commands/manifest';
import { yamlHazard } from './scenario/yaml-guard';

/** Aliases one manifest may expand; real manifests use none or a few. */
const MAX_ALIAS_COUNT = 100;

const PREFIX = 'error: error parsing STDIN:';

registerYamlDocuments((text) => {
  const hazard = yamlHazard(text, 'the manifest');
  if (hazard) return { error: `${PREFIX} ${hazard}` };
  try {
    const docs: unknown[] = [];
    const all = parseAllDocuments(text);
    for (const doc of Array.isArray(all) ? all : [all]) {
      if (doc.errors.length > 0) {
        const msg = doc.errors[0]?.message.split('\n')[0] ?? 'invalid YAML';
        return { error: `${PREFIX} error converting YAML to JSON: yaml: ${msg}` };
      }
      docs.push(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    }
    return { docs };
  } catch (err) {
    const msg = err instanceof Error ? (err.message.split('\n')[0] ?? '').slice(0, 120) : '';
    return { error: `${PREFIX} the manifest could not be read${msg ? ` (${msg})` : ''}` };
  }
});

export const yamlReady = true;
