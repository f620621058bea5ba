/**
 * The reference's tests/unit/test_evaluation_tool_error_matrix.py: every
 * tool of every domain, called with schema-shaped arguments on a missing
 * DB, with no arguments at all, and (telecom) on the first telecom
 * scenario's real DBs, answers with a result instead of crashing. A crash in
 * the reference is its `{"error": str(e)}` envelope; in evalsim it is the
 * `crashed` status (a Python exception the reference raises) or a thrown
 * ToolBugError (a defect). Argument values follow the reference test's table.
 */
import { describe, expect, it } from "vitest";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { tau2Airline } from "../../src/domains/tau2_airline/index.js";
import { tau2Retail } from "../../src/domains/tau2_retail/index.js";
import { tau2Telecom } from "../../src/domains/tau2_telecom/index.js";
import { statusBar } from "../../src/domains/tau2_telecom/tools/user-phone.js";
import type { Domain } from "../../src/engine/domain.js";
import { dispatch, initialRunState } from "../../src/engine/dispatch.js";
import { toolSpec } from "../../src/engine/json-schema.js";
import { createRng } from "../../src/engine/rng.js";
import type { AnyToolDef, Side } from "../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { entry } from "./catalog.js";
import type { Obj } from "./helpers.js";

const VALUE_BY_NAME: Obj = {
  confirmation_number: "ZK3FFW",
  last_name: "Rodriguez",
  flight_number: "SK621",
  flight_date: "2026-03-20",
  date: "2026-03-20",
  origin: "AUS",
  destination: "LAX",
  passenger_count: 1,
  fare_class: "main_cabin",
  journey_id: "FL_SK621_20260320",
  new_journey_id: "FL_SK703_20260325",
  passenger_id: "PAX001",
  customer_id: "C1001",
  line_id: "L1001",
  bill_id: "B1001",
  id: "C1001",
  phone_number: "555-0001",
  full_name: "Test User",
  dob: "1990-01-01",
  amount: 1.0,
  data_amount_gb: 1.0,
  app_name: "Messages",
  permission: "camera",
  mode: "4g_5g_preferred",
  apn_name: "internet",
  mmsc_url: "http://mmsc.example",
  seat_preference: "window",
  meal_type: "vegetarian",
  bags_to_add: 1,
  reason: "customer_request",
  cancellation_reason: "customer_request",
  refund_method: "original_payment",
  rebooking_type: "voluntary",
  waive_change_fee: false,
};

function valueFor(name: string, schema: Obj): JsonValue {
  if (name in VALUE_BY_NAME) return VALUE_BY_NAME[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return valueFor(name, (schema.anyOf as Obj[]).find((o) => o.type !== "null") ?? {});
  switch (schema.type) {
    case "integer":
      return 1;
    case "number":
      return 1.0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "test";
  }
}
/** `_arguments`: the required parameters, filled from the table or the schema. */
function argumentsFor(tool: AnyToolDef): JsonObject {
  const params = (toolSpec(tool).function as Obj).parameters as Obj;
  const props = (params.properties ?? {}) as Obj;
  return Object.fromEntries(((params.required ?? []) as string[]).map((n) => [n, valueFor(n, (props[n] ?? {}) as Obj)]));
}

const MODULES: [string, Domain, Side][] = [
  ["eva_airline_tools", evaAirline, "agent"],
  ["tau2_airline_tools", tau2Airline, "agent"],
  ["tau2_retail_tools", tau2Retail, "agent"],
  ["tau2_telecom_tools", tau2Telecom, "agent"],
  ["tau2_telecom_user_tools", tau2Telecom, "user"],
];
const toolsOf = (d: Domain, side: Side) => (d.tools[side] ?? []).filter((t) => t.name !== "EndConversationTool");
const env = { today: "2025-02-25", rng: createRng(0) };

/** Each tool's outcome that the reference would flag: a crash envelope or an escaped exception. */
function crashes(d: Domain, side: Side, dbs: Partial<Record<Side, JsonObject>>, args: (t: AnyToolDef) => JsonObject, allowRaised: boolean): string[] {
  const failures: string[] = [];
  for (const tool of toolsOf(d, side)) {
    try {
      const out = dispatch(d, initialRunState(structuredClone(dbs)), side, { name: tool.name, arguments: args(tool) }, env);
      if (out.status === "crashed" && !(allowRaised && String((out.result as Obj).error ?? "") !== "")) failures.push(`${tool.name}: ${JSON.stringify(out.result)}`);
      if (out.result === null || out.result === undefined) failures.push(`${tool.name}: no result`);
    } catch (e) {
      failures.push(`${tool.name}: ${String(e)}`);
    }
  }
  return failures;
}

describe("every tool answers without crashing", () => {
  it.each(MODULES)("test_all_evaluation_tools_report_missing_database[%s]", (_m, d, side) => {
    expect(toolsOf(d, side).length).toBeGreaterThan(0);
    expect(crashes(d, side, {}, argumentsFor, false)).toEqual([]);
  });
  it.each(MODULES)("test_all_evaluation_tools_return_validation_results[%s]", (_m, d, side) => {
    expect(crashes(d, side, {}, () => ({}), false)).toEqual([]);
  });
  it.each([
    ["tau2_telecom_tools-agent", "agent"],
    ["tau2_telecom_user_tools-user", "user"],
  ] as [string, Side][])("test_telecom_tool_matrix_with_real_scenario_state[%s]", (_m, side) => {
    const dbs = entry("tau2_telecom__mobile_data_issue__airplane_mode_on__data_mode_off").scenario.initialDbs() as Record<Side, Obj>;
    const agent = dbs.agent;
    const customer = agent.customers[0];
    const line = agent.lines[0];
    const bill = agent.bills[0];
    const replacements: Obj = {
      customer_id: customer.customer_id,
      line_id: line.line_id,
      bill_id: bill.bill_id,
      phone_number: line.phone_number,
      full_name: customer.full_name,
      dob: customer.date_of_birth,
      id: customer.customer_id,
    };
    const apps = Object.keys(dbs.user.device?.app_statuses ?? {});
    const args = (t: AnyToolDef): JsonObject => {
      const a: Obj = argumentsFor(t);
      for (const k of Object.keys(a)) if (k in replacements) a[k] = replacements[k];
      if ("app_name" in a && apps.length > 0) a.app_name = apps[0];
      return a;
    };
    // A rejected state transition may raise (ValueError etc.) with a message; that is the behaviour under test.
    expect(crashes(tau2Telecom, side, { [side]: dbs[side] }, args, true)).toEqual([]);
  });
  it("test_telecom_user_status_helpers_cover_indicator_combinations", () => {
    const db = structuredClone(entry("tau2_telecom__mobile_data_issue__airplane_mode_on__data_mode_off").scenario.initialDbs().user) as Obj;
    Object.assign(db.device, {
      airplane_mode: false,
      network_signal_strength: "excellent",
      network_technology_connected: "5G",
      data_enabled: true,
      data_saver_mode: true,
      wifi_enabled: true,
      wifi_connected: true,
      wifi_ssid: "Office",
      vpn_connected: true,
    });
    const status = statusBar(db);
    for (const v of ["Excellent", "5G", "Data Enabled", "Data Saver", "Office", "VPN"]) expect(status).toContain(v);
  });
});
