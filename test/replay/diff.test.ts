import { describe, expect, it } from "vitest";
import { computeDbDiff } from "../../src/replay/diff.js";

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
});
