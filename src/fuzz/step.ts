/**
 * The per-call invariants, for every tool of every domain:
 * - no exception escapes dispatch, and status is never "crashed" (unless the
 *   reference raises on the same input: a documented parity crash, or Python
 *   refusing the call itself, as for arguments that are not a mapping);
 * - a failed call (error, invalid arguments, unknown tool) leaves every DB
 *   hash unchanged and records nothing;
 * - a read records nothing and changes no DB;
 * - a successful write records exactly one action of the reference shape, or
 *   is a refusal that records nothing and changes nothing;
 * - a successful result fits the tool's declared result schema, if any;
 * - after a successful write, sync (where the domain has it) applies without
 *   errors and reaches a fixpoint.
 */
import type { DispatchEnv, DispatchOutcome, RunState } from "../engine/dispatch.js";
import { dispatch, ToolBugError } from "../engine/dispatch.js";
import { produce } from "immer";
import type { Domain, SideDeltas } from "../engine/domain.js";
import { runSync } from "../engine/sync.js";
import { findTool } from "../engine/toolbox.js";
import type { ActionRecord, AnyToolDef, Side, ToolCall } from "../engine/types.js";
import { SIDES } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { canonicalJson } from "../hash/db/index.js";
import type { DomainProfile } from "./profile.js";
import { sameDbHash } from "./equality.js";
import { handoffProblems, watchApplier } from "./applier-handoffs.js";
import { withoutMarks } from "../json/marks.js";

export interface Violation {
  readonly invariant: string;
  readonly detail: string;
  readonly step?: number;
}

export interface StepResult {
  readonly state: RunState;
  readonly outcome: DispatchOutcome | undefined;
  readonly violations: Violation[];
}

function short(v: unknown, max = 300): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}

/** Every name a record may use for the tool that wrote it. */
function namesOf(tool: AnyToolDef): string[] {
  return [tool.name, ...(tool.aliases ?? []), ...(tool.actionName ? [tool.actionName] : [])];
}

const TAU2_KEYS = ["action_type", "name", "arguments", "result", "side"];

/** What is wrong with one action record, or undefined when it has the reference shape. */
export function recordProblem(domain: Domain, profile: DomainProfile, side: Side, tool: AnyToolDef, rec: ActionRecord): string | undefined {
  if (!isJsonObject(rec)) return `record is not an object: ${short(rec)}`;
  const keys = Object.keys(rec);
  const type = rec["action_type"];
  if (typeof type !== "string" || !namesOf(tool).includes(type)) return `action_type ${short(type)} does not name ${tool.name}`;
  if (keys[keys.length - 1] !== "side" || rec["side"] !== side) return `record not stamped with side '${side}' last: ${short(keys)}`;
  if (profile.records === "flat") {
    if (keys[0] !== "action_type") return `flat record does not start with action_type: ${short(keys)}`;
    if ("name" in rec || "arguments" in rec) return `flat record carries name/arguments: ${short(keys)}`;
    return undefined;
  }
  if (keys.join() !== TAU2_KEYS.join()) return `tau2 record keys ${short(keys)}, expected ${short(TAU2_KEYS)}`;
  if (rec["name"] !== type) return `name ${short(rec["name"])} differs from action_type ${type}`;
  if (!isJsonObject(rec["arguments"])) return `arguments is not an object: ${short(rec["arguments"])}`;
  if (findTool(domain, side, type, "records") !== tool) return `record name '${type}' does not lead back to ${tool.name} on replay`;
  return undefined;
}

/** The sides whose DB hash differs between two states (hashing only where the values differ). */
function changedSides(before: RunState, after: RunState, sides: readonly Side[] = SIDES): Side[] {
  return sides.filter((s) => !sameDbHash(before.dbs[s], after.dbs[s]));
}

/** Whether a value is plain, detached JSON (no revoked immer drafts, nothing unserializable). */
function detachedProblem(v: JsonValue): string | undefined {
  try {
    canonicalJson(v);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function checkOutcome(domain: Domain, profile: DomainProfile, before: RunState, call: ToolCall, out: DispatchOutcome): Violation[] {
  const v: Violation[] = [];
  const side = call.side ?? "agent";
  const add = (invariant: string, detail: string): void => void v.push({ invariant, detail: `${call.name}: ${detail}` });
  const resultProblem = detachedProblem(out.result);
  if (resultProblem) add("result is plain JSON", resultProblem);

  if (out.status === "crashed" && out.raisedIn !== "binding") {
    const message = isJsonObject(out.result) ? String(out.result["error"]) : short(out.result);
    const excused = profile.parityCrashes.some((c) => c.tool === out.tool?.name && c.message.test(message));
    if (!excused) add("never crashes", `${message} (args ${short(call.arguments)})`);
  }
  if (out.status !== "ok") {
    if (out.records.length > 0) add("a failed call records nothing", `${out.status} recorded ${short(out.records)}`);
    if (out.state.actions.length !== before.actions.length) add("a failed call records nothing", "actions grew");
    const changed = changedSides(before, out.state);
    if (changed.length > 0) add("a failed call leaves the DB hash unchanged", `${out.status} changed ${changed.join(",")} (result ${short(out.result)})`);
    return v;
  }
  const tool = out.tool as AnyToolDef;
  const resultSchema = profile.resultSchemas[tool.name];
  if (resultSchema && !resultSchema.safeParse(withoutMarks(out.result)).success) add("the result fits its declared schema", `result ${short(out.result)}`);
  if (out.state.actions.length !== before.actions.length + out.records.length) add("records are appended", "actions and records disagree");
  if (tool.kind === "read") {
    if (out.records.length > 0) add("a read never records", short(out.records));
    const changed = changedSides(before, out.state);
    if (changed.length > 0) add("a read changes no DB", `changed ${changed.join(",")}`);
    return v;
  }
  const others = changedSides(before, out.state, SIDES.filter((s) => s !== side));
  if (others.length > 0) add("a tool changes only its own side", `changed ${others.join(",")}`);
  if (out.records.length > 1) add("a write records at most one action", short(out.records));
  // Only a write that records nothing must leave its own DB alone (a refusal).
  if (out.records.length === 0 && changedSides(before, out.state, [side]).length > 0) {
    add("a write that records nothing changes nothing", `result ${short(out.result)}`);
  }
  for (const rec of out.records) {
    const problem = recordProblem(domain, profile, side, tool, rec) ?? detachedProblem(rec);
    if (problem) add("records have the reference shape", problem);
  }
  return v;
}

/**
 * The applier contract: a delta is applied to a DB that sync has already
 * brought up to date (as the reference's gold replay re-applies it), so
 * applying it again must change nothing. An applier that appends
 * (notifications, log lines) instead of setting fails here.
 */
function applierRepeats(domain: Domain, state: RunState, deltas: SideDeltas, after: string): { invariant: string; detail: string }[] {
  const spec = domain.sync;
  if (!spec) return [];
  const out: { invariant: string; detail: string }[] = [];
  for (const side of SIDES) {
    const delta = deltas[side];
    const db = state.dbs[side];
    if (!delta || Object.keys(delta).length === 0 || !db) continue;
    const again = produce(db, (draft) => void spec.applyDelta(draft, delta));
    if (!sameDbHash(db, again)) out.push({ invariant: "the sync applier is idempotent", detail: `after ${after}: applying the ${side} delta ${short(delta)} once more changes the ${side} DB` });
  }
  return out;
}

/** Dispatch one call and check it; syncs after a successful write, as live runs and replays do. */
export function checkedStep(domain: Domain, profile: DomainProfile, state: RunState, call: ToolCall, env: DispatchEnv): StepResult {
  const side = call.side ?? "agent";
  let out: DispatchOutcome;
  try {
    out = dispatch(domain, state, side, call, env);
  } catch (e) {
    // A tool's bug is named by its message (tool, exception, text): a report stays the same wherever it runs.
    const detail = e instanceof ToolBugError ? e.message : e instanceof Error ? e.stack : String(e);
    return { state, outcome: undefined, violations: [{ invariant: "no exception escapes dispatch", detail: `${call.name}: ${detail}` }] };
  }
  const violations = checkOutcome(domain, profile, state, call, out);
  let next = out.state;
  if (out.wrote && domain.sync) {
    try {
      const watched = watchApplier(domain);
      const synced = runSync(watched.domain, next);
      if (synced.errors.length > 0) violations.push({ invariant: "sync applies cleanly", detail: synced.errors.join("; ") });
      for (const p of handoffProblems(watched.handoffs.handed, synced.deltas)) violations.push({ invariant: "the sync applier is handed only new deltas", detail: `after ${call.name}: ${p}` });
      violations.push(...applierRepeats(domain, synced.state, synced.deltas, call.name));
      const again = runSync(domain, synced.state);
      const residue = Object.values(again.deltas).filter((d) => d && Object.keys(d).length > 0);
      if (residue.length > 0) violations.push({ invariant: "sync reaches a fixpoint", detail: `second sync after ${call.name}: ${short(again.deltas)}` });
      next = synced.state;
    } catch (e) {
      violations.push({ invariant: "sync never throws", detail: `after ${call.name}: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  return { state: next, outcome: out, violations };
}
