/**
 * The CLI's standard output, written synchronously whatever it is (a file, a pipe, a terminal).
 * `kubectl get pods -A -o yaml` at 5,000 nodes is ~420 MB: process.stdout.write queued in memory
 * what a pipe could not take at once, until the kernel refused the queue (`write ENOBUFS`, seen
 * with the output piped into a reader). A full pipe (EAGAIN) is waited on; a closed one (EPIPE:
 * `| head` has read enough) ends the program quietly, as a Unix tool does.
 */
import { writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes `text` to fd 1 before returning. */
export function writeStdout(text: string): void {
  let buf = Buffer.from(text, 'utf8');
  while (buf.length > 0) {
    try {
      buf = buf.subarray(writeSync(1, buf));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, 2);
      else if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      else throw err;
    }
  }
}
