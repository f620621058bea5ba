import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PYTHON_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "oracles");

/** Run a project-owned Python oracle script with `input` on stdin; returns stdout lines. */
export function runPython(script: string, input: string, args: readonly string[] = []): string[] {
  const res = spawnSync("python3", [join(PYTHON_DIR, script), ...args], {
    input,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`python3 ${script} exited ${res.status}: ${res.stderr}`);
  return res.stdout.split("\n").filter((l) => l.length > 0);
}
