/**
 * Shared test plumbing for the telecom machinery: fixture DBs with a few
 * fields overridden, and a flat "what changed" view of a DB that the
 * reference-computed expectations are written in.
 */
import { join } from "node:path";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { loadDbArtifact } from "../../../src/loaders/load-db.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../../../src/json/types.js";

const root = resolveDataRoot({ mustContain: "tau2_telecom" });
const AGENT_FIXTURE = loadDbArtifact(join(root, "tau2_telecom", "db"));
const USER_FIXTURE = loadDbArtifact(join(root, "tau2_telecom", "user_db"));

export const REFERENCE_VECTORS = join(root, "..", "reference", "vectors");

/** A value in a `set` map that removes the key instead. */
export const DELETE = "<delete>";

/** Overrides applied to a fresh fixture copy: dotted paths, list indices as numbers. */
export type Overrides = Readonly<Record<string, JsonValue>>;

function step(container: JsonValue, key: string): JsonValue {
  const next = Array.isArray(container) ? container[Number(key)] : isJsonObject(container) ? container[key] : undefined;
  if (next === undefined) throw new Error(`test setup: no ${key} in path`);
  return next;
}

function setPath(db: JsonObject, path: string, value: JsonValue): void {
  const parts = path.split(".");
  const last = parts.pop() ?? "";
  let target: JsonValue = db;
  for (const p of parts) target = step(target, p);
  if (Array.isArray(target)) target[Number(last)] = value;
  else if (!isJsonObject(target)) throw new Error(`test setup: cannot set ${path}`);
  else if (value === DELETE) delete target[last];
  else target[last] = value;
}

/** A deep copy of the agent (`db.json`) or user (`user_db.json`) fixture with overrides. */
export function fixtureDb(side: "agent" | "user", overrides: Overrides = {}): JsonObject {
  const db = structuredClone(side === "agent" ? AGENT_FIXTURE : USER_FIXTURE);
  for (const [path, value] of Object.entries(overrides)) setPath(db, path, structuredClone(value));
  return db;
}

function flatten(x: JsonValue, prefix: string, out: Map<string, JsonValue>): Map<string, JsonValue> {
  const entries: [string, JsonValue][] = Array.isArray(x)
    ? x.map((v, i) => [String(i), v])
    : isJsonObject(x)
      ? Object.entries(x)
      : [];
  if (entries.length === 0) out.set(prefix, x);
  for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Leaf paths whose value differs between two DBs, sorted; removed leaves read `<deleted>`. */
export function changes(before: JsonValue, after: JsonValue): [string, JsonValue][] {
  const b = flatten(before, "", new Map());
  const a = flatten(after, "", new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const out: [string, JsonValue][] = [];
  for (const p of paths) {
    if (!a.has(p)) out.push([p, "<deleted>"]);
    else if (!b.has(p) || JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p))) out.push([p, a.get(p) ?? null]);
  }
  return out;
}
