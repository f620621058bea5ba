// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { at, session } from "../harness.js";
import { miniDb } from "../mini-db.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });
const valueError = (message: string) => ({ status: "error", error_type: "value_error", message });

describe("ModifyPendingOrderPaymentTool", () => {
  it("charges the new method, refunds the old one and debits a gift card half-to-even", () => {
    const s = session();
    const out = s.call("ModifyPendingOrderPaymentTool", { order_id: "#W0000009", payment_method_id: "gift_card_1" });
    expect(at(out.result, "status")).toBe("pending");
    expect(at(out.result, "payment_history")).toStrictEqual([
      { transaction_type: "payment", amount: 5.125, payment_method_id: "credit_card_1" },
      { transaction_type: "payment", amount: 5.125, payment_method_id: "gift_card_1" },
      { transaction_type: "refund", amount: 5.125, payment_method_id: "credit_card_1" },
    ]);
    expect(out.records).toStrictEqual([
      {
        action_type: "modify_pending_order_payment",
        name: "modify_pending_order_payment",
        arguments: { order_id: "#W0000009", payment_method_id: "gift_card_1" },
        result: { order_id: "#W0000009" },
        side: "agent",
      },
    ]);
    // 10 - 5.125 = 4.875 exactly; round(4.875, 2) == 4.88.
    expect(at(s.db, "users", "ann_lee_1", "payment_methods", "gift_card_1", "balance")).toBe(4.88);
  });

  it("reports each failure in the reference's order, without touching the DB", () => {
    const s = session();
    const change = (order_id: string, payment_method_id: string) =>
      s.call("ModifyPendingOrderPaymentTool", { order_id, payment_method_id }).result;
    expect(change("#W0000099", "gift_card_1")).toStrictEqual(notFound("Order #W0000099 not found"));
    expect(change("#W0000002", "gift_card_1")).toStrictEqual(valueError("Non-pending order cannot be modified"));
    expect(change("#W0000005", "gift_card_1")).toStrictEqual(notFound("User not found"));
    expect(change("#W0000009", "gift_card_2")).toStrictEqual(notFound("Payment method not found"));
    // "pending (item modified)" passes the status check and fails on its two payments.
    expect(change("#W0000004", "gift_card_1")).toStrictEqual(valueError("There should be exactly one payment for a pending order"));
    expect(change("#W0000009", "credit_card_1")).toStrictEqual(valueError("The new payment method should be different from the current one"));
    expect(change("#W0000010", "gift_card_1")).toStrictEqual(valueError("Insufficient gift card balance to pay for the order"));
    expect(s.db).toStrictEqual(miniDb());
    expect(s.actions).toStrictEqual([]);
  });
});
