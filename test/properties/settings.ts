/**
 * Property-test settings. CI runs with a fixed seed so a run is repeatable;
 * `EVALSIM_PROPERTY_SEED` picks another one for exploration (a failure
 * prints the seed and path that replay it).
 */
const fromEnv = process.env["EVALSIM_PROPERTY_SEED"];

export const PROPERTY_SEED: number = fromEnv === undefined || fromEnv === "" ? 20250225 : Number(fromEnv) | 0;

/** fast-check parameters for a property that should make `numRuns` runs. */
export function runs(numRuns: number): { seed: number; numRuns: number } {
  return { seed: PROPERTY_SEED, numRuns };
}
