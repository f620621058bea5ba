// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { at, session } from "../harness.js";
import { miniDb } from "../mini-db.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });
const valueError = (message: string) => ({ status: "error", error_type: "value_error", message });

const ADDRESS = { address1: "1 Main St", address2: "Apt 2", city: "Springfield", country: "USA", state: "IL", zip: "10001" };
const shirt = (item_id: string, price: number, color: string) => ({
  name: "T-Shirt",
  product_id: "1000000001",
  item_id,
  price,
  options: { color, size: "M" },
});
const MUG = { name: "Mug", product_id: "1000000002", item_id: "3000000001", price: 5.125, options: { size: "12oz" } };

describe("ExchangeDeliveredOrderItemsTool", () => {
  it("requests the exchange with sorted id lists and a price difference rounded half-to-even", () => {
    const s = session();
    const args = {
      order_id: "#w0000002",
      item_ids: ["3000000001", "2000000001"],
      new_item_ids: ["3000000001", "2000000002"],
      payment_method_id: "gift_card_1",
    };
    const out = s.call("ExchangeDeliveredOrderItemsTool", args);
    // 10.625 - 10.5 = 0.125 exactly; round(0.125, 2) == 0.12.
    expect(out.result).toStrictEqual({
      order_id: "#W0000002",
      user_id: "ann_lee_1",
      address: ADDRESS,
      items: [shirt("2000000001", 10.5, "red"), MUG],
      status: "exchange requested",
      fulfillments: [],
      payment_history: [{ transaction_type: "payment", amount: 15.625, payment_method_id: "credit_card_1" }],
      exchange_items: ["2000000001", "3000000001"],
      exchange_new_items: ["2000000002", "3000000001"],
      exchange_payment_method_id: "gift_card_1",
      exchange_price_difference: 0.12,
    });
    expect(out.records).toStrictEqual([
      {
        action_type: "exchange_delivered_order_items",
        name: "exchange_delivered_order_items",
        arguments: args,
        result: { order_id: "#w0000002", status: "exchange requested", price_difference: 0.12 },
        side: "agent",
      },
    ]);
    // An exchange charges nothing yet.
    expect(at(s.db, "users", "ann_lee_1", "payment_methods", "gift_card_1", "balance")).toBe(10);
  });

  it("compares the gift card balance with the rounded difference", () => {
    // Balance 0.12 covers round(0.125, 2) but not the unrounded 0.125.
    const out = session().call("ExchangeDeliveredOrderItemsTool", {
      order_id: "#W0000006",
      item_ids: ["2000000001"],
      new_item_ids: ["2000000002"],
      payment_method_id: "gift_card_2",
    });
    expect(out.status).toBe("ok");
    expect(at(out.result, "exchange_price_difference")).toBe(0.12);
  });

  it("reports each failure in the reference's order, without touching the DB", () => {
    const s = session();
    const exchange = (order_id: string, item_ids: string[], new_item_ids: string[], payment_method_id = "gift_card_1") =>
      s.call("ExchangeDeliveredOrderItemsTool", { order_id, item_ids, new_item_ids, payment_method_id }).result;
    expect(exchange("#W0000099", [], [])).toStrictEqual(notFound("Order #W0000099 not found"));
    expect(exchange("#W0000001", [], [])).toStrictEqual(valueError("Non-delivered order cannot be exchanged"));
    expect(exchange("#W0000002", ["2000000001", "2000000001"], ["2000000002", "2000000002"])).toStrictEqual(
      valueError("Number of 2000000001 not found."),
    );
    expect(exchange("#W0000002", ["2000000001"], [])).toStrictEqual(valueError("The number of items to be exchanged should match."));
    expect(exchange("#W0000002", ["2000000001"], ["2000000003"])).toStrictEqual(valueError("New item 2000000003 not found or available"));
    expect(exchange("#W0000002", ["2000000001"], ["3000000001"])).toStrictEqual(valueError("New item 3000000001 not found or available"));
    expect(exchange("#W0000002", ["2000000001"], ["2000000002"], "gift_card_2")).toStrictEqual(notFound("Payment method not found"));
    expect(exchange("#W0000011", ["3000000001"], ["3000000001"], "paypal_9")).toStrictEqual(notFound("User not found"));
    // 10.875 - 10.5 = 0.375 -> 0.38, more than the 0.12 on the card.
    expect(exchange("#W0000006", ["2000000001"], ["2000000006"], "gift_card_2")).toStrictEqual(
      valueError("Insufficient gift card balance to pay for the price difference"),
    );
    expect(s.db).toStrictEqual(miniDb());
    expect(s.actions).toStrictEqual([]);
  });
});

describe("ModifyPendingOrderItemsTool", () => {
  it("swaps duplicates one at a time, refunds the rounded difference and credits the gift card", () => {
    const s = session();
    const args = {
      order_id: "#W0000001",
      item_ids: ["2000000001", "2000000001"],
      new_item_ids: ["2000000002", "2000000004"],
      payment_method_id: "gift_card_1",
    };
    const out = s.call("ModifyPendingOrderItemsTool", args);
    // (10.625 - 10.5) + (8.25 - 10.5) = -2.125 exactly; round(-2.125, 2) == -2.12.
    expect(out.result).toStrictEqual({
      order_id: "#W0000001",
      user_id: "ann_lee_1",
      address: ADDRESS,
      items: [shirt("2000000002", 10.625, "blue"), shirt("2000000004", 8.25, "black"), MUG],
      status: "pending (item modified)",
      fulfillments: [],
      payment_history: [
        { transaction_type: "payment", amount: 26.125, payment_method_id: "gift_card_1" },
        { transaction_type: "refund", amount: 2.12, payment_method_id: "gift_card_1" },
      ],
    });
    expect(out.records).toStrictEqual([
      {
        action_type: "modify_pending_order_items",
        name: "modify_pending_order_items",
        arguments: args,
        result: { order_id: "#W0000001", price_difference: -2.12 },
        side: "agent",
      },
    ]);
    expect(at(s.db, "users", "ann_lee_1", "payment_methods", "gift_card_1", "balance")).toBe(12.12);
  });

  it("records a zero difference as a refund of 0, even for an empty swap", () => {
    const s = session();
    const empty = s.call("ModifyPendingOrderItemsTool", { order_id: "#W0000009", item_ids: [], new_item_ids: [], payment_method_id: "paypal_1" });
    expect(at(empty.result, "status")).toBe("pending (item modified)");
    expect(at(empty.result, "payment_history")).toStrictEqual([
      { transaction_type: "payment", amount: 5.125, payment_method_id: "credit_card_1" },
      { transaction_type: "refund", amount: 0, payment_method_id: "paypal_1" },
    ]);
    const same = s.call("ModifyPendingOrderItemsTool", {
      order_id: "#W0000001",
      item_ids: ["2000000001"],
      new_item_ids: ["2000000005"],
      payment_method_id: "credit_card_1",
    });
    expect(at(same.result, "items")).toStrictEqual([shirt("2000000005", 10.5, "white"), shirt("2000000001", 10.5, "red"), MUG]);
    expect(at(same.result, "payment_history")).toStrictEqual([
      { transaction_type: "payment", amount: 26.125, payment_method_id: "gift_card_1" },
      { transaction_type: "refund", amount: 0, payment_method_id: "credit_card_1" },
    ]);
    expect(same.records[0]?.["result"]).toStrictEqual({ order_id: "#W0000001", price_difference: 0 });
  });

  it("reports each failure in the reference's order, without touching the DB", () => {
    const s = session();
    const modify = (order_id: string, item_ids: string[], new_item_ids: string[], payment_method_id = "gift_card_1") =>
      s.call("ModifyPendingOrderItemsTool", { order_id, item_ids, new_item_ids, payment_method_id }).result;
    expect(modify("#W0000099", [], [])).toStrictEqual(notFound("Order #W0000099 not found"));
    // Only exactly "pending" can have its items modified.
    expect(modify("#W0000004", [], [])).toStrictEqual(valueError("Non-pending order cannot be modified"));
    expect(modify("#W0000001", ["2000000004"], ["2000000002"])).toStrictEqual(valueError("2000000004 not found"));
    expect(modify("#W0000001", ["2000000001"], ["2000000002", "2000000004"])).toStrictEqual(
      valueError("The number of items to be exchanged should match"),
    );
    expect(modify("#W0000001", ["2000000001"], ["2000000001"])).toStrictEqual(
      valueError("The new item id should be different from the old item id"),
    );
    expect(modify("#W0000001", ["2000000001"], ["2000000003"])).toStrictEqual(valueError("New item 2000000003 not found or available"));
    expect(modify("#W0000001", ["2000000001"], ["2000000002"], "gift_card_9")).toStrictEqual(notFound("Payment method not found"));
    // 10.625 - 8.25 = 2.375 -> 2.38 > 0.12.
    expect(modify("#W0000008", ["2000000004"], ["2000000002"], "gift_card_2")).toStrictEqual(
      valueError("Insufficient gift card balance to pay for the new item"),
    );
    expect(modify("#W0000005", ["3000000001"], ["3000000002"], "paypal_9")).toStrictEqual(
      valueError("New item 3000000002 not found or available"),
    );
    expect(modify("#W0000005", [], [], "paypal_9")).toStrictEqual(notFound("User not found"));
    expect(s.db).toStrictEqual(miniDb());
    expect(s.actions).toStrictEqual([]);
  });
});

describe("ReturnDeliveredOrderItemsTool", () => {
  it("requests the return to the original payment method with sorted item ids", () => {
    const s = session();
    const args = { order_id: "#W0000002", item_ids: ["3000000001", "2000000001"], payment_method_id: "credit_card_1" };
    const out = s.call("ReturnDeliveredOrderItemsTool", args);
    expect(out.result).toStrictEqual({
      order_id: "#W0000002",
      user_id: "ann_lee_1",
      address: ADDRESS,
      items: [shirt("2000000001", 10.5, "red"), MUG],
      status: "return requested",
      fulfillments: [],
      payment_history: [{ transaction_type: "payment", amount: 15.625, payment_method_id: "credit_card_1" }],
      return_items: ["2000000001", "3000000001"],
      return_payment_method_id: "credit_card_1",
    });
    expect(out.records).toStrictEqual([
      {
        action_type: "return_delivered_order_items",
        name: "return_delivered_order_items",
        arguments: args,
        result: { order_id: "#W0000002", status: "return requested" },
        side: "agent",
      },
    ]);
  });

  it("accepts any of the user's gift cards, and an empty item list", () => {
    const s = session();
    const toGiftCard = s.call("ReturnDeliveredOrderItemsTool", { order_id: "#W0000002", item_ids: ["3000000001"], payment_method_id: "gift_card_1" });
    expect(at(toGiftCard.result, "return_items")).toStrictEqual(["3000000001"]);
    expect(at(toGiftCard.result, "return_payment_method_id")).toBe("gift_card_1");
    const nothing = s.call("ReturnDeliveredOrderItemsTool", { order_id: "#W0000006", item_ids: [], payment_method_id: "paypal_2" });
    expect(at(nothing.result, "status")).toBe("return requested");
    expect(at(nothing.result, "return_items")).toStrictEqual([]);
  });

  it("checks the payment method before the items, without touching the DB", () => {
    const s = session();
    const ret = (order_id: string, item_ids: string[], payment_method_id: string) =>
      s.call("ReturnDeliveredOrderItemsTool", { order_id, item_ids, payment_method_id }).result;
    expect(ret("#W0000099", [], "credit_card_1")).toStrictEqual(notFound("Order #W0000099 not found"));
    expect(ret("#W0000001", [], "credit_card_1")).toStrictEqual(valueError("Non-delivered order cannot be returned"));
    expect(ret("#W0000011", [], "paypal_9")).toStrictEqual(notFound("User not found"));
    expect(ret("#W0000002", ["9"], "gift_card_2")).toStrictEqual(notFound("Payment method not found"));
    expect(ret("#W0000002", ["9"], "paypal_1")).toStrictEqual(valueError("Payment method should be the original payment method"));
    expect(ret("#W0000002", ["3000000001", "3000000001"], "credit_card_1")).toStrictEqual(valueError("Some item not found"));
    expect(s.db).toStrictEqual(miniDb());
    expect(s.actions).toStrictEqual([]);
  });
});
