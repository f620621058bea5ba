/**
 * Behaviour around the tools rather than inside them: the missing-DB result,
 * the tools that work without a DB, results that stay as delivered, and
 * records kept only for successful writes. Expected values are the
 * reference's (tau2_airline_tools.py: `_db_not_initialized`, the tools'
 * `_do_work` bodies, and results seen through refharness run_calls.py).
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json/types.js";
import { at, session } from "./harness.js";

const notLoaded = {
  status: "error",
  error_type: "db_not_initialized",
  message: "Scenario database not loaded. This indicates a fixture-loading bug.",
};

const DB_TOOLS: [string, JsonObject][] = [
  ["GetUserDetailsTool", { user_id: "mei_hernandez_8984" }],
  ["GetReservationDetailsTool", { reservation_id: "1AKIA8" }],
  ["SearchDirectFlightTool", { origin: "LGA", destination: "PHX", date: "2024-05-16" }],
  ["SearchOnestopFlightTool", { origin: "LGA", destination: "SEA", date: "2024-05-16" }],
  ["GetFlightStatusTool", { flight_number: "HAT001", date: "2024-05-16" }],
  ["CancelReservationTool", { reservation_id: "1AKIA8" }],
  ["SendCertificateTool", { user_id: "mei_hernandez_8984", amount: 50 }],
  ["UpdateReservationBaggagesTool", { reservation_id: "1AKIA8", total_baggages: 1, nonfree_baggages: 0, payment_id: "x" }],
  ["UpdateReservationFlightsTool", { reservation_id: "1AKIA8", cabin: "economy", flights: [], payment_id: "x" }],
  ["UpdateReservationPassengersTool", { reservation_id: "1AKIA8", passengers: [] }],
  [
    "BookReservationTool",
    {
      user_id: "u",
      origin: "A",
      destination: "B",
      flight_type: "one_way",
      cabin: "economy",
      flights: [],
      passengers: [],
      payment_methods: [],
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: "no",
    },
  ],
];

describe("without a DB", () => {
  it.each(DB_TOOLS)("%s reports db_not_initialized", (name, args) => {
    const out = session({}).call(name, args);
    expect(out.result).toStrictEqual(notLoaded);
    expect(out.records).toStrictEqual([]);
  });

  it("validates arguments before looking for the DB", () => {
    expect(session({}).call("GetUserDetailsTool", {}).result).toStrictEqual({
      status: "error",
      error_type: "validation_error",
      message: "Tool arguments failed validation.",
      details: [{ field: "user_id", error: "Field required", type: "missing" }],
    });
  });

  it("lists airports, calculates and transfers, as the reference never checks the DB for them", () => {
    const s = session({});
    expect(at(s.call("ListAllAirportsTool", {}).result, "airports", 19)).toStrictEqual({ iata: "LGA", city: "LaGuardia" });
    expect(s.call("CalculateTool", { expression: "7 / 2" }).result).toStrictEqual({ status: "success", result: "3.5" });
    const transfer = s.call("TransferToHumanAgentsTool", { summary: "refund" });
    expect(transfer.result).toStrictEqual({ status: "success", message: "Transfer successful" });
    expect(transfer.exit).toBe(true);
    expect(s.actions).toStrictEqual([
      {
        action_type: "transfer_to_human_agents",
        name: "transfer_to_human_agents",
        arguments: { summary: "refund" },
        result: { message: "Transfer successful" },
        side: "agent",
      },
    ]);
  });
});

describe("results and records", () => {
  it("a result is the state when it was delivered, not a live view of the DB", () => {
    const s = session();
    const before = s.call("GetReservationDetailsTool", { reservation_id: "1AKIA8" }).result;
    s.call("CancelReservationTool", { reservation_id: "1AKIA8" });
    expect(at(before, "status")).toBeUndefined();
    expect(at(before, "payment_history")).toStrictEqual([{ payment_id: "credit_card_6082923", amount: 730 }]);
    expect(at(s.db, "reservations", "1AKIA8", "payment_history")).toStrictEqual([
      { payment_id: "credit_card_6082923", amount: 730 },
      { payment_id: "credit_card_6082923", amount: -730 },
    ]);
  });

  it("a failed write keeps neither changes nor records", () => {
    const s = session();
    const db = s.db;
    const failed = s.call("UpdateReservationBaggagesTool", {
      reservation_id: "07S7FC",
      total_baggages: 9,
      nonfree_baggages: 9,
      payment_id: "gift_card_5309492",
    });
    expect(failed.result).toStrictEqual({ status: "error", error_type: "value_error", message: "Gift card balance is not enough" });
    expect(s.db).toBe(db);
    expect(s.actions).toStrictEqual([]);
    const ok = s.call("UpdateReservationBaggagesTool", {
      reservation_id: "07S7FC",
      total_baggages: 4,
      nonfree_baggages: 1,
      payment_id: "gift_card_5309492",
    });
    expect(ok.records).toStrictEqual([
      {
        action_type: "update_reservation_baggages",
        name: "update_reservation_baggages",
        arguments: { reservation_id: "07S7FC", total_baggages: 4, nonfree_baggages: 1, payment_id: "gift_card_5309492" },
        result: { reservation_id: "07S7FC", charged: 50 },
        side: "agent",
      },
    ]);
    // 98.0 - 50 in the reference.
    expect(at(s.db, "users", "mei_hernandez_8984", "payment_methods", "gift_card_5309492", "amount")).toBe(48);
  });

  it("records the raw (un-normalized) ids the model sent", () => {
    const s = session();
    s.call("CancelReservationTool", { reservation_id: "1akia8" });
    expect(s.actions[0]?.["arguments"]).toStrictEqual({ reservation_id: "1akia8" });
    expect(s.actions[0]?.["result"]).toStrictEqual({ reservation_id: "1akia8", status: "cancelled" });
  });
});
