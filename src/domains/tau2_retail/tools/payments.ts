/** Moving a pending order's single payment to another payment method. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { isJsonObject } from "../../../json/types.js";
import { orderIdArg, paymentMethodIdArg } from "./fields.js";
import {
  amountOf,
  childList,
  field,
  findOrder,
  findPaymentMethod,
  giftCardBalance,
  isGiftCard,
  isPendingLike,
  notFound,
  orderOwner,
  round2,
  valueError,
} from "./lookup.js";
import { pyDict, pyGet } from "../../../python/num.js";
import { setFloat } from "../../../json/py-float.js";

export const modifyPendingOrderPaymentTool = defineTool({
  name: "ModifyPendingOrderPaymentTool",
  actionName: "modify_pending_order_payment",
  description:
    "Modify the payment method of a pending order. The agent needs to explain the modification detail and ask for " +
    "explicit user confirmation (yes/no) to proceed.",
  args: z.object({ order_id: orderIdArg(), payment_method_id: paymentMethodIdArg() }),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (!isPendingLike(order)) return valueError("Non-pending order cannot be modified");
    const user = orderOwner(db, order);
    if (!user) return notFound("User not found");
    const newMethod = findPaymentMethod(user, args.payment_method_id);
    if (!newMethod) return notFound("Payment method not found");

    const history = childList(order, "payment_history");
    const payment = history[0];
    if (history.length !== 1 || !isJsonObject(payment) || field(payment, "transaction_type") !== "payment") {
      return valueError("There should be exactly one payment for a pending order");
    }
    const oldMethodId = field(payment, "payment_method_id") ?? null;
    if (oldMethodId === args.payment_method_id) {
      return valueError("The new payment method should be different from the current one");
    }
    const amount = pyGet(payment, "amount", 0);
    const amountValue = amountOf(payment, "amount");
    if (isGiftCard(newMethod) && giftCardBalance(newMethod) < amountValue) {
      return valueError("Insufficient gift card balance to pay for the order");
    }

    order["payment_history"] = [
      ...history,
      pyDict({ transaction_type: "payment", amount, payment_method_id: args.payment_method_id }),
      pyDict({ transaction_type: "refund", amount, payment_method_id: oldMethodId }),
    ];
    if (isGiftCard(newMethod)) setFloat(newMethod, "balance", round2(giftCardBalance(newMethod) - amountValue));
    const oldMethod = findPaymentMethod(user, oldMethodId);
    if (oldMethod && isGiftCard(oldMethod)) setFloat(oldMethod, "balance", round2(giftCardBalance(oldMethod) + amountValue));

    ctx.record({
      action_type: "modify_pending_order_payment",
      name: "modify_pending_order_payment",
      arguments: { order_id: args.order_id, payment_method_id: args.payment_method_id },
      result: { order_id: args.order_id },
    });
    return order;
  },
});
