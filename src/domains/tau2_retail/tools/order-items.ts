/**
 * Changing the items of an order: swapping items of a pending order, and
 * requesting an exchange or a return for a delivered one.
 */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { ToolResult } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { itemIdListArg, orderIdArg, paymentMethodIdArg } from "./fields.js";
import {
  amountOf,
  childList,
  countOf,
  field,
  findOrder,
  findPaymentMethod,
  findVariant,
  giftCardBalance,
  isGiftCard,
  notFound,
  orderItemIds,
  orderOwner,
  round2,
  sortedIds,
  truthy,
  valueError,
} from "./lookup.js";
import { pyGet, putPy } from "../../../python/num.js";
import { setFloat, withFloats } from "../../../json/py-float.js";

/** The first requested id asked for more often than the order holds it. */
function overRequestedId(order: JsonObject, itemIds: readonly string[]): string | undefined {
  const held = orderItemIds(order);
  return itemIds.find((id) => countOf(itemIds, id) > countOf(held, id));
}

function firstOrderItem(order: JsonObject, itemId: string): JsonObject | undefined {
  for (const item of childList(order, "items")) if (isJsonObject(item) && field(item, "item_id") === itemId) return item;
  return undefined;
}

type PricedSwap = { ok: true; variants: JsonObject[]; priceDifference: number } | { ok: false; error: ToolResult };

/**
 * Check each old → new pair (the new item must be an available variant of the
 * old item's product) and sum the price change, rounded to cents at the end.
 */
function priceSwap(db: JsonObject, order: JsonObject, itemIds: readonly string[], newItemIds: readonly string[], rejectUnchanged: boolean): PricedSwap {
  let diff = 0;
  const variants: JsonObject[] = [];
  for (const [i, itemId] of itemIds.entries()) {
    const newItemId = newItemIds[i] as string;
    if (rejectUnchanged && itemId === newItemId) {
      return { ok: false, error: valueError("The new item id should be different from the old item id") };
    }
    const orderItem = firstOrderItem(order, itemId);
    if (!orderItem) return { ok: false, error: valueError(`Item ${itemId} not found`) };
    const variant = findVariant(db, field(orderItem, "product_id"), newItemId);
    if (!variant || !truthy(field(variant, "available"))) {
      return { ok: false, error: valueError(`New item ${newItemId} not found or available`) };
    }
    variants.push(variant);
    diff += amountOf(variant, "price") - amountOf(orderItem, "price");
  }
  return { ok: true, variants, priceDifference: round2(diff) };
}

/** The order's owner and the chosen payment method, or the error the reference reports. */
function payer(db: JsonObject, order: JsonObject, paymentMethodId: string): { method: JsonObject } | { error: ToolResult } {
  const user = orderOwner(db, order);
  if (!user) return { error: notFound("User not found") };
  const method = findPaymentMethod(user, paymentMethodId);
  if (!method) return { error: notFound("Payment method not found") };
  return { method };
}

const swapArgs = (verb: "exchanged" | "modified") =>
  z.object({
    order_id: orderIdArg(),
    item_ids: itemIdListArg(`The item ids to be ${verb}. There could be duplicate items in the list.`),
    new_item_ids: itemIdListArg(
      `The item ids to be ${verb} for. Each new item id should match the item id in the same position and be of the same product.`,
    ),
    payment_method_id: paymentMethodIdArg(),
  });

/** `model_dump()` of the swap parameters, in field order. */
function swapArguments(args: z.output<ReturnType<typeof swapArgs>>): JsonObject {
  return {
    order_id: args.order_id,
    item_ids: [...args.item_ids],
    new_item_ids: [...args.new_item_ids],
    payment_method_id: args.payment_method_id,
  };
}

export const exchangeDeliveredOrderItemsTool = defineTool({
  name: "ExchangeDeliveredOrderItemsTool",
  actionName: "exchange_delivered_order_items",
  description:
    "Exchange items in a delivered order to new items of the same product type. For a delivered order, return or " +
    "exchange can be only done once by the agent. The agent needs to explain the exchange detail and ask for " +
    "explicit user confirmation (yes/no) to proceed.",
  args: swapArgs("exchanged"),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (field(order, "status") !== "delivered") return valueError("Non-delivered order cannot be exchanged");
    const missing = overRequestedId(order, args.item_ids);
    if (missing !== undefined) return valueError(`Number of ${missing} not found.`);
    if (args.item_ids.length !== args.new_item_ids.length) return valueError("The number of items to be exchanged should match.");
    const priced = priceSwap(db, order, args.item_ids, args.new_item_ids, false);
    if (!priced.ok) return priced.error;
    const diff = priced.priceDifference;
    const paying = payer(db, order, args.payment_method_id);
    if ("error" in paying) return paying.error;
    if (isGiftCard(paying.method) && giftCardBalance(paying.method) < diff) {
      return valueError("Insufficient gift card balance to pay for the price difference");
    }

    order["status"] = "exchange requested";
    order["exchange_items"] = sortedIds(args.item_ids);
    order["exchange_new_items"] = sortedIds(args.new_item_ids);
    order["exchange_payment_method_id"] = args.payment_method_id;
    // Every price difference went through round(float(x), 2): a float.
    setFloat(order, "exchange_price_difference", diff);
    ctx.record({
      action_type: "exchange_delivered_order_items",
      name: "exchange_delivered_order_items",
      arguments: swapArguments(args),
      result: withFloats({ order_id: args.order_id, status: "exchange requested", price_difference: diff }, "price_difference"),
    });
    return order;
  },
});

export const modifyPendingOrderItemsTool = defineTool({
  name: "ModifyPendingOrderItemsTool",
  actionName: "modify_pending_order_items",
  description:
    "Modify items in a pending order to new items of the same product type. For a pending order, this function can " +
    "only be called once. The agent needs to explain the exchange detail and ask for explicit user confirmation " +
    "(yes/no) to proceed.",
  args: swapArgs("modified"),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (field(order, "status") !== "pending") return valueError("Non-pending order cannot be modified");
    const missing = overRequestedId(order, args.item_ids);
    if (missing !== undefined) return valueError(`${missing} not found`);
    if (args.item_ids.length !== args.new_item_ids.length) return valueError("The number of items to be exchanged should match");
    const priced = priceSwap(db, order, args.item_ids, args.new_item_ids, true);
    if (!priced.ok) return priced.error;
    const diff = priced.priceDifference;
    const paying = payer(db, order, args.payment_method_id);
    if ("error" in paying) return paying.error;
    const method = paying.method;
    if (isGiftCard(method) && giftCardBalance(method) < diff) {
      return valueError("Insufficient gift card balance to pay for the new item");
    }

    const charge = withFloats({ transaction_type: diff > 0 ? "payment" : "refund", amount: Math.abs(diff), payment_method_id: args.payment_method_id }, "amount");
    const history = field(order, "payment_history");
    if (Array.isArray(history)) history.push(charge);
    else order["payment_history"] = [charge];
    if (isGiftCard(method)) setFloat(method, "balance", round2(giftCardBalance(method) - diff));

    // Replace one matching item per pair, in order, so duplicates are consumed one at a time.
    const items = childList(order, "items");
    for (const [i, itemId] of args.item_ids.entries()) {
      const variant = priced.variants[i] as JsonObject;
      const item = items.find((it): it is JsonObject => isJsonObject(it) && field(it, "item_id") === itemId);
      if (!item) continue;
      item["item_id"] = args.new_item_ids[i] as string;
      putPy(item, "price", pyGet(variant, "price"));
      item["options"] = field(variant, "options") ?? null;
    }
    order["status"] = "pending (item modified)";
    ctx.record({
      action_type: "modify_pending_order_items",
      name: "modify_pending_order_items",
      arguments: swapArguments(args),
      result: withFloats({ order_id: args.order_id, price_difference: diff }, "price_difference"),
    });
    return order;
  },
});

export const returnDeliveredOrderItemsTool = defineTool({
  name: "ReturnDeliveredOrderItemsTool",
  actionName: "return_delivered_order_items",
  description:
    "Return some items of a delivered order. The order status will be changed to 'return requested'. The agent " +
    "needs to explain the return detail and ask for explicit user confirmation (yes/no) to proceed. The user will " +
    "receive follow-up email for how and where to return the item.",
  args: z.object({
    order_id: orderIdArg(),
    item_ids: itemIdListArg("The item ids to be returned. There could be duplicate items in the list."),
    payment_method_id: paymentMethodIdArg(),
  }),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (field(order, "status") !== "delivered") return valueError("Non-delivered order cannot be returned");
    const paying = payer(db, order, args.payment_method_id);
    if ("error" in paying) return paying.error;
    // Refunds go to the original payment method or to any gift card.
    const firstPayment = childList(order, "payment_history")[0];
    const originalId = isJsonObject(firstPayment) ? field(firstPayment, "payment_method_id") : undefined;
    if (!isGiftCard(paying.method) && args.payment_method_id !== originalId) {
      return valueError("Payment method should be the original payment method");
    }
    if (overRequestedId(order, args.item_ids) !== undefined) return valueError("Some item not found");

    order["status"] = "return requested";
    order["return_items"] = sortedIds(args.item_ids);
    order["return_payment_method_id"] = args.payment_method_id;
    ctx.record({
      action_type: "return_delivered_order_items",
      name: "return_delivered_order_items",
      arguments: { order_id: args.order_id, item_ids: [...args.item_ids], payment_method_id: args.payment_method_id },
      result: { order_id: args.order_id, status: "return requested" },
    });
    return order;
  },
});
