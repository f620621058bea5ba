/**
 * Model-based telecom commands (fc.commands): phone tools, agent tools and
 * init functions of both sides in any interleaving, each followed by sync.
 * The model is the phone of `phone-model.ts`; the real system is a RunState
 * driven through dispatch, applyInitialization and runSync.
 */
import fc from "fast-check";
import type { DispatchEnv, RunState } from "../../../src/engine/dispatch.js";
import { dispatch } from "../../../src/engine/dispatch.js";
import type { Domain } from "../../../src/engine/domain.js";
import { applyInitialization } from "../../../src/engine/init.js";
import type { Side } from "../../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { isJsonObject } from "../../../src/json/types.js";
import type { PhoneModel } from "./phone-model.js";
import { AGENT_INIT_FUNCTIONS, applyPhoneInit, applyPhoneTool, USER_INIT_FUNCTIONS } from "./phone-model.js";
import { unit } from "../../../src/fuzz/call-plans.js";
import { checkAfterSync } from "./telecom-checks.js";

export interface TelecomModel {
  phone: PhoneModel;
}

export interface TelecomReal {
  state: RunState;
  readonly domain: Domain;
  readonly env: DispatchEnv;
  readonly today: string;
}

type TelecomCommand = fc.Command<TelecomModel, TelecomReal>;

const rows = (db: JsonObject | undefined, table: string): JsonObject[] => {
  const t = db?.[table];
  return Array.isArray(t) ? t.filter(isJsonObject) : [];
};

const at = <T>(list: readonly T[], pick: number): T | undefined => list[Math.floor(pick * list.length)];

/** A customer, one of their lines (or, now and then, someone else's) and one of their bills, by picks. */
function agentTarget(db: JsonObject | undefined, picks: readonly [number, number, number, boolean]): { customer_id: JsonValue; line_id: JsonValue; bill_id: JsonValue } {
  const customer = at(rows(db, "customers"), picks[0]);
  const own = Array.isArray(customer?.["line_ids"]) ? customer["line_ids"] : [];
  const bills = Array.isArray(customer?.["bill_ids"]) ? customer["bill_ids"] : [];
  const lines = picks[3] ? rows(db, "lines").map((l) => l["line_id"] ?? null) : own;
  return { customer_id: customer?.["customer_id"] ?? "C0000", line_id: at(lines, picks[1]) ?? "L0000", bill_id: at(bills, picks[2]) ?? "B0000" };
}

const picksArb = fc.tuple(unit, unit, unit, fc.integer({ min: 0, max: 5 }).map((n) => n === 0));

function describe(kind: string, name: string, args: JsonValue): string {
  return `${kind} ${name}(${JSON.stringify(args)})`;
}

/** Run `name` on `side`; it must not crash, and a phone tool must record exactly when the model says it changes something. */
function toolCommand(side: Side, name: string, args: JsonObject | ((state: RunState) => JsonObject)): TelecomCommand {
  let shown = describe(side, name, typeof args === "function" ? "<from DB>" : args);
  return {
    check: () => true,
    run(m, r) {
      const resolved = typeof args === "function" ? args(r.state) : args;
      shown = describe(side, name, resolved);
      const before = r.state;
      const out = dispatch(r.domain, before, side, { name, arguments: resolved, side }, r.env);
      if (out.status === "crashed" || out.status === "unknown_tool" || out.status === "invalid_arguments") {
        throw new Error(`${shown} -> ${out.status}: ${JSON.stringify(out.result)}`);
      }
      if (side === "user" && out.tool?.kind === "write") {
        const expected = name === "make_payment" ? { model: m.phone, recorded: isJsonObject(surroundingsOf(before)["payment_request"]) } : applyPhoneTool(m.phone, name, resolved);
        if (out.records.length !== (expected.recorded ? 1 : 0)) {
          throw new Error(`${shown}: model expects ${expected.recorded ? "a record" : "a refusal"}, got ${out.records.length} record(s): ${JSON.stringify(out.result)}`);
        }
        m.phone = expected.model;
      }
      r.state = out.state;
      checkAfterSync(m, r, shown);
    },
    toString: () => shown,
  };
}

function surroundingsOf(state: RunState): JsonObject {
  const s = state.dbs.user?.["surroundings"];
  return isJsonObject(s) ? s : {};
}

/** Apply one init record to its side; a user-side one must fail exactly when the model says it does. */
function initCommand(side: Side, name: string, args: JsonObject | ((state: RunState) => JsonObject)): TelecomCommand {
  let shown = describe(`init/${side}`, name, typeof args === "function" ? "<from DB>" : args);
  return {
    check: () => true,
    run(m, r) {
      const resolved = typeof args === "function" ? args(r.state) : args;
      shown = describe(`init/${side}`, name, resolved);
      const db = r.state.dbs[side] as JsonObject;
      const out = applyInitialization(r.domain, db, [{ side, func_name: name, arguments: resolved }], { today: r.today });
      if (side === "user") {
        const expected = applyPhoneInit(m.phone, name, resolved);
        if (expected.fails !== (out.errors.length > 0)) throw new Error(`${shown}: model expects ${expected.fails ? "an error" : "success"}, got ${JSON.stringify(out.errors)}`);
        if (expected.fails && out.db !== db) throw new Error(`${shown}: a failing init changed the DB`);
        m.phone = expected.model;
      } else if (out.errors.length > 1) {
        throw new Error(`${shown}: ${JSON.stringify(out.errors)}`);
      }
      r.state = { ...r.state, dbs: { ...r.state.dbs, [side]: out.db } };
      checkAfterSync(m, r, shown);
    },
    toString: () => shown,
  };
}

const PHONE_WRITES = [
  "toggle_airplane_mode",
  "toggle_data",
  "toggle_roaming",
  "toggle_data_saver_mode",
  "toggle_wifi",
  "toggle_wifi_calling",
  "reseat_sim_card",
  "reset_apn_settings",
  "reboot_device",
  "connect_vpn",
  "disconnect_vpn",
  "make_payment",
];

const PHONE_READS = ["check_status_bar", "check_network_status", "check_sim_status", "run_speed_test", "can_send_mms", "check_payment_request", "check_apn_settings", "check_vpn_status"];

const modeArb = fc.constantFrom("4g_5g_preferred", "4g_only", "3g_only", "2g_only", "5g_only", "4G_ONLY", "");

const apnArb: fc.Arbitrary<JsonObject> = fc
  .record(
    { apn_name: fc.constantFrom("internet", "broken"), mmsc_url: fc.constantFrom<JsonValue>("http://mms.example/x", null), reset_at_reboot: fc.boolean() },
    { requiredKeys: [] },
  )
  .map((r) => ({ ...r }));

const phoneCommandArb: fc.Arbitrary<TelecomCommand> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PHONE_WRITES).map((n) => toolCommand("user", n, {})) },
  { weight: 2, arbitrary: fc.constantFrom(...PHONE_READS).map((n) => toolCommand("user", n, {})) },
  { weight: 1, arbitrary: modeArb.map((mode) => toolCommand("user", "set_network_mode_preference", { mode })) },
  { weight: 1, arbitrary: apnArb.map((apn_settings) => toolCommand("user", "set_apn_settings", { apn_settings })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ app_name: fc.constantFrom("messaging", "browser", "camera"), permission: fc.constantFrom("sms", "storage", "SMS", "phone", "network", "camera") })
      .map((a) => toolCommand("user", "grant_app_permission", a)),
  },
);

const agentCommandArb: fc.Arbitrary<TelecomCommand> = fc
  .tuple(fc.constantFrom("suspend_line", "resume_line", "enable_roaming", "disable_roaming", "send_payment_request", "refuel_data"), picksArb, fc.constantFrom(0.5, 1, 2.5, -1))
  .map(([name, picks, gb]) =>
    toolCommand("agent", name, (state) => {
      const t = agentTarget(state.dbs.agent, picks);
      switch (name) {
        case "suspend_line":
          return { customer_id: t.customer_id, line_id: t.line_id, reason: "traveling" };
        case "send_payment_request":
          return { customer_id: t.customer_id, bill_id: t.bill_id };
        case "refuel_data":
          return { customer_id: t.customer_id, line_id: t.line_id, gb_amount: gb };
        default:
          return { customer_id: t.customer_id, line_id: t.line_id };
      }
    }),
  );

/** The caller's own customer (by the phone's number) and one of their bills: the payment flow the policy follows. */
function callerBill(state: RunState, pick: number): JsonObject {
  const phone = surroundingsOf(state)["phone_number"] ?? null;
  const agent = state.dbs.agent;
  const lines = rows(agent, "lines");
  const customer = rows(agent, "customers").find(
    (c) => c["phone_number"] === phone || (Array.isArray(c["line_ids"]) ? c["line_ids"] : []).some((id) => lines.find((l) => l["line_id"] === id)?.["phone_number"] === phone),
  );
  const bills = Array.isArray(customer?.["bill_ids"]) ? customer["bill_ids"] : [];
  return { customer_id: customer?.["customer_id"] ?? "C0000", bill_id: at(bills, pick) ?? "B0000" };
}

const paymentCommandArb: fc.Arbitrary<TelecomCommand> = fc.oneof(
  unit.map((pick) => toolCommand("agent", "send_payment_request", (state) => callerBill(state, pick))),
  fc.constant(toolCommand("user", "make_payment", {})),
);

/** Arguments for each user-side init function: mostly valid, sometimes not (bad modes). */
function userInitArgsArb(name: (typeof USER_INIT_FUNCTIONS)[number], phones: readonly string[]): fc.Arbitrary<JsonObject> {
  switch (name) {
    case "set_user_info":
      return fc.constantFrom(...phones, "555-000-0000").map((phone_number) => ({ name: "Pat Doe", phone_number }));
    case "set_user_location":
      return fc.boolean().map((abroad) => ({ abroad }));
    case "set_network_mode_preference":
      return modeArb.map((mode) => ({ mode }));
    case "lock_sim_card":
      return fc.constantFrom("pin", "puk", "PIN").map((mode) => ({ mode }));
    case "set_wifi_calling":
      return fc.record({ enabled: fc.boolean(), mms_over_wifi: fc.constantFrom<JsonValue>(true, false, null) }, { requiredKeys: ["enabled"] }).map((r) => ({ ...r }));
    case "remove_app_permission":
      return fc.record({ app_name: fc.constantFrom("messaging", "browser", "camera"), permission: fc.constantFrom("sms", "storage", "SMS", "network", "camera") });
    default:
      return fc.constant({});
  }
}

function initCommandArb(phones: readonly string[]): fc.Arbitrary<TelecomCommand> {
  const user = fc.constantFrom(...USER_INIT_FUNCTIONS).chain((name) => userInitArgsArb(name, phones).map((args) => initCommand("user", name, args)));
  const agent = fc.tuple(fc.constantFrom(...AGENT_INIT_FUNCTIONS), picksArb, fc.constantFrom(0, 1.5, 15, 100), fc.boolean(), fc.integer({ min: 1, max: 3 })).map(([name, picks, used, ended, n]) =>
    initCommand("agent", name, (state) => {
      const t = agentTarget(state.dbs.agent, picks);
      const base = { customer_id: t.customer_id, line_id: t.line_id };
      if (name === "set_data_usage") return { ...base, data_used_gb: used };
      if (name === "suspend_line_for_overdue_bill") return { ...base, new_bill_id: `BX${n}`, contract_ended: ended };
      return base;
    }),
  );
  return fc.oneof({ weight: 3, arbitrary: user }, { weight: 1, arbitrary: agent });
}

/** Every telecom command; `phones` are the phone numbers `set_user_info` may pick (those of the agent DB). */
export function telecomCommandsArb(phones: readonly string[], maxCommands: number): fc.Arbitrary<Iterable<TelecomCommand>> {
  return fc.commands([phoneCommandArb, agentCommandArb, paymentCommandArb, initCommandArb(phones)], { maxCommands });
}
