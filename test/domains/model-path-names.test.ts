/**
 * A model calls tools by their LLM-visible names only. The reference's bot
 * registers each tool under that one name, so eva's snake_case names and
 * `end_conversation` get its catch-all `unknown_tool` result there, while
 * call lists and gold data may still use them. Expected texts are the
 * reference's own (differential run, labs-Voice-Agent 1a83139).
 */
import { describe, expect, it } from "vitest";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { findTool } from "../../src/engine/toolbox.js";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { tau2Retail } from "../../src/domains/tau2_retail/index.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { scenarioDb } from "./eva_airline/harness.js";

const EVA_TOOLS =
  '["AddBaggageAllowanceTool", "AddMealRequestTool", "AddToStandbyTool", "AssignSeatTool", "CancelReservationTool", "EndConversationTool", "GetDisruptionInfoTool", "GetFlightStatusTool", "GetReservationTool", "IssueHotelVoucherTool", "IssueMealVoucherTool", "IssueTravelCreditTool", "ProcessRefundTool", "RebookFlightTool", "SearchRebookingOptionsTool", "TransferToAgentTool"]';
const RETAIL_TOOLS =
  '["CalculateTool", "CancelPendingOrderTool", "EndConversationTool", "ExchangeDeliveredOrderItemsTool", "FindUserIdByEmailTool", "FindUserIdByNameZipTool", "GetItemDetailsTool", "GetOrderDetailsTool", "GetProductDetailsTool", "GetUserDetailsTool", "ListAllProductTypesTool", "ModifyPendingOrderAddressTool", "ModifyPendingOrderItemsTool", "ModifyPendingOrderPaymentTool", "ModifyUserAddressTool", "ReturnDeliveredOrderItemsTool", "TransferToHumanAgentsTool"]';

const unknown = (name: string, list: string): string =>
  `{"status": "error", "error_type": "unknown_tool", "message": "There is no tool named '${name}'. Use one of the available tools instead.", "available_tools": ${list}}`;

describe("names on the model path", () => {
  const env = { today: "2026-06-09", rng: createRng(7), names: "llm" as const };

  it("an eva snake_case name is an unknown tool to the model, and changes nothing", () => {
    const start = initialRunState({ agent: scenarioDb("2.2.2") });
    const out = dispatch(evaAirline, start, "agent", { name: "process_refund", arguments: { confirmation_number: "MZ30GI", refund_amount: 15, refund_type: "ancillary_fees" } }, env);
    expect(toolMessage("c1", out.result).content).toBe(unknown("process_refund", EVA_TOOLS));
    expect(out.exit).toBe(false);
    expect(out.state.dbs.agent).toBe(start.dbs.agent);
  });

  it("end_conversation does not end the call", () => {
    const out = dispatch(evaAirline, initialRunState({ agent: scenarioDb("2.2.2") }), "agent", { name: "end_conversation", arguments: { extra: {} } }, env);
    expect(toolMessage("c1", out.result).content).toBe(unknown("end_conversation", EVA_TOOLS));
    expect(out.exit).toBe(false);
    const retailDb = tau2Retail.scenarios(FIXTURES)[0]!.initialDbs().agent!;
    const retail = dispatch(tau2Retail, initialRunState({ agent: retailDb }), "agent", { name: "end_conversation", arguments: { details: [null] } }, env);
    expect(toolMessage("c1", retail.result).content).toBe(unknown("end_conversation", RETAIL_TOOLS));
    expect(retail.exit).toBe(false);
  });

  it("call lists and gold data still reach the tool by its snake_case name", () => {
    expect(findTool(evaAirline, "agent", "process_refund", "records")?.name).toBe("ProcessRefundTool");
    expect(findTool(evaAirline, "agent", "process_refund", "llm")).toBeUndefined();
    expect(findTool(tau2Retail, "agent", "end_conversation", "records")?.name).toBe("EndConversationTool");
  });
});
