import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit files that take longest (seconds on this 2-core machine, from reports/unit.json), run
 * first. Vitest orders by the durations it cached on an earlier run, but CI starts from a clean
 * clone with no cache; there the 5,000-node file (~160 s alone) started late, after most short
 * files had run on both workers, and the suite waited for it on one core: 358 s where the files
 * add up to ~510 s of work for two workers. A start-order hint only: no file is skipped.
 */
const LONGEST_FIRST = [
  'src/sim/zone-down-5000.test.ts', // ~160 s alone, 250 s beside the others
  'src/export/hostile.test.ts', // ~40 s
  'src/sim/autoscaler/big-scale-up.test.ts', // ~34 s
  'src/cli/hostile/corpus.test.ts', // ~19 s
  'src/sim/soak.test.ts', // ~15 s
];

function rank(spec: TestSpecification): number {
  const i = LONGEST_FIRST.findIndex((f) => spec.moduleId.endsWith(f));
  return i < 0 ? LONGEST_FIRST.length : i;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
