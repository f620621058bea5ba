/**
 * GetFlightStatusTool, GetDisruptionInfoTool, SearchRebookingOptionsTool. Expected values come from running the same calls through
 * the reference tools (eva_airline_tools.py under CPython 3.11) on the same
 * scenario DBs.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { at, scenarioDb, session } from "../harness.js";


describe("GetFlightStatusTool", () => {
  it("finds a journey by flight number and date, upper-casing the flight number", () => {
    const s = session(scenarioDb("1.1.2"));
    const out = s.call("GetFlightStatusTool", { flight_number: "sk621", flight_date: "2026-03-20" });
    expect(at(out.result, "journey", "journey_id")).toBe("FL_SK621_20260320");
  });

  it("falls back to a journey that day with that leg, and echoes the raw arguments when nothing matches", () => {
    const db = scenarioDb("3.1.5");
    delete (db["journeys"] as JsonObject)["FL_SK330_20260908"];
    const s = session(db);
    expect(at(s.call("GetFlightStatusTool", { flight_number: "sk330", flight_date: "2026-09-08" }).result, "journey", "journey_id")).toBe(
      "FL_SK715_SK330_20260908",
    );
    expect(s.call("GetFlightStatusTool", { flight_number: "sk331", flight_date: "2026-09-08" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "Flight sk331 not found for date 2026-09-08",
    });
  });
});

describe("GetDisruptionInfoTool", () => {
  it("looks disruptions up by upper-cased flight number and date", () => {
    const s = session(scenarioDb("6.3.1"));
    expect(s.call("GetDisruptionInfoTool", { flight_number: "sk680", date: "2026-05-10" }).result).toStrictEqual({
      status: "success",
      disruption: {
        flight_number: "SK680",
        date: "2026-05-10",
        disruption_type: "cancellation",
        cause: "crew",
        cause_category: "airline_fault",
        is_irrops: true,
        delay_minutes: null,
        passenger_entitled_to: { fee_waiver: true, refund_option: true, meal_voucher: true, hotel_accommodation: false, rebooking_window_days: 7 },
      },
    });
    expect(s.call("GetDisruptionInfoTool", { flight_number: "sk680", date: "2026-05-11" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "No disruption info found for flight SK680",
    });
  });
});

describe("SearchRebookingOptionsTool", () => {
  type Row = [string, string, string, number, JsonObject];
  const rows = (result: unknown): Row[] =>
    (at(result as JsonObject, "options") as JsonObject[]).map((o) => [
      o["journey_id"] as string,
      o["departure_time"] as string,
      o["arrival_time"] as string,
      o["fare"] as number,
      o["available_seats"] as JsonObject,
    ]);

  it("'any' prices each option at its cheapest class with seats; options are sorted by departure", () => {
    const s = session(scenarioDb("1.1.2"));
    const out = s.call("SearchRebookingOptionsTool", { origin: "aus", destination: "lax", date: "2026-03-25", passenger_count: 1, fare_class: "any" });
    const result = out.result as JsonObject;
    expect([result["count"], result["message"]]).toStrictEqual([5, "5 flight(s) found"]);
    expect(Object.keys((result["options"] as JsonObject[])[0] as JsonObject)).toStrictEqual([
      "journey_id",
      "origin",
      "destination",
      "num_stops",
      "total_duration_minutes",
      "segments",
      "departure_time",
      "arrival_time",
      "available_seats",
      "fare",
    ]);
    expect(rows(result)).toStrictEqual([
      ["FL_SK703_20260325", "08:15", "09:25", 199, { basic_economy: 10, main_cabin: 22, premium_economy: 8, business: 3, first: 0 }],
      ["FL_SK715_20260325", "10:40", "11:00", 205, { basic_economy: 6, main_cabin: 17, premium_economy: 5, business: 2, first: 0 }],
      ["FL_SK739_20260325", "13:45", "15:00", 215, { basic_economy: 12, main_cabin: 24, premium_economy: 9, business: 4, first: 0 }],
      ["FL_SK781_20260325", "14:35", "15:55", 195, { basic_economy: 5, main_cabin: 9, premium_economy: 3, business: 0, first: 0 }],
      ["FL_SK809_20260325", "16:10", "17:35", 185, { basic_economy: 18, main_cabin: 31, premium_economy: 10, business: 4, first: 0 }],
    ]);
  });

  it("a named class needs enough seats for every passenger (string counts are coerced)", () => {
    const s = session(scenarioDb("1.1.2"));
    const business = s.call("SearchRebookingOptionsTool", { origin: "AUS", destination: "LAX", date: "2026-03-25", passenger_count: "4", fare_class: "business" });
    expect(rows(business.result).map((r) => [r[0], r[3]])).toStrictEqual([
      ["FL_SK739_20260325", 1125],
      ["FL_SK809_20260325", 990],
    ]);
    const none = s.call("SearchRebookingOptionsTool", { origin: "AUS", destination: "LAX", date: "2026-03-25", passenger_count: 20, fare_class: "main_cabin" });
    expect(rows(none.result).map((r) => r[0])).toStrictEqual(["FL_SK703_20260325", "FL_SK739_20260325", "FL_SK809_20260325"]);
  });

  it("limits a connection's seats by its scarcest leg and skips unbookable journeys", () => {
    const s = session(scenarioDb("3.1.5"));
    const out = s.call("SearchRebookingOptionsTool", { origin: "ATL", destination: "MSP", date: "2026-09-08", passenger_count: 2, fare_class: "any" });
    expect(rows(out.result).map((r) => [r[0], r[3], r[4]])).toStrictEqual([
      ["FL_SK801_SK255_SK611_20260908", 355, { basic_economy: 4, main_cabin: 3, premium_economy: 1, business: 0, first: 0 }],
      ["FL_SK907_20260908", 329, { basic_economy: 6, main_cabin: 7, premium_economy: 2, business: 1, first: 0 }],
    ]);
  });
});
