import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { dataRootCandidates, defaultFixturesDir } from "../loaders/data-root.js";
import { readManifest } from "../loaders/manifest.js";
import { pluginModuleOf } from "../plugins/load.js";
import type { CommandContext } from "./command.js";
import { failureSummary, fetchPlan, fetchWithProgress } from "./fetch-progress.js";
import { UsageError } from "./io.js";

/** `EVAL_FIXTURES_URL`: a mirror laid out like the data root, used instead of the pinned upstream URLs. */
export function fixturesUrlFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const url = env["EVAL_FIXTURES_URL"];
  return url === undefined || url === "" ? undefined : url;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/**
 * On a fresh clone (no --data-root, no EVAL_DATA_ROOT, and no domain folder in
 * any default place) fetch the pinned fixtures into data/fixtures, so the
 * default job is the whole set-up. Plugin domains bring their own data, so
 * with none of the built-in domains loaded (--no-builtin) nothing is fetched.
 * Anything else is left to the data-root resolution and its errors.
 */
export async function fetchFixturesIfNone(ctx: CommandContext): Promise<void> {
  if (ctx.dataRoot !== undefined || (ctx.io.env["EVAL_DATA_ROOT"] ?? "") !== "") return;
  const candidates = dataRootCandidates({ env: ctx.io.env });
  const domains = ctx.registry.domains.filter((d) => pluginModuleOf(d) === undefined).map((d) => d.name);
  if (domains.length === 0) return;
  if (candidates.some((c) => domains.some((d) => isDir(join(c.path, d))))) return;
  // Optional entries (recorded conversations for replay and tests) are not part of the set-up.
  const all = readManifest();
  const manifest = { ...all, files: all.files.filter((f) => f.optional !== true) };
  const target = defaultFixturesDir(ctx.io.env);
  ctx.io.err(`evalsim: no fixture data found (looked in ${candidates.map((c) => c.path).join(" and ")})\n`);
  ctx.io.err(`evalsim: fetching the pinned fixtures: ${fetchPlan(manifest, target)}\n`);
  const result = await fetchWithProgress(ctx.io, manifest, target, fixturesUrlFromEnv(ctx.io.env));
  if (result.failed.length > 0) {
    throw new UsageError(
      `${failureSummary(result)}; put the fixture data in ${target} (or point --data-root / EVAL_DATA_ROOT at it): see "Getting the fixture data" in the README`,
    );
  }
  ctx.io.err(`evalsim: ${result.fetched.length} files fetched and verified into ${target}\n`);
}
