/**
 * The reference's tests/unit/test_eva_airline_stage_a.py: the action-type
 * vocabulary, GetReservationTool on scenario 1.1.2's fixture, and action
 * recording by the write tools.
 */
import { describe, expect, it } from "vitest";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { AIRLINE_ACTION_TYPES, evaState } from "./eva.js";

/** `RebookFlightTool` → `rebook_flight`. */
const actionTypeOf = (toolName: string): string =>
  toolName
    .replace(/Tool$/, "")
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase();

describe("action types", () => {
  it("test_action_types_are_one_to_one_with_eva_tool_names", () => {
    const writes = evaAirline.tools.agent.filter((t) => t.kind === "write" && t.name !== "EndConversationTool").map((t) => actionTypeOf(t.name));
    expect(new Set(writes)).toEqual(new Set(AIRLINE_ACTION_TYPES));
    expect(writes).toHaveLength(11);
  });
});

describe("GetReservationTool on 1.1.2", () => {
  it("test_get_reservation_success", () => {
    const r = evaState("1.1.2").run("GetReservationTool", { confirmation_number: "ZK3FFW", last_name: "Rodriguez" });
    expect(r.status).toBe("success");
    expect(r.reservation.confirmation_number).toBe("ZK3FFW");
    expect(r.reservation.passengers[0].last_name).toBe("Rodriguez");
  });
  it("test_get_reservation_case_insensitive_confirmation", () => {
    expect(evaState("1.1.2").run("GetReservationTool", { confirmation_number: "zk3ffw", last_name: "Rodriguez" }).status).toBe("success");
  });
  it("test_get_reservation_wrong_last_name", () => {
    const r = evaState("1.1.2").run("GetReservationTool", { confirmation_number: "ZK3FFW", last_name: "Smith" });
    expect(r.status).toBe("error");
    expect(r.error_type).toBe("authentication_failed");
  });
  it("test_get_reservation_missing", () => {
    const r = evaState("1.1.2").run("GetReservationTool", { confirmation_number: "AAAAAA", last_name: "Rodriguez" });
    expect(r.status).toBe("error");
    expect(r.error_type).toBe("not_found");
  });
  it("test_get_reservation_malformed_confirmation", () => {
    const r = evaState("1.1.2").run("GetReservationTool", { confirmation_number: "ABC12", last_name: "Rodriguez" });
    expect(r.status).toBe("error");
    expect(r.error_type).toBe("invalid_confirmation_number_format");
  });
  it("test_get_reservation_db_not_loaded", () => {
    const r = evaState(null).run("GetReservationTool", { confirmation_number: "ZK3FFW", last_name: "Rodriguez" });
    expect(r.status).toBe("error");
    expect(r.error_type).toBe("db_not_initialized");
  });
});

describe("action recording", () => {
  // The reference calls _record_action directly; evalsim records through the write tools.
  it("test_write_airline_tool_records_action", () => {
    const s = evaState("1.1.2");
    s.run("IssueMealVoucherTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX001", voucher_reason: "delay_over_2_hours" });
    s.run("IssueTravelCreditTool", { confirmation_number: "ZK3FFW", passenger_id: "PAX001", amount: 50.0, credit_reason: "service_recovery" });
    expect(s.actions.map((a) => [a.action_type, a.confirmation_number])).toEqual([
      ["issue_meal_voucher", "ZK3FFW"],
      ["issue_travel_credit", "ZK3FFW"],
    ]);
  });
});
