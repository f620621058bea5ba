import { z } from "zod";
import type { JsonObject, JsonValue } from "../json/types.js";
import { deepFreeze } from "../json/freeze.js";
import type { AnyToolDef } from "./types.js";

/** zod adds int64 bounds to every integer; the LLM needs none of that noise. */
function tidy(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== "object") return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(v);
  }
  return out;
}

/** The function's `parameters` JSON schema, generated from its zod schema. */
export function toolParametersSchema(tool: AnyToolDef): JsonObject {
  const schema = z.toJSONSchema(tool.args, { io: "input", unrepresentable: "any" }) as JsonObject;
  const params = tidy(schema) as JsonObject;
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
