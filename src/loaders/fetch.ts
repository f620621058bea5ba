/**
 * Download every manifest file into a folder. Each file is held in memory
 * until its size and SHA-256 match the manifest, then written atomically
 * (temp file + rename), so a bad or interrupted download never leaves a
 * partial file behind; it is reported and the rest go on. A file already
 * present with the right hash is kept as is. An optional entry that cannot
 * be had is reported apart and is no failure.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../json/atomic-write.js";
import { compareCodePoints } from "../json/python-string.js";
import { isFile, sha256Bytes } from "./files.js";
import type { Manifest, ManifestEntry } from "./manifest.js";

export interface FetchOptions {
  readonly manifest: Manifest;
  readonly to: string;
  /** Fetch `<baseUrl>/<relative path>` instead of each entry's pinned source. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  readonly concurrency?: number;
  /** Per file. */
  readonly timeoutMs?: number;
  /** Called as each file is settled (for a progress display). */
  readonly onFile?: (path: string, outcome: "fetched" | "kept" | "failed") => void;
}

export interface FetchFailure {
  readonly path: string;
  readonly url: string;
  readonly reason: string;
}

export interface FetchResult {
  readonly fetched: readonly string[];
  /** Already present with the manifest's hash. */
  readonly kept: readonly string[];
  readonly failed: readonly FetchFailure[];
  /** Optional entries that could not be had: reported, never a failure (a data root may lack them). */
  readonly failed_optional: readonly FetchFailure[];
}

export function urlFor(entry: ManifestEntry, baseUrl?: string): string {
  if (baseUrl === undefined) return entry.source;
  return `${baseUrl.replace(/\/+$/, "")}/${entry.path.split("/").map(encodeURIComponent).join("/")}`;
}

function errorText(e: unknown): string {
  const err = e as Error & { cause?: { message?: string; code?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message} (${cause})` : err.message;
}

async function download(entry: ManifestEntry, url: string, opts: FetchOptions): Promise<Uint8Array> {
  const res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`.trim());
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length !== entry.size) throw new Error(`received ${bytes.length} bytes, expected ${entry.size}`);
  const sha = sha256Bytes(bytes);
  if (sha !== entry.sha256) throw new Error(`SHA-256 ${sha}, expected ${entry.sha256}`);
  return bytes;
}

export async function fetchFixtures(opts: FetchOptions): Promise<FetchResult> {
  const fetched: string[] = [];
  const kept: string[] = [];
  const failed: FetchFailure[] = [];
  const failedOptional: FetchFailure[] = [];
  const queue = [...opts.manifest.files];
  const worker = async (): Promise<void> => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const target = join(opts.to, entry.path);
      if (isFile(target) && sha256Bytes(readFileSync(target)) === entry.sha256) {
        kept.push(entry.path);
        opts.onFile?.(entry.path, "kept");
        continue;
      }
      const url = urlFor(entry, opts.baseUrl);
      try {
        writeFileAtomic(target, await download(entry, url, opts));
        fetched.push(entry.path);
        opts.onFile?.(entry.path, "fetched");
      } catch (e) {
        (entry.optional === true ? failedOptional : failed).push({ path: entry.path, url, reason: errorText(e) });
        opts.onFile?.(entry.path, "failed");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  const byPath = (a: FetchFailure, b: FetchFailure): number => compareCodePoints(a.path, b.path);
  return { fetched: fetched.sort(compareCodePoints), kept: kept.sort(compareCodePoints), failed: failed.sort(byPath), failed_optional: failedOptional.sort(byPath) };
}
