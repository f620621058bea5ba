/**
 * Record/replay of LLM exchanges. Each exchange is stored under the SHA-256
 * of the RFC 8785 (JCS) form of its request body, one JSON file per key
 * (`<dir>/<first two hex digits>/<key>.json`), so a recorded run replays with
 * no network at all and, the replies being the same, byte-identical results.
 *
 * Modes: `record` always calls the endpoint and (over)writes the entry;
 * `replay` only reads, and a missing entry is an error, never a live call;
 * `auto` reads when the entry exists, else calls and records.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import canonicalize from "canonicalize";
import { writeFileAtomic } from "../json/atomic-write.js";
import { parsePythonJson } from "../json/parse.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { LlmEndpointError } from "./errors.js";

export const CASSETTE_MODES = ["off", "record", "replay", "auto"] as const;
export type CassetteMode = (typeof CASSETTE_MODES)[number];

export interface Cassette {
  readonly dir: string;
  readonly mode: Exclude<CassetteMode, "off">;
  /** The recorded response body for a request body, if any. */
  find(body: JsonValue): JsonValue | undefined;
  /** Store a response body (only well-formed replies are ever stored). */
  store(body: JsonValue, response: JsonValue): void;
}

/** SHA-256 hex of the JCS (RFC 8785) text of a request body. */
export function cassetteKey(body: JsonValue): string {
  const text = canonicalize(body);
  if (text === undefined) throw new Error("cassette key: the request body has no JSON form");
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function cassettePath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

export function openCassette(dir: string, mode: Exclude<CassetteMode, "off">): Cassette {
  return {
    dir,
    mode,
    find(body) {
      const key = cassetteKey(body);
      const path = cassettePath(dir, key);
      if (!existsSync(path)) return undefined;
      let entry: JsonValue;
      try {
        entry = parsePythonJson(readFileSync(path, "utf8"));
      } catch (e) {
        throw new LlmEndpointError("bad_response", `cassette entry ${path} is not JSON: ${(e as Error).message}`, { key }, { cause: e });
      }
      if (!isJsonObject(entry) || entry["response"] === undefined) throw new LlmEndpointError("bad_response", `cassette entry ${path} has no "response"`, { key });
      return entry["response"];
    },
    store(body, response) {
      const key = cassetteKey(body);
      writeFileAtomic(cassettePath(dir, key), toJsonText({ key, request: body, response }, 2) + "\n");
    },
  };
}
