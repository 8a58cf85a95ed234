/**
 * Regenerates public/scenarios/index.json from the built-in YAML files:
 * `npx tsx src/cli/write-index.ts` (a test fails when the file is out of date).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinIndex, SCENARIO_DIR } from './scenario-files';

writeFileSync(join(SCENARIO_DIR, 'index.json'), `${JSON.stringify(builtinIndex(), null, 2)}\n`);
