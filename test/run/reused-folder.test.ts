/**
 * The one reusable run folder (`check` writes `<out>/check/` and replaces the
 * previous one instead of adding a folder per run), and what a run shows a
 * person on a terminal: the progress line and where the outputs are.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { runSuite } from "../../src/run/suite.js";
import { acquireRunLock } from "../../src/run/folder/lock.js";
import { evalsim, removeScratch, PICK, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

const NAMES = PICK.slice(0, 2);
const suite = (reuseDir: string, scenarios: readonly string[] = NAMES) =>
  runSuite({ registry, dataRoot: {}, settings: { scenarios: [...scenarios], seed: 1 }, reuseDir, workers: 1, now: () => new Date(Date.UTC(2030, 0, 1)) });

afterAll(removeScratch);

describe("a reused run folder", () => {
  it("is replaced by the next run: the same tree, nothing of the earlier run left", async () => {
    const dir = join(scratch("reuse"), "check");
    const first = await suite(dir, [...NAMES, PICK[3] as string]);
    expect(first.runDir).toBe(dir);
    expect(existsSync(join(dir, PICK[3] as string))).toBe(true);
    const once = join(scratch("reuse-once"), "check");
    await suite(once);
    await suite(dir);
    expect(readdirSync(join(dir, ".."))).toEqual(["check"]);
    expect(existsSync(join(dir, PICK[3] as string))).toBe(false);
    expect(treeDifferences(once, dir)).toEqual([]);
  });

  it("refuses a folder that is not a run, and changes nothing in it", async () => {
    const dir = join(scratch("reuse-foreign"), "check");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "notes.txt"), "mine");
    const before = tree(dir);
    await expect(suite(dir)).rejects.toThrow(`${dir}: exists and is not a run folder (no run_config.json); nothing was changed`);
    expect(tree(dir)).toEqual(before);
  });

  it("refuses a folder another process is working in, and changes nothing in it", async () => {
    const dir = join(scratch("reuse-locked"), "check");
    await suite(dir);
    const before = tree(dir);
    const lock = acquireRunLock(dir, () => true);
    try {
      // This process holds the lock, as another check would.
      await expect(suite(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    } finally {
      lock.release();
    }
    expect(tree(dir)).toEqual(before);
  });
});

describe("on a terminal", () => {
  it("run shows its progress on stderr and ends by saying where its outputs are", async () => {
    const out = scratch("tty");
    let stdout = "";
    let stderr = "";
    let t = Date.UTC(2030, 0, 2);
    const io: CliIo = {
      out: (s) => void (stdout += s),
      err: (s) => void (stderr += s),
      env: {},
      isTty: true,
      columns: 200,
      readStdin: () => "",
      now: () => new Date((t += 1000)),
    };
    const code = await main(["run", "--scenarios", ...NAMES, "--workers", "1", "--out", out], io);
    expect(code, stderr).toBe(0);
    const frames = stderr.split("\r").map((f) => f.replace("\x1b[K", "")).filter(Boolean);
    expect(frames).toContain(`[....................] 0/2 | no failures | eta ? | 1 in flight: ${NAMES[0] as string}`);
    expect(frames.at(-1)).toBe("[####################] 2/2 | no failures | done\n");
    const runDir = join(out, readdirSync(out)[0] as string);
    expect(stdout.trimEnd().split("\n").slice(-2)).toEqual([`outputs are in ${runDir}`, `see them in a browser: evalsim report ${runDir}`]);
    // The run folder is the same as without a terminal.
    const plain = scratch("no-tty");
    expect((await evalsim(["run", "--scenarios", ...NAMES, "--workers", "1", "--out", plain])).code).toBe(0);
    expect(treeDifferences(runFolder(plain), runDir)).toEqual([]);
  });
});
