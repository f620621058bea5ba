/**
 * The few pieces of Python's data model the telecom machinery observably
 * relies on. Init functions and predicates receive JSON straight from task
 * records, and the reference reports their failures as
 * `"<ExceptionType>: <message>"`, so subscripting, truthiness, equality,
 * `float()` and keyword binding follow CPython 3.11, messages included.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../json/types.js";
import { pyKeys } from "../json/py-key-order.js";

export { describeException, PyError } from "./error.js";
import { PyError } from "./error.js";
export { parsePyFloat, parsePyInt, pyFloat, pyInt } from "./number.js";

// Text forms (repr/str/type names) live in one place.
export { pyRepr, pyStr, pyTypeName } from "./text.js";
import { pyRepr, pyStrRepr as reprString, pyTypeName } from "./text.js";

/** Python truthiness. */
export function truthy(v: JsonValue | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "string") return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  return Object.keys(v).length > 0;
}

function numeric(v: JsonValue | undefined): number | bigint | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" || typeof v === "bigint") return v;
  return undefined;
}

/**
 * Python `==` on JSON values (`True == 1 == 1.0`, structural lists and dicts).
 * Containers compare their items with `PyObject_RichCompareBool`, which
 * treats an object as equal to itself, and `json.loads` reads every `NaN` as
 * one shared float: so `nan == nan` is False but `[nan] == [nan]` is True.
 */
export function pyEquals(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return equals(a, b, false);
}

function equals(a: JsonValue | undefined, b: JsonValue | undefined, item: boolean): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined || nb !== undefined) {
    if (na === undefined || nb === undefined) return false;
    if (item && Number.isNaN(na) && Number.isNaN(nb)) return true;
    // Mixed bigint/number: compare exactly (`==` between the two is exact in JS).
    return na == nb;
  }
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equals(x, b[i], true));
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && equals(a[k], b[k], true));
}

function checkHashable(key: JsonValue): void {
  if (Array.isArray(key) || isJsonObject(key)) throw new PyError("TypeError", `unhashable type: '${pyTypeName(key)}'`);
}

/** JSON dict keys are strings, so any other hashable key simply misses. */
function dictHas(d: JsonObject, key: JsonValue): key is string {
  checkHashable(key);
  return typeof key === "string" && Object.hasOwn(d, key);
}

/** `container[key]` for a string key (the only kind the telecom code subscripts with). */
export function getItem(container: JsonValue | undefined, key: string): JsonValue {
  if (isJsonObject(container)) {
    if (!Object.hasOwn(container, key)) throw new PyError("KeyError", reprString(key));
    return container[key] as JsonValue;
  }
  const type = pyTypeName(container);
  if (Array.isArray(container)) throw new PyError("TypeError", "list indices must be integers or slices, not str");
  if (typeof container === "string") throw new PyError("TypeError", "string indices must be integers, not 'str'");
  throw new PyError("TypeError", `'${type}' object is not subscriptable`);
}

/** `container[key] = value` for a string key. */
export function setItem(container: JsonValue | undefined, key: string, value: JsonValue): void {
  if (isJsonObject(container)) {
    container[key] = value;
    return;
  }
  if (Array.isArray(container)) throw new PyError("TypeError", "list indices must be integers or slices, not str");
  throw new PyError("TypeError", `'${pyTypeName(container)}' object does not support item assignment`);
}

/** `obj.get(key, fallback)`; `obj` must be a dict. */
export function getOr(obj: JsonValue | undefined, key: JsonValue, fallback: JsonValue): JsonValue {
  if (!isJsonObject(obj)) throw new PyError("AttributeError", `'${pyTypeName(obj)}' object has no attribute 'get'`);
  return dictHas(obj, key) ? (obj[key] as JsonValue) : fallback;
}

/** `obj.setdefault(key, fallback)`; `obj` must be a dict. */
export function setDefault(obj: JsonValue | undefined, key: string, fallback: JsonValue): JsonValue {
  if (!isJsonObject(obj)) {
    throw new PyError("AttributeError", `'${pyTypeName(obj)}' object has no attribute 'setdefault'`);
  }
  if (!Object.hasOwn(obj, key)) obj[key] = fallback;
  return obj[key] as JsonValue;
}

/** `lst.append(value)`; `lst` must be a list. */
export function append(lst: JsonValue, value: JsonValue): void {
  if (!Array.isArray(lst)) throw new PyError("AttributeError", `'${pyTypeName(lst)}' object has no attribute 'append'`);
  lst.push(value);
}

/** Iterate `x` as Python's `for item in x` would (dicts yield their keys). */
export function iterate(x: JsonValue): JsonValue[] {
  if (Array.isArray(x)) return x;
  if (typeof x === "string") return [...x];
  if (isJsonObject(x)) return pyKeys(x);
  throw new PyError("TypeError", `'${pyTypeName(x)}' object is not iterable`);
}

/** `needle in haystack` for the container kinds JSON can hold. */
export function contains(haystack: JsonValue, needle: JsonValue): boolean {
  if (isJsonObject(haystack)) return dictHas(haystack, needle);
  if (typeof haystack === "string") {
    if (typeof needle !== "string") {
      throw new PyError("TypeError", `'in <string>' requires string as left operand, not ${pyTypeName(needle)}`);
    }
    return haystack.includes(needle);
  }
  return iterate(haystack).some((x) => pyEquals(x, needle));
}

/** A string-valued `Enum(value)`: returns the value or raises the reference's ValueError. */
export function enumValue(enumName: string, values: readonly string[], v: JsonValue): string {
  if (typeof v === "string" && values.includes(v)) return v;
  throw new PyError("ValueError", `${pyRepr(v)} is not a valid ${enumName}`);
}

/** A Python parameter list after the leading `db`: required names, then `name: default` pairs. */
export interface Signature {
  readonly name: string;
  readonly required: readonly string[];
  readonly optional?: Readonly<Record<string, JsonValue>>;
}

function joinNames(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length <= 1) return quoted.join("");
  if (quoted.length === 2) return `${quoted[0] ?? ""} and ${quoted[1] ?? ""}`;
  return `${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1] ?? ""}`;
}

/** Bind `fn(db, **args)` keyword arguments, raising CPython's TypeError on a mismatch. */
export function bindKeywords(sig: Signature, args: JsonObject): Record<string, JsonValue> {
  const optional = sig.optional ?? {};
  const known = new Set([...sig.required, ...Object.keys(optional)]);
  for (const key of pyKeys(args)) {
    if (key === "db") throw new PyError("TypeError", `${sig.name}() got multiple values for argument 'db'`);
    if (!known.has(key)) throw new PyError("TypeError", `${sig.name}() got an unexpected keyword argument '${key}'`);
  }
  const missing = sig.required.filter((n) => !Object.hasOwn(args, n));
  if (missing.length > 0) {
    const plural = missing.length === 1 ? "argument" : "arguments";
    throw new PyError("TypeError", `${sig.name}() missing ${missing.length} required positional ${plural}: ${joinNames(missing)}`);
  }
  return { ...optional, ...args };
}
