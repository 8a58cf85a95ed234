/// <reference lib="webworker" />
/**
 * Parses scenario text off the page's thread: an imported file (a NotReady scenario, or
 * `kubectl get ... -o yaml` output turned into one) or an inline scenario from a link or the
 * builder. Large or hostile YAML can take the parser seconds; here it never freezes the page,
 * and the page stops this worker if it takes too long (parse-client.ts).
 */
import { importScenarioFile } from '../share/import';
import { exportScenario, parseScenario } from '../sim';
import type { ParseReply, ParseRequest } from './parse-protocol';

declare const self: DedicatedWorkerGlobalScope;

function errorsOf(list: readonly { path: string; message: string }[]): string[] {
  return list.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
}

function handle(req: ParseRequest): ParseReply {
  if (req.kind === 'scenario') {
    const r = parseScenario(req.text);
    if (!r.ok) return { id: req.id, ok: false, errors: errorsOf(r.errors) };
    return {
      id: req.id,
      ok: true,
      scenarioText: req.text,
      normalised: JSON.stringify({ normalised: r.scenario }),
      warnings: [],
    };
  }
  const r = importScenarioFile(req.text, { name: req.name, title: req.title });
  if (!r.ok) return { id: req.id, ok: false, errors: errorsOf(r.errors) };
  const scenarioText = r.source === 'scenario' ? req.text : exportScenario(r.scenario, []);
  return {
    id: req.id,
    ok: true,
    scenarioText,
    normalised: JSON.stringify({ normalised: r.scenario }),
    warnings: r.warnings,
  };
}

self.onmessage = (ev: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = handle(ev.data);
  } catch (err) {
    reply = { id: ev.data.id, ok: false, errors: [err instanceof Error ? err.message : String(err)] };
  }
  self.postMessage(reply);
};
