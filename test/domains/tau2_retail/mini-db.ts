/**
 * A small retail DB for unit tests. Prices are chosen so that price
 * differences and gift-card balances land on exact binary ties (x.125,
 * x.375, x.625, x.875), where Python's half-to-even rounding is observable.
 */
import type { JsonObject } from "../../../src/json/types.js";

const tshirt = (itemId: string, color: string, price: number, available = true): JsonObject => ({
  item_id: itemId,
  options: { color, size: "M" },
  available,
  price,
});

const address = { address1: "1 Main St", address2: "Apt 2", city: "Springfield", country: "USA", state: "IL", zip: "10001" };

const order = (id: string, userId: string, status: string, items: JsonObject[], history: JsonObject[]): JsonObject => ({
  order_id: id,
  user_id: userId,
  address,
  items,
  status,
  fulfillments: [],
  payment_history: history,
});

const shirtItem = (itemId: string, price: number): JsonObject => ({
  name: "T-Shirt",
  product_id: "1000000001",
  item_id: itemId,
  price,
  options: { color: itemId === "2000000001" ? "red" : "black", size: "M" },
});
const mugItem: JsonObject = { name: "Mug", product_id: "1000000002", item_id: "3000000001", price: 5.125, options: { size: "12oz" } };
const pay = (amount: number, method: string, type = "payment"): JsonObject => ({ transaction_type: type, amount, payment_method_id: method });

export function miniDb(): JsonObject {
  return {
    products: {
      "1000000001": {
        name: "T-Shirt",
        product_id: "1000000001",
        variants: {
          "2000000001": tshirt("2000000001", "red", 10.5),
          "2000000002": tshirt("2000000002", "blue", 10.625),
          "2000000003": tshirt("2000000003", "green", 12, false),
          "2000000004": tshirt("2000000004", "black", 8.25),
          "2000000005": tshirt("2000000005", "white", 10.5),
          "2000000006": tshirt("2000000006", "yellow", 10.875),
        },
      },
      "1000000002": {
        name: "Mug",
        product_id: "1000000002",
        variants: { "3000000001": { item_id: "3000000001", options: { size: "12oz" }, available: true, price: 5.125 } },
      },
    },
    users: {
      ann_lee_1: {
        user_id: "ann_lee_1",
        name: { first_name: "Ann", last_name: "Lee" },
        address,
        email: "Ann.Lee@example.com",
        payment_methods: {
          gift_card_1: { source: "gift_card", id: "gift_card_1", balance: 10 },
          credit_card_1: { source: "credit_card", id: "credit_card_1", brand: "visa", last_four: "1234" },
          paypal_1: { source: "paypal", id: "paypal_1" },
        },
        orders: ["#W0000001", "#W0000002", "#W0000003", "#W0000004", "#W0000009", "#W0000010"],
      },
      bob_ray_2: {
        user_id: "bob_ray_2",
        name: { first_name: "Bob", last_name: "Ray" },
        address: { ...address, zip: "20002" },
        email: "bob@example.com",
        payment_methods: {
          gift_card_2: { source: "gift_card", id: "gift_card_2", balance: 0.12 },
          paypal_2: { source: "paypal", id: "paypal_2" },
        },
        orders: ["#W0000006", "#W0000008"],
      },
    },
    orders: {
      "#W0000001": order("#W0000001", "ann_lee_1", "pending", [shirtItem("2000000001", 10.5), shirtItem("2000000001", 10.5), mugItem], [pay(26.125, "gift_card_1")]),
      "#W0000002": order("#W0000002", "ann_lee_1", "delivered", [shirtItem("2000000001", 10.5), mugItem], [pay(15.625, "credit_card_1")]),
      "#W0000003": order("#W0000003", "ann_lee_1", "processed", [mugItem], [pay(5.125, "credit_card_1")]),
      "#W0000004": order("#W0000004", "ann_lee_1", "pending (item modified)", [shirtItem("2000000002", 10.625)], [
        pay(10.5, "credit_card_1"),
        pay(0.125, "credit_card_1"),
      ]),
      "#W0000005": order("#W0000005", "ghost_9", "pending", [mugItem], [pay(5.125, "paypal_9")]),
      "#W0000006": order("#W0000006", "bob_ray_2", "delivered", [shirtItem("2000000001", 10.5)], [pay(10.5, "paypal_2")]),
      "#W0000008": order("#W0000008", "bob_ray_2", "pending", [shirtItem("2000000004", 8.25)], [pay(8.25, "gift_card_2")]),
      "#W0000009": order("#W0000009", "ann_lee_1", "pending", [mugItem], [pay(5.125, "credit_card_1")]),
      "#W0000010": order("#W0000010", "ann_lee_1", "pending", [mugItem], [pay(100, "credit_card_1")]),
      "#W0000011": order("#W0000011", "ghost_9", "delivered", [mugItem], [pay(5.125, "paypal_9")]),
    },
  };
}
