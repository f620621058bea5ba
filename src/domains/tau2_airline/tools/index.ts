/** The airline agent's tools, in the reference's order, plus the shared conversation ender. */
import { endConversationTool } from "../../../engine/end-conversation.js";
import type { AnyToolDef } from "../../../engine/types.js";
import { calculateTool } from "../../tau2_common/calculate.js";
import { bookReservationTool } from "./book.js";
import { sendCertificateTool } from "./certificate.js";
import { getFlightStatusTool, getReservationDetailsTool, getUserDetailsTool, listAllAirportsTool } from "./reads.js";
import {
  cancelReservationTool,
  updateReservationBaggagesTool,
  updateReservationFlightsTool,
  updateReservationPassengersTool,
} from "./reservation-updates.js";
import { searchDirectFlightTool, searchOnestopFlightTool } from "./search.js";
import { transferToHumanAgentsTool } from "./transfer.js";

export const tau2AirlineAgentTools: readonly AnyToolDef[] = [
  getUserDetailsTool,
  getReservationDetailsTool,
  listAllAirportsTool,
  searchDirectFlightTool,
  searchOnestopFlightTool,
  getFlightStatusTool,
  bookReservationTool,
  cancelReservationTool,
  sendCertificateTool,
  updateReservationBaggagesTool,
  updateReservationFlightsTool,
  updateReservationPassengersTool,
  calculateTool,
  transferToHumanAgentsTool,
  endConversationTool,
];
