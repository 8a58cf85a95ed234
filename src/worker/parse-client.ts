/**
 * The page's side of the scenario parser worker: one request at a time per call, answered with
 * the parsed scenario or the reasons it was refused. A parse that takes longer than PARSE_LIMIT_MS
 * (hostile YAML the guards did not catch) stops the worker and is refused in words.
 */
import type { ParseReply, ParseRequest } from './parse-protocol';

export const PARSE_LIMIT_MS = 15_000;

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, (r: ParseReply) => void>();

function spawn(): Worker {
  const w = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (ev: MessageEvent<ParseReply>) => {
    const done = waiting.get(ev.data.id);
    waiting.delete(ev.data.id);
    done?.(ev.data);
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
  for (const [id, done] of waiting) done({ id, ok: false, errors: [message] });
  waiting.clear();
}

type Request = ParseRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Parses off the page's thread. Never rejects: a problem comes back as `ok: false` with sentences. */
export function parseOffThread(req: Request): Promise<ParseReply> {
  worker ??= spawn();
  const id = nextId++;
  const w = worker;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (waiting.has(id)) fail(`reading the scenario took longer than ${PARSE_LIMIT_MS / 1000} s, so it was stopped`);
    }, PARSE_LIMIT_MS);
    waiting.set(id, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
    w.postMessage({ ...req, id } as ParseRequest);
  });
}
