/**
 * A run that fills its disk stops with one line naming the file and the
 * resume command (exit 1); once there is room, `--resume` finishes it into a
 * tree byte-identical to an uninterrupted run, with no temporary file left.
 * Once on a real, small tmpfs (needs root to mount; skipped with the reason
 * otherwise), once with ENOSPC injected into the writes (runs anywhere).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { evalsim, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

/** Armed by a test: the write that makes the run-folder files under `prefix` pass `budget` bytes fails with ENOSPC, as a full disk does. */
const fault = vi.hoisted(() => ({ prefix: "", budget: Infinity, hits: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (typeof file === "string" && fault.prefix !== "" && file.startsWith(fault.prefix)) {
      const size = typeof data === "string" ? Buffer.byteLength(data) : (data as Uint8Array).byteLength;
      if (size > fault.budget) {
        fault.hits++;
        // A full disk leaves the part that fitted behind.
        real.writeFileSync(file, typeof data === "string" ? data.slice(0, Math.max(0, fault.budget)) : (data as Uint8Array).slice(0, Math.max(0, fault.budget)));
        fault.budget = 0;
        throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: "ENOSPC", errno: -28, syscall: "write", path: file });
      }
      fault.budget -= size;
    }
    real.writeFileSync(file, data, options);
  };
  return { ...real, writeFileSync, default: { ...real, writeFileSync } };
});

const ARGS = ["run", "--domain", "tau2_retail", "--shard", "2/4", "--seed", "3", "--workers", "1"];
const NO_SPACE = /^evalsim run: cannot write (\S+): no space left on the device; free some space or write elsewhere \(--out DIR\), then retry \(ENOSPC\)\n {2}the finished scenarios are kept; continue with: evalsim run --resume (\S+)\n$/;
const tempFiles = (dir: string): string[] => [...tree(dir).keys()].filter((p) => /(^|\/)\.[^/]+\.tmp$/.test(p) || p.includes(".partial"));

/** Mount a tmpfs of `size` at `dir`; the reason when that cannot be done here. */
function tryMount(dir: string, size: string): string | undefined {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return undefined;
  } catch (e) {
    return `cannot mount a tmpfs here (${((e as { stderr?: Buffer }).stderr?.toString() ?? String(e)).trim() || "mount failed"}); the injected-fault test covers a full disk`;
  }
}

let uninterrupted: string;
beforeAll(async () => {
  const out = scratch("disk-full-reference");
  expect((await evalsim([...ARGS, "--out", out])).code).toBe(0);
  uninterrupted = runFolder(out);
});
afterAll(removeScratch);

describe("a full disk", () => {
  it("injected ENOSPC: one line with the resume command, exit 1; the resume is byte-identical with no temp file left", async () => {
    const out = scratch("disk-full-injected");
    fault.prefix = out;
    fault.budget = 300_000;
    let r;
    try {
      r = await evalsim([...ARGS, "--out", out]);
    } finally {
      fault.prefix = "";
      fault.budget = Infinity;
    }
    expect(fault.hits).toBe(1);
    expect(r.code, r.err).toBe(1);
    const dir = runFolder(out);
    const m = NO_SPACE.exec(r.err);
    expect(m, r.err).not.toBeNull();
    expect(m?.[1]?.startsWith(dir)).toBe(true);
    expect(m?.[2]).toBe(dir);
    const resumed = await evalsim(["run", "--resume", dir]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(tempFiles(dir)).toEqual([]);
    expect(treeDifferences(uninterrupted, dir)).toEqual([]);
  });

  const mountPoint = scratch("disk-full-tmpfs");
  const skipReason = tryMount(mountPoint, "1m");
  if (skipReason) console.warn(`disk-full tmpfs test skipped: ${skipReason}`);
  afterAll(() => {
    if (!skipReason) execFileSync("umount", [mountPoint]);
  });

  it.skipIf(skipReason !== undefined)("on a 1 MB tmpfs: stops with the resume command; after growing it, the resume is byte-identical with no temp file left", async () => {
    const out = join(mountPoint, "out");
    const r = await evalsim([...ARGS, "--out", out]);
    expect(r.code, r.err).toBe(1);
    const dir = runFolder(out);
    const m = NO_SPACE.exec(r.err);
    expect(m, r.err).not.toBeNull();
    expect(m?.[2]).toBe(dir);
    execFileSync("mount", ["-o", "remount,size=16m", mountPoint]);
    const resumed = await evalsim(["run", "--resume", dir]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(tempFiles(dir)).toEqual([]);
    expect(treeDifferences(uninterrupted, dir)).toEqual([]);
    expect(fs.readdirSync(out)).toHaveLength(1);
  });
});
