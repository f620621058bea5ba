import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  AGENT_PROMPT_FILE,
  AGENT_TOOLS_FILE,
  clearLeftovers,
  DB_HASH_FILE,
  FINAL_RESPONSE_FILE,
  isPartialDirName,
  llmContextFile,
  METADATA_FILE,
  partialDirOf,
  readMetrics,
  readRunConfigFile,
  REQUIRED_SCENARIO_FILES,
  scenarioDir,
  scenarioDirName,
  scenarioFolderState,
  trialDirs,
  trialOfDirName,
  USER_PROMPT_FILE,
  USER_TOOLS_FILE,
} from "../../src/run/layout.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-layout-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const d = join(root, String(n++));
  mkdirSync(d, { recursive: true });
  return d;
};
const write = (dir: string, rel: string, text: string): void => {
  mkdirSync(join(dir, rel, ".."), { recursive: true });
  writeFileSync(join(dir, rel), text);
};

describe("names", () => {
  it("a scenario folder is the scenario's name, or trial_<k> inside it when there are several trials", () => {
    expect(scenarioDirName("tau2_retail__7", 1, 1)).toBe("tau2_retail__7");
    expect(scenarioDirName("tau2_retail__7", 2, 3)).toBe(join("tau2_retail__7", "trial_2"));
    expect(scenarioDir("/runs/r", "eva_airline__1", 3, 3)).toBe(join("/runs/r", "eva_airline__1", "trial_3"));
  });

  it("reads the trial back from a trial folder's name and from nothing else", () => {
    expect(trialOfDirName("trial_12")).toBe(12);
    expect(trialOfDirName("trial_2.partial")).toBeUndefined();
    expect(trialOfDirName("trial_")).toBeUndefined();
    expect(trialOfDirName("tau2_retail__1")).toBeUndefined();
  });

  it("a folder being written carries .partial", () => {
    expect(partialDirOf("/r/a__1")).toBe("/r/a__1.partial");
    expect(isPartialDirName("a__1.partial")).toBe(true);
    expect(isPartialDirName("a__1")).toBe(false);
  });

  it("the NeMo-style bot log of a side, and the files every outcome folder holds", () => {
    expect(llmContextFile("agent")).toBe("bot_logs_agent/llm_context.json");
    expect(REQUIRED_SCENARIO_FILES).toEqual([
      "metrics.json",
      "transcript.jsonl",
      "final_agent_response.json",
      "final_scenario_db_hash.txt",
      "scenario_config/agent_prompt.txt",
      "scenario_config/user_prompt.txt",
      "scenario_config/agent_tools.json",
      "scenario_config/user_tools.json",
      "scenario_config/metadata.json",
    ]);
  });
});

describe("trialDirs", () => {
  it("lists trial_1.. as long as they run on without a gap", () => {
    const d = fresh();
    for (const k of [1, 2, 4]) mkdirSync(join(d, `trial_${k}`));
    expect(trialDirs(d)).toEqual([join(d, "trial_1"), join(d, "trial_2")]);
    expect(trialDirs(join(d, "absent"))).toEqual([]);
  });
});

describe("reading run files", () => {
  it("metrics and run_config are read as JSON objects; absent, broken or non-object files read as undefined", () => {
    const d = fresh();
    expect(readMetrics(d)).toBeUndefined();
    write(d, "metrics.json", '{"status": "passed", "x": NaN}');
    expect(readMetrics(d)).toEqual({ status: "passed", x: NaN });
    write(d, "metrics.json", "[1]");
    expect(readMetrics(d)).toBeUndefined();
    write(d, "run_config.json", "{not json");
    expect(readRunConfigFile(d)).toBeUndefined();
    write(d, "run_config.json", '{"seed": 42}');
    expect(readRunConfigFile(d)).toEqual({ seed: 42 });
  });
});

describe("scenarioFolderState", () => {
  const complete = (d: string): void => {
    write(d, "metrics.json", '{"status": "failed"}');
    write(d, "transcript.jsonl", '{"type": "end"}\n');
    for (const f of [FINAL_RESPONSE_FILE, AGENT_TOOLS_FILE, USER_TOOLS_FILE, METADATA_FILE]) write(d, f, "{}");
    for (const f of [DB_HASH_FILE, AGENT_PROMPT_FILE, USER_PROMPT_FILE]) write(d, f, "text");
  };

  it("absent, and incomplete without readable metrics", () => {
    const d = fresh();
    expect(scenarioFolderState(join(d, "nope"))).toEqual({ kind: "absent" });
    expect(scenarioFolderState(d)).toEqual({ kind: "incomplete", problem: "metrics.json is missing or unreadable" });
  });

  it("an errored scenario's folder needs only its metrics", () => {
    const d = fresh();
    write(d, "metrics.json", '{"status": "errored"}');
    expect(scenarioFolderState(d)).toEqual({ kind: "complete", metrics: { status: "errored" } });
  });

  it("an outcome needs every required file, and every JSON file must parse", () => {
    const d = fresh();
    complete(d);
    expect(scenarioFolderState(d)).toEqual({ kind: "complete", metrics: { status: "failed" } });
    rmSync(join(d, USER_PROMPT_FILE));
    rmSync(join(d, FINAL_RESPONSE_FILE));
    expect(scenarioFolderState(d)).toEqual({ kind: "incomplete", problem: "missing final_agent_response.json, scenario_config/user_prompt.txt" });
    complete(d);
    write(d, "transcript.jsonl", '{"type": "end"}\n{"type": \n');
    expect(scenarioFolderState(d)).toEqual({ kind: "incomplete", problem: "unreadable transcript.jsonl" });
  });
});

describe("clearLeftovers", () => {
  it("removes the run's own .partial folders and the run-level files' temp names, and nothing else", () => {
    const d = fresh();
    mkdirSync(join(d, "a__1.partial"));
    mkdirSync(join(d, "other.partial"));
    mkdirSync(join(d, "b__1", "trial_2.partial"), { recursive: true });
    mkdirSync(join(d, "b__1", "trial_1"));
    writeFileSync(join(d, ".summary.json.123-0.tmp"), "");
    writeFileSync(join(d, ".notes.txt.123-0.tmp"), "");
    const removed = clearLeftovers(d, ["a__1", "b__1"], 2);
    expect(removed.map((p) => p.slice(d.length + 1)).sort()).toEqual([".summary.json.123-0.tmp", "a__1.partial", join("b__1", "trial_2.partial")].sort());
    expect(readdirSync(d).sort()).toEqual([".notes.txt.123-0.tmp", "b__1", "other.partial"]);
    expect(readdirSync(join(d, "b__1"))).toEqual(["trial_1"]);
  });
});
