/** The agent-DB lookups of the telecom predicates and init functions (`_get_*_by_id`, `_get_target_line`). */
import { describe, expect, it } from "vitest";
import { getBillById, getCustomerById, getLineById, getTargetLine } from "../../../src/domains/tau2_telecom/lookups.js";

const DB = {
  customers: [
    { customer_id: "C1", line_ids: ["L1", "L2"] },
    { customer_id: "C2", line_ids: null },
    { customer_id: 3, line_ids: ["L3"] },
  ],
  lines: [{ line_id: "L1" }, { line_id: "L2" }, { line_id: "L3" }],
  bills: [{ bill_id: "B1", amount_due: 10 }],
};

describe("telecom lookups", () => {
  it("find records by id, or undefined (None) when nothing matches", () => {
    expect(getBillById(DB, "B1")).toEqual({ bill_id: "B1", amount_due: 10 });
    expect(getBillById(DB, "B2")).toBeUndefined();
    expect(getLineById(DB, "L2")).toEqual({ line_id: "L2" });
    expect(getCustomerById({}, "C1")).toBeUndefined();
    expect(getCustomerById({ customers: null }, "C1")).toBeUndefined();
  });

  it("compare ids with Python ==: 3 == 3.0 == True is not '3'", () => {
    expect(getCustomerById(DB, 3.0)).toEqual({ customer_id: 3, line_ids: ["L3"] });
    expect(getCustomerById(DB, "3")).toBeUndefined();
  });

  it("a target line must be listed under the customer", () => {
    expect(getTargetLine(DB, "C1", "L2")).toEqual({ line_id: "L2" });
    expect(getTargetLine(DB, "C1", "L3")).toBeUndefined();
    expect(getTargetLine(DB, "C2", "L1")).toBeUndefined();
    expect(getTargetLine(DB, "C9", "L1")).toBeUndefined();
  });
});
