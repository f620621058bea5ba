/**
 * Which ids the tau2 retail tools name: users, orders, products, item
 * variants, an order's items, the order owner's payment methods. Lookups by
 * email or by name and zip are searches, not references (tasks script
 * failing ones on purpose), so they have no rule.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../../json/types.js";
import { eachOf, field, hasKey, keyed, one, type RefRule, type RefRules, rules, str } from "../../engine/data-checks/reference-rules.js";

const user: RefRule = (args, dbs) => keyed(args, "user_id", "users", dbs.agent["users"]);
const order: RefRule = (args, dbs) => keyed(args, "order_id", "orders", dbs.agent["orders"]);
const product: RefRule = (args, dbs) => keyed(args, "product_id", "products", dbs.agent["products"]);

function isVariant(db: JsonObject): (id: string) => boolean {
  const products = db["products"];
  const all = new Set<string>();
  if (isJsonObject(products)) for (const p of Object.values(products)) for (const id of Object.keys(field(p, "variants") ?? {})) all.add(id);
  return (id) => all.has(id);
}

const item: RefRule = (args, dbs) => one(args, "item_id", "item_variants", isVariant(dbs.agent));
const newItems: RefRule = (args, dbs) => eachOf(args, "new_item_ids", "item_variants", isVariant(dbs.agent));

function orderOf(args: JsonObject, db: JsonObject): JsonValue | undefined {
  const id = str(args["order_id"]);
  return id === undefined ? undefined : field(db["orders"], id);
}

const orderItems: RefRule = (args, dbs) => {
  const o = orderOf(args, dbs.agent);
  const items = field(o, "items");
  if (!Array.isArray(items)) return [];
  const ids = new Set(items.map((i) => str(field(i, "item_id"))));
  return eachOf(args, "item_ids", "order_items", (id) => ids.has(id), `of order ${str(args["order_id"])}`);
};

const paymentMethod: RefRule = (args, dbs) => {
  const owner = str(field(orderOf(args, dbs.agent), "user_id")) ?? str(args["user_id"]);
  if (owner === undefined || !hasKey(dbs.agent["users"], owner)) return [];
  return keyed(args, "payment_method_id", "payment_methods", field(field(dbs.agent["users"], owner), "payment_methods"), `of user ${owner}`);
};

export const TAU2_RETAIL_REFERENCES: RefRules = {
  get_user_details: user,
  modify_user_address: user,
  get_order_details: order,
  cancel_pending_order: order,
  modify_pending_order_address: order,
  modify_pending_order_payment: rules(order, paymentMethod),
  modify_pending_order_items: rules(order, orderItems, newItems, paymentMethod),
  exchange_delivered_order_items: rules(order, orderItems, newItems, paymentMethod),
  return_delivered_order_items: rules(order, orderItems, paymentMethod),
  get_product_details: product,
  get_item_details: item,
};
