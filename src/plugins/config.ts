/**
 * `evalsim.config.{js,mjs,json}` in the working directory: plugin domains, a
 * data root and default options per command, for every command run there.
 * Paths are relative to the file (the working directory). The option names
 * are checked against the commands by the CLI (src/cli/config-defaults.ts);
 * here only the file's shape is.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PluginError } from "./load.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";
import { findReservedKey } from "../json/reserved-keys.js";

/** The names of the project config file evalsim reads from the working directory, in the order it looks for them. */
export const CONFIG_FILES = ["evalsim.config.js", "evalsim.config.mjs", "evalsim.config.json"] as const;

const FIELDS = ["domains", "dataRoot", "options"] as const;

/** The entry of `domains` that leaves the built-in domains out. */
const NO_BUILTIN = "!builtin";

/** One default: a flag's value, `true`/`false` for a flag without one, a list for a repeatable flag. */
export type OptionDefault = string | number | boolean | readonly string[];

/** A project's `evalsim.config.*`: plugin domains, a data root and default options per command. */
export interface EvalsimConfig {
  /** The file it was read from. */
  readonly file: string;
  /** Plugin modules, as absolute paths. */
  readonly domains: readonly string[];
  /** False when `domains` lists `"!builtin"`: the built-in domains are left out. */
  readonly builtin?: boolean;
  readonly dataRoot?: string;
  /** `options.<command>.<flag name without -->`: what the command gets when its command line does not say. */
  readonly options: Readonly<Record<string, Readonly<Record<string, OptionDefault>>>>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return typeof v === "object" ? "an object" : typeof v;
}

function parseOptions(file: string, value: unknown): EvalsimConfig["options"] {
  if (value === undefined) return {};
  if (!isObject(value)) throw new PluginError(`${file}: options: expected an object {command: {option: value}}, got ${describe(value)}`);
  const options: Record<string, Record<string, OptionDefault>> = {};
  for (const [command, entries] of Object.entries(value)) {
    if (!isObject(entries)) throw new PluginError(`${file}: options.${command}: expected an object {option: value}, got ${describe(entries)}`);
    const own: Record<string, OptionDefault> = {};
    for (const [key, v] of Object.entries(entries)) {
      const ok = typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || (Array.isArray(v) && v.every((x) => typeof x === "string"));
      if (!ok) throw new PluginError(`${file}: options.${command}.${key}: expected a string, number, true/false or a list of strings, got ${describe(v)}`);
      own[key] = v;
    }
    options[command] = own;
  }
  return options;
}

function parseConfig(file: string, value: unknown): EvalsimConfig {
  if (!isObject(value)) throw new PluginError(`${file}: expected an object {domains?, dataRoot?, options?}`);
  const reserved = findReservedKey(value);
  if (reserved !== undefined) throw new PluginError(`${file}: ${reserved}: "${reserved.split(".").pop() ?? ""}" is not allowed as a key (it names JavaScript's object machinery, not an option)`);
  const unknown = Object.keys(value).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw new PluginError(`${file}: ${unknown[0]}: no such field (expected ${FIELDS.join(", ")})`);
  const domains = value["domains"] ?? [];
  if (!Array.isArray(domains) || domains.some((d) => typeof d !== "string" || d === "")) throw new PluginError(`${file}: domains: expected a list of module paths (and \"!builtin\" to leave the built-in domains out)`);
  const dataRoot = value["dataRoot"];
  if (dataRoot !== undefined && (typeof dataRoot !== "string" || dataRoot === "")) throw new PluginError(`${file}: dataRoot: expected a directory path`);
  const base = dirname(file);
  const modules = (domains as string[]).filter((d) => d !== NO_BUILTIN);
  return {
    file,
    domains: modules.map((d) => resolve(base, d)),
    ...(modules.length === domains.length ? {} : { builtin: false }),
    ...(dataRoot === undefined ? {} : { dataRoot: resolve(base, dataRoot) }),
    options: parseOptions(file, value["options"]),
  };
}

/** The config of `cwd`, if it has one (the first of CONFIG_FILES that exists). */
export async function readConfig(cwd: string): Promise<EvalsimConfig | undefined> {
  const name = CONFIG_FILES.find((n) => existsSync(join(cwd, n)));
  if (name === undefined) return undefined;
  const file = join(cwd, name);
  let value: unknown;
  try {
    if (name.endsWith(".json")) value = JSON.parse(readInputText(file, "config"));
    else value = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  } catch (e) {
    if (e instanceof FixtureError) throw new PluginError(e.message);
    throw new PluginError(`${file}: cannot read: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
  }
  return parseConfig(file, value);
}
