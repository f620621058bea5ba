/**
 * What produced a run, for `run_config.json`: evalsim's version, a digest of
 * the fixture files the run read, digests of other inputs (each model's
 * settings come from `llmProvenance` in bots/llm.ts).
 */
import { domainFolder, resolveDomainRoot } from "../../engine/domain-data.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Domain } from "../../engine/domain.js";
import type { DataRootOptions } from "../../loaders/data-root.js";
import { PROJECT_ROOT } from "../../loaders/data-root.js";
import { listFixtureFiles } from "../../loaders/manifest.js";
import { fileSetDigest } from "../../hash/provenance-digest.js";
import type { JsonObject } from "../../json/types.js";

let version: string | undefined;

/** evalsim's version, from its package.json. */
export function evalsimVersion(): string {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: unknown };
      version = typeof pkg.version === "string" ? pkg.version : "unknown";
    } catch {
      version = "unknown";
    }
  }
  return version;
}

/**
 * Per domain, SHA-256 over `<path> <sha256>` lines of every fixture file of
 * that domain, paths relative to its data root: equal for equal data
 * wherever the data root lives.
 */
export function dataDigest(domains: readonly Domain[], rootOpts: DataRootOptions): JsonObject {
  const out: JsonObject = {};
  for (const d of [...domains].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    // A domain without a fixture folder (its data lives in its module) has no files to digest.
    const root = resolveDomainRoot(d, rootOpts);
    const files = d.fixtures ? listFixtureFiles(root, domainFolder(d)) : [];
    out[d.name] = fileSetDigest(files, (rel) => readFileSync(join(root, rel)));
  }
  return out;
}
