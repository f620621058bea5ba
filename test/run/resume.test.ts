import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearPartials } from "../../src/run/run-suite.js";
import { evalsim, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

// 29 retail scenarios: enough for the kill to land mid-run.
const ARGS = ["run", "--domain", "tau2_retail", "--shard", "2/4", "--seed", "3", "--workers", "1"];
const JOBS = 29;
const CLI = fileURLToPath(new URL("../helpers/evalsim-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const scenarioFolders = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.endsWith(".partial")).map((e) => e.name) : []);

/** Start the CLI as its own process and SIGKILL it once the first scenario folder exists. */
function runAndKill(out: string): Promise<{ finishedBeforeKill: boolean; folders: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...ARGS, "--out", out], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    let killedAt: { finishedBeforeKill: boolean; folders: number } | undefined;
    const poll = setInterval(() => {
      const runs = existsSync(out) ? readdirSync(out) : [];
      const dir = runs[0] === undefined ? undefined : join(out, runs[0]);
      if (!dir || scenarioFolders(dir).length === 0) return;
      clearInterval(poll);
      child.kill("SIGKILL");
      killedAt = { finishedBeforeKill: existsSync(join(dir, "all_metrics.json")), folders: scenarioFolders(dir).length };
    }, 2);
    child.on("exit", (code, signal) => {
      clearInterval(poll);
      if (signal === "SIGKILL" && killedAt) resolve(killedAt);
      else reject(new Error(`the run ended on its own (code ${code}, signal ${signal}) before it could be killed: ${stderr}`));
    });
  });
}

describe("--resume", () => {
  let uninterrupted: string;
  beforeAll(async () => {
    const out = scratch("resume-full");
    expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
    uninterrupted = runFolder(out);
    expect(scenarioFolders(uninterrupted)).toHaveLength(JOBS);
  });

  it("finishes a run killed with SIGKILL so the tree equals an uninterrupted run", async () => {
    const out = scratch("resume-killed");
    const killed = await runAndKill(out);
    expect(killed.finishedBeforeKill).toBe(false);
    const dir = runFolder(out);
    expect(scenarioFolders(dir).length).toBeLessThan(JOBS);
    const r = await evalsim([...ARGS, "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe("");
    expect(treeDifferences(uninterrupted, dir)).toEqual([]);
  });

  it("clears half-written scenario folders and run-level temp files, then finishes the run", async () => {
    const dir = join(scratch("resume-leftovers"), "run");
    const done = scenarioFolders(uninterrupted).slice(0, 5);
    for (const [rel, content] of tree(uninterrupted)) {
      if (!done.some((d) => rel.startsWith(`${d}/`)) && rel !== "run_config.json") continue;
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), content, "latin1");
    }
    const next = scenarioFolders(uninterrupted)[5] as string;
    mkdirSync(join(dir, `${next}.partial`, "scenario_config"), { recursive: true });
    writeFileSync(join(dir, `${next}.partial`, "transcript.jsonl"), "{");
    writeFileSync(join(dir, ".all_metrics.json.4242.tmp"), "[");
    const r = await evalsim([...ARGS, "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(uninterrupted, dir)).toEqual([]);
  });

  it("reruns what the reference reruns (errored, no turns, too few agent turns) and keeps the rest", async () => {
    const dir = join(scratch("resume-rerun"), "run");
    for (const [rel, content] of tree(uninterrupted)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), content, "latin1");
    }
    const [errored, silent, short, kept] = scenarioFolders(uninterrupted).sort() as [string, string, string, string];
    const edit = (name: string, change: Record<string, unknown>): void => {
      const file = join(dir, name, "metrics.json");
      writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, "utf8")) as object), ...change }));
    };
    edit(errored, { status: "errored" });
    edit(silent, { total_turns: 0 });
    edit(short, { insufficient_agent_turns: true });
    // A finished scenario is not run again: a file added to its folder stays.
    writeFileSync(join(dir, kept, "KEEP"), "");
    const r = await evalsim([...ARGS, "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(uninterrupted, dir)).toEqual([`${kept}/KEEP (only in second)`]);
  });

  it("clearPartials also clears a trial folder being written", () => {
    const dir = scratch("trial-partial");
    mkdirSync(join(dir, "tau2_retail__1", "trial_1"), { recursive: true });
    mkdirSync(join(dir, "tau2_retail__1", "trial_2.partial"), { recursive: true });
    clearPartials(dir);
    expect(readdirSync(join(dir, "tau2_retail__1"))).toEqual(["trial_1"]);
  });
});

afterAll(removeScratch);
