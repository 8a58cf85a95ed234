/// <reference lib="webworker" />
/**
 * Parses scenario text off the page's thread: an imported file (a NotReady scenario, or
 * `kubectl get ... -o yaml` output turned into one) or an inline scenario from a link or the
 * builder. Large or hostile YAML can take the parser seconds; here it never freezes the page,
 * and the page stops this worker if it takes too long (parse-client.ts).
 */
import { importScenarioFile } from '../share/import';
import { encodeLink } from '../share/link';
import { exportScenario, parseScenario } from '../sim';
import type { EncodeReply, EncodeRequest, ParseReply, ParseRequest } from './parse-protocol';

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

function encode(req: EncodeRequest): EncodeReply {
  const enc = encodeLink(req.run, { builtins: req.builtins, maxChars: req.maxChars });
  return enc.ok ? { id: req.id, ok: true, hash: enc.hash } : { id: req.id, ok: false, error: enc.error };
}

self.onmessage = (ev: MessageEvent<ParseRequest | EncodeRequest>) => {
  const req = ev.data;
  let reply: ParseReply | EncodeReply;
  try {
    reply = req.kind === 'encode' ? encode(req) : handle(req);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    reply =
      req.kind === 'encode' ? { id: req.id, ok: false, error: message } : { id: req.id, ok: false, errors: [message] };
  }
  self.postMessage(reply);
};
