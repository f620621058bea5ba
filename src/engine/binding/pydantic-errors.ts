/**
 * Translate zod issues into pydantic v2's `errors()` shape
 * (`{loc, type, msg}`), which the reference's validation results are built
 * from. Only the issue kinds our tool schemas can produce are mapped; others
 * fall back to a generic `value_error`.
 */
import type { z } from "zod";
import { isFloatAt } from "../../json/py-float.js";
import { pyKeys } from "../../json/py-key-order.js";
import { pyFloatStr } from "../../python/float.js";
import { pyRepr, pyTypeName } from "../../python/text.js";
import type { PydanticIssueParams } from "./lax.js";
import { STRING_UNICODE, hasLoneSurrogate } from "./lax.js";

/** An argument error in pydantic's shape (`loc`, `type`, `msg`), as the reference's tools report it. */
export interface PydanticError {
  loc: (string | number)[];
  type: string;
  msg: string;
  /**
   * pydantic's `input`: the offending value, or for `missing` the object the
   * field is missing from (some domains print it, as `str(ValidationError)` does).
   */
  input?: unknown;
  /** `input` is a number Python holds as a float (`2.0`, `1e18`): it prints as one. */
  inputIsFloat?: boolean;
}

/** `repr(input)`, a float where Python's input was one. */
export function inputRepr(e: PydanticError): string {
  return e.inputIsFloat && typeof e.input === "number" ? pyFloatStr(e.input) : pyRepr(e.input);
}

/** `str(input)`, as an f-string interpolates it. */
export function inputStr(e: PydanticError): string {
  return typeof e.input === "string" ? e.input : inputRepr(e);
}

/** `type(input).__name__`. */
export function inputTypeName(e: PydanticError): string {
  return e.inputIsFloat && typeof e.input === "number" ? "float" : pyTypeName(e.input);
}

function choiceRepr(v: unknown): string {
  return typeof v === "string" ? `'${v}'` : String(v);
}

/** pydantic's "Input should be 'a', 'b' or 'c'". */
function expectedList(values: readonly unknown[]): string {
  const parts = values.map(choiceRepr);
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1] as string}`;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): { present: boolean; value: unknown } {
  let cur: unknown = raw;
  for (const key of path) {
    if (cur === null || typeof cur !== "object" || !Object.prototype.hasOwnProperty.call(cur, key)) {
      return { present: false, value: undefined };
    }
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return { present: true, value: cur };
}

function inInputOrder(keys: readonly string[], container: unknown): readonly string[] {
  if (keys.length < 2 || container === null || typeof container !== "object") return keys;
  const wanted = new Set(keys);
  return pyKeys(container).filter((k) => wanted.has(k));
}

const TYPE_BY_EXPECTED: Record<string, [string, string]> = {
  string: ["string_type", "Input should be a valid string"],
  number: ["float_type", "Input should be a valid number"],
  int: ["int_type", "Input should be a valid integer"],
  boolean: ["bool_type", "Input should be a valid boolean"],
  array: ["list_type", "Input should be a valid list"],
  object: ["dict_type", "Input should be a valid dictionary"],
};

/** Is the value at `path` in `raw` a Python float (a mark on its container, or a fraction)? */
function floatAtPath(raw: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return typeof raw === "number" && !Number.isInteger(raw);
  const parent = valueAt(raw, path.slice(0, -1)).value;
  const key = path[path.length - 1];
  return parent !== null && typeof parent === "object" && typeof key !== "symbol" && isFloatAt(parent, key as string | number);
}

export function toPydanticErrors(error: z.ZodError, raw: unknown): PydanticError[] {
  return rawErrors(error, raw).map((e) => (typeof e.input === "number" && floatAtPath(raw, e.loc) ? { ...e, inputIsFloat: true } : e));
}

function rawErrors(error: z.ZodError, raw: unknown): PydanticError[] {
  const out: PydanticError[] = [];
  for (const issue of error.issues) {
    const loc = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    const input = valueAt(raw, issue.path).value;
    const parentInput = valueAt(raw, issue.path.slice(0, -1)).value;
    const params = (issue as { params?: Partial<PydanticIssueParams> }).params;
    if (params?.pydantic) {
      out.push({ loc, ...params.pydantic, input: params.pydantic.type === "missing" ? parentInput : input });
      continue;
    }
    // A required field that is absent is `missing` whatever its type (zod reports a missing enum as an invalid value).
    if (issue.code !== "unrecognized_keys" && issue.path.length > 0 && !valueAt(raw, issue.path).present && valueAt(raw, issue.path.slice(0, -1)).present) {
      out.push({ loc, type: "missing", msg: "Field required", input: parentInput });
      continue;
    }
    switch (issue.code) {
      case "unrecognized_keys":
        // pydantic reports extra keys in the input's (Python) order; zod saw them in JavaScript's.
        for (const key of inInputOrder(issue.keys, input)) {
          out.push({ loc: [...loc, key], type: "extra_forbidden", msg: "Extra inputs are not permitted", input: valueAt(raw, [...issue.path, key]).value });
        }
        break;
      case "invalid_type": {
        if (!valueAt(raw, issue.path).present) {
          out.push({ loc, type: "missing", msg: "Field required", input: parentInput });
          break;
        }
        const [type, msg] = TYPE_BY_EXPECTED[issue.expected] ?? ["value_error", issue.message];
        out.push({ loc, type, msg, input });
        break;
      }
      case "invalid_value":
        // An enum or literal reads the string as text first: a lone surrogate fails there.
        if (typeof input === "string" && hasLoneSurrogate(input)) out.push({ loc, ...STRING_UNICODE, input });
        else out.push({ loc, type: "enum", msg: `Input should be ${expectedList(issue.values)}`, input });
        break;
      case "too_small":
        out.push({ loc, type: "too_short", msg: issue.message, input });
        break;
      case "invalid_union":
        out.push({ loc, type: "union_tag_invalid", msg: issue.message, input });
        break;
      default:
        out.push({ loc, type: "value_error", msg: issue.message, input });
    }
  }
  return out;
}
