/**
 * A paired bootstrap over scenarios: each resample draws scenarios with
 * replacement and averages their (candidate − base) pass-fraction
 * differences; the 2.5 and 97.5 percentiles bound a 95 % interval. The draws
 * come from the seeded RNG, so the interval is a function of the inputs and
 * the seed only.
 */
import { createRng } from "../engine/rng.js";

export const RESAMPLES = 2000;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Undefined with no paired scenario. `label` forks the stream so each domain draws independently of the others. */
export function pairedBootstrap(differences: readonly number[], seed: number, label: string, resamples = RESAMPLES): Interval | undefined {
  const n = differences.length;
  if (n === 0) return undefined;
  const rng = createRng(seed).fork(`bootstrap:${label}`);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[rng.int(n)] as number;
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number): number => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return { low: round6(at(0.025)), high: round6(at(0.975)) };
}
