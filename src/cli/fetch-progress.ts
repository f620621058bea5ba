import type { FetchResult } from "../loaders/fetch.js";
import { fetchFixtures } from "../loaders/fetch.js";
import type { Manifest } from "../loaders/manifest.js";
import type { CliIo } from "./io.js";

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** What a fetch is about to do, in one line. */
export function fetchPlan(manifest: Manifest, to: string): string {
  const bytes = manifest.files.reduce((n, f) => n + f.size, 0);
  return `${manifest.files.length} files, ${mb(bytes)}, into ${to}; each is checked against the manifest's size and SHA-256 before it is written`;
}

/**
 * Download the manifest's files with a one-line progress display on a
 * terminal (files and megabytes done).
 */
export async function fetchWithProgress(io: CliIo, manifest: Manifest, to: string, baseUrl: string | undefined): Promise<FetchResult> {
  const sizes = new Map(manifest.files.map((f) => [f.path, f.size]));
  const totalBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  let files = 0;
  let bytes = 0;
  let failed = 0;
  const show = (): void => {
    if (io.isTty) io.err(`\r  ${files}/${manifest.files.length} files, ${mb(bytes)} of ${mb(totalBytes)}${failed > 0 ? `, ${failed} failed` : ""}   `);
  };
  show();
  const result = await fetchFixtures({
    manifest,
    to,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    onFile: (path, outcome) => {
      files++;
      if (outcome === "failed") failed++;
      else bytes += sizes.get(path) ?? 0;
      show();
    },
  });
  if (io.isTty) io.err("\n");
  return result;
}

/** True when no file could be had at all: the upstream is unreachable from here. */
export function nothingReachable(result: FetchResult): boolean {
  return result.failed.length > 0 && result.fetched.length === 0 && result.kept.length === 0;
}

/** "all 139 files failed (first: URL: reason)" */
export function failureSummary(result: FetchResult): string {
  const first = result.failed[0];
  const total = result.failed.length + result.fetched.length + result.kept.length;
  return `${result.failed.length} of ${total} files could not be downloaded${first ? ` (first: ${first.url}: ${first.reason})` : ""}`;
}
