/**
 * SIGINT / SIGTERM on a real process: no new scenarios start, those in flight
 * get a grace period (a second signal abandons them), the run-level files are
 * written, the resume command is printed, exit 130 / 143; the resumed tree
 * equals an uninterrupted run.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer } from "../llm/mock-openai.js";
import type { MockServer } from "../llm/mock-openai.js";
import { evalsim, removeScratch, runFolder, scratch, treeDifferences } from "./run-helpers.js";

// 29 retail scenarios: enough for a signal to land mid-run.
const ARGS = ["run", "--domain", "tau2_retail", "--shard", "2/4", "--seed", "3", "--workers", "1"];
const JOBS = 29;
const CLI = fileURLToPath(new URL("../helpers/evalsim-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const scenarioFolders = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.endsWith(".partial")).map((e) => e.name) : []);
const theRun = (out: string): string | undefined => {
  const runs = existsSync(out) ? readdirSync(out) : [];
  return runs[0] === undefined ? undefined : join(out, runs[0]);
};

interface Ended {
  readonly code: number | null;
  readonly stderr: string;
  /** Milliseconds from the first signal to the exit. */
  readonly afterSignal: number;
}

/**
 * Start the CLI as its own process; once `ready()` holds, send `signal`, and
 * `second` when stderr shows the first was taken.
 */
function runAndSignal(args: readonly string[], ready: () => boolean, signal: NodeJS.Signals, second?: NodeJS.Signals): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    let sentAt: number | undefined;
    let secondSent = false;
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (second && sentAt !== undefined && !secondSent && stderr.includes(`${signal}: no new scenarios start`)) {
        secondSent = true;
        child.kill(second);
      }
    });
    const poll = setInterval(() => {
      if (!ready()) return;
      clearInterval(poll);
      sentAt = performance.now();
      child.kill(signal);
    }, 2);
    child.on("exit", (code, sig) => {
      clearInterval(poll);
      if (sentAt === undefined) reject(new Error(`the run ended (code ${code}, signal ${sig}) before the signal was sent: ${stderr}`));
      else resolve({ code, stderr, afterSignal: performance.now() - sentAt });
    });
  });
}

describe("a run stopped by a signal", () => {
  let uninterrupted: string;
  beforeAll(async () => {
    const out = scratch("signal-full");
    expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
    uninterrupted = runFolder(out);
    expect(scenarioFolders(uninterrupted)).toHaveLength(JOBS);
  });
  afterAll(removeScratch);

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s: stops starting scenarios, writes the run-level files, prints the resume command, exit %d; the resume finishes it", async (signal, exitCode) => {
    const out = scratch(`signal-${signal}`);
    const ended = await runAndSignal([...ARGS, "--out", out], () => scenarioFolders(theRun(out) ?? "").length > 0, signal);
    expect(ended.code, ended.stderr).toBe(exitCode);
    const dir = runFolder(out);
    expect(ended.stderr).toContain(`${signal}: no new scenarios start; those in flight get 10 s to finish`);
    expect(ended.stderr).toContain(`evalsim run: stopped (${signal} received); finished scenarios are kept. Continue with:\n  evalsim run --resume ${dir}\n`);
    const done = scenarioFolders(dir);
    expect(done.length).toBeLessThan(JOBS);
    // The one in flight finished within the grace period: nothing half-written is left.
    expect(readdirSync(dir).filter((n) => n.endsWith(".partial"))).toEqual([]);
    // The run-level files describe what finished.
    const metrics = JSON.parse(readFileSync(join(dir, "all_metrics.json"), "utf8")) as { scenario_name: string }[];
    expect(metrics.map((m) => m.scenario_name).sort()).toEqual([...done].sort());
    expect(existsSync(join(dir, "summary.json"))).toBe(true);
    const r = await evalsim(["run", "--resume", dir]);
    expect(r.code, r.err).toBe(0);
    expect(treeDifferences(uninterrupted, dir)).toEqual([]);
  }, 60_000);

  it("check stops the same way: exit 130 and the command that finishes its run", async () => {
    const out = scratch("signal-check");
    const dir = join(out, "check");
    const ended = await runAndSignal(["check", "--out", out, "--workers", "1"], () => scenarioFolders(dir).length > 0, "SIGINT");
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toContain(`evalsim check: stopped (SIGINT received); finished scenarios are kept. Continue with:\n  evalsim run --resume ${dir}\n`);
    expect(existsSync(join(dir, "summary.json"))).toBe(true);
  }, 60_000);

  describe("with a scenario in flight that does not finish (an endpoint that never answers)", () => {
    let server: MockServer;
    let config: string;
    const NAMES = ["tau2_retail__0", "tau2_retail__1"];
    beforeAll(async () => {
      server = await startMockServer(() => ({ kind: "hang" }));
      const dir = mkdtempSync(join(tmpdir(), "evalsim-hang-"));
      config = join(dir, "agent.yaml");
      writeFileSync(config, `base_url: ${server.url}\nmodel: mock-model\nretries: 0\ntimeout_seconds: 120\n`);
    });
    afterAll(() => server.stop());
    const args = (out: string): string[] => ["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", config, "--workers", "1", "--max-concurrency", "1", "--out", out];

    it("a second SIGINT abandons it at once: the run-level files are written, the resume command printed, exit 130", async () => {
      const out = scratch("signal-twice");
      const before = server.requests.length;
      const ended = await runAndSignal(args(out), () => server.requests.length > before, "SIGINT", "SIGINT");
      expect(ended.code, ended.stderr).toBe(130);
      expect(ended.afterSignal).toBeLessThan(8_000);
      expect(ended.stderr).toContain("SIGINT again: abandoning the scenarios in flight");
      const dir = runFolder(out);
      expect(ended.stderr).toContain(`Continue with:\n  evalsim run --resume ${dir} --agent-config ${config}\n`);
      expect(JSON.parse(readFileSync(join(dir, "all_metrics.json"), "utf8"))).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"))).toMatchObject({ totals: { scenarios: 0 } });
      expect(scenarioFolders(dir)).toEqual([]);
    }, 60_000);

    it("one SIGTERM waits the grace period, then abandons it; exit 143", async () => {
      const out = scratch("signal-grace");
      const before = server.requests.length;
      const ended = await runAndSignal(args(out), () => server.requests.length > before, "SIGTERM");
      expect(ended.code, ended.stderr).toBe(143);
      expect(ended.afterSignal).toBeGreaterThanOrEqual(9_500);
      expect(ended.afterSignal).toBeLessThan(40_000);
      const dir = runFolder(out);
      expect(JSON.parse(readFileSync(join(dir, "all_metrics.json"), "utf8"))).toEqual([]);
      expect(ended.stderr).toContain(`Continue with:\n  evalsim run --resume ${dir}`);
    }, 60_000);
  });
});
