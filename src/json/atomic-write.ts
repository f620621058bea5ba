import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { threadId } from "node:worker_threads";

/**
 * Write a file so readers see either the old content or the whole new one:
 * write a sibling temp file, then rename over the target (atomic on POSIX).
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  // Worker threads share the pid: the thread id keeps their temp files apart.
  const tmp = join(dir, `.${basename(path)}.${process.pid}-${threadId}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
