/**
 * tau2-bench tests/test_domains/test_retail/test_tools_retail.py (tag
 * voice-user-sim-v1.0, commit 17e07b1da2bbc0cadfddeea36412686e0604127b), one
 * test per upstream test, on its `retail_db` fixture (retail-db.ts).
 * `response.content` is the tool message text the model reads. tau2 returns
 * plain values and turns a raised ValueError into "Error: <message>"; NeMo
 * wraps plain values in `{"status": "success", ...}`, returns errors as
 * `{"status": "error", "error_type", "message"}` and names the id in its
 * not-found messages. Those tests assert NeMo's text, each named with the
 * divergence `tau2:nemo-result-shapes`; the rest pass as tau2 wrote them.
 */
import { describe, expect, it } from "vitest";
import { deliveredResult } from "../../../src/engine/bots/llm-context.js";
import type { JsonValue } from "../../../src/json/types.js";
import { pyJsonDumps } from "../../../src/python/json-dumps.js";
import { session } from "../../domains/tau2_retail/harness.js";
import { retailTestDb } from "./retail-db.js";

type Obj = Record<string, any>;

function env(orderStatus?: string) {
  const db: Obj = retailTestDb();
  if (orderStatus) db["orders"]["#W0000000"].status = orderStatus;
  const s = session(db);
  return {
    /** tau2's `environment.get_response(call).content`. */
    content: (name: string, args: JsonValue): string => pyJsonDumps(deliveredResult(s.call(name, args).result)),
    order: (): Obj => (s.db["orders"] as Obj)["#W0000000"] as Obj,
    user: (): Obj => (s.db["users"] as Obj)["sara_doe_496"] as Obj,
  };
}

const error = (errorType: string, message: string): string => pyJsonDumps({ status: "error", error_type: errorType, message });
const ORDER = "#W0000000";
const NEW_ADDRESS = { order_id: ORDER, address1: "456 New St", address2: "Apt 2", city: "San Francisco", state: "CA", country: "USA", zip: "94106" };
const ITEMS = { order_id: ORDER, item_ids: ["1008292230"], new_item_ids: ["1008292231"], payment_method_id: "credit_card_0000000" };
const USER_ADDRESS = { user_id: "sara_doe_496", address1: "789 New St", address2: "Apt 3", city: "San Francisco", state: "CA", country: "USA", zip: "94107" };
const RETURN = { order_id: ORDER, item_ids: ["1008292230"], payment_method_id: "credit_card_0000000" };

describe("tau2-bench test_tools_retail.py", () => {
  it("test_calculate (divergence tau2:nemo-result-shapes: tau2 content '4.0')", () => {
    expect(env().content("calculate", { expression: "2 + 2" })).toBe('{"status": "success", "result": "4.0"}');
  });

  it("test_cancel_pending_order", () => {
    const e = env();
    e.content("cancel_pending_order", { order_id: ORDER, reason: "no longer needed" });
    const o = e.order();
    expect(o["status"]).toBe("cancelled");
    expect(o["cancel_reason"]).toBe("no longer needed");
    expect(o["payment_history"]).toHaveLength(2);
    expect(o["payment_history"][1].transaction_type).toBe("refund");
    expect(o["payment_history"][1].amount).toBe(o["payment_history"][0].amount);
  });

  it("test_exchange_delivered_order_items", () => {
    const e = env("delivered");
    e.content("exchange_delivered_order_items", ITEMS);
    const o = e.order();
    expect(o["status"]).toBe("exchange requested");
    expect(o["exchange_items"]).toEqual(["1008292230"]);
    expect(o["exchange_new_items"]).toEqual(["1008292231"]);
    expect(o["exchange_payment_method_id"]).toBe("credit_card_0000000");
  });

  it("test_find_user_id_by_name_zip (divergence tau2:nemo-result-shapes: tau2 'sara_doe_496', 'Error: User not found')", () => {
    const e = env();
    expect(e.content("find_user_id_by_name_zip", { first_name: "Sara", last_name: "Doe", zip: "94105" })).toBe('{"status": "success", "user_id": "sara_doe_496"}');
    expect(e.content("find_user_id_by_name_zip", { first_name: "John", last_name: "Doe", zip: "94105" })).toBe(error("not_found", "User not found"));
  });

  it("test_find_user_id_by_email (divergence tau2:nemo-result-shapes: tau2 'sara_doe_496', 'Error: User not found')", () => {
    const e = env();
    expect(e.content("find_user_id_by_email", { email: "sara.doe@example.com" })).toBe('{"status": "success", "user_id": "sara_doe_496"}');
    expect(e.content("find_user_id_by_email", { email: "nonexistent@example.com" })).toBe(error("not_found", "User not found"));
  });

  it("test_get_order_details (divergence tau2:nemo-result-shapes: tau2 'Error: Order not found')", () => {
    const e = env();
    e.content("get_order_details", { order_id: ORDER });
    expect(e.content("get_order_details", { order_id: "#NONEXISTENT" })).toBe(error("not_found", "Order #NONEXISTENT not found"));
  });

  it("test_get_product_details (divergence tau2:nemo-result-shapes: tau2 'Error: Product not found')", () => {
    const e = env();
    e.content("get_product_details", { product_id: "6086499569" });
    expect(e.content("get_product_details", { product_id: "NONEXISTENT" })).toBe(error("not_found", "Product NONEXISTENT not found"));
  });

  it("test_get_user_details (divergence tau2:nemo-result-shapes: tau2 'Error: User not found')", () => {
    const e = env();
    e.content("get_user_details", { user_id: "sara_doe_496" });
    expect(e.content("get_user_details", { user_id: "NONEXISTENT" })).toBe(error("not_found", "User NONEXISTENT not found"));
  });

  it("test_list_all_product_types (divergence tau2:nemo-result-shapes: tau2's content is the name-to-id object itself)", () => {
    const doc = JSON.parse(env().content("list_all_product_types", {})) as Obj;
    // tau2: "Classic T-Shirt" in json.loads(content). NeMo: that object's JSON text under product_types.
    expect("Classic T-Shirt" in doc).toBe(false);
    expect(doc).toEqual({ status: "success", product_types: '{"Classic T-Shirt": "6086499569"}' });
  });

  it("test_modify_pending_order_address (divergence tau2:nemo-result-shapes: tau2 'Error: Non-pending order cannot be modified')", () => {
    const e = env();
    e.content("modify_pending_order_address", NEW_ADDRESS);
    const a = e.order()["address"];
    expect([a.address1, a.address2, a.zip]).toEqual(["456 New St", "Apt 2", "94106"]);
    expect(env("delivered").content("modify_pending_order_address", NEW_ADDRESS)).toBe(error("value_error", "Non-pending order cannot be modified"));
  });

  it("test_modify_pending_order_items (divergence tau2:nemo-result-shapes: tau2 'Error: Non-pending order cannot be modified')", () => {
    const e = env();
    e.content("modify_pending_order_items", ITEMS);
    expect(e.order()["status"]).toBe("pending (item modified)");
    expect(e.order()["items"][0].item_id).toBe("1008292231");
    expect(env("delivered").content("modify_pending_order_items", ITEMS)).toBe(error("value_error", "Non-pending order cannot be modified"));
  });

  it("test_modify_pending_order_payment (divergence tau2:nemo-result-shapes: tau2 'Error: Non-pending order cannot be modified')", () => {
    const e = env();
    e.content("modify_pending_order_payment", { order_id: ORDER, payment_method_id: "gift_card_0000000" });
    expect(e.order()["payment_history"]).toHaveLength(3);
    expect(env("delivered").content("modify_pending_order_payment", { order_id: ORDER, payment_method_id: "gift_card_0000000" })).toBe(error("value_error", "Non-pending order cannot be modified"));
  });

  it("test_modify_user_address (divergence tau2:nemo-result-shapes: tau2 'Error: User not found')", () => {
    const e = env();
    e.content("modify_user_address", USER_ADDRESS);
    const a = e.user()["address"];
    expect([a.address1, a.address2, a.zip]).toEqual(["789 New St", "Apt 3", "94107"]);
    expect(e.content("modify_user_address", { ...USER_ADDRESS, user_id: "NONEXISTENT" })).toBe(error("not_found", "User NONEXISTENT not found"));
  });

  it("test_return_delivered_order_items (divergence tau2:nemo-result-shapes: tau2 'Error: Non-delivered order cannot be returned')", () => {
    const e = env("delivered");
    e.content("return_delivered_order_items", RETURN);
    expect(e.order()["status"]).toBe("return requested");
    expect(e.order()["return_items"]).toEqual(["1008292230"]);
    expect(e.order()["return_payment_method_id"]).toBe("credit_card_0000000");
    expect(env().content("return_delivered_order_items", RETURN)).toBe(error("value_error", "Non-delivered order cannot be returned"));
  });

  it("test_transfer_to_human_agents (divergence tau2:nemo-result-shapes: tau2 'Transfer successful')", () => {
    expect(env().content("transfer_to_human_agents", { summary: "The user wants to cancel the order." })).toBe('{"status": "success", "message": "Transfer successful"}');
  });
});
