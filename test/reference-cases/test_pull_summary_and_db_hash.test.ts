/**
 * The reference's tests/unit/test_pull_summary_and_db_hash.py: the DB hash
 * (key order, excluded keys, 1.0 = 1, "none" = None, order-independent
 * lists), the structured DB diff, the end-of-scenario summary (actions and
 * the DB's hash), and a scenario's shipped expected DB. Literal hashes are
 * what the reference's get_dict_hash returns on the same dicts.
 */
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { computeDbDiff } from "../../src/scoring/diff.js";
import { dbHash, HASH_EXCLUDED_KEYS, ORDER_INDEPENDENT_LIST_FIELDS, summaryHash } from "../../src/hash/db/index.js";
import { normalizeForComparison } from "../../src/scoring/normalize.js";
import { expectedFor } from "../../src/run/scenario/expected.js";
import { createRng } from "../../src/engine/rng.js";
import type { JsonObject } from "../../src/json/types.js";
import { entry } from "./catalog.js";

/** A dict as Python writes it, so 1.0 stays a float. */
const py = (text: string): JsonObject => parsePythonJson(text) as JsonObject;

describe("get_dict_hash", () => {
  it("test_get_dict_hash_deterministic", () => {
    const a = py('{"x": 1, "y": [1, 2, 3], "z": {"k": "v"}}');
    const b = py('{"z": {"k": "v"}, "y": [1, 2, 3], "x": 1}');
    expect(dbHash(a)).toBe("70ab2d45b824991853bca7f711a8c5e4d0a763dc2eb33e300528ff8671239e7b");
    expect(dbHash(b)).toBe(dbHash(a));
  });
  it("test_get_dict_hash_excludes_session", () => {
    expect(HASH_EXCLUDED_KEYS).toContain("session");
    expect(dbHash(py('{"x": 1, "session": {"id": "abc-123"}}'))).toBe("5041bf1f713df204784353e82f6a4a535931cb64f1f4b4a5aeaffcb720918b22");
  });
  it("test_get_dict_hash_normalizes_floats_and_strings", () => {
    const a = py('{"qty": 1, "meal": null, "fares": [1.0, 2.0]}');
    const b = py('{"qty": 1.0, "meal": "none", "fares": [1, 2]}');
    expect(dbHash(a)).toBe("258a4f18f0f281b9a7c94f7b2f4477ddbc2b53507aec88033137be928cb8d420");
    expect(dbHash(b)).toBe(dbHash(a));
  });
  it("test_normalize_for_comparison_recurses", () => {
    expect(normalizeForComparison(py('{"a": [{"b": 1.0, "c": "NULL"}, 2.0], "d": "Null"}'))).toEqual({ a: [{ b: 1, c: null }, 2], d: null });
  });
  it("test_normalize_handles_order_independent_list", () => {
    expect(ORDER_INDEPENDENT_LIST_FIELDS).toContain("bookings");
    const a = py('{"bookings": [{"id": "X"}, {"id": "Y"}]}');
    const b = py('{"bookings": [{"id": "Y"}, {"id": "X"}]}');
    expect(dbHash(a)).toBe("95168b02c1e92a0c11dc934ae0a2527273f7d18f573f932a378742818bee99d7");
    expect(dbHash(b)).toBe(dbHash(a));
  });
  it("test_get_dict_hash_detects_value_change", () => {
    expect(dbHash({ x: 2 })).toBe("5e2b030a4a0f1582d78c0fd9924511cd6b1f2df9879e574f5ea1406c94052418");
    expect(dbHash({ x: 2 })).not.toBe(dbHash({ x: 1 }));
  });
});

describe("compute_db_diff", () => {
  it("test_compute_db_diff_identical_returns_empty", () => {
    const a = { reservations: { R1: { status: "confirmed" } } };
    expect(computeDbDiff(a, structuredClone(a))).toEqual({ tables_added: [], tables_removed: [], tables_modified: {} });
  });
  it("test_compute_db_diff_table_added_and_removed", () => {
    const d = computeDbDiff({ reservations: {}, journeys: {} }, { reservations: {}, refunds: {} });
    expect(d.tables_added).toEqual(["refunds"]);
    expect(d.tables_removed).toEqual(["journeys"]);
    expect(d.tables_modified).toEqual({});
  });
  it("test_compute_db_diff_record_modified_field_value", () => {
    const d = computeDbDiff({ reservations: { R1: { status: "confirmed", fare_paid: 100 } } }, { reservations: { R1: { status: "cancelled", fare_paid: 100 } } });
    const table = d.tables_modified["reservations"] as Record<string, any>;
    expect(table.records_added).toEqual([]);
    expect(table.records_removed).toEqual([]);
    expect(table.records_modified.R1.fields_modified.status).toEqual({ type: "value_mismatch", expected: "confirmed", actual: "cancelled" });
  });
  it("test_compute_db_diff_record_added", () => {
    const d = computeDbDiff({ reservations: { R1: { status: "confirmed" } } }, { reservations: { R1: { status: "confirmed" }, R2: { status: "confirmed" } } });
    expect((d.tables_modified["reservations"] as Record<string, any>).records_added).toEqual(["R2"]);
  });
});

describe("end-of-scenario summary", () => {
  // The bot answers with its actions and its DB's hash; evalsim hashes the side's final DB the same way.
  it("test_get_scenario_summary_action_returns_actions_and_hash", () => {
    expect(summaryHash({ reservations: { R1: {} } })).toBe("7533c521991a126506e42acc40ef760988d4b273eff23fffc379e92bf13cc496");
  });
  it("test_get_scenario_summary_action_uninitialized_state", () => {
    expect(summaryHash(undefined)).toBeNull();
  });
});

describe("a scenario's expected DB", () => {
  const env = { today: "2025-02-25", rng: createRng(0) };
  it("test_scenario_expected_db_default_is_none", () => {
    // tau2 scenarios ship none: their expected DB is the gold replay's.
    expect(entry("tau2_retail__0").scenario.shippedExpectedDb()).toBeUndefined();
  });
  it("test_scenario_expected_db_via_init_kwarg", () => {
    const expected = { reservations: { R1: { status: "confirmed" } } };
    const e = entry("eva_airline__1_1_4");
    const scenario = { ...e.scenario, shippedExpectedDb: () => expected };
    expect(expectedFor({ scenario, domain: e.domain }, env).db).toEqual(expected);
  });
});
