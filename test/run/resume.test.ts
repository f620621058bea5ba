import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearLeftovers } from "../../src/run/layout.js";
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
    writeFileSync(join(dir, ".all_metrics.json.4242-0.tmp"), "[");
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
    const metricsOf = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, name, "metrics.json"), "utf8")) as Record<string, unknown>;
    const usage = metricsOf(short)["token_usage"] as { agent: Record<string, unknown>; user: unknown };
    // The agent answered twice: under the run's --min-agent-turns 3.
    edit(short, { token_usage: { ...usage, agent: { ...usage.agent, n_calls: 2 } } });
    // A finished scenario is not run again: a file added to its folder stays.
    writeFileSync(join(dir, kept, "KEEP"), "");
    const r = await evalsim([...ARGS, "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(uninterrupted, dir)).toEqual([`${kept}/KEEP (only in second)`]);
  });

  it("classifies by the agent's response count against the resuming run's --min-agent-turns, both ways", async () => {
    const copyOf = (label: string): string => {
      const dir = join(scratch(label), "run");
      for (const [rel, content] of tree(uninterrupted)) {
        mkdirSync(dirname(join(dir, rel)), { recursive: true });
        writeFileSync(join(dir, rel), content, "latin1");
      }
      return dir;
    };
    const counts = (dir: string): Map<string, number> =>
      new Map(scenarioFolders(dir).map((n) => [n, (JSON.parse(readFileSync(join(dir, n, "metrics.json"), "utf8")) as { token_usage: { agent: { n_calls: number } } }).token_usage.agent.n_calls]));
    const all = counts(uninterrupted);
    const n = [...all.values()].sort((a, b) => a - b)[Math.floor(all.size / 2)] as number;
    const under = [...all].filter(([, c]) => c < n).map(([k]) => k);
    expect(under.length).toBeGreaterThan(0);
    // Higher N: the scenarios under it run again (their marker goes), the others stay.
    const higher = copyOf("resume-higher-n");
    for (const name of all.keys()) writeFileSync(join(higher, name, "MARK"), "");
    expect((await evalsim([...ARGS, "--resume", higher, "--min-agent-turns", String(n)])).code).toBe(1);
    const marked = scenarioFolders(higher).filter((name) => existsSync(join(higher, name, "MARK")));
    expect(marked.sort()).toEqual([...all.keys()].filter((k) => !under.includes(k)).sort());
    expect((JSON.parse(readFileSync(join(higher, "run_config.json"), "utf8")) as { min_agent_turns: number }).min_agent_turns).toBe(n);
    // Lower N: a scenario the run marked short (under 3) but over the new N is kept as it is.
    const lower = copyOf("resume-lower-n");
    const file = join(lower, under[0] as string, "metrics.json");
    const m = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...m, insufficient_agent_turns: true }));
    const edited = readFileSync(file, "utf8");
    expect((await evalsim([...ARGS, "--resume", lower, "--min-agent-turns", "1"])).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(edited);
  });

  it("clearLeftovers also clears a trial folder being written", () => {
    const dir = scratch("trial-partial");
    mkdirSync(join(dir, "tau2_retail__1", "trial_1"), { recursive: true });
    mkdirSync(join(dir, "tau2_retail__1", "trial_2.partial"), { recursive: true });
    clearLeftovers(dir, ["tau2_retail__1"], 2);
    expect(readdirSync(join(dir, "tau2_retail__1"))).toEqual(["trial_1"]);
  });
});

afterAll(removeScratch);
