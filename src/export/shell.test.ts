/**
 * The exported scripts parse (`bash -n`) and pass shellcheck (Debian's shellcheck package; CI
 * installs it in .ci/run) for every built-in scenario. There is no container runtime here, so the
 * scripts are not run: the golden files pin what they do, and these checks that bash accepts it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinExports } from './testkit';

const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'notready-export-'));

describe('exported scripts', () => {
  it('shellcheck is installed (CI must run it)', () => {
    // Without it locally the shellcheck tests are skipped; in CI that would hide them.
    if (process.env.CI) expect(hasShellcheck, 'apt-get install shellcheck').toBe(true);
  });

  for (const { scenario, exports } of builtinExports()) {
    for (const [kind, files] of Object.entries(exports)) {
      for (const f of files.filter((x) => x.path.endsWith('.sh'))) {
        const name = `${scenario.metadata.name}: ${kind} ${f.path}`;
        const path = join(dir, `${scenario.metadata.name}-${kind}-${f.path}`);
        it(`${name}: bash -n`, () => {
          writeFileSync(path, f.content, { mode: 0o755 });
          expect(f.executable).toBe(true);
          execFileSync('bash', ['-n', path]);
        });
        it.skipIf(!hasShellcheck)(`${name}: shellcheck`, () => {
          writeFileSync(path, f.content, { mode: 0o755 });
          const r = spawnSync('shellcheck', ['--severity=style', path], { encoding: 'utf8' });
          expect(r.stdout + r.stderr).toBe('');
          expect(r.status).toBe(0);
        });
      }
    }
  }
});
