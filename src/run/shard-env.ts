/**
 * `--shard auto`: the shard of this job from the scheduler's environment.
 *
 * - GitHub Actions matrix: the workflow passes `strategy.job-index` and
 *   `strategy.job-total` as `EVALSIM_SHARD_INDEX` / `EVALSIM_SHARD_COUNT`
 *   (GitHub sets no variable of its own for them).
 * - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, with the count from
 *   `--shard-count N` or the variable `--shard-count-env NAME` names.
 *
 * Indexes in the environment count from 0; a shard `i/n` counts from 1.
 */
import type { Shard } from "./jobs.js";

export class ShardEnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ShardEnvError";
  }
}

export interface ShardCountSource {
  readonly count?: number | undefined;
  readonly countEnv?: string | undefined;
}

function int(value: string, what: string): number {
  if (!/^\d+$/.test(value.trim())) throw new ShardEnvError(`--shard auto: ${what} must be a whole number, got '${value}'`);
  return Number(value.trim());
}

export function shardFromEnv(env: Readonly<Record<string, string | undefined>>, src: ShardCountSource = {}): Shard {
  const named = src.countEnv;
  const countFrom = (fallbackVar: string | undefined): number | undefined => {
    if (src.count !== undefined) return src.count;
    if (named !== undefined) {
      const v = env[named];
      if (v === undefined || v === "") throw new ShardEnvError(`--shard auto: --shard-count-env names ${named}, which is not set`);
      return int(v, named);
    }
    const v = fallbackVar === undefined ? undefined : env[fallbackVar];
    return v === undefined || v === "" ? undefined : int(v, fallbackVar as string);
  };
  let index: number;
  let count: number | undefined;
  let from: string;
  if (env["EVALSIM_SHARD_INDEX"] !== undefined && env["EVALSIM_SHARD_INDEX"] !== "") {
    index = int(env["EVALSIM_SHARD_INDEX"], "EVALSIM_SHARD_INDEX");
    count = countFrom("EVALSIM_SHARD_COUNT");
    from = "EVALSIM_SHARD_INDEX";
  } else if (env["JOB_COMPLETION_INDEX"] !== undefined && env["JOB_COMPLETION_INDEX"] !== "") {
    index = int(env["JOB_COMPLETION_INDEX"], "JOB_COMPLETION_INDEX");
    count = countFrom(undefined);
    from = "JOB_COMPLETION_INDEX";
  } else {
    throw new ShardEnvError("--shard auto: no shard index in the environment (EVALSIM_SHARD_INDEX from a GitHub Actions matrix, or JOB_COMPLETION_INDEX of a Kubernetes Indexed Job)");
  }
  if (count === undefined) throw new ShardEnvError(`--shard auto: ${from} is set but the shard count is not; give --shard-count N or --shard-count-env NAME${from === "EVALSIM_SHARD_INDEX" ? " (or set EVALSIM_SHARD_COUNT)" : ""}`);
  if (count < 1 || index >= count) throw new ShardEnvError(`--shard auto: index ${index} (from ${from}) is not below the shard count ${count}`);
  return { index: index + 1, count };
}
