/**
 * The vocabulary of reference rules: for one call (tool, init function or
 * predicate) and the DBs it targets, the ids its arguments name that are not
 * there. A rule per function name, as data; functions without ids have none.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../../json/types.js";
import type { JsonPath } from "../../loaders/schema-check.js";

/** An id in a call's arguments that names no record of the table it should. */
export interface Dangling {
  /** Where in the call's arguments the id sits. */
  readonly arg: JsonPath;
  /** What the id should name (`products`, `payment_methods`); part of the defect id. */
  readonly table: string;
  /** Narrows the table for the message: "of user mia_li_3668". */
  readonly within?: string;
  readonly id: string;
  /** Overrides "is not among the ...": e.g. an id a call creates that is already taken. */
  readonly problem?: string;
}

/** The DBs a reference rule looks ids up in: the agent's, and the user's in dual-side domains. */
export interface RefDbs {
  readonly agent: JsonObject;
  readonly user?: JsonObject;
}

/**
 * `created` holds the ids earlier calls of the same task created (an init
 * function's new bill), so later references to them resolve.
 */
export type RefRule = (args: JsonObject, dbs: RefDbs, created: Set<string>) => Dangling[];
/** The reference rule of each tool, init function or predicate that names ids, by name. */
export type RefRules = Readonly<Record<string, RefRule>>;

/** The rule for a call name; names the table does not hold (inherited ones included) have none. */
export function ruleFor(table: RefRules, name: string): RefRule | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

export function str(v: JsonValue | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** `v[key]` for an own key of an object; anything else (inherited names included) is absent. */
export function field(v: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(v) && Object.hasOwn(v, key) ? v[key] : undefined;
}

export function hasKey(container: JsonValue | undefined, key: string): boolean {
  return isJsonObject(container) && Object.hasOwn(container, key);
}

/** `args[arg]` must be a key of `container` (a table keyed by id). */
export function keyed(args: JsonObject, arg: string, table: string, container: JsonValue | undefined, within?: string): Dangling[] {
  return one(args, arg, table, (id) => hasKey(container, id), within);
}

/** Every string in the list `args[arg]` must satisfy `present`. */
export function eachOf(args: JsonObject, arg: string, table: string, present: (id: string) => boolean, within?: string): Dangling[] {
  const list = args[arg];
  if (!Array.isArray(list)) return [];
  return list.flatMap((v, i) => (typeof v === "string" && !present(v) ? [dangling([arg, i], table, v, within)] : []));
}

/** `args[arg]` must satisfy `present`. */
export function one(args: JsonObject, arg: string, table: string, present: (id: string) => boolean, within?: string): Dangling[] {
  const id = str(args[arg]);
  return id === undefined || present(id) ? [] : [dangling([arg], table, id, within)];
}

export function dangling(arg: JsonPath, table: string, id: string, within?: string): Dangling {
  return within === undefined ? { arg, table, id } : { arg, table, id, within };
}

/** `get_product_details: "6086499569" is not among the products`. */
export function describeDangling(call: string, d: Dangling): string {
  const what = `${d.table.replace(/_/g, " ")}${d.within === undefined ? "" : ` ${d.within}`}`;
  return `${call}: ${JSON.stringify(d.id)} ${d.problem ?? `is not among the ${what}`}`;
}

export function rules(...parts: readonly RefRule[]): RefRule {
  return (args, dbs, created) => parts.flatMap((r) => r(args, dbs, created));
}
