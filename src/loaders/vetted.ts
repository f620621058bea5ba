/**
 * Fixture files whose bytes are exactly the ones `data/fixtures.manifest.json`
 * pins at that path. Loading skips their schema check: the checks depend only
 * on the bytes and on the path (each path has one schema), and the test suite
 * checks every pinned file in full, so the same bytes at the same path cannot
 * fail. Any other bytes (an edited fixture, another data root's files, a
 * missing or broken manifest) are checked in full, as is everything when the
 * checks are set to "full".
 *
 * Why: the schema check of the large tau2 DBs costs more than all of a gold
 * run's tool calls, in every process and every worker thread.
 */
import { relative, sep } from "node:path";
import { sha256Hex } from "../hash/sha256.js";
import { readManifest } from "./manifest.js";

export type FixtureChecks = "skip-vetted" | "full";

let checks: FixtureChecks = "skip-vetted";
let pinned: ReadonlyMap<string, string> | undefined;

/** Choose how loaders check fixtures from now on; returns the previous setting. */
export function setFixtureChecks(next: FixtureChecks): FixtureChecks {
  const previous = checks;
  checks = next;
  return previous;
}

function pinnedDigests(): ReadonlyMap<string, string> {
  if (pinned) return pinned;
  try {
    pinned = new Map(readManifest().files.map((f) => [f.path, f.sha256]));
  } catch {
    // Without a readable manifest nothing is vetted: every file is checked.
    pinned = new Map();
  }
  return pinned;
}

const relativeTo = (root: string, path: string): string => relative(root, path).split(sep).join("/");

/**
 * True when every file read is pinned, byte for byte, at its place under
 * `root`. With `shardDir`, the files must also be every `*.json` file the
 * manifest pins directly in that folder: a sharded DB that lost a shard is
 * not the pinned DB.
 */
export function allVetted(root: string, files: readonly { readonly path: string; readonly bytes: Buffer }[], shardDir?: string): boolean {
  if (checks === "full" || files.length === 0) return false;
  const digests = pinnedDigests();
  const read = new Set<string>();
  const same = files.every(({ path, bytes }) => {
    const rel = relativeTo(root, path);
    read.add(rel);
    const want = digests.get(rel);
    return want !== undefined && sha256Hex(bytes) === want;
  });
  if (!same || shardDir === undefined) return same;
  const prefix = `${relativeTo(root, shardDir)}/`;
  for (const rel of digests.keys()) {
    if (rel.startsWith(prefix) && rel.endsWith(".json") && !rel.slice(prefix.length).includes("/") && !read.has(rel)) return false;
  }
  return true;
}
