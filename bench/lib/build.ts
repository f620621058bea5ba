/** `npm run build` once per bench run, before the first case that spawns the built CLI. */
import { spawnSync } from "node:child_process";
import type { BenchContext } from "./context.js";
import { PROJECT } from "./spawn.js";

let outcome: string | undefined | null = null;

/** undefined when dist/ is ready (built now, or `--no-build`); else why the build failed. */
export function ensureBuilt(ctx: BenchContext): string | undefined {
  if (!ctx.build) return undefined;
  if (outcome !== null) return outcome;
  const res = spawnSync("npm", ["run", "build"], { cwd: PROJECT, encoding: "utf8" });
  const firstError = `${res.stdout}\n${res.stderr}`.split("\n").find((l) => l.includes("error")) ?? `exit ${res.status}`;
  outcome = res.status === 0 ? undefined : `npm run build failed: ${firstError.trim()}`;
  return outcome;
}
