/**
 * What a tool's arguments look like, read from the JSON schema the LLM sees
 * (so a new tool needs no test code to be fuzzed): field names, JSON types,
 * enums, nested items and properties, and the literals its description names.
 */
import { toolParametersSchema } from "../engine/json-schema.js";
import type { FieldSpec } from "../engine/fuzz-profile.js";
import type { AnyToolDef } from "../engine/types.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

export type { FieldSpec };

/** `'x'` quotes and "One of: a, b" / "(a, b, c)" lists in a description. */
export function descriptionLiterals(description: string): string[] {
  const out = new Set<string>();
  for (const m of description.matchAll(/'([^'\n]{1,40})'/g)) out.add(m[1] as string);
  const lists = [...description.matchAll(/one of:?\s*([^.]*)/gi), ...description.matchAll(/\(([^)]*,[^)]*)\)/g)];
  for (const m of lists) {
    for (const part of (m[1] as string).split(/,|\bor\b/)) {
      const token = part.trim().replace(/^['"]|['"]$/g, "");
      if (/^[A-Za-z0-9_]+$/.test(token)) out.add(token);
    }
  }
  return [...out];
}

function typesOf(node: JsonObject): string[] {
  const t = node["type"];
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  const alts = node["anyOf"] ?? node["oneOf"];
  if (Array.isArray(alts)) return alts.filter(isJsonObject).flatMap(typesOf);
  return [];
}

function firstWith(node: JsonObject, key: string): JsonObject | undefined {
  if (isJsonObject(node[key])) return node[key];
  const alts = node["anyOf"] ?? node["oneOf"];
  if (Array.isArray(alts)) for (const a of alts) if (isJsonObject(a) && isJsonObject(a[key])) return a[key];
  return undefined;
}

function specOf(name: string, node: JsonObject, required: boolean): FieldSpec {
  const literals: JsonValue[] = [];
  if (Array.isArray(node["enum"])) literals.push(...node["enum"]);
  if (node["const"] !== undefined) literals.push(node["const"]);
  if (typeof node["description"] === "string") literals.push(...descriptionLiterals(node["description"]));
  const items = firstWith(node, "items");
  const props = firstWith(node, "properties");
  const spec: FieldSpec = {
    name,
    types: typesOf(node),
    required,
    literals,
    ...(items ? { items: specOf(singular(name), items, true) } : {}),
    ...(props ? { properties: propertiesOf(node) } : {}),
  };
  return spec;
}

function propertiesOf(node: JsonObject): FieldSpec[] {
  const props = firstWith(node, "properties") ?? {};
  const req = new Set(Array.isArray(node["required"]) ? node["required"] : []);
  return Object.entries(props).map(([k, v]) => specOf(k, isJsonObject(v) ? v : {}, req.has(k)));
}

/** `item_ids` → `item_id`, `passengers` → `passenger`. */
export function singular(name: string): string {
  if (name.endsWith("_ids")) return name.slice(0, -1);
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  if (name.endsWith("s")) return name.slice(0, -1);
  return name;
}

const cache = new WeakMap<AnyToolDef, readonly FieldSpec[]>();

/** The top-level argument fields of a tool. */
export function toolFields(tool: AnyToolDef): readonly FieldSpec[] {
  let fields = cache.get(tool);
  if (!fields) cache.set(tool, (fields = propertiesOf(toolParametersSchema(tool))));
  return fields;
}
