/**
 * The reference's tests/unit/test_tau2_telecom_predicates.py, case for case:
 * the user-device simulations behind the predicates, each public predicate's
 * truth table, and dispatch through the assertion evaluator. Fixture DBs are
 * fresh copies of the shared `tau2_telecom` db / user_db; expected values are
 * the reference test's own.
 */
import { describe, expect, it } from "vitest";
import { evaluateDbStateAssertion } from "../../src/engine/assertions.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import { TELECOM_PREDICATE_ORIGIN } from "../../src/domains/tau2_telecom/origins.js";
import { canSendMms, mobileDataWorking, runSpeedTest, telecomPredicates } from "../../src/domains/tau2_telecom/predicates.js";
import type { JsonValue } from "../../src/json/types.js";
import { fixtureDb } from "../domains/tau2_telecom/helpers.js";
import type { Obj } from "./helpers.js";


const userDb = (): Obj => fixtureDb("user");
const agentDb = (): Obj => fixtureDb("agent");
const call = (name: string, db: Obj, args: Record<string, JsonValue>): JsonValue =>
  telecomPredicates[name]!(db, args);

describe("_get_mobile_data_working", () => {
  it("test_helper_get_mobile_data_working_default_true", () => {
    expect(mobileDataWorking(userDb())).toBe(true);
  });
  it("test_helper_get_mobile_data_working_airplane_mode_off", () => {
    const db = userDb();
    db.device.airplane_mode = true;
    expect(mobileDataWorking(db)).toBe(false);
  });
  it("test_helper_get_mobile_data_working_no_signal", () => {
    const db = userDb();
    db.device.network_signal_strength = "none";
    expect(mobileDataWorking(db)).toBe(false);
  });
  it("test_helper_get_mobile_data_working_no_service", () => {
    const db = userDb();
    db.device.network_connection_status = "no_service";
    expect(mobileDataWorking(db)).toBe(false);
  });
  it("test_helper_get_mobile_data_working_abroad_without_roaming", () => {
    const db = userDb();
    db.surroundings.is_abroad = true;
    expect(mobileDataWorking(db)).toBe(false);
    db.device.roaming_enabled = true;
    db.surroundings.roaming_allowed = false;
    expect(mobileDataWorking(db)).toBe(false);
    db.surroundings.roaming_allowed = true;
    expect(mobileDataWorking(db)).toBe(true);
  });
  it("test_helper_get_mobile_data_working_data_disabled", () => {
    const db = userDb();
    db.device.data_enabled = false;
    expect(mobileDataWorking(db)).toBe(false);
  });
  it("test_helper_get_mobile_data_working_usage_exceeded", () => {
    const db = userDb();
    db.surroundings.mobile_data_usage_exceeded = true;
    expect(mobileDataWorking(db)).toBe(false);
  });
});

describe("_run_speed_test", () => {
  it("test_helper_run_speed_test_default_excellent", () => {
    const { speed, description } = runSpeedTest(userDb());
    expect(speed).not.toBeNull();
    expect(speed!).toBeGreaterThan(100);
    expect(description).toBe("Excellent");
  });
  it("test_helper_run_speed_test_data_off_returns_none", () => {
    const db = userDb();
    db.device.data_enabled = false;
    expect(runSpeedTest(db)).toEqual({ speed: null, description: "No Connection" });
  });
  it("test_helper_run_speed_test_data_saver_kills_speed", () => {
    const db = userDb();
    db.device.data_saver_mode = true;
    const { speed, description } = runSpeedTest(db);
    expect(speed!).toBeGreaterThanOrEqual(25);
    expect(speed!).toBeLessThan(100);
    expect(description).toBe("Good");
  });
  it("test_helper_run_speed_test_2g_very_poor", () => {
    const db = userDb();
    db.device.network_technology_connected = "2G";
    const { speed, description } = runSpeedTest(db);
    expect(speed).not.toBeNull();
    expect(speed!).toBeLessThan(1);
    expect(description).toBe("Very Poor");
  });
  it("test_helper_run_speed_test_poor_signal", () => {
    const db = userDb();
    db.device.network_signal_strength = "poor";
    const { speed, description } = runSpeedTest(db);
    expect(speed!).toBeGreaterThanOrEqual(25);
    expect(speed!).toBeLessThan(100);
    expect(description).toBe("Good");
  });
});

describe("_can_send_mms", () => {
  const mms = (edit: (db: Obj) => void): boolean => {
    const db = userDb();
    edit(db);
    return canSendMms(db);
  };
  it("test_helper_can_send_mms_default_true", () => {
    expect(mms(() => undefined)).toBe(true);
  });
  it("test_helper_can_send_mms_falls_through_when_mobile_data_off", () => {
    expect(mms((db) => (db.device.data_enabled = false))).toBe(false);
  });
  it("test_helper_can_send_mms_falls_through_on_2g", () => {
    expect(mms((db) => (db.device.network_technology_connected = "2G"))).toBe(false);
  });
  it("test_helper_can_send_mms_falls_through_when_wifi_calling_mms_active", () => {
    expect(
      mms((db) => {
        db.device.wifi_calling_enabled = true;
        db.device.wifi_calling_mms_over_wifi = true;
      }),
    ).toBe(false);
  });
  it("test_helper_can_send_mms_falls_through_on_missing_mmsc_url", () => {
    expect(mms((db) => (db.device.active_apn_settings.mmsc_url = null))).toBe(false);
  });
  it("test_helper_can_send_mms_falls_through_on_missing_sms_permission", () => {
    expect(mms((db) => (db.device.app_statuses.messaging.permissions.sms = false))).toBe(false);
  });
});

describe("public predicates", () => {
  it("test_assert_mobile_data_status_pass_and_fail", () => {
    const db = userDb();
    expect(call("assert_mobile_data_status", db, { expected_status: true })).toBe(true);
    expect(call("assert_mobile_data_status", db, { expected_status: false })).toBe(false);
    db.device.data_enabled = false;
    expect(call("assert_mobile_data_status", db, { expected_status: true })).toBe(false);
    expect(call("assert_mobile_data_status", db, { expected_status: false })).toBe(true);
  });
  it("test_assert_internet_speed_with_threshold_only", () => {
    const db = userDb();
    expect(call("assert_internet_speed", db, { expected_speed: 200 })).toBe(true);
    expect(call("assert_internet_speed", db, { expected_speed: 300 })).toBe(false);
  });
  it("test_assert_internet_speed_with_desc_constraint", () => {
    const db = userDb();
    expect(call("assert_internet_speed", db, { expected_speed: 200, expected_desc: "excellent" })).toBe(true);
    expect(call("assert_internet_speed", db, { expected_speed: 200, expected_desc: "good" })).toBe(false);
  });
  it("test_assert_internet_speed_zero_speed_when_data_off", () => {
    const db = userDb();
    db.device.data_enabled = false;
    expect(call("assert_internet_speed", db, { expected_speed: 0.0 })).toBe(true);
    expect(call("assert_internet_speed", db, { expected_speed: 1.0 })).toBe(false);
  });
  it("test_assert_service_status", () => {
    const db = userDb();
    expect(call("assert_service_status", db, { expected_status: "connected" })).toBe(true);
    expect(call("assert_service_status", db, { expected_status: "no_service" })).toBe(false);
    db.device.network_connection_status = "no_service";
    expect(call("assert_service_status", db, { expected_status: "no_service" })).toBe(true);
  });
  it("test_assert_can_send_mms", () => {
    const db = userDb();
    expect(call("assert_can_send_mms", db, { expected_status: true })).toBe(true);
    expect(call("assert_can_send_mms", db, { expected_status: false })).toBe(false);
  });
  it("test_assert_data_refueling_amount", () => {
    const db = agentDb();
    const line = db.lines[0];
    const customer = (db.customers as Obj[]).find((c) => ((c.line_ids as string[] | undefined) ?? []).includes(line.line_id));
    const args = { customer_id: customer!.customer_id, line_id: line.line_id };
    expect(call("assert_data_refueling_amount", db, { ...args, expected_amount: line.data_refueling_gb })).toBe(true);
    expect(call("assert_data_refueling_amount", db, { ...args, expected_amount: line.data_refueling_gb + 5.0 })).toBe(false);
  });
  it("test_assert_data_refueling_amount_missing_line_returns_false", () => {
    const args = { customer_id: "DOES_NOT_EXIST", line_id: "L_FAKE", expected_amount: 2.0 };
    expect(call("assert_data_refueling_amount", agentDb(), args)).toBe(false);
  });
  it("test_assert_no_overdue_bill_missing_bill_is_true", () => {
    expect(call("assert_no_overdue_bill", agentDb(), { overdue_bill_id: "B_DOES_NOT_EXIST" })).toBe(true);
  });
  it("test_assert_no_overdue_bill_paid_bill_is_true", () => {
    const db = agentDb();
    db.bills[0].status = "Paid";
    expect(call("assert_no_overdue_bill", db, { overdue_bill_id: db.bills[0].bill_id })).toBe(true);
  });
  it("test_assert_no_overdue_bill_existing_overdue_is_false", () => {
    const db = agentDb();
    db.bills[0].status = "Overdue";
    expect(call("assert_no_overdue_bill", db, { overdue_bill_id: db.bills[0].bill_id })).toBe(false);
  });
});

describe("registration and dispatch", () => {
  it("test_all_six_predicates_registered", () => {
    const names = Object.keys(tau2Telecom.predicates ?? {});
    for (const n of [
      "assert_mobile_data_status",
      "assert_internet_speed",
      "assert_service_status",
      "assert_can_send_mms",
      "assert_data_refueling_amount",
      "assert_no_overdue_bill",
    ]) {
      expect(names).toContain(n);
    }
  });
  const dispatch = (assertion: Record<string, JsonValue>, db: Obj | null, user: Obj | null) =>
    evaluateDbStateAssertion(assertion, db, user, telecomPredicates, TELECOM_PREDICATE_ORIGIN);
  it("test_dispatch_via_evaluate_db_state_assertion_user_side", () => {
    const v = dispatch(
      { side: "user", func_name: "assert_mobile_data_status", arguments: { expected_status: true }, assert_value: true },
      null,
      userDb(),
    );
    expect(v.passed).toBe(true);
    expect(v.error).toBeNull();
    expect(v.actual).toBe(true);
  });
  it("test_dispatch_via_evaluate_db_state_assertion_agent_side", () => {
    const v = dispatch(
      { side: "agent", func_name: "assert_no_overdue_bill", arguments: { overdue_bill_id: "B_DOES_NOT_EXIST" }, assert_value: true },
      agentDb(),
      null,
    );
    expect(v.passed).toBe(true);
    expect(v.actual).toBe(true);
  });
  it("test_dispatch_with_assert_internet_speed_full_data_mode_off_shape", () => {
    const v = dispatch(
      { side: "user", func_name: "assert_internet_speed", arguments: { expected_speed: 200, expected_desc: "excellent" }, assert_value: true },
      null,
      userDb(),
    );
    expect(v.passed).toBe(true);
  });
});
