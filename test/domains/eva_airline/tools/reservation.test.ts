/**
 * GetReservationTool. Expected values come from running the same calls through
 * the reference tools (eva_airline_tools.py under CPython 3.11) on the same
 * scenario DBs.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/json/types.js";
import { at, scenarioDb, session } from "../harness.js";

describe("GetReservationTool", () => {
  it("authenticates by last name, case-insensitively, and lists bookings by first-segment date", () => {
    const s = session(scenarioDb("1.1.3"));
    expect(s.call("GetReservationTool", { confirmation_number: "im2xu4", last_name: "x" }).result).toStrictEqual({
      status: "error",
      error_type: "authentication_failed",
      message: "Last name does not match reservation IM2XU4",
    });
    s.call("RebookFlightTool", {
      confirmation_number: "IM2XU4",
      journey_id: "FL_SK418_20260605",
      new_journey_id: "FL_SK333_20260603",
      rebooking_type: "voluntary",
      waive_change_fee: false,
    });
    const out = s.call("GetReservationTool", { confirmation_number: "im2xu4", last_name: "OKONKWO" });
    expect(out.status).toBe("ok");
    const bookings = at(out.result, "reservation", "bookings") as JsonObject[];
    expect(bookings.map((b) => b["journey_id"])).toStrictEqual(["FL_SK333_20260603", "FL_SK418_20260605", "FL_SK519_20260612"]);
    // Sorting is for the reply only; the DB keeps insertion order.
    const stored = at(s.db, "reservations", "IM2XU4", "bookings") as JsonObject[];
    expect(stored.map((b) => b["journey_id"])).toStrictEqual(["FL_SK418_20260605", "FL_SK519_20260612", "FL_SK333_20260603"]);
    expect(s.hash).toBe("e27893282792ddcfb9850eee233619ea0cbe49eb0175dd9ee789d9c8443cb8a9");
  });

  it("an empty last name skips the check", () => {
    const s = session(scenarioDb("1.1.3"));
    expect(s.call("GetReservationTool", { confirmation_number: "IM2XU4", last_name: "" }).status).toBe("ok");
  });

  it("reports an unknown reservation with the upper-cased code", () => {
    const s = session(scenarioDb("1.1.3"));
    expect(s.call("GetReservationTool", { confirmation_number: "im2xu5", last_name: "x" }).result).toStrictEqual({
      status: "error",
      error_type: "not_found",
      message: "Reservation IM2XU5 not found",
    });
  });

  it("returns a copy: the reply's sort never reaches the DB and the call records nothing", () => {
    const s = session(scenarioDb("1.1.2"));
    const before = s.hash;
    const out = s.call("GetReservationTool", { confirmation_number: "ZK3FFW", last_name: "Rodriguez" });
    expect(out.records).toStrictEqual([]);
    expect(out.wrote).toBe(false);
    expect(s.hash).toBe(before);
  });
});
