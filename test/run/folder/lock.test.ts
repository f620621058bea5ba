import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireRunLock, holderAlive, RunLockedError } from "../../../src/run/folder/lock.js";

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
    expect(JSON.parse(readFileSync(lock.file, "utf8"))).toEqual({ pid: process.pid, host: hostname() });
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
    expect(JSON.parse(readFileSync(lock.file, "utf8"))).toEqual({ pid: process.pid, host: hostname() });
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
