/**
 * One process at a time in a run folder. The lock file is created
 * exclusively and holds the owner's pid and host; a second process refuses
 * with the holder's pid. A lock whose process is gone (same host, no such
 * pid) is taken over, under a short-lived exclusive `.takeover` folder so two
 * processes cannot both take over the same stale lock.
 */
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { atomicTempName } from "../../json/atomic-write.js";
import { LOCK_FILE } from "../layout.js";

/** A run folder another process is writing (its lock is held). */
export class RunLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunLockedError";
  }
}

export interface RunLock {
  readonly file: string;
  release(): void;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    return typeof v.pid === "number" && typeof v.host === "string" ? { pid: v.pid, host: v.host } : undefined;
  } catch {
    return undefined;
  }
}

/** True unless the holder is a process of this host that no longer exists. */
export function holderAlive(h: Holder, isAlive: (pid: number) => boolean = pidAlive): boolean {
  return h.host !== hostname() || isAlive(h.pid);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Create `file` with the holder's content in one step: the content is written
 * to a private temp file first and then hard-linked into place (link fails
 * when the name exists), so a reader never sees an empty or half-written lock.
 */
function createExclusive(file: string): boolean {
  const tmp = join(dirname(file), atomicTempName(basename(file)));
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, host: hostname() }) + "\n", { flag: "w" });
  try {
    linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

const lockOf = (file: string): RunLock => {
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      const h = readHolder(file);
      if (h && h.pid === process.pid && h.host === hostname()) rmSync(file, { force: true });
    },
  };
};

function refuse(runDir: string, h: Holder | undefined): never {
  const who = h ? `process ${h.pid}${h.host === hostname() ? "" : ` on ${h.host}`}` : "another process (its lock file is unreadable)";
  throw new RunLockedError(`${runDir}: in use by ${who}; wait for it to finish, or delete ${join(runDir, LOCK_FILE)} if it is gone`);
}

/** Lock `runDir` for this process, taking over a stale lock; throws `RunLockedError` when it is held. */
export function acquireRunLock(runDir: string, isAlive: (pid: number) => boolean = pidAlive): RunLock {
  const file = join(runDir, LOCK_FILE);
  if (createExclusive(file)) return lockOf(file);
  const holder = readHolder(file);
  // A same-process holder is another run of this process (or a test): refused like any live one.
  if (!holder || holderAlive(holder, isAlive)) refuse(runDir, holder);
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch {
    refuse(runDir, holder);
  }
  try {
    const again = readHolder(file);
    if (again && (again.pid !== holder.pid || again.host !== holder.host)) refuse(runDir, again);
    rmSync(file, { force: true });
    if (!createExclusive(file)) refuse(runDir, readHolder(file));
    return lockOf(file);
  } finally {
    rmdirSync(guard);
  }
}
