// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { at, session } from "../harness.js";
import { miniDb } from "../mini-db.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });
const valueError = (message: string) => ({ status: "error", error_type: "value_error", message });

const NEW_ADDRESS = { address1: "9 Elm St", address2: "", city: "Austin", state: "TX", country: "USA", zip: "73301" };

describe("ModifyPendingOrderAddressTool", () => {
  it("accepts any pending-like status and stores the address in field order", () => {
    const s = session();
    const out = s.call("ModifyPendingOrderAddressTool", { order_id: "w0000004", ...NEW_ADDRESS });
    expect(out.result).toStrictEqual({
      order_id: "#W0000004",
      user_id: "ann_lee_1",
      address: NEW_ADDRESS,
      items: [{ name: "T-Shirt", product_id: "1000000001", item_id: "2000000002", price: 10.625, options: { color: "black", size: "M" } }],
      status: "pending (item modified)",
      fulfillments: [],
      payment_history: [
        { transaction_type: "payment", amount: 10.5, payment_method_id: "credit_card_1" },
        { transaction_type: "payment", amount: 0.125, payment_method_id: "credit_card_1" },
      ],
    });
    expect(Object.keys(at(s.db, "orders", "#W0000004", "address") as object)).toStrictEqual([
      "address1",
      "address2",
      "city",
      "state",
      "country",
      "zip",
    ]);
    expect(out.records).toStrictEqual([
      {
        action_type: "modify_pending_order_address",
        name: "modify_pending_order_address",
        arguments: { order_id: "w0000004", ...NEW_ADDRESS },
        result: { order_id: "w0000004" },
        side: "agent",
      },
    ]);
  });

  it("rejects unknown and non-pending orders", () => {
    const s = session();
    expect(s.call("ModifyPendingOrderAddressTool", { order_id: "#W0000002", ...NEW_ADDRESS }).result).toStrictEqual(
      valueError("Non-pending order cannot be modified"),
    );
    expect(s.call("ModifyPendingOrderAddressTool", { order_id: "#W0000099", ...NEW_ADDRESS }).result).toStrictEqual(
      notFound("Order #W0000099 not found"),
    );
    expect(s.db).toStrictEqual(miniDb());
  });
});

describe("ModifyUserAddressTool", () => {
  it("replaces the default address and records the id as typed", () => {
    const s = session();
    const address = { ...NEW_ADDRESS, address2: "Unit 3" };
    const out = s.call("ModifyUserAddressTool", { user_id: "ANN_LEE_1", ...address });
    expect(at(out.result, "user_id")).toBe("ann_lee_1");
    expect(at(out.result, "address")).toStrictEqual(address);
    expect(out.records).toStrictEqual([
      {
        action_type: "modify_user_address",
        name: "modify_user_address",
        arguments: { user_id: "ANN_LEE_1", ...address },
        result: { user_id: "ANN_LEE_1" },
        side: "agent",
      },
    ]);
    expect(s.call("ModifyUserAddressTool", { user_id: "nobody", ...address }).result).toStrictEqual(notFound("User nobody not found"));
  });
});
