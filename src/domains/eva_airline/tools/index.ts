import { endConversationTool } from "../../../engine/end-conversation.js";
import type { AnyToolDef } from "../../../engine/types.js";
import { addBaggageAllowanceTool, addMealRequestTool, assignSeatTool } from "./ancillaries.js";
import { cancelReservationTool, processRefundTool } from "./cancel-refund.js";
import { issueHotelVoucherTool, issueMealVoucherTool, issueTravelCreditTool } from "./compensation.js";
import { getDisruptionInfoTool, getFlightStatusTool, searchRebookingOptionsTool } from "./flights.js";
import { rebookFlightTool } from "./rebooking.js";
import { getReservationTool } from "./reservation.js";
import { addToStandbyTool } from "./standby.js";
import { transferToAgentTool } from "./transfer.js";

/** The eva agent's tools, in the reference's definition order, plus `EndConversationTool`. */
export const evaAirlineAgentTools: readonly AnyToolDef[] = [
  getReservationTool,
  getFlightStatusTool,
  getDisruptionInfoTool,
  searchRebookingOptionsTool,
  rebookFlightTool,
  cancelReservationTool,
  processRefundTool,
  assignSeatTool,
  addBaggageAllowanceTool,
  addMealRequestTool,
  addToStandbyTool,
  issueTravelCreditTool,
  issueHotelVoucherTool,
  issueMealVoucherTool,
  transferToAgentTool,
  endConversationTool,
];
