/**
 * Golden files: every export of every built-in, file by file, in golden/NAME.KIND.txt. A change to
 * an export shows in review as a change to these files. After an intended change, regenerate
 * them with `UPDATE_GOLDEN=1 npx vitest run src/export/golden.test.ts` and read the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportFile } from './index';
import { builtinExports } from './testkit';

const GOLDEN = join(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

function render(files: readonly ExportFile[]): string {
  return files.map((f) => `==> ${f.path}${f.executable ? ' (executable)' : ''} <==\n${f.content}`).join('\n');
}

describe('export golden files', () => {
  for (const { scenario, exports } of builtinExports()) {
    for (const [kind, files] of Object.entries(exports)) {
      it(`${scenario.metadata.name}: ${kind}`, () => {
        const path = join(GOLDEN, `${scenario.metadata.name}.${kind}.txt`);
        const text = render(files);
        if (update || !existsSync(path)) {
          mkdirSync(GOLDEN, { recursive: true });
          writeFileSync(path, text);
          // A missing golden file in CI is a failure, not a new file nobody reads.
          if (!update) expect.fail(`${path} was missing: written; check it in`);
          return;
        }
        expect(text, `${path} differs: UPDATE_GOLDEN=1 to regenerate, then read the diff`).toBe(
          readFileSync(path, 'utf8'),
        );
      });
    }
  }
});
