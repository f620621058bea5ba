// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { at, session } from "../harness.js";
import { miniDb } from "../mini-db.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });
const valueError = (message: string) => ({ status: "error", error_type: "value_error", message });

const ADDRESS = { address1: "1 Main St", address2: "Apt 2", city: "Springfield", country: "USA", state: "IL", zip: "10001" };
const RED_SHIRT = { name: "T-Shirt", product_id: "1000000001", item_id: "2000000001", price: 10.5, options: { color: "red", size: "M" } };
const MUG = { name: "Mug", product_id: "1000000002", item_id: "3000000001", price: 5.125, options: { size: "12oz" } };

describe("GetOrderDetailsTool", () => {
  it("upper-cases the id and adds a missing '#'", () => {
    const s = session();
    const expected = {
      order_id: "#W0000009",
      user_id: "ann_lee_1",
      address: ADDRESS,
      items: [MUG],
      status: "pending",
      fulfillments: [],
      payment_history: [{ transaction_type: "payment", amount: 5.125, payment_method_id: "credit_card_1" }],
    };
    expect(s.call("GetOrderDetailsTool", { order_id: "w0000009" }).result).toStrictEqual(expected);
    expect(s.call("GetOrderDetailsTool", { order_id: "#w0000009" }).result).toStrictEqual(expected);
  });

  it("names the raw id when the order is unknown", () => {
    const s = session();
    expect(s.call("GetOrderDetailsTool", { order_id: "W9" }).result).toStrictEqual(notFound("Order W9 not found"));
    expect(s.call("GetOrderDetailsTool", { order_id: "" }).result).toStrictEqual(notFound("Order  not found"));
  });
});

describe("CancelPendingOrderTool", () => {
  it("cancels, refunds every payment and credits gift cards rounded half-to-even", () => {
    const s = session();
    const out = s.call("CancelPendingOrderTool", { order_id: "w0000001", reason: "no longer needed" });
    expect(out.result).toStrictEqual({
      order_id: "#W0000001",
      user_id: "ann_lee_1",
      address: ADDRESS,
      items: [RED_SHIRT, RED_SHIRT, MUG],
      status: "cancelled",
      fulfillments: [],
      payment_history: [
        { transaction_type: "payment", amount: 26.125, payment_method_id: "gift_card_1" },
        { transaction_type: "refund", amount: 26.125, payment_method_id: "gift_card_1" },
      ],
      cancel_reason: "no longer needed",
    });
    // The record keeps the id as the model typed it.
    expect(out.records).toStrictEqual([
      {
        action_type: "cancel_pending_order",
        name: "cancel_pending_order",
        arguments: { order_id: "w0000001", reason: "no longer needed" },
        result: { order_id: "w0000001", status: "cancelled" },
        side: "agent",
      },
    ]);
    // 10 + 26.125 = 36.125 exactly; round(36.125, 2) == 36.12.
    expect(at(s.db, "users", "ann_lee_1", "payment_methods", "gift_card_1")).toStrictEqual({
      source: "gift_card",
      id: "gift_card_1",
      balance: 36.12,
    });
  });

  it("refunds refund entries too when the payment was changed before cancelling", () => {
    const s = session();
    s.call("ModifyPendingOrderPaymentTool", { order_id: "#W0000001", payment_method_id: "credit_card_1" });
    const out = s.call("CancelPendingOrderTool", { order_id: "#W0000001", reason: "ordered by mistake" });
    expect(at(out.result, "payment_history")).toStrictEqual([
      { transaction_type: "payment", amount: 26.125, payment_method_id: "gift_card_1" },
      { transaction_type: "payment", amount: 26.125, payment_method_id: "credit_card_1" },
      { transaction_type: "refund", amount: 26.125, payment_method_id: "gift_card_1" },
      { transaction_type: "refund", amount: 26.125, payment_method_id: "gift_card_1" },
      { transaction_type: "refund", amount: 26.125, payment_method_id: "credit_card_1" },
      { transaction_type: "refund", amount: 26.125, payment_method_id: "gift_card_1" },
    ]);
    expect(at(s.db, "users", "ann_lee_1", "payment_methods", "gift_card_1", "balance")).toBe(88.37);
    expect(s.actions.map((a) => a["name"])).toStrictEqual(["modify_pending_order_payment", "cancel_pending_order"]);
  });

  it("reports each failure without touching the DB", () => {
    const s = session();
    const cancel = (order_id: string, reason = "no longer needed") => s.call("CancelPendingOrderTool", { order_id, reason }).result;
    expect(cancel("#W0000099")).toStrictEqual(notFound("Order #W0000099 not found"));
    expect(cancel("#W0000002")).toStrictEqual(valueError("Non-pending order cannot be cancelled"));
    // Only exactly "pending" can be cancelled.
    expect(cancel("#W0000004")).toStrictEqual(valueError("Non-pending order cannot be cancelled"));
    // Any text passes validation; the tool rejects reasons outside the advertised two.
    expect(cancel("#W0000009", "changed my mind")).toStrictEqual(valueError("Invalid reason"));
    expect(cancel("#W0000005", "ordered by mistake")).toStrictEqual(notFound("User not found"));
    expect(s.db).toStrictEqual(miniDb());
    expect(s.actions).toStrictEqual([]);
  });
});
