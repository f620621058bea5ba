import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { threadId } from "node:worker_threads";

/**
 * The temporary sibling `writeFileAtomic` writes before the rename:
 * `.<name>.<pid>-<thread>.tmp`. Worker threads share the pid, so the thread
 * id keeps their temp files apart.
 */
export function atomicTempName(name: string, pid = process.pid, thread = threadId): string {
  return `.${name}.${pid}-${thread}.tmp`;
}

const ATOMIC_TEMP = /^\.(.+)\.\d+-\d+\.tmp$/;

/** True for exactly the names `atomicTempName` produces (for `name`, when given). */
export function isAtomicTempName(file: string, name?: string): boolean {
  const m = ATOMIC_TEMP.exec(file);
  return m !== null && (name === undefined || m[1] === name);
}

/**
 * `writeFileSync`, but an error of the write itself (ENOSPC, EDQUOT, EIO:
 * Node names no path for those) names the file, so the user learns which.
 */
export function writeFileNamed(path: string, content: string | Uint8Array): void {
  try {
    writeFileSync(path, content);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err instanceof Error && typeof err.code === "string" && err.path === undefined) err.path = path;
    throw e;
  }
}

/** Codes of a file system that can take no more (full, over quota, read-only, failing). */
const OUT_OF_SPACE = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);

/**
 * An error no scenario can be blamed for: the disk is full (or read-only,
 * or failing), so every scenario after it would fail the same way. A run
 * stops on it, naming the file, rather than erroring each scenario in turn.
 */
export function isOutOfSpace(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && OUT_OF_SPACE.has((e as NodeJS.ErrnoException).code ?? "");
}

/**
 * Write a file so readers see either the old content or the whole new one:
 * write a sibling temp file, then rename over the target (atomic on POSIX).
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, atomicTempName(basename(path)));
  try {
    writeFileNamed(tmp, content);
    renameSync(tmp, path);
  } catch (e) {
    // A write cut short (a full disk) must not leave its temp file behind.
    rmSync(tmp, { force: true });
    throw e;
  }
}
