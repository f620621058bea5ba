/**
 * The provenance digests `run_config.json` records: a JSON value (recorded
 * calls, a prompt pack) by its canonical text, and a set of fixture files by
 * `<path> <sha256>` lines, so equal data gives equal digests wherever it lives.
 */
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { sha256Hex } from "./sha256.js";

/** A digest of any JSON value, by its `toJsonText` text. */
export function jsonDigest(v: unknown): string {
  return sha256Hex(toJsonText(v as JsonValue));
}

/** SHA-256 over `<path> <sha256 of its bytes>` lines, one per file, in the order given. */
export function fileSetDigest(paths: readonly string[], read: (path: string) => Uint8Array): string {
  const lines = paths.map((p) => `${p} ${sha256Hex(read(p))}`);
  return sha256Hex(lines.join("\n") + "\n");
}
