import { defineConfig, mergeConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/vitest-sequencer';
import viteConfig from './vite.config';

// The unit suite's own settings beside vite.config.ts's `test` block, so that `vite build` and
// `vite dev` do not load vitest/node for the sequencer. `--allow-natives-syntax`: V8's
// `%HasFastProperties` for src/sim/fast-properties.test.ts (it changes nothing else).
export default mergeConfig(
  viteConfig,
  defineConfig({ test: { sequence: { sequencer: LongestFirstSequencer }, execArgv: ['--allow-natives-syntax'] } }),
);
