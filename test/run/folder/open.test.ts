/**
 * Run folders cannot be shared, hijacked or widened: exclusive creation,
 * the lock, `--resume` only on a run folder and only with its own options,
 * and repair of scenario folders that are not complete.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadKnownDivergences } from "../../../src/loaders/known-divergences.js";
import { LOCK_FILE } from "../../../src/run/layout.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "../run-helpers.js";

const NAMES = PICK.slice(3, 6);
const ARGS = ["run", "--scenarios", ...NAMES, "--seed", "2", "--workers", "1"];
const CLI = fileURLToPath(new URL("../../helpers/evalsim-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const LOCK = ".evalsim-run.lock";

const copyRun = (from: string, label: string): string => {
  const dir = join(scratch(label), "run");
  cpSync(from, dir, { recursive: true });
  return dir;
};

describe("run folders", () => {
  let full: string;
  beforeAll(async () => {
    const out = scratch("folder-full");
    const r = await evalsim([...ARGS, "--out", out]);
    expect(r.code, r.err).toBe(0);
    full = runFolder(out);
  });

  it("leave no lock file behind", () => {
    expect(existsSync(join(full, LOCK))).toBe(false);
  });

  it("two runs started in the same second get two folders", async () => {
    const out = scratch("same-second");
    expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
    expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["eval_20300102_030405", "eval_20300102_030405_2"]);
    expect(treeDifferences(join(out, "eval_20300102_030405"), join(out, "eval_20300102_030405_2"))).toEqual([]);
  });

  it("--resume refuses a folder that is not a run, and touches nothing in it", async () => {
    const dir = scratch("not-a-run");
    mkdirSync(join(dir, "mine.partial"));
    writeFileSync(join(dir, "mine.partial", "notes.txt"), "keep me");
    writeFileSync(join(dir, ".draft.json.12.tmp"), "keep me too");
    const before = tree(dir);
    const r = await evalsim([...ARGS, "--resume", dir]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim run: --resume ${dir}: not a run folder (no run_config.json); nothing was changed\n`);
    expect(tree(dir)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual([".draft.json.12.tmp", "mine.partial"]);
  });

  it("--resume takes the selection from the run: without --scenarios it does not widen", async () => {
    const dir = copyRun(full, "no-widen");
    rmSync(join(dir, NAMES[1] as string), { recursive: true });
    const r = await evalsim(["run", "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(full, dir)).toEqual([]);
  });

  it("--resume with a conflicting option is an error naming the flag, and changes nothing", async () => {
    const dir = copyRun(full, "conflict");
    rmSync(join(dir, NAMES[0] as string), { recursive: true });
    const before = tree(dir);
    for (const [flags, named] of [
      [["--seed", "3"], "--seed 3 conflicts with the run being resumed"],
      [["--trials", "2"], "--trials 2 conflicts"],
      [["--scenarios", ...PICK], "--scenarios"],
      [["--max-turns", "10"], "--max-turns 10 conflicts"],
      [["--agent", "llm"], "--agent \"llm\" conflicts"],
      // The reference only warns here: data/known-divergences.json resume:option-change-refused.
      [["--strict-match"], "--strict-match true conflicts"],
    ] as const) {
      const r = await evalsim(["run", "--resume", dir, ...flags]);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.err).toContain(named);
      expect(r.err.split("\n").filter(Boolean)).toHaveLength(1);
      expect(tree(dir)).toEqual(before);
    }
    const listed = loadKnownDivergences().find((d) => d.id === "resume:option-change-refused");
    expect(listed?.evidence).toContain("evaluation/run_evaluation.py");
    expect(listed?.what).toContain("strict_match");
    // Repeating an option is fine.
    const ok = await evalsim(["run", "--resume", dir, "--seed", "2", "--scenarios", ...NAMES]);
    expect(ok.code, ok.err).toBe(0);
    expect(treeDifferences(full, dir)).toEqual([]);
  });

  it("--add-scenarios is the explicit way to extend a run", async () => {
    const dir = copyRun(full, "extend");
    const extra = PICK[0] as string;
    const r = await evalsim(["run", "--resume", dir, "--add-scenarios", extra]);
    expect(r.code, r.err).toBe(0);
    const config = JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as { scenarios: string[] };
    expect(config.scenarios).toEqual([extra, ...NAMES]);
    expect(existsSync(join(dir, extra, "metrics.json"))).toBe(true);
    const all = JSON.parse(readFileSync(join(dir, "all_metrics.json"), "utf8")) as { scenario_name: string }[];
    expect(all.map((m) => m.scenario_name)).toEqual([extra, ...NAMES]);
  });

  it("resume repairs a scenario folder that has metrics but lost other files", async () => {
    const dir = copyRun(full, "repair");
    rmSync(join(dir, NAMES[0] as string, "transcript.jsonl"));
    rmSync(join(dir, NAMES[1] as string, "scenario_config"), { recursive: true });
    writeFileSync(join(dir, NAMES[2] as string, "final_agent_response.json"), "[{");
    const r = await evalsim(["run", "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(full, dir)).toEqual([]);
  });

  it("a folder locked by a live process is refused with its pid", async () => {
    const dir = copyRun(full, "locked");
    // Another live process (this one's own pid in a lock it does not hold is a dead run's: see lock.test.ts).
    const live = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeFileSync(join(dir, LOCK), JSON.stringify({ pid: live.pid, host: hostname() }));
      const r = await evalsim(["run", "--resume", dir]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`in use by process ${live.pid ?? ""}`);
      expect(existsSync(join(dir, LOCK))).toBe(true);
    } finally {
      live.kill("SIGKILL");
    }
  });

  it("a stale lock of a process that is gone is taken over", async () => {
    const dir = copyRun(full, "stale");
    rmSync(join(dir, NAMES[0] as string), { recursive: true });
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(join(dir, LOCK), JSON.stringify({ pid: Number(dead.stdout), host: hostname() }));
    const r = await evalsim(["run", "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(full, dir)).toEqual([]);
  });

  it("two concurrent resumes: one refuses, the tree ends as an uninterrupted run", async () => {
    const dir = copyRun(full, "concurrent");
    for (const n of NAMES) rmSync(join(dir, n), { recursive: true });
    const start = (): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; err: string }> } => {
      const child = spawn(process.execPath, ["--import", "tsx", CLI, "run", "--resume", dir], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
      return { child, done: new Promise((resolve) => child.on("exit", (code) => resolve({ code, err }))) };
    };
    // The first resume holds the lock, paused, while the second starts: on a busy machine the
    // first could otherwise finish before the second even looks, and there would be no contest.
    const first = start();
    const lock = join(dir, LOCK_FILE);
    for (let waited = 0; !existsSync(lock); waited += 20) {
      if (waited > 60_000) throw new Error("the first resume never took the lock");
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill("SIGSTOP");
    const second = await start().done;
    first.child.kill("SIGCONT");
    const one = await first.done;
    expect(one.code, one.err).toBe(0);
    expect(second.code, second.err).toBe(2);
    expect(second.err).toMatch(/in use by process \d+/);
    expect(treeDifferences(full, dir)).toEqual([]);
  });
});

afterAll(removeScratch);
