/**
 * Writes a plugin package, as an author keeps one, into a new folder: its
 * files with text patches applied (`[file, from, to]`, each of which must
 * apply), a package.json and a node_modules link, so a test loads it exactly
 * as `--domains` does.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";

/** Text replacements applied to the package's files: `[file, from, to]`. */
export type Patch = readonly (readonly [string, string, string])[];

/** The file URL of the package index, which plugin sources import as `evalsim`. */
export const API = pathToFileURL(join(PROJECT_ROOT, "src", "index.ts")).href;

/** The package in a new folder, with `patch` applied; returns the path of its index.js. */
export function writePluginPackage(name: string, files: Readonly<Record<string, string>>, patch: Patch = []): string {
  const dir = mkdtempSync(join(tmpdir(), `evalsim-${name}-`));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  symlinkSync(join(PROJECT_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  for (const [target] of patch) if (!Object.hasOwn(files, target)) throw new Error(`patch: no file ${target}`);
  for (const [file, text] of Object.entries(files)) {
    let out = text;
    for (const [target, from, to] of patch) {
      if (target !== file) continue;
      if (!out.includes(from)) throw new Error(`patch: ${file} has no ${JSON.stringify(from)}`);
      out = out.replace(from, to);
    }
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), out);
  }
  return join(dir, "index.js");
}
