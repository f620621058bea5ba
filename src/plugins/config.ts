/**
 * `evalsim.config.{js,mjs,json}` in the working directory: plugin domains
 * and a data root that every command uses. Paths are relative to the file.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PluginError } from "./load.js";

export const CONFIG_FILES = ["evalsim.config.js", "evalsim.config.mjs", "evalsim.config.json"] as const;

export interface EvalsimConfig {
  /** The file it was read from. */
  readonly file: string;
  /** Plugin modules, as absolute paths. */
  readonly domains: readonly string[];
  readonly dataRoot?: string;
}

function parseConfig(file: string, value: unknown): EvalsimConfig {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new PluginError(`${file}: expected an object {domains?, dataRoot?}`);
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => k !== "domains" && k !== "dataRoot");
  if (unknown.length > 0) throw new PluginError(`${file}: ${unknown[0]}: no such field (expected domains, dataRoot)`);
  const domains = v["domains"] ?? [];
  if (!Array.isArray(domains) || domains.some((d) => typeof d !== "string" || d === "")) throw new PluginError(`${file}: domains: expected a list of module paths`);
  const dataRoot = v["dataRoot"];
  if (dataRoot !== undefined && (typeof dataRoot !== "string" || dataRoot === "")) throw new PluginError(`${file}: dataRoot: expected a directory path`);
  const base = dirname(file);
  return { file, domains: (domains as string[]).map((d) => resolve(base, d)), ...(dataRoot === undefined ? {} : { dataRoot: resolve(base, dataRoot) }) };
}

/** The config of `cwd`, if it has one (the first of CONFIG_FILES that exists). */
export async function readConfig(cwd: string): Promise<EvalsimConfig | undefined> {
  const name = CONFIG_FILES.find((n) => existsSync(join(cwd, n)));
  if (name === undefined) return undefined;
  const file = join(cwd, name);
  let value: unknown;
  try {
    if (name.endsWith(".json")) value = JSON.parse(readFileSync(file, "utf8"));
    else value = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  } catch (e) {
    throw new PluginError(`${file}: cannot read: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
  }
  return parseConfig(file, value);
}
