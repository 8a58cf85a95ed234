/**
 * `npm test` runs scripts/ensure-shellcheck.sh before the unit tests (`pretest:unit`): shellcheck
 * present, nothing happens; missing, apt-get installs it (as root or through sudo); missing and
 * impossible to install, the run stops with a sentence saying how — never a silent skip of
 * src/export/shell.test.ts. Each case runs the script with a PATH of fakes.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../scripts/ensure-shellcheck.sh', import.meta.url).pathname;
const which = (cmd: string) => spawnSync('bash', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();
const BASH = which('bash');
const CHMOD = which('chmod');

/** A PATH holding only bash, chmod and the fakes given (name -> script body). */
function fakePath(fakes: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-shellcheck-'));
  symlinkSync(BASH, join(dir, 'bash'));
  symlinkSync(CHMOD, join(dir, 'chmod'));
  for (const [name, body] of Object.entries(fakes)) {
    writeFileSync(join(dir, name), `#!${BASH}\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

function run(dir: string) {
  return spawnSync(join(dir, 'bash'), [SCRIPT], { encoding: 'utf8', env: { PATH: dir } });
}

describe('scripts/ensure-shellcheck.sh (pretest:unit)', () => {
  it('is what npm runs before the unit tests', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts['pretest:unit']).toBe('bash scripts/ensure-shellcheck.sh');
    expect(pkg.scripts.test).toContain('npm run test:unit');
  });

  it('does nothing when shellcheck is there', () => {
    const dir = fakePath({
      shellcheck: 'exit 0',
      'apt-get': 'echo "apt-get must not run" >&2; exit 9',
      id: 'echo 1000',
    });
    const r = run(dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('installs it with apt-get through sudo when it is missing', () => {
    const dir = fakePath({
      id: 'echo 1000',
      sudo: '"$@"',
      // The fake package manager "installs" shellcheck into the PATH it runs in.
      'apt-get': `d=\${0%/*}; if [ "$1" = install ]; then printf '#!${BASH}\\nexit 0\\n' > "$d/shellcheck"; chmod +x "$d/shellcheck"; fi`,
    });
    const r = run(dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('installing Debian shellcheck');
    expect(existsSync(join(dir, 'shellcheck'))).toBe(true);
  });

  it('stops with a sentence saying how to install it when it cannot', () => {
    for (const dir of [
      fakePath({ id: 'echo 1000' }),
      fakePath({ id: 'echo 0', 'apt-get': 'exit 100' }),
      fakePath({ id: 'echo 1000', 'apt-get': 'exit 0' }),
    ]) {
      const r = run(dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('shellcheck is missing and could not be installed');
      expect(r.stderr).toContain('sudo apt-get install shellcheck');
    }
  });
});
