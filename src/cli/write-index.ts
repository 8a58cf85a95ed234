/**
 * Regenerates public/scenarios/index.json and the JSON twin of every built-in YAML scenario (the
 * app loads the JSON so that it needs no YAML parser at start-up):
 * `npx tsx src/cli/write-index.ts` (a test fails when a file is out of date).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinIndex, builtinJson, SCENARIO_DIR } from './scenario-files';

writeFileSync(join(SCENARIO_DIR, 'index.json'), `${JSON.stringify(builtinIndex(), null, 2)}\n`);
for (const [file, json] of builtinJson()) writeFileSync(join(SCENARIO_DIR, file), json);
