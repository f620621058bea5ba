/**
 * eva's tool functions, `tool(params, db, call_index)`, as evalsim's dispatch
 * on the eva_airline domain. eva's tests mutate the DB dict in place and keep
 * references into it, so a call runs on a copy of `db` and writes the outcome
 * back into the same objects. The per-tool call counter lives with the DB, as
 * it does in one conversation: evalsim draws call indexes itself (divergence
 * `eva_airline:executor-follows-nemo`), so eva's explicit `call_index`
 * arguments are the counter's own values in these tests.
 */
import { evaArgumentError, evaDbNotInitialized } from "../../../src/domains/eva_airline/errors.js";
import { evaAirlineAgentTools } from "../../../src/domains/eva_airline/tools/index.js";
import { dispatch, initialRunState, type RunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { toolDomain } from "../../helpers/tool-domain.js";

type Obj = Record<string, any>;

const domain = toolDomain({
  name: "eva_airline",
  agent: evaAirlineAgentTools,
  unknownArgs: "drop",
  argumentError: evaArgumentError,
  dbNotInitialized: evaDbNotInitialized,
});

/** eva's function names and the tools evalsim (after NeMo) calls them. */
const TOOL: Record<string, string> = {
  add_baggage_allowance: "AddBaggageAllowanceTool",
  add_meal_request: "AddMealRequestTool",
  add_to_standby: "AddToStandbyTool",
  assign_seat: "AssignSeatTool",
  cancel_reservation: "CancelReservationTool",
  get_disruption_info: "GetDisruptionInfoTool",
  get_flight_status: "GetFlightStatusTool",
  get_reservation: "GetReservationTool",
  issue_hotel_voucher: "IssueHotelVoucherTool",
  issue_meal_voucher: "IssueMealVoucherTool",
  issue_travel_credit: "IssueTravelCreditTool",
  process_refund: "ProcessRefundTool",
  rebook_flight: "RebookFlightTool",
  search_rebooking_options: "SearchRebookingOptionsTool",
  transfer_to_agent: "TransferToAgentTool",
};

const counts = new WeakMap<object, RunState["callCounts"]>();

/** Write `src` into `dst` keeping the identity of every object both hold. */
function syncInto(dst: Obj, src: Obj): void {
  for (const key of Object.keys(dst)) if (!(key in src)) delete dst[key];
  if (Array.isArray(dst)) dst.length = (src as unknown[]).length;
  for (const [key, value] of Object.entries(src)) {
    const cur = dst[key];
    const sameShape = cur !== null && value !== null && typeof cur === "object" && typeof value === "object" && Array.isArray(cur) === Array.isArray(value);
    if (sameShape) syncInto(cur, value);
    else dst[key] = value !== null && typeof value === "object" ? structuredClone(value) : value;
  }
}

/** eva's `<tool>(params, db, call_index=...)`: the result, with `db` updated in place. */
export function call(tool: string, params: JsonValue, db: Obj): Obj {
  const name = TOOL[tool];
  if (!name) throw new Error(`no eva tool ${tool}`);
  const state: RunState = { ...initialRunState({ agent: structuredClone<JsonObject>(db) }), callCounts: counts.get(db) ?? {} };
  const today = typeof db["_current_date"] === "string" ? db["_current_date"] : "2026-01-01";
  const out = dispatch(domain, state, "agent", { name, arguments: params }, { today, rng: createRng(0) });
  counts.set(db, out.state.callCounts);
  syncInto(db, out.state.dbs.agent as Obj);
  return structuredClone(out.result) as Obj;
}

/** Python's `a in b` for a string, list or dict `b`. */
export function pyIn(a: unknown, b: unknown): boolean {
  if (typeof b === "string") return b.includes(String(a));
  if (Array.isArray(b)) return b.some((x) => JSON.stringify(x) === JSON.stringify(a));
  if (b !== null && typeof b === "object") return Object.prototype.hasOwnProperty.call(b, String(a));
  throw new Error(`'in' on ${typeof b}`);
}

/** Python's `len`. */
export function len(x: unknown): number {
  if (typeof x === "string" || Array.isArray(x)) return x.length;
  if (x !== null && typeof x === "object") return Object.keys(x).length;
  throw new Error(`len of ${typeof x}`);
}

/** Python's `d.get(k, default)`. */
export function get(d: Obj, key: string, dflt: unknown = null): any {
  return Object.prototype.hasOwnProperty.call(d, key) ? d[key] : dflt;
}
