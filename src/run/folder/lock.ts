/**
 * One process at a time in a run folder. The lock file is created
 * exclusively and holds the owner's pid and host, and, where /proc tells
 * them, the machine's boot id and the process's start time; a second
 * process refuses with the holder's pid. A lock is stale, and taken over,
 * when its holder is a process of this host that is provably gone: no such
 * pid; a pid that now belongs to a process started at another time (a
 * restarted container numbers its processes from 1 again, so a dead run's
 * pid is often alive, and often the resuming process itself); another boot
 * of the machine; or this very process when it holds no such lock. A
 * takeover happens under a short-lived exclusive `.takeover` folder so two
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

export interface Holder {
  readonly pid: number;
  readonly host: string;
  /** /proc/sys/kernel/random/boot_id of the holder's machine, where there is one. */
  readonly boot_id?: string;
  /** The holder's start time, in clock ticks since boot (/proc/PID/stat, field 22), where there is one. */
  readonly start?: string;
}

/** The locks this process holds (by file): a lock naming this pid that is not among them is a dead run's. */
const HELD = new Set<string>();

const readProc = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** This machine's boot id (Linux), else undefined. */
function bootId(): string | undefined {
  const id = readProc("/proc/sys/kernel/random/boot_id")?.trim();
  return id ? id : undefined;
}

/** When process `pid` started, in clock ticks since boot (Linux /proc), else undefined. */
export function processStart(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces or ')': fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const start = fields[19];
  return start !== undefined && /^\d+$/.test(start) ? start : undefined;
}

function ownHolder(): Holder {
  const boot = bootId();
  const start = processStart(process.pid);
  return { pid: process.pid, host: hostname(), ...(boot ? { boot_id: boot } : {}), ...(start ? { start } : {}) };
}

function readHolder(file: string): Holder | undefined {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    if (typeof v.pid !== "number" || typeof v.host !== "string") return undefined;
    return { pid: v.pid, host: v.host, ...(typeof v.boot_id === "string" ? { boot_id: v.boot_id } : {}), ...(typeof v.start === "string" ? { start: v.start } : {}) };
  } catch {
    return undefined;
  }
}

/** How a holder's liveness is judged; tests replace the parts. */
export interface Liveness {
  readonly isAlive: (pid: number) => boolean;
  readonly startOf: (pid: number) => string | undefined;
  readonly bootId: () => string | undefined;
}

const REAL: Liveness = { isAlive: pidAlive, startOf: processStart, bootId };

/**
 * True unless the holder is a process of this host that is provably gone.
 * `file` is the lock it holds: naming this process, it is alive only if this
 * process holds that lock.
 */
export function holderAlive(h: Holder, live: Partial<Liveness> | ((pid: number) => boolean) = {}, file?: string): boolean {
  const l: Liveness = typeof live === "function" ? { ...REAL, isAlive: live } : { ...REAL, ...live };
  if (h.host !== hostname()) return true;
  if (h.pid === process.pid && file !== undefined) return HELD.has(file);
  const boot = l.bootId();
  if (h.boot_id !== undefined && boot !== undefined && h.boot_id !== boot) return false;
  if (!l.isAlive(h.pid)) return false;
  const start = h.start === undefined ? undefined : l.startOf(h.pid);
  return start === undefined || start === h.start;
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
  writeFileSync(tmp, JSON.stringify(ownHolder()) + "\n", { flag: "w" });
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
  HELD.add(file);
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      HELD.delete(file);
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
export function acquireRunLock(runDir: string, live: Partial<Liveness> | ((pid: number) => boolean) = {}): RunLock {
  const file = join(runDir, LOCK_FILE);
  if (createExclusive(file)) return lockOf(file);
  const holder = readHolder(file);
  // A lock this process holds is another run of this process (or a test): refused like any live one.
  if (!holder || holderAlive(holder, live, file)) refuse(runDir, holder);
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
