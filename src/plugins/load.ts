/**
 * Domains as plugins: a module that exports domains adds them beside the
 * built-in ones. The built-in domains are read from their module by the
 * same code, so they are registered exactly as a plugin is.
 */
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import * as builtin from "../domains/index.js";
import type { Domain } from "../engine/domain.js";
import { errorLine } from "../engine/error-text.js";
import { createRegistry, type Registry } from "../engine/registry.js";

/** A plugin that cannot be used; the CLI prints the message as one line and exits 2. */
export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PluginError";
  }
}

const BUILTIN = "evalsim's built-in domains";

/** The module each plugin domain came from, so worker threads load the same plugins. */
const origins = new WeakMap<Domain, string>();

export function pluginModuleOf(domain: Domain): string | undefined {
  return origins.get(domain);
}

function isDomain(v: unknown): v is Domain {
  if (v === null || typeof v !== "object") return false;
  const d = v as Partial<Domain>;
  return typeof d.name === "string" && typeof d.scenarios === "function" && typeof d.tools === "object" && d.tools !== null && Array.isArray(d.tools.agent);
}

/**
 * The domains a module exports: `domains` (a list), else a default export (a
 * domain or a list), else every named export that is a domain, in the
 * module's export order.
 */
export function domainsOf(mod: Readonly<Record<string, unknown>>, source: string): Domain[] {
  const pick = (v: unknown, what: string): Domain[] => {
    const list = Array.isArray(v) ? (v as unknown[]) : [v];
    const bad = list.findIndex((d) => !isDomain(d));
    if (bad >= 0) throw new PluginError(`${source}: ${what}${Array.isArray(v) ? `[${bad}]` : ""} is not a domain (expected an object with name, tools.agent and scenarios(); see defineDomain)`);
    return list as Domain[];
  };
  if (mod["domains"] !== undefined) return pick(mod["domains"], "export 'domains'");
  if (mod["default"] !== undefined) return pick(mod["default"], "the default export");
  const found = Object.values(mod).filter(isDomain);
  if (found.length === 0) throw new PluginError(`${source}: exports no domain (export one made with defineDomain, or a 'domains' list)`);
  return found;
}


/**
 * The file URL of tsx's ESM API as resolved from `from` (a file path or URL):
 * its package.json is found the way Node finds packages, and the `import`
 * entry of its `./esm/api` export is taken (require.resolve would give the
 * CommonJS entry).
 */
function tsxApiFrom(from: string): string | undefined {
  try {
    const pkgFile = createRequire(from).resolve("tsx/package.json");
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { exports?: Record<string, { import?: string | { default?: string } }> };
    const entry = pkg.exports?.["./esm/api"]?.import;
    const file = typeof entry === "string" ? entry : entry?.default;
    return file === undefined ? undefined : pathToFileURL(join(dirname(pkgFile), file)).href;
  } catch {
    return undefined;
  }
}

/** `import()` of a plugin file; a `.ts` file goes through tsx, from the plugin's project or else evalsim's own. */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  if (!/\.[cm]?ts$/.test(path)) return (await import(url)) as Record<string, unknown>;
  const api = tsxApiFrom(path) ?? tsxApiFrom(import.meta.url);
  if (api === undefined) throw new PluginError(`${path}: a TypeScript plugin needs tsx in its project (npm install --save-dev tsx), or compile it to .js`);
  const { tsImport } = (await import(api)) as { tsImport: (spec: string, parent: string) => Promise<Record<string, unknown>> };
  return tsImport(url, import.meta.url);
}

/** Load the domains of one plugin module (a path, relative to `baseDir`). */
export async function loadDomainModule(spec: string, baseDir: string): Promise<Domain[]> {
  const path = isAbsolute(spec) ? spec : resolve(baseDir, spec);
  if (!existsSync(path)) {
    // `--domains tau2_retail` is one letter off `--domain tau2_retail`: say so instead of a module-not-found error.
    const name = /^[\w-]+$/.test(spec) ? `; to select the scenarios of a domain, use --domain ${spec}` : "";
    throw new PluginError(`${spec}: no such plugin module (${path})${name}`);
  }
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(path);
  } catch (e) {
    if (e instanceof PluginError) throw e;
    throw new PluginError(`${spec}: cannot load: ${errorLine(e)}`);
  }
  const domains = domainsOf(mod, spec);
  for (const d of domains) origins.set(d, path);
  return domains;
}

export interface RegistryOptions {
  /** Register the built-in domains (default true; `--no-builtin` and `"!builtin"` in a config turn them off). */
  readonly builtin?: boolean;
  /**
   * Where a plugin that cannot be used is reported, one line each; it is
   * then left out and the rest load. Without it the first such problem
   * throws a PluginError.
   */
  readonly onProblem?: (message: string) => void;
}

/**
 * The registry of the built-in domains plus those of `modules` (paths
 * relative to `baseDir`), in that order. A module that cannot be loaded or a
 * domain whose name is taken (the message names both sources) is reported
 * through `onProblem` and left out, and so is, when a catalog loads it, a
 * plugin domain with authoring mistakes (engine/authoring-check.ts); the
 * built-in domains and the other plugins stay.
 */
export async function buildRegistry(modules: readonly string[] = [], baseDir = process.cwd(), options: RegistryOptions = {}): Promise<Registry> {
  const report =
    options.onProblem ??
    ((message: string): never => {
      throw new PluginError(message);
    });
  const sources: { domains: Domain[]; source: string }[] = options.builtin === false ? [] : [{ domains: domainsOf(builtin, BUILTIN), source: BUILTIN }];
  for (const spec of modules) {
    try {
      sources.push({ domains: await loadDomainModule(spec, baseDir), source: spec });
    } catch (e) {
      if (!(e instanceof PluginError)) throw e;
      report(e.message);
    }
  }
  const seen = new Map<string, { source: string; domain: Domain }>();
  const kept: Domain[] = [];
  const plugins = new WeakSet<Domain>();
  for (const { domains, source } of sources) {
    for (const d of domains) {
      const first = seen.get(d.name);
      // The same module given twice (a config and --domains) gives the same values: registered once.
      if (first?.domain === d) continue;
      if (first !== undefined) {
        report(`${source}: domain '${d.name}' is already registered (by ${first.source})`);
        continue;
      }
      if (source !== BUILTIN) plugins.add(d);
      seen.set(d.name, { source, domain: d });
      kept.push(d);
    }
  }
  return createRegistry(kept, { checked: (d) => plugins.has(d), broken: report, origin: (d) => origins.get(d) });
}
