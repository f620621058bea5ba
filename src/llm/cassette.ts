/**
 * Record/replay of LLM exchanges. Each exchange is stored under the SHA-256
 * of the RFC 8785 (JCS) form of its request body, one JSON file per key
 * (`<dir>/<first two hex digits>/<key>.json`), so a recorded run replays with
 * no network at all and, the replies being the same, byte-identical results.
 * Each entry carries a digest of its request and response (cassette-entry.ts).
 *
 * Modes: `record` always calls the endpoint and (over)writes the entry;
 * `replay` only reads, and a missing entry is an error, never a live call,
 * as is an entry that fails its check (edited, truncated), naming the file;
 * `auto` reads when the entry exists and checks out, else calls and
 * (re)writes it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../json/atomic-write.js";
import type { JsonValue } from "../json/types.js";
import { cassetteKey } from "../hash/cassette-key.js";
import { checkEntry, entryText } from "./cassette-entry.js";
import { LlmEndpointError } from "./errors.js";
import { readInputText } from "../loaders/input-file.js";

export { cassetteKey } from "../hash/cassette-key.js";

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
      const checked = checkEntry(readInputText(path, "cassette"), key);
      if (checked.ok) return checked.response;
      // auto: a damaged entry is as good as none; it is fetched again and rewritten.
      if (mode === "auto") return undefined;
      throw new LlmEndpointError("cassette_corrupt", `cassette entry ${path} ${checked.problem} (evalsim cassettes verify ${dir} checks them all)`, { key });
    },
    store(body, response) {
      writeFileAtomic(cassettePath(dir, cassetteKey(body)), entryText(body, response));
    },
  };
}
