import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

const ARGS = ["run", "--scenarios", ...PICK, "--seed", "11", "--json"];

describe("evalsim run is reproducible", () => {
  let first: string;
  beforeAll(async () => {
    const out = scratch("det-a");
    const r = await evalsim([...ARGS, "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    first = runFolder(out);
  });

  it("writes every scenario folder and the run-level files", () => {
    const files = tree(first);
    for (const name of PICK) expect(files.has(join(name, "metrics.json")), name).toBe(true);
    for (const f of ["run_config.json", "all_metrics.json", "summary.json", "all_summary.txt"]) expect(files.has(f), f).toBe(true);
    const all = JSON.parse(readFileSync(join(first, "all_metrics.json"), "utf8")) as { scenario_name: string }[];
    expect(all.map((m) => m.scenario_name)).toEqual(PICK);
    expect([...files.keys()].some((p) => p.includes(".partial") || p.endsWith(".tmp"))).toBe(false);
  });

  it("two runs with the same seed give byte-identical trees", async () => {
    const out = scratch("det-b");
    const r = await evalsim([...ARGS, "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(first, runFolder(out))).toEqual([]);
  });

  it("--workers 2 gives the same tree as --workers 1", async () => {
    const out = scratch("det-w2");
    const r = await evalsim([...ARGS, "--workers", "2", "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(first, runFolder(out))).toEqual([]);
  });

  it("--max-concurrency 8, alone and on two threads, gives the same tree as one at a time", async () => {
    for (const extra of [["--workers", "1", "--max-concurrency", "8"], ["--workers", "2", "--max-concurrency", "8"]]) {
      const out = scratch("det-conc");
      const r = await evalsim([...ARGS, ...extra, "--out", out]);
      expect(r.code, r.err).toBe(0);
      expect(treeDifferences(first, runFolder(out)), extra.join(" ")).toEqual([]);
    }
  });

  it("run_config.json records the options, evalsim's version and the data digest, but not the worker count", () => {
    const config = JSON.parse(readFileSync(join(first, "run_config.json"), "utf8")) as Record<string, unknown>;
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(config).toEqual({
      evalsim_version: pkg.version,
      data_digest: {
        eva_airline: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        tau2_retail: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        tau2_telecom: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      },
      domain: null,
      scenarios: PICK,
      agent: "oracle",
      user: "scripted",
      trials: 1,
      seed: 11,
      min_agent_turns: 3,
      today: null,
      strict_match: false,
      channel: "clean",
      gates: [],
      max_turns: 80,
      max_tool_calls_per_turn: 16,
      time_budget_seconds: 900,
    });
    expect(existsSync(join(first, "run_config.json"))).toBe(true);
  });
});

afterAll(removeScratch);
