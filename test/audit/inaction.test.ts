/**
 * The inaction audit on three tau2_airline scenarios whose reference actions were read from tasks.json with
 * Python: __0 has none, __5 only reads (get_user_details), __8 books a reservation (book_reservation). Only
 * __8 expects the DB to change, so only __8 is out of a do-nothing agent's reach.
 */
import { describe, expect, it } from "vitest";
import { auditScenario, expectedDbIsInitial, flagged, type InactionResult } from "../../src/audit/inaction.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog } from "../../src/engine/catalog.js";

const catalog = loadCatalog(registry, {}, [registry.domain("tau2_airline")!]);
const entry = (name: string) => catalog.byName.get(name)!;

describe("expectedDbIsInitial", () => {
  it("is true where the reference actions change nothing, false where they book", () => {
    expect(expectedDbIsInitial(entry("tau2_airline__0"))).toBe(true);
    expect(expectedDbIsInitial(entry("tau2_airline__5"))).toBe(true);
    expect(expectedDbIsInitial(entry("tau2_airline__8"))).toBe(false);
  });
});

describe("auditScenario", () => {
  it("a do-nothing agent passes a scenario that expects no change, under its DB and exit gates", async () => {
    expect(await auditScenario(entry("tau2_airline__0"))).toEqual({
      name: "tau2_airline__0",
      bucket: "tau2_airline",
      domain: "tau2_airline",
      passesOnInaction: true,
      passedSignals: ["db_state_match", "clean_exit"],
      expectedDbIsInitial: true,
    });
  });

  it("and fails one that needs a booking", async () => {
    const r = await auditScenario(entry("tau2_airline__8"));
    expect(r.passesOnInaction).toBe(false);
    expect(r.passedSignals).not.toContain("db_state_match");
  });
});

describe("flagged", () => {
  const result = (name: string, passesOnInaction: boolean, expectedDbIsInitial: boolean | null, refusal = false): InactionResult => ({
    name,
    bucket: "b",
    domain: "d",
    passesOnInaction,
    passedSignals: [],
    expectedDbIsInitial,
    ...(refusal ? { refusal: true as const } : {}),
  });

  it("keeps scenarios that pass on inaction or expect no change, unless they are declared refusals", () => {
    const results = [result("passes", true, false), result("unchanged", false, true), result("fine", false, false), result("no-db", false, null), result("refusal", true, true, true)];
    expect(flagged(results).map((r) => r.name)).toEqual(["passes", "unchanged"]);
  });
});
