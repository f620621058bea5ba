/**
 * A merge stopped by SIGINT / SIGTERM on a real process: it stops between two
 * scenario folders, says so with the command that finishes it, exits 130 /
 * 143; that command then writes the same tree as an uninterrupted merge.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, removeScratch, runFolder, scratch, treeDifferences } from "../run-helpers.js";

const CLI = fileURLToPath(new URL("../../helpers/evalsim-cli.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const folders = (dir: string): number => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.endsWith(".partial")).length : 0);

/** Run the CLI as its own process and send `signal` once `out` holds a scenario folder. */
function mergeAndSignal(args: readonly string[], out: string, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    let sent = false;
    child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
    const poll = setInterval(() => {
      if (folders(out) === 0) return;
      clearInterval(poll);
      sent = true;
      child.kill(signal);
    }, 1);
    child.on("exit", (code) => {
      clearInterval(poll);
      if (!sent) reject(new Error(`the merge ended (code ${code}) before the signal was sent: ${stderr}`));
      else resolve({ code, stderr });
    });
  });
}

describe("a merge stopped by a signal", () => {
  const shards: string[] = [];
  let whole: string;
  beforeAll(async () => {
    for (const i of [1, 2]) {
      const out = scratch(`merge-signal-shard-${i}`);
      expect((await evalsim(["run", "--shard", `${i}/2`, "--workers", "2", "--out", out])).code).toBe(0);
      shards.push(runFolder(out));
    }
    whole = scratch("merge-signal-whole");
    expect((await evalsim(["merge", ...shards, "--out", whole])).code).toBe(0);
  }, 300_000);
  afterAll(removeScratch);

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s: stops between folders, prints the command that finishes it (exit %i), which then writes the uninterrupted tree", async (signal, code) => {
    const out = scratch(`merge-signal-${signal}`);
    const args = ["merge", ...shards, "--out", out];
    const ended = await mergeAndSignal(args, out, signal);
    expect(ended.code).toBe(code);
    expect(ended.stderr).toMatch(new RegExp(`^evalsim merge: stopped by ${signal} after \\d+ of 442 scenario folders; ${out} is an unfinished merge\\. Finish it with the same command:\\n  evalsim merge `));
    expect(ended.stderr).toContain(`--out ${out}\n`);
    expect(folders(out)).toBeLessThan(442);
    expect((await evalsim(args)).code).toBe(0);
    expect(treeDifferences(whole, out)).toEqual([]);
  }, 120_000);
});
