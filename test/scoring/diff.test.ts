import { describe, expect, it } from "vitest";
import { computeDbDiff } from "../../src/scoring/diff.js";

// Expected shapes follow compute_db_diff in the reference's db_hash.py (HARNESS.md §5.3).
describe("computeDbDiff", () => {
  it("lists added and removed tables sorted", () => {
    const d = computeDbDiff({ b: {}, a: {}, keep: {} }, { keep: {}, z: {}, c: {} });
    expect(d.tables_added).toEqual(["c", "z"]);
    expect(d.tables_removed).toEqual(["a", "b"]);
    expect(d.tables_modified).toEqual({});
  });

  it("compares non-dict tables with Python ==, so 1 == 1.0 == True", () => {
    expect(computeDbDiff({ t: [1, 2] }, { t: [true, 2] }).tables_modified).toEqual({});
    expect(computeDbDiff({ t: [1, 2] }, { t: [2, 1] }).tables_modified).toEqual({
      t: { type: "non_dict_table", expected: [1, 2], actual: [2, 1] },
    });
  });

  it("reports records added, removed and modified", () => {
    const d = computeDbDiff({ r: { A: { x: 1 }, B: { x: 1 } } }, { r: { A: { x: 2 }, C: { x: 1 } } });
    expect(d.tables_modified["r"]).toEqual({
      records_added: ["C"],
      records_removed: ["B"],
      records_modified: { A: { fields_added: [], fields_removed: [], fields_modified: { x: { type: "value_mismatch", expected: 1, actual: 2 } } } },
    });
  });

  it("normalizes before comparing: 1.0 vs 1 and 'None' vs null are equal", () => {
    expect(computeDbDiff({ r: { A: { x: 1, y: "None" } } }, { r: { A: { x: 1.0, y: null } } }).tables_modified).toEqual({});
  });

  it("reports type mismatches with Python type names", () => {
    const d = computeDbDiff({ r: { A: { x: 1.5 } } }, { r: { A: { x: 1 } } });
    expect(d.tables_modified["r"]).toMatchObject({
      records_modified: { A: { fields_modified: { x: { type: "type_mismatch", expected_type: "float", actual_type: "int" } } } },
    });
    const s = computeDbDiff({ r: { A: "1" } }, { r: { A: 1 } });
    expect(s.tables_modified["r"]).toMatchObject({ records_modified: { A: { type: "type_mismatch", expected_type: "str", actual_type: "int" } } });
  });

  it("sorts order-independent lists before comparing, others not", () => {
    expect(computeDbDiff({ r: { A: { bookings: [1, 2] } } }, { r: { A: { bookings: [2, 1] } } }).tables_modified).toEqual({});
    const d = computeDbDiff({ r: { A: { seats: [1, 2] } } }, { r: { A: { seats: [2, 1] } } });
    expect(d.tables_modified["r"]).toMatchObject({
      records_modified: { A: { fields_modified: { seats: { type: "list_differences", differences: [{ index: 0 }, { index: 1 }] } } } },
    });
  });

  it("reports list length mismatches", () => {
    const d = computeDbDiff({ r: { A: { s: [1] } } }, { r: { A: { s: [1, 2] } } });
    expect(d.tables_modified["r"]).toMatchObject({
      records_modified: { A: { fields_modified: { s: { type: "list_length_mismatch", expected_length: 1, actual_length: 2 } } } },
    });
  });

  it("lists modified records in code-point key order, whatever the table's order, a '__proto__' key included", () => {
    const keys = ["b", "é", "B", "10x", "__proto__", "a", "2x", "Z", "\ud83d\ude00", "\uffff"];
    const table = (x: number): Record<string, unknown> => {
      const t: Record<string, unknown> = {};
      for (const k of keys) Object.defineProperty(t, k, { value: { x }, enumerable: true, writable: true, configurable: true });
      return t;
    };
    const shared = { x: 5 };
    const expected = { r: { ...table(1), same: shared } };
    const actual = { r: { ...table(2), same: shared } };
    // Spreading drops a "__proto__" own key: put it back on both.
    for (const t of [expected.r, actual.r]) Object.defineProperty(t, "__proto__", { value: { x: t === expected.r ? 1 : 2 }, enumerable: true, writable: true, configurable: true });
    const modified = (computeDbDiff(expected, actual).tables_modified["r"] as { records_modified: Record<string, unknown> }).records_modified;
    // Python sorts str by code point: digits, upper case, "_", lower case, then é, U+FFFF, then the astral emoji.
    // (Integer-like keys are left out: a JavaScript object lists them first whatever their insertion order.)
    expect(Object.keys(modified)).toEqual(["10x", "2x", "B", "Z", "__proto__", "a", "b", "é", "\uffff", "\ud83d\ude00"]);
    expect(Object.getPrototypeOf(modified)).toBe(Object.prototype);
  });
});

