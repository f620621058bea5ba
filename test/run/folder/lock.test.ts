import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { acquireRunLock, holderAlive, processStart, RunLockedError } from "../../../src/run/folder/lock.js";

/** Linux's /proc, which tells a process's start time and the boot id. */
const PROC = existsSync("/proc/self/stat") && existsSync("/proc/sys/kernel/random/boot_id");

const root = mkdtempSync(join(tmpdir(), "evalsim-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const d = join(root, String(n++));
  mkdirSync(d);
  return d;
};
const LOCK = ".evalsim-run.lock";
const holder = (dir: string, pid: number, host = hostname()): void => writeFileSync(join(dir, LOCK), JSON.stringify({ pid, host }) + "\n");

describe("acquireRunLock", () => {
  it("writes this process's pid and host, and release removes the file (once)", () => {
    const d = fresh();
    const lock = acquireRunLock(d);
    expect(lock.file).toBe(join(d, LOCK));
    const written = JSON.parse(readFileSync(lock.file, "utf8")) as Record<string, unknown>;
    expect(written).toMatchObject({ pid: process.pid, host: hostname() });
    // Where /proc tells them, the boot and the process's start time prove the lock stale after a restart.
    if (PROC) expect(written).toEqual({ pid: process.pid, host: hostname(), boot_id: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(), start: processStart(process.pid) });
    lock.release();
    lock.release();
    expect(readdirSync(d)).toEqual([]);
  });

  it("refuses a folder a live process holds, naming the pid and the file to delete", () => {
    const d = fresh();
    holder(d, 4242);
    expect(() => acquireRunLock(d, () => true)).toThrow(RunLockedError);
    expect(() => acquireRunLock(d, () => true)).toThrow(`${d}: in use by process 4242; wait for it to finish, or delete ${join(d, LOCK)} if it is gone`);
  });

  it("a second lock in the same process is refused like any live holder", () => {
    const d = fresh();
    const first = acquireRunLock(d);
    expect(() => acquireRunLock(d)).toThrow(`in use by process ${process.pid}`);
    first.release();
  });

  it("takes over the lock of a process of this host that is gone, leaving no takeover guard", () => {
    const d = fresh();
    holder(d, 4242);
    const lock = acquireRunLock(d, () => false);
    expect(JSON.parse(readFileSync(lock.file, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    expect(readdirSync(d)).toEqual([LOCK]);
    lock.release();
  });

  it("never takes over a lock of another host (its pid means nothing here), and names the host", () => {
    const d = fresh();
    holder(d, 4242, "elsewhere.example");
    expect(() => acquireRunLock(d, () => false)).toThrow("in use by process 4242 on elsewhere.example");
  });

  it("an unreadable lock file is refused, never taken over", () => {
    const d = fresh();
    writeFileSync(join(d, LOCK), "");
    expect(() => acquireRunLock(d, () => false)).toThrow("in use by another process (its lock file is unreadable)");
    expect(existsSync(join(d, LOCK))).toBe(true);
  });

  it("release leaves a lock that another process took over in place", () => {
    const d = fresh();
    const lock = acquireRunLock(d);
    holder(d, 4242);
    lock.release();
    expect(existsSync(join(d, LOCK))).toBe(true);
  });
});

describe("holderAlive", () => {
  it("asks about the pid only for a holder of this host", () => {
    expect(holderAlive({ pid: 1, host: hostname() }, () => false)).toBe(false);
    expect(holderAlive({ pid: 1, host: hostname() }, () => true)).toBe(true);
    expect(holderAlive({ pid: 1, host: "elsewhere.example" }, () => false)).toBe(true);
  });
});

describe("a stale lock left by a killed run in a restarted container (same host name, pids numbered again)", () => {
  const writeLock = (dir: string, content: object): void => writeFileSync(join(dir, LOCK), JSON.stringify(content) + "\n");

  it("a lock naming this very process, which holds no such lock, is a dead run's: taken over", () => {
    const d = fresh();
    // As the killed run wrote it (an older evalsim: pid and host only), with the pid the resuming process now has.
    writeLock(d, { pid: process.pid, host: hostname() });
    const lock = acquireRunLock(d);
    expect(JSON.parse(readFileSync(lock.file, "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(join(d, LOCK))).toBe(false);
  });

  it.skipIf(!PROC)("a live pid that started at another time than the lock's holder is a reused pid: taken over; the holder itself is refused", async () => {
    // A real live process stands for the unrelated one that got the dead run's pid.
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      const pid = child.pid as number;
      await new Promise((r) => setTimeout(r, 50));
      const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
      const start = processStart(pid) as string;
      expect(start).toMatch(/^\d+$/);
      const reused = fresh();
      writeLock(reused, { pid, host: hostname(), boot_id: boot, start: String(Number(start) + 12345) });
      const lock = acquireRunLock(reused);
      lock.release();
      const live = fresh();
      writeLock(live, { pid, host: hostname(), boot_id: boot, start });
      expect(() => acquireRunLock(live)).toThrow(`in use by process ${pid}`);
      // Another boot of the machine: whatever holds that pid now is not the holder.
      const rebooted = fresh();
      writeLock(rebooted, { pid, host: hostname(), boot_id: "00000000-0000-0000-0000-000000000000", start });
      acquireRunLock(rebooted).release();
    } finally {
      child.kill("SIGKILL");
    }
  });
});
