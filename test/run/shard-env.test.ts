/**
 * `--shard auto`: the shard comes from the scheduler's environment (a GitHub
 * Actions matrix passing EVALSIM_SHARD_INDEX/COUNT, a Kubernetes Indexed Job's
 * JOB_COMPLETION_INDEX with the count from a flag or a named variable) and the
 * run is the same as the explicit `--shard i/n` (indexes count from 0 in the
 * environment, from 1 in `i/n`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardFromEnv, ShardEnvError } from "../../src/run/shard-env.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, treeDifferences } from "./run-helpers.js";

const ARGS = ["run", "--scenarios", ...PICK, "--seed", "9", "--workers", "1"];

describe("shardFromEnv", () => {
  it("reads a GitHub Actions matrix's index and count, counting from 0", () => {
    expect(shardFromEnv({ EVALSIM_SHARD_INDEX: "0", EVALSIM_SHARD_COUNT: "4" })).toEqual({ index: 1, count: 4 });
    expect(shardFromEnv({ EVALSIM_SHARD_INDEX: "3", EVALSIM_SHARD_COUNT: "4" })).toEqual({ index: 4, count: 4 });
    // --shard-count wins over the variable.
    expect(shardFromEnv({ EVALSIM_SHARD_INDEX: "1", EVALSIM_SHARD_COUNT: "4" }, { count: 2 })).toEqual({ index: 2, count: 2 });
  });

  it("reads a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with --shard-count or --shard-count-env", () => {
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: "2" }, { count: 5 })).toEqual({ index: 3, count: 5 });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: "0", PARALLEL: "7" }, { countEnv: "PARALLEL" })).toEqual({ index: 1, count: 7 });
    // EVALSIM_SHARD_COUNT belongs to the GitHub form; a Kubernetes index needs its count named.
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: "0", EVALSIM_SHARD_COUNT: "3" })).toThrow("JOB_COMPLETION_INDEX is set but the shard count is not");
  });

  it("refuses what cannot be a shard, saying which variable is wrong", () => {
    const cases: [Record<string, string>, { count?: number; countEnv?: string }, string][] = [
      [{}, {}, "no shard index in the environment"],
      [{ EVALSIM_SHARD_INDEX: "1" }, {}, "EVALSIM_SHARD_INDEX is set but the shard count is not"],
      [{ EVALSIM_SHARD_INDEX: "one", EVALSIM_SHARD_COUNT: "2" }, {}, "EVALSIM_SHARD_INDEX must be a whole number, got 'one'"],
      [{ EVALSIM_SHARD_INDEX: "2", EVALSIM_SHARD_COUNT: "2" }, {}, "index 2 (from EVALSIM_SHARD_INDEX) is not below the shard count 2"],
      [{ JOB_COMPLETION_INDEX: "-1" }, { count: 2 }, "JOB_COMPLETION_INDEX must be a whole number, got '-1'"],
      [{ JOB_COMPLETION_INDEX: "0" }, { countEnv: "NSHARDS" }, "--shard-count-env names NSHARDS, which is not set"],
      [{ JOB_COMPLETION_INDEX: "0", NSHARDS: "0" }, { countEnv: "NSHARDS" }, "is not below the shard count 0"],
    ];
    for (const [env, src, message] of cases) {
      let caught: unknown;
      try {
        shardFromEnv(env, src);
      } catch (e) {
        caught = e;
      }
      expect(caught, JSON.stringify(env)).toBeInstanceOf(ShardEnvError);
      expect((caught as Error).message, JSON.stringify(env)).toContain(message);
    }
  });
});

describe("evalsim run --shard auto", () => {
  const explicit = new Map<string, string>();
  beforeAll(async () => {
    for (const s of ["1/3", "2/3", "3/3"]) {
      const out = scratch("shard-explicit");
      const r = await evalsim([...ARGS, "--shard", s, "--out", out]);
      expect(r.code, r.err).toBe(0);
      explicit.set(s, runFolder(out));
    }
  });

  const cases: [string, string[], Record<string, string>, string][] = [
    ["a GitHub Actions matrix job", [], { EVALSIM_SHARD_INDEX: "1", EVALSIM_SHARD_COUNT: "3" }, "2/3"],
    ["a Kubernetes Indexed Job with --shard-count", ["--shard-count", "3"], { JOB_COMPLETION_INDEX: "2" }, "3/3"],
    ["a Kubernetes Indexed Job with --shard-count-env", ["--shard-count-env", "EVALSIM_TEST_COMPLETIONS"], { JOB_COMPLETION_INDEX: "0", EVALSIM_TEST_COMPLETIONS: "3" }, "1/3"],
  ];
  for (const [label, flags, env, shard] of cases) {
    it(`in ${label} runs shard ${shard}, the same tree as --shard ${shard}`, async () => {
      const out = scratch("shard-auto");
      const r = await evalsim([...ARGS, "--shard", "auto", ...flags, "--out", out], env);
      expect(r.code, r.err).toBe(0);
      const dir = runFolder(out);
      expect((JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as { shard: string }).shard).toBe(shard);
      expect(treeDifferences(explicit.get(shard) as string, dir)).toEqual([]);
    });
  }

  it("without a shard in the environment, or with a count flag but no auto, is a usage error (exit 2)", async () => {
    const none = await evalsim([...ARGS, "--shard", "auto", "--out", scratch("shard-none")], {});
    expect(none.code).toBe(2);
    expect(none.err).toContain("--shard auto: no shard index in the environment");
    const countOnly = await evalsim([...ARGS, "--shard", "1/2", "--shard-count", "2", "--out", scratch("shard-count")], {});
    expect(countOnly.code).toBe(2);
    expect(countOnly.err).toContain("--shard-count and --shard-count-env are used only with --shard auto");
  });
});

afterAll(removeScratch);
