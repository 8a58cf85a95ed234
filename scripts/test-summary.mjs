// Prints one closing line for the whole suite, "N passed, N failed", from the JSON reports that
// Vitest (reports/unit.json) and Playwright (reports/e2e.json) write during `npm test`, so that a
// reader (or CI) sees the total at the end without scrolling through both runners' output.
import { readFileSync } from 'node:fs';

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`test-summary: ${file} is missing or unreadable`);
    process.exit(1);
  }
}

const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
const passed = unit.numPassedTests + (e2e.stats?.expected ?? 0);
const failed = unit.numFailedTests + (e2e.stats?.unexpected ?? 0);
const skipped = unit.numPendingTests + unit.numTodoTests + (e2e.stats?.skipped ?? 0);
console.log(
  `unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed; e2e: ${e2e.stats?.expected ?? 0} passed, ${e2e.stats?.unexpected ?? 0} failed, ${e2e.stats?.flaky ?? 0} flaky`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
