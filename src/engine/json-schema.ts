import { z } from "zod";
import type { JsonObject, JsonValue } from "../json/types.js";
import { deepFreeze } from "../json/freeze.js";
import type { AnyToolDef } from "./types.js";

/** The reference's hand-written schemas open every node with these keys; the rest follow in zod's order. */
export const DEFAULT_SCHEMA_KEY_ORDER: readonly string[] = ["type", "enum"];

function ordered(node: JsonObject, first: readonly string[]): JsonObject {
  const keys = Object.keys(node);
  const out: JsonObject = {};
  for (const k of [...first.filter((k) => keys.includes(k)), ...keys.filter((k) => !first.includes(k))]) out[k] = node[k] as JsonValue;
  return out;
}

/** A dict field with no declared keys: the reference describes it as a bare `{type: "object"}`. */
function isFreeFormObject(node: JsonObject): boolean {
  const props = node["properties"];
  const extra = node["additionalProperties"];
  return (
    node["type"] === "object" &&
    props !== null && typeof props === "object" && !Array.isArray(props) && Object.keys(props).length === 0 &&
    extra !== null && typeof extra === "object" && !Array.isArray(extra) && Object.keys(extra).length === 0 &&
    node["required"] === undefined
  );
}

/**
 * What zod writes that the reference's schemas do not: int64 bounds on every
 * integer, `$schema`, `properties: {}` and `additionalProperties: {}` on a
 * free-form dict, and its own key order.
 */
function tidy(node: JsonValue, first: readonly string[], depth = 0): JsonValue {
  if (Array.isArray(node)) return node.map((n) => tidy(n, first, depth + 1));
  if (node === null || typeof node !== "object") return node;
  const out: JsonObject = {};
  const freeForm = depth > 0 && isFreeFormObject(node);
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    if (freeForm && (k === "properties" || k === "additionalProperties")) continue;
    out[k] = tidy(v, first, depth + 1);
  }
  return ordered(out, first);
}

/** The function's `parameters` JSON schema, generated from its zod schema. */
export function toolParametersSchema(tool: AnyToolDef): JsonObject {
  const schema = z.toJSONSchema(tool.args, { io: "input", unrepresentable: "any" }) as JsonObject;
  const params = tidy(schema, tool.schemaKeyOrder ?? DEFAULT_SCHEMA_KEY_ORDER) as JsonObject;
  if (tool.ignoresArgs) delete params["additionalProperties"];
  if (params["properties"] === undefined) params["properties"] = {};
  if (params["required"] === undefined) params["required"] = [];
  return params;
}

// Generating a JSON schema from zod is slow next to a tool call, and every
// scenario of a run writes (and every LLM bot sends) the same specs.
const specs = new WeakMap<AnyToolDef, JsonObject>();

/** OpenAI Chat Completions `tools[]` entry; deep-frozen and shared. */
export function toolSpec(tool: AnyToolDef): JsonObject {
  let spec = specs.get(tool);
  if (!spec) {
    spec = deepFreeze<JsonObject>({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: toolParametersSchema(tool) },
    });
    specs.set(tool, spec);
  }
  return spec;
}
