/**
 * Download every manifest file into a folder. Each body is streamed into a
 * temp file beside its target, hashed on the way, and read no further than
 * the manifest's size (a mirror that sends an endless body is cut off at
 * once, memory stays flat); only a file whose size and SHA-256 match is
 * renamed into place, so a bad or interrupted download never leaves a
 * partial file behind; it is reported and the rest go on. The timeout covers
 * the whole file, body included, not only the first answer. A file already
 * present with the right hash is kept as is. An optional entry that cannot
 * be had is reported apart and is no failure.
 *
 * The first file to download goes alone, with a short wait for the server's
 * first answer: when it gets no answer at all (offline, a refused or silent
 * connection, a name that does not resolve) the others are not tried and
 * fail with its reason, so an unreachable upstream is reported in seconds
 * rather than after one slow failure per file.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { atomicTempName } from "../json/atomic-write.js";
import { compareCodePoints } from "../json/py-string.js";
import { sha256, sha256Hex } from "../hash/sha256.js";
import { isFile } from "./files.js";
import type { Manifest, ManifestEntry } from "./manifest.js";

/** Where `fetchFixtures` writes and from where it downloads. */
export interface FetchOptions {
  readonly manifest: Manifest;
  readonly to: string;
  /** Fetch `<baseUrl>/<relative path>` instead of each entry's pinned source. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  readonly concurrency?: number;
  /** Per file, from the request to the last byte. */
  readonly timeoutMs?: number;
  /** How long the first download waits for the server's first answer (5 s by default). */
  readonly firstAnswerTimeoutMs?: number;
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

/** The server never answered (no HTTP status): nothing else from it is worth trying. */
class NoAnswer extends Error {}

/**
 * Stream `url` into `target` (via a temp file), verified against the manifest
 * entry. With `answerWithinMs`, the request is given up when no answer has
 * come in that time.
 */
async function download(entry: ManifestEntry, url: string, target: string, opts: FetchOptions, answerWithinMs?: number): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no complete file within ${timeoutMs / 1000} s`)), timeoutMs);
  const answerTimer =
    answerWithinMs === undefined ? undefined : setTimeout(() => controller.abort(new Error(`no answer within ${answerWithinMs / 1000} s`)), answerWithinMs);
  const temp = join(dirname(target), atomicTempName(basename(target)));
  let fd: number | undefined;
  try {
    const res = await (opts.fetch ?? fetch)(url, { signal: controller.signal }).catch((e: unknown) => {
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : e;
      throw new NoAnswer(errorText(reason));
    });
    clearTimeout(answerTimer);
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`.trim());
    const declared = Number(res.headers.get("content-length") ?? NaN);
    if (declared > entry.size) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`the server announces ${declared} bytes, expected ${entry.size}`);
    }
    // Folders are made only once a body is coming: an empty domain folder left by a failed
    // fetch would be taken for that domain's fixtures (the data root is chosen per folder).
    mkdirSync(dirname(target), { recursive: true });
    fd = openSync(temp, "w");
    const hash = sha256();
    let size = 0;
    if (res.body) {
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > entry.size) {
          await reader.cancel().catch(() => undefined);
          throw new Error(`received more than ${entry.size} bytes, the manifest's size; stopped reading`);
        }
        hash.update(value);
        writeSync(fd, value);
      }
    }
    closeSync(fd);
    fd = undefined;
    if (size !== entry.size) throw new Error(`received ${size} bytes, expected ${entry.size}`);
    const sha = hash.digest("hex");
    if (sha !== entry.sha256) throw new Error(`SHA-256 ${sha}, expected ${entry.sha256}`);
    renameSync(temp, target);
  } catch (e) {
    if (e instanceof NoAnswer) throw e;
    // An abort names its own reason (the overall timeout) rather than "This operation was aborted".
    throw controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : e;
  } finally {
    clearTimeout(timer);
    clearTimeout(answerTimer);
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
  }
}

/** Download the manifest's fixture files, each checked against its size and SHA-256 before it is written: what `evalsim fixtures fetch` does. */
export async function fetchFixtures(opts: FetchOptions): Promise<FetchResult> {
  const fetched: string[] = [];
  const kept: string[] = [];
  const failed: FetchFailure[] = [];
  const failedOptional: FetchFailure[] = [];
  const queue = [...opts.manifest.files];
  const fail = (entry: ManifestEntry, url: string, reason: string): FetchFailure => {
    const failure = { path: entry.path, url, reason };
    (entry.optional === true ? failedOptional : failed).push(failure);
    opts.onFile?.(entry.path, "failed");
    return failure;
  };
  const keep = (entry: ManifestEntry): boolean => {
    const target = join(opts.to, entry.path);
    if (!isFile(target) || sha256Hex(readFileSync(target)) !== entry.sha256) return false;
    kept.push(entry.path);
    opts.onFile?.(entry.path, "kept");
    return true;
  };
  /** Settle one entry; the failure when the server gave no answer at all. */
  const settle = async (entry: ManifestEntry, answerWithinMs?: number): Promise<FetchFailure | undefined> => {
    if (keep(entry)) return undefined;
    const target = join(opts.to, entry.path);
    const url = urlFor(entry, opts.baseUrl);
    try {
      await download(entry, url, target, opts, answerWithinMs);
      fetched.push(entry.path);
      opts.onFile?.(entry.path, "fetched");
      return undefined;
    } catch (e) {
      const failure = fail(entry, url, errorText(e));
      return e instanceof NoAnswer ? failure : undefined;
    }
  };
  // Files already present settle without the network; the first one to download probes the server alone.
  for (let entry = queue.shift(); entry; entry = queue.shift()) {
    const before = kept.length;
    const probe = await settle(entry, opts.firstAnswerTimeoutMs ?? 5_000);
    if (probe !== undefined) {
      for (const rest of queue.splice(0)) {
        if (!keep(rest)) fail(rest, urlFor(rest, opts.baseUrl), `not tried: ${probe.url} gave no answer (${probe.reason})`);
      }
    }
    if (kept.length === before) break;
  }
  const worker = async (): Promise<void> => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await settle(entry);
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  const byPath = (a: FetchFailure, b: FetchFailure): number => compareCodePoints(a.path, b.path);
  return { fetched: fetched.sort(compareCodePoints), kept: kept.sort(compareCodePoints), failed: failed.sort(byPath), failed_optional: failedOptional.sort(byPath) };
}
