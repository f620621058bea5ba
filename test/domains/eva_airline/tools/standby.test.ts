/**
 * AddToStandbyTool. Expected values come from
 * running the same calls through the reference tools (eva_airline_tools.py
 * under CPython 3.11) on the same DBs.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { at, bare, scenarioDb, session } from "../harness.js";

/** Scenario 2.1.1 with a second passenger, PAX002. */
function twoPassengerDb(): JsonObject {
  const db = scenarioDb("2.1.1");
  const passengers = at(db, "reservations", "FAR0UM", "passengers") as JsonObject[];
  passengers.push({ ...(passengers[0] as JsonObject), passenger_id: "PAX002", first_name: "Sam" });
  return db;
}

describe("AddToStandbyTool", () => {
  it("numbers positions per flight, accepts an unknown reservation, and rejects unknown passengers of a known one", () => {
    const s = session(twoPassengerDb());
    const both = s.call("AddToStandbyTool", { confirmation_number: "far0um", journey_id: "FL_SK410_20260414", passenger_ids: ["PAX001", "PAX002"] });
    expect(both.result).toStrictEqual({
      status: "success",
      confirmation_number: "FAR0UM",
      journey_id: "FL_SK410_20260414",
      standby_list_position: 2,
      message: "Added 2 passenger(s) to standby list",
    });
    expect(bare(both.records)).toStrictEqual([
      { action_type: "add_to_standby", confirmation_number: "FAR0UM", journey_id: "FL_SK410_20260414", passenger_ids: ["PAX001", "PAX002"] },
    ]);
    expect(at(s.call("AddToStandbyTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK410_20260414", passenger_ids: ["PAX002"] }).result, "standby_list_position")).toBe(3);
    expect(s.call("AddToStandbyTool", { confirmation_number: "ZZZZZZ", journey_id: "FL_SK410_20260414", passenger_ids: ["PAX009"] }).result).toStrictEqual({
      status: "success",
      confirmation_number: "ZZZZZZ",
      journey_id: "FL_SK410_20260414",
      standby_list_position: 4,
      message: "Added 1 passenger(s) to standby list",
    });
    expect(
      s.call("AddToStandbyTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK430_20260414", passenger_ids: ["PAX003", "PAX001", "PAX004"] }).result,
    ).toStrictEqual({ status: "error", error_type: "invalid_passengers", message: "Unknown passenger ID(s): PAX003, PAX004" });
    expect(s.call("AddToStandbyTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK302_20260414", passenger_ids: ["PAX001"] }).result).toStrictEqual({
      status: "error",
      error_type: "flight_cancelled",
      message: "Cannot add to standby for cancelled flight",
    });
    expect(s.call("AddToStandbyTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK999_20260414", passenger_ids: ["PAX001"] }).result).toStrictEqual({
      status: "error",
      error_type: "flight_not_found",
      message: "Flight FL_SK999_20260414 not found",
    });
    expect(at(s.call("AddToStandbyTool", { confirmation_number: "FAR0UM", journey_id: "FL_SK430_20260414", passenger_ids: [] }).result, "message")).toBe(
      "Added 0 passenger(s) to standby list",
    );

    expect(at(s.db, "journeys", "FL_SK410_20260414", "standby_list")).toStrictEqual([
      { confirmation_number: "FAR0UM", passenger_id: "PAX001", position: 1 },
      { confirmation_number: "FAR0UM", passenger_id: "PAX002", position: 2 },
      { confirmation_number: "FAR0UM", passenger_id: "PAX002", position: 3 },
      { confirmation_number: "ZZZZZZ", passenger_id: "PAX009", position: 4 },
    ]);
    expect(at(s.db, "journeys", "FL_SK430_20260414", "standby_list")).toStrictEqual([]);
    expect(at(s.db, "reservations", "FAR0UM", "standby_list")).toStrictEqual([
      { journey_id: "FL_SK410_20260414", passenger_ids: ["PAX001", "PAX002"], position: 2, status: "pending" },
      { journey_id: "FL_SK410_20260414", passenger_ids: ["PAX002"], position: 3, status: "pending" },
      { journey_id: "FL_SK430_20260414", passenger_ids: [], position: 0, status: "pending" },
    ]);
    expect(s.hash).toBe("15e4319a5bb9a708a2878a20d62c8491020ebbb9f50691398112177458b028fb");
  });
});
