/**
 * RebookFlightTool. Expected values were produced by running the same calls
 * through the reference tools (eva_airline_tools.py, CPython 3.11, pydantic
 * 2.13) on the same scenario DBs; hashes are the reference's get_dict_hash of
 * the DB after the calls.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { at, bare, scenarioDb, session } from "../harness.js";

const rebook = (args: JsonObject) => ({ rebooking_type: "voluntary", waive_change_fee: false, ...args });

describe("RebookFlightTool: whole-journey rebooks", () => {
  it("voluntary date change: $75 fee plus the fare difference, old seat released, new seat taken", () => {
    const s = session(scenarioDb("1.1.2"));
    const out = s.call(
      "RebookFlightTool",
      rebook({ confirmation_number: "zk3ffw", journey_id: "FL_SK621_20260320", new_journey_id: "FL_SK703_20260325" }),
    );
    const result = out.result as JsonObject;
    expect(result["cost_summary"]).toStrictEqual({
      original_fare_class: "main_cabin",
      new_fare_class: "main_cabin",
      cabin_changed: false,
      change_fee: 75,
      fare_difference: 40,
      credit_due: 0,
      total_collected: 115,
      fee_waived: false,
    });
    expect(result["message"]).toBe("Successfully rebooked to flight FL_SK703_20260325");
    expect(Object.keys(result)).toStrictEqual(["status", "confirmation_number", "new_journey", "cost_summary", "message"]);
    expect(result["confirmation_number"]).toBe("ZK3FFW");
    const newJourney = result["new_journey"] as JsonObject;
    expect(Object.keys(newJourney)).toStrictEqual(["journey_id", "num_stops", "segments", "departure", "arrival", "origin", "destination"]);
    expect([newJourney["departure"], newJourney["arrival"], newJourney["origin"], newJourney["destination"]]).toStrictEqual(["08:15", "09:25", "AUS", "LAX"]);
    // The segments are copied after the seat was taken.
    expect(at(newJourney, "segments", 0, "available_seats", "main_cabin")).toBe(21);
    expect(bare(out.records)).toStrictEqual([
      {
        action_type: "rebook_flight",
        confirmation_number: "ZK3FFW",
        old_journey_id: "FL_SK621_20260320",
        new_journey_id: "FL_SK703_20260325",
        rebooking_type: "voluntary",
        original_fare_class: "main_cabin",
        new_fare_class: "main_cabin",
        change_fee: 75,
        fare_difference: 40,
        total_collected: 115,
        partial_rebook: false,
      },
    ]);
    expect(at(s.db, "reservations", "ZK3FFW", "bookings")).toStrictEqual([
      {
        fare_class: "main_cabin",
        fare_paid: 260,
        journey_id: "FL_SK621_20260320",
        segments: [{ bags_checked: 0, date: "2026-03-20", fare_paid: 260, flight_number: "SK621", meal_request: null, seat: "22A" }],
        status: "cancelled",
      },
      {
        journey_id: "FL_SK703_20260325",
        fare_class: "main_cabin",
        fare_paid: 300,
        status: "confirmed",
        segments: [{ flight_number: "SK703", date: "2026-03-25", fare_paid: 300, seat: null, bags_checked: 0, meal_request: null }],
      },
    ]);
    expect(at(s.db, "reservations", "ZK3FFW", "status")).toBe("changed");
    expect(at(s.db, "journeys", "FL_SK621_20260320", "segments", 0, "available_seats", "main_cabin")).toBe(19);
    expect(s.hash).toBe("4f9db5996772d2b64937b62eefdfdd7ae672de29716cbc52fdcf5b3ba6144cba");
  });

  it("same-day change from basic economy costs $199, and float fares subtract as doubles", () => {
    const s = session(scenarioDb("5.1.2"));
    const out = s.call(
      "RebookFlightTool",
      rebook({
        confirmation_number: "PZN19G",
        journey_id: "FL_SK214_20260822",
        new_journey_id: "FL_SK214_20260822",
        rebooking_type: "same_day",
        new_fare_class: "main_cabin",
      }),
    );
    const result = out.result as JsonObject;
    expect(result["cost_summary"]).toStrictEqual({
      original_fare_class: "basic_economy",
      new_fare_class: "main_cabin",
      cabin_changed: true,
      change_fee: 199,
      fare_difference: 61.20000000000002,
      credit_due: 0,
      total_collected: 260.20000000000005,
      fee_waived: false,
    });
    expect(result["message"]).toBe("Successfully rebooked to flight FL_SK214_20260822 in main_cabin");
    // Same flight: one basic seat back, one main-cabin seat taken.
    expect(at(result, "new_journey", "segments", 0, "available_seats")).toStrictEqual({
      basic_economy: 8,
      business: 2,
      first: 0,
      main_cabin: 11,
      premium_economy: 4,
    });
    expect(s.hash).toBe("b5c85eec6e12e877e63b50c73e1692651f45935b7c7792de0cf775e0d4046a1b");
  });

  it("a business fare changes for free and a cheaper cabin yields credit_due; lax bool 'no' is false", () => {
    const s = session(scenarioDb("6.3.1"));
    const out = s.call(
      "RebookFlightTool",
      rebook({
        confirmation_number: "E66N08",
        journey_id: "FL_SK680_20260510",
        new_journey_id: "FL_SK710_20260510",
        rebooking_type: "missed_flight_passenger_fault",
        waive_change_fee: "no",
        new_fare_class: "main_cabin",
      }),
    );
    expect((out.result as JsonObject)["cost_summary"]).toStrictEqual({
      original_fare_class: "business",
      new_fare_class: "main_cabin",
      cabin_changed: true,
      change_fee: 0,
      fare_difference: -720,
      credit_due: 720,
      total_collected: 0,
      fee_waived: false,
    });
    expect(s.hash).toBe("242b71c96e7ec5a046a161452841c645fc2805a9013e23c640b0be07d9b17c45");
  });

  it("IRROPS keeps the fare paid and collects nothing; unknown arguments are dropped", () => {
    const s = session(scenarioDb("2.1.1"));
    const out = s.call(
      "RebookFlightTool",
      rebook({
        confirmation_number: "FAR0UM",
        journey_id: "FL_SK302_20260414",
        new_journey_id: "FL_SK430_20260414",
        rebooking_type: "irrops_cancellation",
        unknown_arg: "dropped",
      }),
    );
    expect(out.status).toBe("ok");
    expect((out.result as JsonObject)["cost_summary"]).toStrictEqual({
      original_fare_class: "main_cabin",
      new_fare_class: "main_cabin",
      cabin_changed: false,
      change_fee: 0,
      fare_difference: 90,
      credit_due: 0,
      total_collected: 0,
      fee_waived: true,
    });
    expect(at(s.db, "reservations", "FAR0UM", "bookings", 1)).toStrictEqual({
      journey_id: "FL_SK430_20260414",
      fare_class: "main_cabin",
      fare_paid: 389,
      status: "confirmed",
      segments: [{ flight_number: "SK430", date: "2026-04-14", fare_paid: 389, seat: null, bags_checked: 0, meal_request: null }],
    });
    expect(s.hash).toBe("08ed6c767dc3bc2dac0ec371d5ca425325a45b6e0b364171249ab709150c7001");
  });

  it("carries bags and meal over and resets the seat, even on a downgrade (deliberate divergence from upstream eva)", () => {
    const s = session(scenarioDb("7.2.1"));
    const out = s.call(
      "RebookFlightTool",
      rebook({
        confirmation_number: "BZIW48",
        journey_id: "FL_SK445_20260415",
        new_journey_id: "FL_SK451_20260415",
        waive_change_fee: true,
        new_fare_class: "basic_economy",
      }),
    );
    // Waived fee, but the fare difference is still collected on a voluntary change.
    expect(at(out.result, "cost_summary", "total_collected")).toBe(20);
    expect(at(s.db, "reservations", "BZIW48", "bookings", 1)).toStrictEqual({
      journey_id: "FL_SK451_20260415",
      fare_class: "basic_economy",
      fare_paid: 180,
      status: "confirmed",
      segments: [{ flight_number: "SK451", date: "2026-04-15", fare_paid: 180, seat: null, bags_checked: 1, meal_request: null }],
    });
    expect(s.hash).toBe("886021c5e843d65eb3af94a88f89fa3b48309d7831a3664d4da70e0cb80dd37c");
  });
});

describe("RebookFlightTool: failures leave the DB and the records untouched", () => {
  const base = { confirmation_number: "E66N08", journey_id: "FL_SK680_20260510", new_journey_id: "FL_SK710_20260510" };
  const cases: [string, JsonObject, JsonObject][] = [
    [
      "the booking's class has no fare on the new flight",
      base,
      { status: "error", error_type: "fare_class_not_available", message: "Fare class 'business' is not available on flight FL_SK710_20260510" },
    ],
    [
      "a requested class has no fare",
      { ...base, new_fare_class: "premium_economy" },
      { status: "error", error_type: "fare_class_not_available", message: "Fare class 'premium_economy' is not available on flight FL_SK710_20260510" },
    ],
    [
      "the new flight is not bookable",
      { ...base, new_journey_id: "FL_SK702_20260510" },
      { status: "error", error_type: "not_bookable", message: "Flight FL_SK702_20260510 is not available for booking" },
    ],
    [
      "the new flight does not exist",
      { ...base, new_journey_id: "FL_SK999_20260510" },
      { status: "error", error_type: "flight_not_found", message: "Flight FL_SK999_20260510 not found" },
    ],
    ["the reservation does not exist", { ...base, confirmation_number: "E66N09" }, { status: "error", error_type: "not_found", message: "Reservation E66N09 not found" }],
    [
      "the journey is not in the reservation",
      { ...base, journey_id: "FL_SK999_20260510" },
      { status: "error", error_type: "journey_not_found", message: "Journey FL_SK999_20260510 not found in reservation" },
    ],
    [
      "the leg to replace is not in the journey",
      { ...base, journey_id: "FL_SK681_SK923_20260510", flight_number: "SK999" },
      { status: "error", error_type: "flight_not_found", message: "Flight SK999 not found in journey FL_SK681_SK923_20260510" },
    ],
  ];
  it.each(cases)("%s", (_label, args, expected) => {
    const s = session(scenarioDb("6.3.1"));
    const before = s.hash;
    const out = s.call("RebookFlightTool", rebook(args));
    expect(out.result).toStrictEqual(expected);
    expect(out.status).toBe("error");
    expect(out.records).toStrictEqual([]);
    expect(s.hash).toBe(before);
  });

  it("no seats when any leg of a connection is full in the class", () => {
    const s = session(scenarioDb("2.1.1"));
    const out = s.call(
      "RebookFlightTool",
      rebook({ confirmation_number: "FAR0UM", journey_id: "FL_SK302_20260414", new_journey_id: "FL_SK460_SK511_20260414", rebooking_type: "irrops_cancellation" }),
    );
    expect(out.result).toStrictEqual({
      status: "error",
      error_type: "no_seats_available",
      message: "No seats available in main_cabin on flight FL_SK460_SK511_20260414",
    });
  });
});

describe("RebookFlightTool: partial (one-leg) rebooks", () => {
  it("replaces one leg, keeps the other as its own booking, and reports both", () => {
    const s = session(scenarioDb("3.1.5"));
    const out = s.call(
      "RebookFlightTool",
      rebook({
        confirmation_number: "m9m6fj",
        journey_id: "FL_SK715_SK330_20260908",
        new_journey_id: "FL_SK763_20260908",
        rebooking_type: "irrops_delay",
        flight_number: "SK715",
      }),
    );
    const result = out.result as JsonObject;
    expect(Object.keys(result)).toStrictEqual([
      "status",
      "confirmation_number",
      "new_journey",
      "cost_summary",
      "message",
      "partial_rebook",
      "replaced_segment",
      "kept_segments",
    ]);
    expect(result["cost_summary"]).toStrictEqual({
      original_fare_class: "main_cabin",
      new_fare_class: "main_cabin",
      cabin_changed: false,
      change_fee: 0,
      fare_difference: 25,
      credit_due: 0,
      total_collected: 0,
      fee_waived: true,
    });
    expect(result["replaced_segment"]).toStrictEqual({ flight_number: "SK715", origin: null, destination: null, fare_paid: 180 });
    expect(result["kept_segments"]).toStrictEqual([{ flight_number: "SK330", origin: null, destination: null, fare_paid: 140, seat: "22C" }]);
    expect(at(out.records[0] as JsonObject, "replaced_flight_number")).toBe("SK715");
  });

  it("rebooking the kept leg cancels the first booking with that journey id (the already-cancelled original), as the reference does", () => {
    const s = session(scenarioDb("3.1.5"));
    s.call(
      "RebookFlightTool",
      rebook({ confirmation_number: "M9M6FJ", journey_id: "FL_SK715_SK330_20260908", new_journey_id: "FL_SK763_20260908", rebooking_type: "irrops_delay", flight_number: "SK715" }),
    );
    const out = s.call(
      "RebookFlightTool",
      rebook({ confirmation_number: "M9M6FJ", journey_id: "FL_SK715_SK330_20260908", new_journey_id: "FL_SK801_SK255_SK611_20260908", flight_number: "SK330" }),
    );
    expect(at(out.result, "cost_summary")).toStrictEqual({
      original_fare_class: "main_cabin",
      new_fare_class: "main_cabin",
      cabin_changed: false,
      change_fee: 75,
      fare_difference: 370,
      credit_due: 0,
      total_collected: 445,
      fee_waived: false,
    });
    expect(at(out.result, "kept_segments")).toStrictEqual([]);
    expect(at(s.db, "reservations", "M9M6FJ", "bookings")).toStrictEqual([
      {
        journey_id: "FL_SK715_SK330_20260908",
        fare_class: "main_cabin",
        fare_paid: 320,
        status: "cancelled",
        segments: [
          { flight_number: "SK715", date: "2026-09-08", fare_paid: 180, seat: "22C", bags_checked: 1, meal_request: null },
          { flight_number: "SK330", date: "2026-09-08", fare_paid: 140, seat: "22C", bags_checked: 1, meal_request: null },
        ],
      },
      {
        journey_id: "FL_SK763_20260908",
        fare_class: "main_cabin",
        fare_paid: 180,
        status: "confirmed",
        segments: [{ flight_number: "SK763", date: "2026-09-08", fare_paid: 180, seat: null, bags_checked: 1, meal_request: null }],
      },
      {
        journey_id: "FL_SK715_SK330_20260908",
        fare_class: "main_cabin",
        fare_paid: 140,
        status: "confirmed",
        segments: [{ flight_number: "SK330", date: "2026-09-08", fare_paid: 140, seat: "22C", bags_checked: 1, meal_request: null }],
      },
      {
        journey_id: "FL_SK801_SK255_SK611_20260908",
        fare_class: "main_cabin",
        fare_paid: 510,
        status: "confirmed",
        segments: [
          { flight_number: "SK801", date: "2026-09-08", fare_paid: 160, seat: null, bags_checked: 1, meal_request: null },
          { flight_number: "SK255", date: "2026-09-08", fare_paid: 140, seat: null, bags_checked: 1, meal_request: null },
          { flight_number: "SK611", date: "2026-09-08", fare_paid: 210, seat: null, bags_checked: 1, meal_request: null },
        ],
      },
    ]);
    // The original journey got a main-cabin seat back on both legs, twice.
    const legs = at(s.db, "journeys", "FL_SK715_SK330_20260908", "segments") as JsonObject[];
    expect(legs.map((l) => at(l, "available_seats", "main_cabin"))).toStrictEqual([2, 6]);
    expect(s.hash).toBe("02c043fc17fa0519ad530c69c67b27c13abc86bdee2c3f7a2f984d6f6ec22f9b");
  });
});
