/**
 * A read's output as pieces of text made as they are read (a generator: the engine stays pure
 * and the host decides what to do between pieces). `kubectl get pods -A -o yaml` at 150,000 pods
 * is hundreds of MB, more than one string may hold, and `kubectl describe pods -A` takes seconds:
 * the CLI writes each piece as it comes, the worker keeps what the terminal shows and tells its
 * watchdog it is alive between pieces. Joined, the pieces are exactly what kubectl prints.
 */

/** A command's output, piece by piece; joined, the whole output. */
export type Pieces = Iterable<string>;

/** What a host does with a command's pieces: the text it keeps as the command's output. */
export type OutputCollector = (pieces: Pieces) => string;

/**
 * The most of one output `joinPieces` holds in one string (64 Mi characters): V8's strings stop
 * at 2^29 characters, and a host that wants more reads the pieces itself (the CLI streams them).
 */
export const OUTPUT_MAX_CHARS = 2 ** 26;

/** The note that ends an output cut at `max` characters. */
export function outputCutNote(max: number): string {
  return `… output cut here: it is longer than ${max.toLocaleString('en-US')} characters`;
}

/** The pieces as one string; past `max` characters, the first `max` and a line saying it was cut. */
export function joinPieces(pieces: Pieces, max = OUTPUT_MAX_CHARS): string {
  const parts: string[] = [];
  let length = 0;
  for (const p of pieces) {
    if (length + p.length > max) {
      parts.push(p.slice(0, max - length), `\n${outputCutNote(max)}`);
      break;
    }
    parts.push(p);
    length += p.length;
  }
  return parts.join('');
}
