/**
 * The `retail_db` fixture of tau2-bench's tests/test_domains/test_retail/test_tools_retail.py
 * (tag voice-user-sim-v1.0, commit 17e07b1da2bb) as JSON, in the field order of tau2's
 * retail models; the orders' optional fields it leaves unset are left out, as tau2's db.json does.
 */
import type { JsonObject } from "../../../src/json/types.js";

const address = (): JsonObject => ({ address1: "123 Main St", address2: "Apt 1", city: "San Francisco", country: "USA", state: "CA", zip: "94105" });

export function retailTestDb(): JsonObject {
  return {
    products: {
      "6086499569": {
        name: "Classic T-Shirt",
        product_id: "6086499569",
        variants: {
          "1008292230": { item_id: "1008292230", options: { size: "M", color: "blue" }, available: true, price: 29.99 },
          "1008292231": { item_id: "1008292231", options: { size: "L", color: "blue" }, available: true, price: 29.99 },
        },
      },
    },
    users: {
      sara_doe_496: {
        user_id: "sara_doe_496",
        name: { first_name: "Sara", last_name: "Doe" },
        address: address(),
        email: "sara.doe@example.com",
        payment_methods: {
          credit_card_0000000: { source: "credit_card", id: "credit_card_0000000", brand: "visa", last_four: "1234" },
          gift_card_0000000: { source: "gift_card", id: "gift_card_0000000", balance: 100.0 },
        },
        orders: ["#W0000000"],
      },
    },
    orders: {
      "#W0000000": {
        order_id: "#W0000000",
        user_id: "sara_doe_496",
        address: address(),
        items: [{ name: "Classic T-Shirt", product_id: "6086499569", item_id: "1008292230", price: 29.99, options: { size: "M", color: "blue" } }],
        status: "pending",
        fulfillments: [],
        payment_history: [{ transaction_type: "payment", amount: 29.99, payment_method_id: "credit_card_0000000" }],
      },
    },
  };
}
