/**
 * AssignSeatTool, AddBaggageAllowanceTool, AddMealRequestTool. Expected values
 * come from running the same calls through the reference tools
 * (eva_airline_tools.py under CPython 3.11) on the same scenario DBs.
 */
import { describe, expect, it } from "vitest";
import { at, bare, scenarioDb, session } from "../harness.js";

const SEG = "FL_SK681_SK923_20260510";

describe("AssignSeatTool", () => {
  it("needs a flight number on a connection, then seats by class row + passenger number and preference letter", () => {
    const s = session(scenarioDb("6.3.1"));
    expect(s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, seat_preference: "window" }).result).toStrictEqual({
      status: "error",
      error_type: "flight_number_required",
      message: "Journey FL_SK681_SK923_20260510 has 2 segments; flight_number is required",
    });
    const window = s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, seat_preference: "window", flight_number: "SK923" });
    expect(window.result).toStrictEqual({
      status: "success",
      confirmation_number: "E66N08",
      passenger_id: "PAX001",
      journey_id: SEG,
      flight_number: "SK923",
      seat_assigned: "21A",
      fare_class: "main_cabin",
      preference: "window",
      message: "Seat 21A (window) successfully assigned",
    });
    expect(bare(window.records)).toStrictEqual([
      {
        action_type: "assign_seat",
        confirmation_number: "E66N08",
        passenger_id: "PAX001",
        journey_id: SEG,
        flight_number: "SK923",
        seat_preference: "window",
        seat_assigned: "21A",
      },
    ]);
    const any = s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX007", journey_id: SEG, seat_preference: "no_preference", flight_number: "SK681" });
    expect(at(any.result, "seat_assigned")).toBe("27C");
    expect(s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: "FL_SK680_20260510", seat_preference: "aisle" }).result).toStrictEqual({
      status: "error",
      error_type: "no_seats_available",
      message: "No seats available in business fare class",
    });
    expect(
      s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, seat_preference: "aisle", flight_number: "SK999" }).result,
    ).toStrictEqual({ status: "error", error_type: "flight_not_found", message: "Flight SK999 not found in journey FL_SK681_SK923_20260510" });
    expect(at(s.db, "reservations", "E66N08", "bookings", 1, "segments")).toStrictEqual([
      { flight_number: "SK681", date: "2026-05-10", fare_paid: 240, seat: "27C", bags_checked: 1, meal_request: null },
      { flight_number: "SK923", date: "2026-05-10", fare_paid: 290, seat: "21A", bags_checked: 1, meal_request: null },
    ]);
    expect(s.hash).toBe("6141f192436929cce9739a8a7e4fa93c1330753f0cab3009ca78dc1cbd332d72");
  });

  it("an id with fewer than three digits makes the reference's int() raise", () => {
    const s = session(scenarioDb("6.3.1"));
    const before = s.hash;
    const out = s.call("AssignSeatTool", { confirmation_number: "E66N08", passenger_id: "PAX12", journey_id: SEG, seat_preference: "aisle", flight_number: "SK681" });
    expect(out.status).toBe("crashed");
    expect(out.result).toStrictEqual({ error: "invalid literal for int() with base 10: 'X12'" });
    expect(s.hash).toBe(before);
  });

  it("checks the seat types the class offers, and uses the id's last three digits", () => {
    const s = session(scenarioDb("1.1.2"));
    s.call("RebookFlightTool", {
      confirmation_number: "ZK3FFW",
      journey_id: "FL_SK621_20260320",
      new_journey_id: "FL_SK703_20260325",
      rebooking_type: "voluntary",
      waive_change_fee: false,
      new_fare_class: "business",
    });
    expect(s.call("AssignSeatTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX001", journey_id: "FL_SK703_20260325", seat_preference: "middle" }).result).toStrictEqual({
      status: "error",
      error_type: "seat_type_unavailable",
      message: "No middle seats available in business on this flight. Available types: window, aisle",
    });
    const business = s.call("AssignSeatTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX001", journey_id: "FL_SK703_20260325", seat_preference: "window" });
    expect(at(business.result, "seat_assigned")).toBe("6A");
    const cancelled = s.call("AssignSeatTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX0042", journey_id: "FL_SK621_20260320", seat_preference: "middle" });
    expect(at(cancelled.result, "message")).toBe("Seat 62B (middle) successfully assigned");
    expect(s.hash).toBe("6a6b6963581f22c9df697ce306f2680d2974e43bc2d8af500f568727e2686cc8");
  });
});

describe("AddBaggageAllowanceTool and AddMealRequestTool", () => {
  it("apply to every segment unless a flight number narrows them; records carry flight_number null when omitted", () => {
    const s = session(scenarioDb("6.3.1"));
    const all = s.call("AddBaggageAllowanceTool", { confirmation_number: "E66N08", journey_id: SEG, num_bags: 2 });
    expect(all.result).toStrictEqual({
      status: "success",
      confirmation_number: "E66N08",
      journey_id: SEG,
      bags_checked: 2,
      message: "Baggage allowance set to 2 checked bag(s)",
    });
    expect(bare(all.records)).toStrictEqual([
      { action_type: "add_baggage_allowance", confirmation_number: "E66N08", journey_id: SEG, flight_number: null, num_bags: 2 },
    ]);
    const one = s.call("AddBaggageAllowanceTool", { confirmation_number: "E66N08", journey_id: SEG, num_bags: "0", flight_number: "SK923" });
    expect(at(one.result, "message")).toBe("Baggage allowance set to 0 checked bag(s)");
    expect(s.call("AddBaggageAllowanceTool", { confirmation_number: "E66N08", journey_id: SEG, num_bags: 6 }).result).toStrictEqual({
      status: "error",
      error_type: "invalid_bag_count",
      message: "Invalid num_bags '6': Input should be less than or equal to 5",
    });
    expect(s.call("AddBaggageAllowanceTool", { confirmation_number: "E66N08", journey_id: SEG, num_bags: 1, flight_number: "SK1" }).result).toStrictEqual({
      status: "error",
      error_type: "flight_not_found",
      message: "Flight SK1 not found in journey FL_SK681_SK923_20260510",
    });

    const meal = s.call("AddMealRequestTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, meal_type: "gluten_free" });
    expect(meal.result).toStrictEqual({
      status: "success",
      confirmation_number: "E66N08",
      passenger_id: "PAX001",
      journey_id: SEG,
      meal_type: "gluten_free",
      message: "gluten_free meal request added",
    });
    expect(bare(meal.records)).toStrictEqual([
      { action_type: "add_meal_request", confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, meal_type: "gluten_free", flight_number: null },
    ]);
    s.call("AddMealRequestTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, meal_type: "hindu", flight_number: "SK681" });
    expect(s.call("AddMealRequestTool", { confirmation_number: "E66N08", passenger_id: "PAX001", journey_id: SEG, meal_type: "Kosher" }).result).toStrictEqual({
      status: "error",
      error_type: "invalid_meal_type",
      message:
        "Invalid meal_type 'Kosher': Input should be 'vegetarian', 'vegan', 'kosher', 'halal', 'gluten_free', 'diabetic', 'low_sodium', 'child', 'hindu', 'none' or 'standard'",
    });
    expect(at(s.db, "reservations", "E66N08", "bookings", 1, "segments")).toStrictEqual([
      { flight_number: "SK681", date: "2026-05-10", fare_paid: 240, seat: null, bags_checked: 2, meal_request: "hindu" },
      { flight_number: "SK923", date: "2026-05-10", fare_paid: 290, seat: null, bags_checked: 0, meal_request: "gluten_free" },
    ]);
    expect(s.hash).toBe("ce402dca4d06f4786b823750b439b1491e1460e5bff8e530a405d29f737a3458");
  });
});
