/**
 * The telecom back-office billing tools (payment request, data refuel). Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { dbHash } from "../../../../src/hash/db/index.js";
import { agent, failing, fixedHexRng, fixtureDb, session, TODAY, toolError } from "../telecom-harness.js";

describe("billing", () => {
  it("send_payment_request allows one open request per customer", () => {
    const s = agent();
    expect(failing(s, "send_payment_request", { customer_id: "C9", bill_id: "B1002" })).toEqual(toolError("Customer C9 not found"));
    expect(failing(s, "send_payment_request", { customer_id: "C1001", bill_id: "B1004" })).toEqual(
      toolError("Bill B1004 not found for customer C1001"),
    );
    const sent = s.call("send_payment_request", { customer_id: "C1001", bill_id: "B1002" });
    expect(sent.result).toBe("Payment request sent to the customer for bill B1002");
    expect(sent.records.map((r) => r["result"])).toEqual([{ bill_id: "B1002", status: "Awaiting Payment" }]);
    expect(failing(s, "send_payment_request", { customer_id: "C1001", bill_id: "B1003" })).toEqual(
      toolError("A bill is already awaiting payment for this customer"),
    );
  });

  it("refuel_data charges the draft bill at the plan rate", () => {
    const s = agent();
    const outcome = s.call("refuel_data", { customer_id: "C1001", line_id: "L1002", gb_amount: 2 });
    expect(outcome.result).toEqual({
      message: "Successfully added 2.0 GB of data for line L1002 for $4.00",
      new_data_refueling_gb: 2.0,
      charge: 4.0,
    });
    expect(outcome.records.map((r) => r["arguments"])).toEqual([{ customer_id: "C1001", line_id: "L1002", gb_amount: 2.0 }]);
    expect(s.call("get_details_by_id", { id: "B1003" }).result).toEqual({
      bill_id: "B1003",
      customer_id: "C1001",
      period_start: "2025-03-01",
      period_end: "2025-03-31",
      issue_date: "2025-03-01",
      total_due: 4.0,
      due_date: "2025-03-15",
      line_items: [{ description: "Data refueling: 2.0 GB at $2.0/GB", amount: 4.0, date: TODAY, item_type: "Charge" }],
      status: "Draft",
    });
  });

  it("refuel_data checks the amount before the line", () => {
    const s = agent();
    expect(failing(s, "refuel_data", { customer_id: "C9", line_id: "L1002", gb_amount: -1 })).toEqual(
      toolError("Refuel amount must be positive"),
    );
    expect(failing(s, "refuel_data", { customer_id: "C9", line_id: "L1002", gb_amount: 1 })).toEqual(toolError("Customer with ID C9 not found"));
  });

  it("refuel_data mints a next-month Draft bill `B` + 8 hex digits when there is none", () => {
    const s = session("agent", fixtureDb("agent"), { today: "2025-12-15", rng: fixedHexRng("12345678") });
    const outcome = s.call("refuel_data", { customer_id: "C1003", line_id: "L1009", gb_amount: 0.125 });
    // The reference's DB hash after this call, with uuid4 fixed to 12345678….
    expect(dbHash(s.db())).toBe("6e66408e6357ddfda23f0e4d7a51c757b93d0d359637541041935c521857f7aa");
    expect(outcome.result).toEqual({
      message: "Successfully added 0.125 GB of data for line L1009 for $0.25",
      new_data_refueling_gb: 0.125,
      charge: 0.25,
    });
    expect(s.call("get_details_by_id", { id: "B12345678" }).result).toEqual({
      bill_id: "B12345678",
      customer_id: "C1003",
      period_start: "2026-01-01",
      period_end: "2026-01-31",
      issue_date: "2026-01-01",
      total_due: 0.25,
      due_date: "2026-01-15",
      line_items: [{ description: "Data refueling: 0.125 GB at $2.0/GB", amount: 0.25, date: "2025-12-15", item_type: "Charge" }],
      status: "Draft",
    });
    expect((s.call("get_customer_by_id", { customer_id: "C1003" }).result as JsonObject)["bill_ids"]).toEqual(["B1006", "B12345678"]);
  });
});
