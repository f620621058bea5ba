/** Reading an order and cancelling a pending one. */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { orderIdArg } from "./fields.js";
import {
  amountOf,
  childList,
  field,
  findOrder,
  findPaymentMethod,
  giftCardBalance,
  isGiftCard,
  notFound,
  orderOwner,
  round2,
  valueError,
} from "./lookup.js";
import { pyDict, pyGet } from "../../../python/num.js";
import { setFloat } from "../../../json/py-float.js";

export const getOrderDetailsTool = defineTool({
  name: "GetOrderDetailsTool",
  actionName: "get_order_details",
  description: "Get the status and details of an order.",
  args: z.object({
    order_id: pyStr().describe(
      "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id.",
    ),
  }),
  kind: "read",
  run(db, args) {
    return findOrder(db, args.order_id) ?? notFound(`Order ${args.order_id} not found`);
  },
});

const CANCEL_REASONS: readonly string[] = ["no longer needed", "ordered by mistake"];

export const cancelPendingOrderTool = defineTool({
  name: "CancelPendingOrderTool",
  actionName: "cancel_pending_order",
  description:
    "Cancel a pending order. If the order is already processed or delivered, it cannot be cancelled. The agent " +
    "needs to explain the cancellation detail and ask for explicit user confirmation (yes/no) to proceed. If the " +
    "user confirms, the order status will be changed to 'cancelled' and the payment will be refunded. The refund " +
    "will be added to the user's gift card balance immediately if the payment was made using a gift card, " +
    "otherwise the refund would take 5-7 business days to process.",
  args: z.object({
    order_id: orderIdArg(),
    // The schema advertises the two reasons, but any text validates: the tool itself rejects others.
    reason: pyStr().meta({ enum: [...CANCEL_REASONS], description: "The reason for cancellation." }),
  }),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (field(order, "status") !== "pending") return valueError("Non-pending order cannot be cancelled");
    if (!CANCEL_REASONS.includes(args.reason)) return valueError("Invalid reason");
    const user = orderOwner(db, order);
    if (!user) return notFound("User not found");

    // Every history entry, refunds included, is refunded again; gift cards are credited at once.
    const refunds: JsonObject[] = [];
    for (const entry of childList(order, "payment_history")) {
      const payment = isJsonObject(entry) ? entry : undefined;
      const paymentMethodId = field(payment, "payment_method_id") ?? null;
      // `payment.get("amount", 0)`: the entry's own number, int or float.
      refunds.push(pyDict({ transaction_type: "refund", amount: payment ? pyGet(payment, "amount", 0) : 0, payment_method_id: paymentMethodId }));
      const method = findPaymentMethod(user, paymentMethodId);
      if (method && isGiftCard(method)) setFloat(method, "balance", round2(giftCardBalance(method) + amountOf(payment, "amount")));
    }

    order["status"] = "cancelled";
    order["cancel_reason"] = args.reason;
    const history = field(order, "payment_history");
    if (Array.isArray(history)) history.push(...refunds);
    else order["payment_history"] = refunds;

    ctx.record({
      action_type: "cancel_pending_order",
      name: "cancel_pending_order",
      arguments: { order_id: args.order_id, reason: args.reason },
      result: { order_id: args.order_id, status: "cancelled" },
    });
    return order;
  },
});
