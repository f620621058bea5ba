/**
 * Tool calls replayed against the reference: `reference-cases.json` holds
 * call sequences (success and every error path of each tool, validation
 * errors, lax coercion, the quirks upstream keeps) with the results, exit
 * signals, action records and end-DB hash that the reference produced when
 * the same calls were dispatched to its live tool path (refharness
 * run_calls.py, scenario tau2_airline__0, i.e. the fixture DB).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { dbHash } from "../../../src/hash/db/index.js";
import { session } from "./harness.js";

interface ReferenceCase {
  case: string;
  steps: { name: string; arguments: JsonObject; result: JsonValue; exit?: boolean }[];
  actions: JsonObject[];
  db_hash: string;
}

const cases = JSON.parse(readFileSync(new URL("./reference-cases.json", import.meta.url), "utf8")) as ReferenceCase[];

/** The bridge puts `side` first when it merges records; compare everything else in order. */
const withoutSide = (records: readonly JsonObject[]) => records.map(({ side: _side, ...rest }) => rest);

describe("airline tools answer as the reference does", () => {
  it.each(cases.map((c) => [c.case, c] as const))("%s", (_name, c) => {
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
  });
});
