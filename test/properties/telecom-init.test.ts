/**
 * The 20 telecom init functions (HARNESS.md §6.1), property-based: with valid
 * arguments each has its documented effect and touches nothing else; with
 * invalid arguments each fails with the reference's error (formats taken from
 * the reference: Python's own TypeError/ValueError texts and the messages in
 * tau2_telecom_init_functions.py) and leaves the DB exactly as it was.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { Domain } from "../../src/engine/domain.js";
import { applyInitialization } from "../../src/engine/init.js";
import type { Side } from "../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { unit } from "../../src/fuzz/call-plans.js";
import { AGENT_INIT_FUNCTIONS, applyPhoneInit, deriveNetwork, phoneMismatches, phoneModelOf, USER_INIT_FUNCTIONS } from "./arbitraries/phone-model.js";
import { worldAt } from "./worlds.js";
import { runs } from "./settings.js";

const telecom = registry.domains.find((d) => d.initFunctions !== undefined && d.sync !== undefined) as Domain;

/** The reference signatures: required, then optional parameters (after `db`). */
const SIGNATURES: Readonly<Record<string, { required: readonly string[]; optional: readonly string[] }>> = {
  set_user_info: { required: ["name", "phone_number"], optional: [] },
  set_user_location: { required: ["abroad"], optional: [] },
  set_network_mode_preference: { required: ["mode"], optional: [] },
  simulate_network_search: { required: [], optional: [] },
  turn_airplane_mode_on: { required: [], optional: [] },
  unseat_sim_card: { required: [], optional: [] },
  lock_sim_card: { required: ["mode"], optional: [] },
  turn_data_off: { required: [], optional: [] },
  turn_roaming_on: { required: [], optional: [] },
  turn_roaming_off: { required: [], optional: [] },
  turn_data_saver_mode_on: { required: [], optional: [] },
  break_apn_settings: { required: [], optional: [] },
  break_apn_mms_setting: { required: [], optional: [] },
  set_wifi_calling: { required: ["enabled"], optional: ["mms_over_wifi"] },
  break_vpn: { required: [], optional: [] },
  remove_app_permission: { required: ["app_name", "permission"], optional: [] },
  enable_roaming: { required: ["customer_id", "line_id"], optional: [] },
  disable_roaming: { required: ["customer_id", "line_id"], optional: [] },
  set_data_usage: { required: ["customer_id", "line_id", "data_used_gb"], optional: [] },
  suspend_line_for_overdue_bill: { required: ["customer_id", "line_id", "new_bill_id"], optional: ["contract_ended"] },
};

/** Functions followed by a network search (NS in §6.1). */
const SEARCHES = new Set([
  "set_network_mode_preference",
  "simulate_network_search",
  "turn_airplane_mode_on",
  "unseat_sim_card",
  "lock_sim_card",
  "turn_data_off",
  "turn_roaming_on",
  "turn_roaming_off",
  "break_apn_settings",
]);

const NETWORK_FIELDS = ["device.network_connection_status", "device.network_technology_connected", "device.network_signal_strength"];

/** The fields each user-side function may write, per §6.1 (network fields come with a search). */
const WRITES: Readonly<Record<string, readonly string[]>> = {
  set_user_info: ["surroundings.name", "surroundings.phone_number"],
  set_user_location: ["surroundings.is_abroad"],
  set_network_mode_preference: ["device.network_mode_preference"],
  turn_airplane_mode_on: ["device.airplane_mode", "device.wifi_connected", "device.wifi_ssid", "device.wifi_signal_strength", "device.vpn_connected", "device.vpn_details"],
  unseat_sim_card: ["device.sim_card_missing"],
  lock_sim_card: ["device.sim_card_status"],
  turn_data_off: ["device.data_enabled"],
  turn_roaming_on: ["device.roaming_enabled"],
  turn_roaming_off: ["device.roaming_enabled"],
  turn_data_saver_mode_on: ["device.data_saver_mode"],
  break_apn_settings: ["device.active_apn_settings.apn_name"],
  break_apn_mms_setting: ["device.active_apn_settings.mmsc_url"],
  set_wifi_calling: ["device.wifi_calling_enabled", "device.wifi_calling_mms_over_wifi"],
  break_vpn: ["device.vpn_connected", "device.vpn_details"],
  remove_app_permission: ["device.app_statuses"],
};

/** Dotted paths of the leaves that differ between two JSON values. */
function changedPaths(a: JsonValue | undefined, b: JsonValue | undefined, path = ""): string[] {
  if (a === b) return [];
  const bothObjects = isJsonObject(a) && isJsonObject(b);
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  if (!bothObjects && !bothArrays) return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const at = (v: JsonValue | undefined, k: string): JsonValue | undefined => (v as Record<string, JsonValue>)[k];
  return [...keys].flatMap((k) => changedPaths(at(a, k), at(b, k), path === "" ? k : `${path}.${k}`));
}

function apply(side: Side, db: JsonObject, name: string, args: JsonObject, today: string) {
  return applyInitialization(telecom, db, [{ side, func_name: name, arguments: args }], { today });
}

const userArgsArb: Readonly<Record<string, fc.Arbitrary<JsonObject>>> = {
  set_user_info: fc.record({ name: fc.constantFrom("Pat Doe", "", "Zoë"), phone_number: fc.constantFrom("555-123-2001", "555-123-2004", "555-000-0000") }),
  set_user_location: fc.boolean().map((abroad) => ({ abroad })),
  set_network_mode_preference: fc.constantFrom("4g_5g_preferred", "4g_only", "3g_only", "2g_only").map((mode) => ({ mode })),
  lock_sim_card: fc.constantFrom("pin", "puk").map((mode) => ({ mode })),
  set_wifi_calling: fc.tuple(fc.boolean(), fc.constantFrom<JsonValue | undefined>(true, false, null, undefined)).map(([enabled, mms]) => (mms === undefined ? { enabled } : { enabled, mms_over_wifi: mms })),
  remove_app_permission: fc.record({ app_name: fc.constantFrom("messaging", "browser", "camera"), permission: fc.constantFrom("sms", "storage", "SMS", "Network", "camera") }),
};

describe("telecom init functions", () => {
  it("the signatures listed here are the registered functions", () => {
    expect(Object.keys(telecom.initFunctions ?? {}).sort()).toEqual(Object.keys(SIGNATURES).sort());
  });

  it("user side, valid arguments: the documented effect and nothing else", () => {
    const call = fc.constantFrom(...USER_INIT_FUNCTIONS).chain((name) => (userArgsArb[name] ?? fc.constant({})).map((args) => ({ name, args })));
    fc.assert(
      fc.property(unit, call, (pick, { name, args }) => {
        const world = worldAt(telecom, pick);
        const before = world.initial.dbs.user as JsonObject;
        const out = apply("user", before, name, args, world.today);
        expect(out.errors).toEqual([]);
        const model = applyPhoneInit(phoneModelOf(before), name, args).model;
        expect(phoneMismatches(model, out.db)).toEqual([]);
        const allowed = [...(WRITES[name] ?? []), ...(SEARCHES.has(name) ? NETWORK_FIELDS : [])];
        const stray = changedPaths(before, out.db).filter((p) => !allowed.some((a) => p === a || p.startsWith(`${a}.`)));
        expect(stray).toEqual([]);
        if (SEARCHES.has(name)) {
          const s = out.db["surroundings"] as JsonObject;
          const d = out.db["device"] as JsonObject;
          const net = deriveNetwork(model, s["signal_strength"] as JsonObject, s["line_active"] === true);
          expect([d["network_connection_status"], d["network_technology_connected"], d["network_signal_strength"]]).toEqual([net.status, net.technology, net.signal]);
        }
      }),
      runs(300),
    );
  });

  it("agent side: the documented effect, or the documented refusal with the DB untouched", () => {
    const call = fc.record({
      pick: unit,
      name: fc.constantFrom(...AGENT_INIT_FUNCTIONS),
      customer: unit,
      line: unit,
      foreignLine: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      used: fc.constantFrom(0, 2.5, 15, 1000),
      ended: fc.boolean(),
    });
    fc.assert(
      fc.property(call, (c) => {
        const world = worldAt(telecom, c.pick);
        const before = world.initial.dbs.agent as JsonObject;
        const customers = (before["customers"] as JsonObject[]) ?? [];
        const lines = (before["lines"] as JsonObject[]) ?? [];
        const customer = customers[Math.floor(c.customer * customers.length)] as JsonObject;
        const own = customer["line_ids"] as string[];
        const lineId = c.foreignLine || own.length === 0 ? (lines[Math.floor(c.line * lines.length)]?.["line_id"] as string) : (own[Math.floor(c.line * own.length)] as string);
        const cid = customer["customer_id"] as string;
        const args: JsonObject = { customer_id: cid, line_id: lineId };
        if (c.name === "set_data_usage") args["data_used_gb"] = c.used;
        if (c.name === "suspend_line_for_overdue_bill") Object.assign(args, { new_bill_id: "BNEW1", contract_ended: c.ended });
        const out = apply("agent", before, c.name, args, world.today);
        const expected = expectedAgentEffect(c.name, before, args, world.today);
        if ("error" in expected) {
          expect(out.errors).toEqual([`[action 0] '${c.name}' raised: ValueError: ${expected.error}`]);
          expect(changedPaths(before, out.db)).toEqual([]);
        } else {
          expect(out.errors).toEqual([]);
          expect(out.db).toEqual(expected.db);
        }
      }),
      runs(300),
    );
  });

  it("invalid arguments: the reference's error, and the DB is left as it was", () => {
    const defect = fc.record({ pick: unit, name: fc.constantFrom(...Object.keys(SIGNATURES)), kind: fc.constantFrom("missing", "unknown", "enum"), which: unit, key: fc.constantFrom("force", "side", "db_x") });
    fc.assert(
      fc.property(defect, (d) => {
        const sig = SIGNATURES[d.name] as { required: readonly string[]; optional: readonly string[] };
        const side: Side = (AGENT_INIT_FUNCTIONS as readonly string[]).includes(d.name) ? "agent" : "user";
        const world = worldAt(telecom, d.pick);
        const before = world.initial.dbs[side] as JsonObject;
        const valid: JsonObject = Object.fromEntries(sig.required.map((p) => [p, p === "mode" ? "pin" : "x"]));
        let args: JsonObject;
        let error: string;
        if (d.kind === "missing" && sig.required.length > 0) {
          const drop = sig.required.filter((_, i) => i >= Math.floor(d.which * sig.required.length));
          args = Object.fromEntries(Object.entries(valid).filter(([k]) => !drop.includes(k)));
          error = `TypeError: ${d.name}() missing ${missingText(drop)}`;
        } else if (d.kind === "enum" && (d.name === "set_network_mode_preference" || d.name === "lock_sim_card")) {
          args = { mode: "5g_only" };
          error = d.name === "lock_sim_card" ? "ValueError: lock_sim_card: mode must be 'pin' or 'puk', got '5g_only'" : "ValueError: '5g_only' is not a valid NetworkModePreference";
        } else {
          args = { ...valid, [d.key]: 1 };
          error = `TypeError: ${d.name}() got an unexpected keyword argument '${d.key}'`;
        }
        const out = apply(side, before, d.name, args, world.today);
        expect(out.errors).toEqual([`[action 0] '${d.name}' raised: ${error}`]);
        // The state left behind: untouched, for every function and defect.
        expect(changedPaths(before, out.db)).toEqual([]);
      }),
      runs(300),
    );
  });
});

/** Python's wording for missing positional arguments: 'a'; 'a' and 'b'; 'a', 'b', and 'c'. */
function missingText(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  const list = quoted.length <= 2 ? quoted.join(" and ") : `${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1] ?? ""}`;
  return `${names.length} required positional argument${names.length === 1 ? "" : "s"}: ${list}`;
}

function isoDay(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** §6.1's agent-side functions, computed from the DB before: the new DB, or the ValueError text. */
function expectedAgentEffect(name: string, db: JsonObject, args: JsonObject, today: string): { db: JsonObject } | { error: string } {
  const cid = args["customer_id"] as string;
  const lid = args["line_id"] as string;
  const next = structuredClone(db);
  const customer = (next["customers"] as JsonObject[]).find((c) => c["customer_id"] === cid);
  const line = (next["lines"] as JsonObject[]).find((l) => l["line_id"] === lid);
  if (!customer || !line || !(customer["line_ids"] as string[]).includes(lid)) return { error: `${name}: line '${lid}' not found for customer '${cid}'` };
  switch (name) {
    case "enable_roaming":
    case "disable_roaming":
      line["roaming_enabled"] = name === "enable_roaming";
      return { db: next };
    case "set_data_usage":
      line["data_used_gb"] = args["data_used_gb"] as number;
      return { db: next };
    default:
      break;
  }
  if (line["status"] !== "Active") return { error: `${name}: line '${lid}' must be active to suspend for unpaid bill (got status='${String(line["status"])}')` };
  const bills = next["bills"] as JsonObject[];
  const overdue = (customer["bill_ids"] as string[]).find((id) => bills.find((b) => b["bill_id"] === id)?.["status"] === "Overdue");
  if (overdue !== undefined) return { error: `${name}: customer '${cid}' already has an overdue bill (${overdue})` };
  const price = (next["plans"] as JsonObject[]).find((p) => p["plan_id"] === line["plan_id"])?.["price_per_month"] as number;
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = isoDay(y, m - 2, 1);
  const last = isoDay(y, m - 1, 0);
  bills.push({
    bill_id: args["new_bill_id"] as string,
    customer_id: cid,
    period_start: first,
    period_end: last,
    issue_date: first,
    total_due: price,
    due_date: isoDay(y, m - 2, 15),
    status: "Overdue",
    line_items: [{ description: `Charge for line ${lid}`, amount: price, date: today, item_type: "Charge" }],
  });
  (customer["bill_ids"] as string[]).push(args["new_bill_id"] as string);
  line["status"] = "Suspended";
  line["suspension_start_date"] = today;
  if (args["contract_ended"] === true) line["contract_end_date"] = last;
  return { db: next };
}
