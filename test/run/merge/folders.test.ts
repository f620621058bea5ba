import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MergeError, mergedConfig, missingShards, readRunConfig, sameTree } from "../../../src/run/merge/folders.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-merge-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (rel: string, text: string): void => {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe("readRunConfig", () => {
  it("reads run_config.json as an object, or says why the folder cannot be merged", () => {
    put("r1/run_config.json", '{"seed": 42, "shard": "1/2"}');
    expect(readRunConfig(join(root, "r1"))).toEqual({ seed: 42, shard: "1/2" });
    mkdirSync(join(root, "empty"));
    expect(() => readRunConfig(join(root, "empty"))).toThrow(new MergeError(`${join(root, "empty")}: not a run folder (no run_config.json)`));
    put("list/run_config.json", "[]");
    expect(() => readRunConfig(join(root, "list"))).toThrow(`${join(root, "list", "run_config.json")}: expected a JSON object`);
  });
});

describe("mergedConfig", () => {
  it("is the inputs' common options without the shard key", () => {
    expect(mergedConfig(["a", "b"], [{ seed: 1, shard: "1/2" }, { seed: 1, shard: "2/2" }])).toEqual({ seed: 1 });
  });

  it("lists every option the inputs disagree on, an absent one included", () => {
    expect(() => mergedConfig(["a", "b"], [{ seed: 1, trials: 2 }, { seed: 2 }])).toThrow(
      "the runs were made with different options:\n  seed: 1 in a, 2 in b\n  trials: 2 in a, (absent) in b",
    );
  });
});

describe("missingShards", () => {
  it("names the shards of the split that no input is", () => {
    expect(missingShards(["a", "b"], [{ shard: "1/4" }, { shard: "3/4" }])).toEqual(["2/4", "4/4"]);
    expect(missingShards(["a", "b"], [{ shard: "1/2" }, { shard: "2/2" }])).toEqual([]);
  });

  it("none are missing when the inputs are not shards, or one input is a whole run", () => {
    expect(missingShards(["a"], [{}])).toEqual([]);
    expect(missingShards(["a", "b"], [{ shard: "1/3" }, {}])).toEqual([]);
  });

  it("refuses shards of different splits", () => {
    expect(() => missingShards(["a", "b"], [{ shard: "1/2" }, { shard: "1/3" }])).toThrow("the inputs are shards of different splits: a (1/2), b (1/3)");
  });
});

describe("sameTree", () => {
  it("is true for the same file names with the same bytes, false otherwise or when one is absent", () => {
    put("t1/x/metrics.json", "{}");
    put("t2/x/metrics.json", "{}");
    expect(sameTree(join(root, "t1"), join(root, "t2"))).toBe(true);
    put("t2/x/metrics.json", "{ }");
    expect(sameTree(join(root, "t1"), join(root, "t2"))).toBe(false);
    put("t2/x/metrics.json", "{}");
    put("t2/x/extra.txt", "");
    expect(sameTree(join(root, "t1"), join(root, "t2"))).toBe(false);
    expect(sameTree(join(root, "t1"), join(root, "absent"))).toBe(false);
  });
});
