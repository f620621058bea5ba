/** Changing a pending order's shipping address or a customer's default address. */
import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { addressArgs, addressOf, orderIdArg, userIdArg } from "./fields.js";
import { findOrder, findUser, isPendingLike, notFound, valueError } from "./lookup.js";

export const modifyPendingOrderAddressTool = defineTool({
  name: "ModifyPendingOrderAddressTool",
  actionName: "modify_pending_order_address",
  description:
    "Modify the shipping address of a pending order. The agent needs to explain the modification detail and ask " +
    "for explicit user confirmation (yes/no) to proceed.",
  args: z.object({ order_id: orderIdArg(), ...addressArgs() }),
  kind: "write",
  run(db, args, ctx) {
    const order = findOrder(db, args.order_id);
    if (!order) return notFound(`Order ${args.order_id} not found`);
    if (!isPendingLike(order)) return valueError("Non-pending order cannot be modified");
    order["address"] = addressOf(args);
    ctx.record({
      action_type: "modify_pending_order_address",
      name: "modify_pending_order_address",
      arguments: { order_id: args.order_id, ...addressOf(args) },
      result: { order_id: args.order_id },
    });
    return order;
  },
});

export const modifyUserAddressTool = defineTool({
  name: "ModifyUserAddressTool",
  actionName: "modify_user_address",
  description:
    "Modify the default address of a user. The agent needs to explain the modification detail and ask for explicit " +
    "user confirmation (yes/no) to proceed.",
  args: z.object({ user_id: userIdArg(), ...addressArgs() }),
  kind: "write",
  run(db, args, ctx) {
    const user = findUser(db, args.user_id);
    if (!user) return notFound(`User ${args.user_id} not found`);
    user["address"] = addressOf(args);
    ctx.record({
      action_type: "modify_user_address",
      name: "modify_user_address",
      arguments: { user_id: args.user_id, ...addressOf(args) },
      result: { user_id: args.user_id },
    });
    return user;
  },
});
