/**
 * Why a scenario's declared checks failed, in words, from the `checks`
 * evidence in metrics.json: which forbidden calls were made, which required
 * calls never succeeded, which `communicate` items were never said.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

const list = (v: JsonValue | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);

function callText(v: JsonObject): string {
  const args = v["arguments"];
  return `${String(v["name"])}${isJsonObject(args) ? ` ${JSON.stringify(args)}` : ""}`;
}

export function checksPhrase(m: JsonObject): string {
  const c = m["checks"];
  if (!isJsonObject(c)) return "checks failed";
  const parts = [
    ...list(c["must_not_call"])
      .filter((v) => v["met"] === false)
      .map((v) => `called ${callText(v)}, which it must not (${Array.isArray(v["calls"]) ? v["calls"].length : 0} call(s))`),
    ...list(c["must_call"])
      .filter((v) => v["met"] === false)
      .map((v) => `never called ${callText(v)} successfully`),
    ...list(c["communicate"])
      .filter((v) => v["met"] === false)
      .map((v) => `never said '${String(v["info"])}'`),
  ];
  return `checks: ${parts.length > 0 ? parts.join("; ") : "failed"}`;
}
