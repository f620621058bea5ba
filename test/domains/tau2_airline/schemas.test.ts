/**
 * What the LLM sees: each tool's name, description and parameter schema
 * against the reference's `name`, `DESCRIPTION`, `properties` and
 * `required_properties` (reference-schemas.json, dumped from the reference
 * tool classes under CPython 3.11).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tau2AirlineAgentTools } from "../../../src/domains/tau2_airline/tools/index.js";
import { toolSpec } from "../../../src/engine/json-schema.js";
import type { JsonObject } from "../../../src/json/types.js";

interface ReferenceSchema {
  description: string;
  properties: JsonObject;
  required: string[];
}
const reference = JSON.parse(readFileSync(new URL("./reference-schemas.json", import.meta.url), "utf8")) as Record<string, ReferenceSchema>;
const airlineTools = tau2AirlineAgentTools.filter((t) => t.name !== "EndConversationTool");

describe("what the LLM sees", () => {
  it("lists the reference's 14 tools in its order, then EndConversationTool", () => {
    expect(tau2AirlineAgentTools.map((t) => t.name)).toStrictEqual([...Object.keys(reference), "EndConversationTool"]);
  });

  it.each(airlineTools.map((t) => [t.name, t] as const))("%s: description, properties and required", (name, tool) => {
    const fn = toolSpec(tool)["function"] as { description: string; parameters: { properties: JsonObject; required: string[] } };
    const ref = reference[name] as ReferenceSchema;
    expect(fn.description).toBe(ref.description);
    // Key order too (an array's description before its items): it is the text the model reads.
    expect(JSON.stringify(fn.parameters.properties)).toBe(JSON.stringify(ref.properties));
    expect(fn.parameters.required).toStrictEqual(ref.required);
  });

  it("records under the snake_case names of TAU2_AIRLINE_TOOL_NAME_TO_CLASS", () => {
    expect(Object.fromEntries(airlineTools.map((t) => [t.actionName, t.name]))).toStrictEqual({
      get_user_details: "GetUserDetailsTool",
      get_reservation_details: "GetReservationDetailsTool",
      list_all_airports: "ListAllAirportsTool",
      search_direct_flight: "SearchDirectFlightTool",
      search_onestop_flight: "SearchOnestopFlightTool",
      get_flight_status: "GetFlightStatusTool",
      book_reservation: "BookReservationTool",
      cancel_reservation: "CancelReservationTool",
      send_certificate: "SendCertificateTool",
      update_reservation_baggages: "UpdateReservationBaggagesTool",
      update_reservation_flights: "UpdateReservationFlightsTool",
      update_reservation_passengers: "UpdateReservationPassengersTool",
      calculate: "CalculateTool",
      transfer_to_human_agents: "TransferToHumanAgentsTool",
    });
  });

  it("only the transfer ends the conversation, always", () => {
    expect(airlineTools.filter((t) => t.exit).map((t) => [t.name, t.exit])).toStrictEqual([["TransferToHumanAgentsTool", "always"]]);
  });
});
