/** The seeks after 2 simulated hours of the 5,000-node run: the same targets in Node and in the browser. */
export const SEEKS = 6;
/** The seed of their targets (bench/memory.ts `targets`). */
export const SEEK_SEED = 424242;
