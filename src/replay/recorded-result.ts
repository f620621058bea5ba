/**
 * Is a replayed call's result the one the recording says it got? Both sides
 * are compared as the text the model reads (`json.dumps` of the delivered
 * result, floats and key order included); a recorded text that is not JSON
 * is compared as it is. A difference is named by its first JSON path.
 */
import { deliveredResult } from "../engine/bots/llm-context.js";
import type { ToolResult } from "../engine/types.js";
import { parsePythonJson } from "../json/parse.js";
import { isFloatAt } from "../json/py-float.js";
import { pyKeys } from "../json/py-key-order.js";
import { pyFloatRepr } from "../python/float.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { pyJsonDumps } from "../python/json-dumps.js";
import type { RecordedResult } from "./formats/types.js";

export type ResultComparison = { readonly same: true } | { readonly same: false; readonly diff: string };

const SHOWN = 60;
const short = (s: string): string => (s.length > SHOWN ? `${s.slice(0, SHOWN)}...` : s);
/** A scalar as `json.dumps` writes it, a float as a float. */
const leaf = (v: JsonValue, float: boolean): string => (float && typeof v === "number" ? pyFloatRepr(v) : pyJsonDumps(v));

/** The first place two values differ, as `path: recorded X, evalsim Y`. */
function firstDifference(rec: JsonValue, got: JsonValue, path: string, recFloat: boolean, gotFloat: boolean): string | undefined {
  if (Array.isArray(rec) && Array.isArray(got)) {
    if (rec.length !== got.length) return `${path}: recorded ${rec.length} items, evalsim ${got.length}`;
    for (let i = 0; i < rec.length; i++) {
      const d = firstDifference(rec[i] as JsonValue, got[i] as JsonValue, `${path}[${i}]`, isFloatAt(rec, i), isFloatAt(got, i));
      if (d) return d;
    }
    return undefined;
  }
  if (isJsonObject(rec) && isJsonObject(got)) {
    const rk = pyKeys(rec);
    const gk = pyKeys(got);
    const missing = rk.filter((k) => !Object.hasOwn(got, k));
    if (missing.length > 0) return `${path}: evalsim lacks ${missing.map((k) => JSON.stringify(k)).join(", ")}`;
    const extra = gk.filter((k) => !Object.hasOwn(rec, k));
    if (extra.length > 0) return `${path}: evalsim adds ${extra.map((k) => JSON.stringify(k)).join(", ")}`;
    for (const k of rk) {
      const d = firstDifference(rec[k] as JsonValue, got[k] as JsonValue, `${path}.${k}`, isFloatAt(rec, k), isFloatAt(got, k));
      if (d) return d;
    }
    if (rk.join("\u0000") !== gk.join("\u0000")) return `${path}: key order differs (recorded ${short(rk.join(", "))})`;
    return undefined;
  }
  const r = leaf(rec, recFloat);
  const g = leaf(got, gotFloat);
  return r === g ? undefined : `${path}: recorded ${short(r)}, evalsim ${short(g)}`;
}

function recordedValue(recorded: RecordedResult): JsonValue | undefined {
  if ("value" in recorded) return recorded.value;
  try {
    return parsePythonJson(recorded.text);
  } catch {
    return undefined;
  }
}

/**
 * Compare `recorded` with evalsim's `result`. A recorded text is what the
 * model read, so evalsim's side is its delivered result (empty results
 * replaced, as they are live); a recorded value is compared with the raw one.
 */
export function compareRecordedResult(recorded: RecordedResult, result: ToolResult): ResultComparison {
  const got = "text" in recorded ? deliveredResult(result) : result;
  const rec = recordedValue(recorded);
  if (rec === undefined) {
    const text = pyJsonDumps(got);
    return "text" in recorded && recorded.text === text ? { same: true } : { same: false, diff: `$: recorded ${short("text" in recorded ? recorded.text : "")} (not JSON), evalsim ${short(text)}` };
  }
  const diff = firstDifference(rec, got, "$", false, false);
  return diff === undefined ? { same: true } : { same: false, diff };
}
