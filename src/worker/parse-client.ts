/**
 * The page's side of the scenario parser worker: one request at a time per call, answered with
 * the parsed scenario or the reasons it was refused. A parse that takes longer than PARSE_LIMIT_MS
 * (hostile YAML the guards did not catch) stops the worker and is refused in words. The same
 * worker encodes runs as links (`encodeOffThread`), so a big scenario's compression never holds
 * the page's thread.
 */
import type { ShareRun } from '../share/run';
import type { EncodeReply, EncodeRequest, ParseReply, ParseRequest } from './parse-protocol';

export const PARSE_LIMIT_MS = 15_000;

interface Waiting {
  done: (r: ParseReply | EncodeReply) => void;
  failed: (message: string) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function spawn(): Worker {
  const w = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (ev: MessageEvent<ParseReply | EncodeReply>) => {
    const entry = waiting.get(ev.data.id);
    waiting.delete(ev.data.id);
    entry?.done(ev.data);
  };
  w.onerror = (ev) => {
    ev.preventDefault();
    fail(`the scenario parser stopped (${ev.message || 'an error'})`);
  };
  return w;
}

function fail(message: string): void {
  worker?.terminate();
  worker = undefined;
  for (const w of waiting.values()) w.failed(message);
  waiting.clear();
}

/** Sends a request; `failed` turns a stopped worker or a timeout into the request's refusal. */
function ask<R extends ParseReply | EncodeReply>(
  req: Omit<ParseRequest, 'id'> | Omit<EncodeRequest, 'id'>,
  failed: (id: number, message: string) => R,
): Promise<R> {
  worker ??= spawn();
  const id = nextId++;
  const w = worker;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (waiting.has(id)) fail(`reading the scenario took longer than ${PARSE_LIMIT_MS / 1000} s, so it was stopped`);
    }, PARSE_LIMIT_MS);
    waiting.set(id, {
      done: (r) => {
        clearTimeout(timer);
        resolve(r as R);
      },
      failed: (message) => {
        clearTimeout(timer);
        resolve(failed(id, message));
      },
    });
    w.postMessage({ ...req, id });
  });
}

type Request = ParseRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Parses off the page's thread. Never rejects: a problem comes back as `ok: false` with sentences. */
export function parseOffThread(req: Request): Promise<ParseReply> {
  return ask<ParseReply>(req, (id, message) => ({ id, ok: false, errors: [message] }));
}

/** encodeLink off the page's thread. Never rejects: a problem comes back as `ok: false` with its sentence. */
export function encodeOffThread(run: ShareRun, builtins: readonly string[], maxChars: number): Promise<EncodeReply> {
  return ask<EncodeReply>({ kind: 'encode', run, builtins: [...builtins], maxChars }, (id, error) => ({
    id,
    ok: false,
    error,
  }));
}
