/**
 * Unknown arguments the reference accepts, and what the LLM sees.
 * Every expected result below was produced by calling the
 * reference tool (eva_airline_tools.py + eva_airline_params.py, pydantic 2.13)
 * with the same arguments on scenario 1.1.2.
 */
import { describe, expect, it } from "vitest";
import { toolSpec } from "../../../src/engine/json-schema.js";
import { evaAirlineAgentTools } from "../../../src/domains/eva_airline/tools/index.js";
import { scenarioDb, session } from "./harness.js";
import { REFERENCE_EVA_SCHEMAS } from "./reference-schemas.js";

describe("arguments the reference accepts", () => {
  it("drops unknown arguments and treats null optionals as omitted", () => {
    const s = session(scenarioDb("1.1.2"));
    const out = s.call("RebookFlightTool", {
      confirmation_number: "ZK3FFW",
      journey_id: "FL_SK621_20260320",
      new_journey_id: "FL_SK703_20260325",
      rebooking_type: "voluntary",
      waive_change_fee: false,
      flight_number: null,
      new_fare_class: null,
      extra: [1],
    });
    expect(out.status).toBe("ok");
    // Same DB as the plain call in rebooking.test.ts (reference get_dict_hash).
    expect(s.hash).toBe("4f9db5996772d2b64937b62eefdfdd7ae672de29716cbc52fdcf5b3ba6144cba");
  });

  it("takes Unicode decimal digits where the patterns say \\d (pydantic's Rust regex)", () => {
    const s = session(scenarioDb("1.1.2"));
    // Valid arguments; the flight simply does not exist on that "date".
    expect(s.call("GetFlightStatusTool", { flight_number: "SK621", flight_date: "\uff12\uff10\uff12\uff16-03-20" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "Flight SK621 not found for date \uff12\uff10\uff12\uff16-03-20",
    });
  });
});

describe("what the LLM sees", () => {
  const evaTools = evaAirlineAgentTools.filter((t) => t.name !== "EndConversationTool");

  it("has the 15 reference tools in definition order, plus EndConversationTool", () => {
    expect(evaAirlineAgentTools.map((t) => t.name)).toStrictEqual([...Object.keys(REFERENCE_EVA_SCHEMAS), "EndConversationTool"]);
  });

  it.each(evaTools.map((t) => [t.name, t] as const))("%s: description, properties and required match", (name, tool) => {
    const reference = REFERENCE_EVA_SCHEMAS[name];
    const fn = toolSpec(tool)["function"] as { description: string; parameters: { properties: object; required: string[] } };
    expect(fn.description).toBe(reference?.description);
    // Key order matters too: it is the order the LLM reads the parameters in.
    expect(JSON.stringify(fn.parameters.properties)).toBe(JSON.stringify(reference?.properties));
    expect(fn.parameters.required).toStrictEqual(reference?.required);
  });

  it("answers to eva's snake_case tool names too; writes are the tools that record", () => {
    expect(Object.fromEntries(evaTools.map((t) => [t.name, [t.aliases, t.kind]]))).toStrictEqual({
      GetReservationTool: [["get_reservation"], "read"],
      GetFlightStatusTool: [["get_flight_status"], "read"],
      GetDisruptionInfoTool: [["get_disruption_info"], "read"],
      SearchRebookingOptionsTool: [["search_rebooking_options"], "read"],
      RebookFlightTool: [["rebook_flight"], "write"],
      CancelReservationTool: [["cancel_reservation"], "write"],
      ProcessRefundTool: [["process_refund"], "write"],
      AssignSeatTool: [["assign_seat"], "write"],
      AddBaggageAllowanceTool: [["add_baggage_allowance"], "write"],
      AddMealRequestTool: [["add_meal_request"], "write"],
      AddToStandbyTool: [["add_to_standby"], "write"],
      IssueTravelCreditTool: [["issue_travel_credit"], "write"],
      IssueHotelVoucherTool: [["issue_hotel_voucher"], "write"],
      IssueMealVoucherTool: [["issue_meal_voucher"], "write"],
      TransferToAgentTool: [["transfer_to_agent"], "write"],
    });
    expect(evaTools.filter((t) => t.exit !== undefined).map((t) => [t.name, t.exit])).toStrictEqual([["TransferToAgentTool", "on_success"]]);
  });

  it("dispatches a snake_case alias to the same tool", () => {
    const s = session(scenarioDb("1.1.2"));
    expect(s.call("get_reservation", { confirmation_number: "zk3ffw", last_name: "nobody" }).result).toStrictEqual({
      status: "error",
      error_type: "authentication_failed",
      message: "Last name does not match reservation ZK3FFW",
    });
  });
});
