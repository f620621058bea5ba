/**
 * SHA-256, the one digest evalsim computes, and the only place that asks
 * node:crypto for it. The digests themselves are named in index.ts.
 */
import { createHash, type Hash } from "node:crypto";

/** A running SHA-256: bytes fed as they come (a streamed download), states copied (`copy()`) to resume from. */
export type Sha256 = Hash;

export function sha256(): Sha256 {
  return createHash("sha256");
}

/** Hex SHA-256 of bytes, or of a string's UTF-8. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}
