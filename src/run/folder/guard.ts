/**
 * A run folder is untrusted input: it travels as a CI artifact or a tarball,
 * and whoever made it chose every name and every link in it. So evalsim
 * empties or rewrites a folder only when it can show the folder is a run
 * folder of its own (a real folder, not a link; an evalsim run_config.json;
 * nothing at its top but the files a run writes and scenario folders), and every reader refuses a
 * symbolic link anywhere inside one (a link would make it read, and copy into
 * a report or a merge, whatever file the link points at). Refusals are one
 * line naming the path, and nothing is read or changed.
 */
import type { Dirent } from "node:fs";
import { lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { isAtomicTempName } from "../../json/atomic-write.js";
import { SIGNATURE_FILE } from "./trust.js";
import { IMPORTED_FILE, isPartialDirName, LOCK_FILE, MERGE_MARKER, METRICS_FILE, readRunConfigFile, REPORT_FILE, RUN_CONFIG_FILE, RUN_LEVEL_FILES } from "../layout.js";

/** A folder refused as a run folder to read from or to replace; the CLI exits 2 with the message. */
export class RunFolderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunFolderRefusedError";
  }
}

/** The files a run folder may hold at its top, besides folders (scenarios, and scenario folders still being written). */
const TOP_FILES: readonly string[] = [...RUN_LEVEL_FILES, LOCK_FILE, SIGNATURE_FILE, IMPORTED_FILE, MERGE_MARKER, REPORT_FILE];

/**
 * A folder a run writes at its top: one still being written (`.partial`), a
 * finished scenario (its metrics), or a scenario of several trials (its
 * `trial_<k>` folders, finished or still being written).
 */
function isScenarioFolder(path: string): boolean {
  if (isPartialDirName(path)) return true;
  try {
    return readdirSync(path).some((e) => e === METRICS_FILE || /^trial_\d+(\.partial)?$/.test(e));
  } catch {
    return false;
  }
}

const isTopFile = (name: string): boolean => TOP_FILES.includes(name) || TOP_FILES.some((f) => isAtomicTempName(name, f));

/** The first symbolic link under `dir` (depth first, names in order), as a path that starts with `dir`; undefined when none. */
export function firstLinkUnder(dir: string): string | undefined {
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      continue; // Not a folder, or gone: the reader that opens it says so.
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: string[] = [];
    for (const e of entries) {
      if (e.isSymbolicLink()) return join(d, e.name);
      if (e.isDirectory()) subfolders.push(join(d, e.name));
    }
    stack.push(...subfolders.reverse());
  }
  return undefined;
}

/**
 * Refuse to read `dir` (a run folder, or a folder of recordings from another
 * harness) when it holds a symbolic link anywhere inside. `dir` itself may be
 * a link: that one the user named.
 */
export function refuseLinksIn(dir: string): void {
  const link = firstLinkUnder(dir);
  if (link !== undefined) {
    throw new RunFolderRefusedError(`${link}: is a symbolic link inside ${dir}; a run folder is read only when it holds plain files and folders (nothing was read)`);
  }
}

const isLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/**
 * Why `dir` (named `given` by the user) may not be emptied or rewritten as a
 * run folder of evalsim's own, or undefined when it may: a missing or empty
 * folder, or a real folder (not a link) whose run_config.json is an evalsim
 * one (it carries `evalsim_version`), that holds nothing at its top but the
 * files a run writes and scenario folders, and no link anywhere.
 */
export function notOwnRunFolder(dir: string): string | undefined {
  if (isLink(dir)) return "is a symbolic link, not a run folder";
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined; // Missing: it is created.
  }
  if (names.filter((n) => n !== LOCK_FILE).length === 0) return undefined;
  if (!names.includes(RUN_CONFIG_FILE)) return `exists and is not a run folder (no ${RUN_CONFIG_FILE})`;
  if (isLink(join(dir, RUN_CONFIG_FILE))) return `${RUN_CONFIG_FILE} is a symbolic link`;
  const config = readRunConfigFile(dir);
  if (!config || typeof config["evalsim_version"] !== "string") return `exists and is not an evalsim run folder (${RUN_CONFIG_FILE} is not one evalsim wrote)`;
  const link = firstLinkUnder(dir);
  if (link !== undefined) return `holds a symbolic link (${relative(dir, link)}), which no run writes`;
  for (const n of names) {
    let folder: boolean;
    try {
      folder = lstatSync(join(dir, n)).isDirectory();
    } catch {
      continue;
    }
    if (!folder && !isTopFile(n)) return `holds ${n}, which no run writes`;
    if (folder && !isScenarioFolder(join(dir, n))) return `holds ${n}/, which is not a scenario folder (no ${METRICS_FILE}, no trial folders)`;
  }
  return undefined;
}

/** Throw, naming the folder as the user gave it, unless `dir` may be emptied as a run folder of evalsim's own. */
export function refuseUnlessOwnRunFolder(dir: string, given: string): void {
  const why = notOwnRunFolder(dir);
  if (why !== undefined) throw new RunFolderRefusedError(`${given}: ${why}; nothing was changed: move it away or choose another --out`);
}
