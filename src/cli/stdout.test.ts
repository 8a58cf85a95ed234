/**
 * The CLI's synchronous stdout (stdout.ts): megabytes into a pipe whose reader is slow all arrive
 * (process.stdout.write queued them in memory until `write ENOBUFS` at 5,000 nodes), and a reader
 * that stops early (`| head`) ends the writer quietly.
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const module = fileURLToPath(new URL('./stdout.ts', import.meta.url));
/** A program writing `lines` lines of 25,000 characters through writeStdout. */
const writer = (lines: number) =>
  `const { writeStdout } = await import(${JSON.stringify(module)}); for (let i = 0; i < ${lines}; i++) writeStdout('x'.repeat(24_999) + '\\n');`;

describe('writeStdout', () => {
  it('hands a slow pipe every byte, waiting while it is full', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer(1200)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // Read nothing for a second: the pipe fills and the writer must wait, not queue 30 MB.
    child.stdout.pause();
    await new Promise((r) => setTimeout(r, 1000));
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
    });
    child.stdout.resume();
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(bytes).toBe(1200 * 25_000);
  });

  it('ends quietly when the reader has read enough (| head)', () => {
    const script = `${JSON.stringify(process.execPath)} --import tsx --input-type=module -e ${JSON.stringify(writer(400))} 2>/tmp/writer-stderr-$$ | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]} $(wc -c < /tmp/writer-stderr-$$)"; rm -f /tmp/writer-stderr-$$`;
    const out = execFileSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
    expect(out.trim()).toBe('0 0');
  });
});
