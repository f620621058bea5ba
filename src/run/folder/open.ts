/**
 * Opening a run folder: a new one is created exclusively (a name already
 * taken, by another run started in the same second, gets a suffix), and
 * either kind is locked for this process before anything is written.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { JsonObject } from "../../json/types.js";
import { LOCK_FILE, readRunConfigFile, RUN_CONFIG_FILE } from "../layout.js";
import type { RunLock } from "./lock.js";
import { acquireRunLock } from "./lock.js";
import { RunSetupError } from "../setup-error.js";
import { refuseLinksIn, refuseUnlessOwnRunFolder } from "./guard.js";

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** `eval_YYYYmmdd_HHMMSS` (UTC), the reference's run folder name. */
export function runFolderName(d: Date): string {
  return `eval_${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}_${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
}

export interface OpenedRun {
  readonly dir: string;
  readonly lock: RunLock;
}

const isLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** `--out` naming a file (or a link loop) is said so, not left to mkdir's EEXIST or ELOOP. */
function refuseNonFolder(given: string, path: string): void {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // The path itself is a link in a loop (mkdir would say ENOENT); a loop further up is mkdir's own ELOOP message.
    if (code === "ELOOP" && isLink(path)) throw new RunSetupError(`--out ${given}: is a symbolic link loop; fix the link or choose another folder`);
    return;
  }
  if (!st.isDirectory()) throw new RunSetupError(`--out ${given}: is a file, not a folder; choose a folder (it is created when missing)`);
}

/** Create `<out>/eval_<stamp>` (or `eval_<stamp>_2`, `_3`, ... when taken) and lock it. */
export function createRunFolder(out: string, now: Date): OpenedRun {
  const parent = resolve(out);
  refuseNonFolder(out, parent);
  mkdirSync(parent, { recursive: true });
  const base = runFolderName(now);
  for (let n = 1; ; n++) {
    const dir = join(parent, n === 1 ? base : `${base}_${n}`);
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw e;
    }
    return { dir, lock: acquireRunLock(dir) };
  }
}

/**
 * Exactly `path` as a new run folder, reused from run to run (what `check`
 * writes into instead of a new folder each time): created when missing; an
 * earlier run there is locked, then emptied, its run_config.json last, so a
 * clean-up that was cut short still reads as a run folder. A folder that
 * is not a run is refused untouched.
 */
export function openReusedRunFolder(path: string): OpenedRun {
  const dir = resolve(path);
  refuseUnlessOwnRunFolder(dir, path);
  refuseNonFolder(path, dir);
  mkdirSync(dir, { recursive: true });
  if (!statSync(dir).isDirectory()) throw new RunSetupError(`${path}: is not a folder`);
  const lock = acquireRunLock(dir);
  try {
    // Proven again under the lock: the folder may have changed since it was first looked at.
    refuseUnlessOwnRunFolder(dir, path);
    const names = readdirSync(dir).filter((n) => n !== LOCK_FILE);
    for (const n of names) if (n !== RUN_CONFIG_FILE) rmSync(join(dir, n), { recursive: true, force: true });
    rmSync(join(dir, RUN_CONFIG_FILE), { force: true });
  } catch (e) {
    lock.release();
    throw e;
  }
  return { dir, lock };
}

/** A folder to resume: it must be a run folder (with a readable run_config.json, and no link inside); then it is locked. */
export function openRunForResume(path: string): OpenedRun & { config: JsonObject } {
  const dir = resolve(path);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RunSetupError(`--resume ${path}: no such run folder`);
  if (!existsSync(join(dir, RUN_CONFIG_FILE))) throw new RunSetupError(`--resume ${path}: not a run folder (no ${RUN_CONFIG_FILE}); nothing was changed`);
  refuseLinksIn(dir);
  const lock = acquireRunLock(dir);
  const config = readRunConfigFile(dir);
  if (!config) {
    lock.release();
    throw new RunSetupError(`--resume ${path}: ${RUN_CONFIG_FILE} is not a readable JSON object; nothing was changed`);
  }
  return { dir, lock, config };
}
