/** Small file helpers of the loaders and the checks. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { compareCodePoints } from "../json/py-string.js";

export function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

export function isDir(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

/** Names in `dir` that match `re`, in code-point order; none when `dir` is absent. */
export function listNames(dir: string, re: RegExp): string[] {
  if (!isDir(dir)) return [];
  return readdirSync(dir)
    .filter((n) => re.test(n))
    .sort(compareCodePoints);
}
