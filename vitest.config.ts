import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/vitest-sequencer';
import viteConfig from './vite.config';

/**
 * Files that run in a fresh module graph each. `vi.mock` (stuck.test.ts) would leak into the files
 * that follow in the same worker; the big runs (5,000 nodes, the autoscaler's 1,000, the soak and
 * the hostile corpora) hold gigabytes that a shared worker would carry into every later file.
 */
const ISOLATED = [
  'src/cli/stuck.test.ts',
  'src/sim/zone-down-5000.test.ts',
  'src/sim/autoscaler/big-scale-up.test.ts',
  'src/sim/soak.test.ts',
  'src/export/hostile.test.ts',
  'src/cli/hostile/corpus.test.ts',
];

// The unit suite's own settings beside vite.config.ts's `test` block, so that `vite build` and
// `vite dev` do not load vitest/node for the sequencer. `--allow-natives-syntax`: V8's
// `%HasFastProperties` for src/sim/fast-properties.test.ts (it changes nothing else).
// The rest share their workers' module graph (`isolate: false`): most unit files are small, and
// importing the engine for each was half the suite's time (src/ui, src/state and src/share: 42 s
// isolated, 23 s shared, on this 2-core machine). No test keeps state in a module between files.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      sequence: { sequencer: LongestFirstSequencer },
      execArgv: ['--allow-natives-syntax'],
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...ISOLATED],
            isolate: false,
          },
        },
        { extends: true, test: { name: 'isolated', include: ISOLATED } },
      ],
    },
  }),
);
