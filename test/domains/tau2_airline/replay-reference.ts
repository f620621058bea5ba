/**
 * Tool calls replayed against the reference: `reference-cases.json` holds
 * call sequences (success and every error path of each tool, validation
 * errors, lax coercion, the quirks upstream keeps) with the results, exit
 * signals, action records and end-DB hash that the reference produced when
 * the same calls were dispatched to its live tool path (refharness
 * run_calls.py, scenario tau2_airline__0, i.e. the fixture DB). Each tool
 * module's spec replays the cases of its own tools.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { session } from "./harness.js";

export interface ReferenceCase {
  case: string;
  steps: { name: string; arguments: JsonObject; result: JsonValue; exit?: boolean }[];
  actions: JsonObject[];
  db_hash: string;
}

export const referenceCases = JSON.parse(readFileSync(new URL("./reference-cases.json", import.meta.url), "utf8")) as ReferenceCase[];

/** The named cases, as `it.each` rows; a name that is not in the file fails at once. */
export function casesNamed(...names: string[]): (readonly [string, ReferenceCase])[] {
  return names.map((name) => {
    const found = referenceCases.find((c) => c.case === name);
    if (found === undefined) throw new Error(`reference-cases.json has no case "${name}"`);
    return [name, found] as const;
  });
}

/** The bridge puts `side` first when it merges records; compare everything else in order. */
const withoutSide = (records: readonly JsonObject[]) => records.map(({ side: _side, ...rest }) => rest);

/** Replays one case on the fixture DB and checks every result, exit, record and the end-DB hash. */
export function replayReferenceCase(c: ReferenceCase): void {
  const s = session();
  c.steps.forEach((step, i) => {
    const out = s.call(step.name, step.arguments);
    const label = `step ${i}: ${step.name} ${JSON.stringify(step.arguments)}`;
    expect(out.result, label).toStrictEqual(step.result);
    expect(JSON.stringify(out.result), `${label} (key order)`).toBe(JSON.stringify(step.result));
    expect(out.exit, `${label} (exit)`).toBe(step.exit === true);
  });
  expect(s.actions.map((a) => a["side"])).toStrictEqual(c.actions.map((a) => a["side"]));
  expect(JSON.stringify(withoutSide(s.actions))).toBe(JSON.stringify(withoutSide(c.actions)));
  expect(dbHash(s.db)).toBe(c.db_hash);
}
