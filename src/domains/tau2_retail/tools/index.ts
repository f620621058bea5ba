/** The retail agent's tools, in the reference's order, plus the shared conversation ender. */
import { endConversationTool } from "../../../engine/end-conversation.js";
import { calculateTool } from "../../tau2_common/calculate.js";
import type { AnyToolDef } from "../../../engine/types.js";
import { modifyPendingOrderAddressTool, modifyUserAddressTool } from "./address.js";
import { exchangeDeliveredOrderItemsTool, modifyPendingOrderItemsTool, returnDeliveredOrderItemsTool } from "./order-items.js";
import { cancelPendingOrderTool, getOrderDetailsTool } from "./orders.js";
import { modifyPendingOrderPaymentTool } from "./payments.js";
import { getItemDetailsTool, getProductDetailsTool, listAllProductTypesTool } from "./products.js";
import { transferToHumanAgentsTool } from "./transfer.js";
import { findUserIdByEmailTool, findUserIdByNameZipTool, getUserDetailsTool } from "./users.js";

export const tau2RetailAgentTools: readonly AnyToolDef[] = [
  findUserIdByNameZipTool,
  findUserIdByEmailTool,
  getOrderDetailsTool,
  getProductDetailsTool,
  getItemDetailsTool,
  getUserDetailsTool,
  listAllProductTypesTool,
  cancelPendingOrderTool,
  exchangeDeliveredOrderItemsTool,
  modifyPendingOrderAddressTool,
  modifyPendingOrderItemsTool,
  modifyPendingOrderPaymentTool,
  modifyUserAddressTool,
  returnDeliveredOrderItemsTool,
  calculateTool,
  transferToHumanAgentsTool,
  endConversationTool,
];
