/**
 * The hostile-input corpus through the real CLI (a child process per case, with a time and a
 * heap limit): every case ends quickly with its sentence and exit status.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_TIMEOUT_MS, HOSTILE_CASES, runCase, writeGenerated } from './corpus';

let tmp = '';
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'notready-hostile-'));
  writeGenerated(tmp);
});

describe.concurrent('hostile inputs through the CLI', () => {
  for (const c of HOSTILE_CASES) {
    it(`${c.name}: exit ${c.exit} with a sentence`, { timeout: CASE_TIMEOUT_MS + 10_000 }, async () => {
      const r = await runCase(c, tmp);
      expect(r.problem).toBe('');
    });
  }
});
