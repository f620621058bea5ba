import { isJsonObject, type JsonValue } from "./types.js";

/** `normalize_scenario_payload`: a list holding exactly one dict becomes that dict. */
export function normalizeScenarioPayload(payload: JsonValue): JsonValue {
  return Array.isArray(payload) && payload.length === 1 && isJsonObject(payload[0]) ? payload[0] : payload;
}
