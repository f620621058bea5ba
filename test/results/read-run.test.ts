/** Reading a run folder written by hand in the layout NeMo's runner uses (metrics.json per scenario or per trial_<k>). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareNames, locateRunFolder, readDbDiff, readRunFolder, readTranscript, readTrialConfig, RunFolderError } from "../../src/results/read-run.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-read-run-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string): void => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

function runFolder(dir: string): string {
  write(join(dir, "run_config.json"), '{"agent": "oracle", "today": NaN}');
  write(join(dir, "summary.json"), JSON.stringify({ totals: { planned_trials: 5 } }));
  write(join(dir, "tau2_retail__10", "metrics.json"), JSON.stringify({ scenario_name: "tau2_retail__10", domain: "tau2_retail", status: "passed" }));
  write(join(dir, "tau2_retail__9", "metrics.json"), JSON.stringify({ scenario_name: "tau2_retail__9", domain: "tau2_retail", status: "weird" }));
  write(join(dir, "eva_airline__x", "trial_2", "metrics.json"), JSON.stringify({ scenario_name: "eva_airline__x", domain: "eva_airline", status: "errored" }));
  write(join(dir, "eva_airline__x", "trial_1", "metrics.json"), JSON.stringify({ scenario_name: "eva_airline__x", domain: "eva_airline", status: "passed" }));
  write(join(dir, "eva_airline__x", "notes", "metrics.json"), "{}");
  write(join(dir, "tau2_retail__1.partial", "metrics.json"), JSON.stringify({ scenario_name: "tau2_retail__1", status: "passed" }));
  return dir;
}

describe("natural name order", () => {
  it("compares digit runs as numbers, the rest by code point", () => {
    expect(["tau2_retail__10", "tau2_retail__9", "tau2_airline__2", "Z", "a"].sort(compareNames)).toEqual(["Z", "a", "tau2_airline__2", "tau2_retail__9", "tau2_retail__10"]);
    expect(compareNames("x__007", "x__7")).not.toBe(0);
    expect(compareNames("x__7", "x__7")).toBe(0);
  });
});

describe("reading a run folder", () => {
  const run = runFolder(join(root, "out", "eval_1"));

  it("orders trials by bucket, scenario name as numbers, then trial; skips unfinished and foreign folders", () => {
    const r = readRunFolder(run);
    expect(r.records.map((x) => [x.name, x.trial, x.status, x.bucket])).toEqual([
      ["eva_airline__x", 1, "passed", "eva_airline"],
      ["eva_airline__x", 2, "errored", "eva_airline"],
      ["tau2_retail__9", 1, "failed", "tau2_retail"],
      ["tau2_retail__10", 1, "passed", "tau2_retail"],
    ]);
    expect(r.records[1]?.dir).toBe(join(run, "eva_airline__x", "trial_2"));
    expect(r.planned).toBe(5);
    // run_config.json is read as Python writes JSON (NaN included).
    expect(r.config["agent"]).toBe("oracle");
    expect(Number.isNaN(r.config["today"])).toBe(true);
  });

  it("finds the one run folder inside an --out root; refuses none or several, naming them", () => {
    expect(locateRunFolder(join(root, "out"))).toBe(run);
    runFolder(join(root, "two", "eval_2"));
    runFolder(join(root, "two", "eval_10"));
    expect(() => locateRunFolder(join(root, "two"))).toThrow(new RunFolderError(`${join(root, "two")} holds 2 run folders; name one: ${join(root, "two", "eval_2")}, ${join(root, "two", "eval_10")}`));
    mkdirSync(join(root, "empty"));
    expect(() => locateRunFolder(join(root, "empty"))).toThrow(new RunFolderError(`${join(root, "empty")}: not a run folder (no run_config.json, and no run folder inside)`));
    expect(() => locateRunFolder(join(root, "absent"))).toThrow(new RunFolderError(`${join(root, "absent")}: no such run folder`));
  });

  it("a run_config.json that is not a JSON object is a RunFolderError naming it", () => {
    const dir = join(root, "badcfg");
    write(join(dir, "run_config.json"), "[1]");
    expect(() => readRunFolder(dir)).toThrow(new RunFolderError(`${join(dir, "run_config.json")}: expected a JSON object`));
  });

  it("reads a trial's transcript (skipping broken lines), DB diff and given texts; absent files are absent", () => {
    const rec = readRunFolder(run).records.find((x) => x.name === "tau2_retail__9");
    if (!rec) throw new Error("no record");
    expect(readTranscript(rec)).toEqual([]);
    expect(readDbDiff(rec)).toBeUndefined();
    expect(readTrialConfig(rec)).toEqual({});
    write(join(rec.dir, "transcript.jsonl"), '{"type": "user", "text": "hi"}\nnot json\n\n{"type": "agent", "value": Infinity}\n');
    write(join(rec.dir, "db_diff.json"), '{"tables_added": [], "tables_removed": ["x"], "tables_modified": {}}');
    expect(readTranscript(rec)).toEqual([
      { type: "user", text: "hi" },
      { type: "agent", value: Infinity },
    ]);
    expect(readDbDiff(rec)).toEqual({ tables_added: [], tables_removed: ["x"], tables_modified: {} });
  });
});
