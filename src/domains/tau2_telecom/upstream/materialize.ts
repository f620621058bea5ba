/**
 * Fill a document's absent fields with its model's defaults, the way
 * `Model.model_validate(doc).model_dump(mode="json")` does, and record each
 * field so filled. Fields come out in model order; fields the model does not
 * know are kept at the end (the schema check reports them).
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../../../json/types.js";
import type { JsonPath } from "../../../loaders/schema-check.js";
import type { FieldSpec, ModelSpec } from "./model-defaults.js";

export interface FilledField {
  readonly path: JsonPath;
  readonly value: JsonValue;
}

function fillField(value: JsonValue, field: FieldSpec, path: JsonPath, filled: FilledField[]): JsonValue {
  if (field.model && isJsonObject(value)) return materialize(value, field.model, path, filled);
  if (field.listOf && Array.isArray(value)) {
    const spec = field.listOf;
    return value.map((v, i) => (isJsonObject(v) ? materialize(v, spec, [...path, i], filled) : v));
  }
  if (field.mapOf && isJsonObject(value)) {
    const spec = field.mapOf;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isJsonObject(v) ? materialize(v, spec, [...path, k], filled) : v]));
  }
  return value;
}

export function materialize(doc: JsonObject, spec: ModelSpec, path: JsonPath, filled: FilledField[]): JsonObject {
  const out: JsonObject = {};
  for (const [name, field] of Object.entries(spec)) {
    const here = [...path, name];
    const value = Object.hasOwn(doc, name) ? doc[name] : undefined;
    if (value !== undefined) out[name] = fillField(value, field, here, filled);
    else if (field.default !== undefined) {
      out[name] = structuredClone(field.default);
      filled.push({ path: here, value: field.default });
    }
  }
  for (const [k, v] of Object.entries(doc)) if (!Object.hasOwn(spec, k)) out[k] = v;
  return out;
}
