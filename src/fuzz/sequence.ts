/**
 * Whole-sequence invariants: a sequence of planned calls runs from a
 * scenario's initial state with every per-call check, and then
 * - determinism: the same calls on a fresh DB give identical results and DBs;
 * - the replay path (`replayCalls`) given the same calls lands on the same DBs;
 * - record/replay: replaying the recorded actions by record `name` and
 *   `arguments` on a fresh DB lands on the same DB hashes (where records can
 *   be replayed at all: see `replayFromRecords`);
 * - every DB still fits its declared schema;
 * - the DB hash ignores the order of object keys (and of order-independent lists).
 */
import type { RunState } from "../engine/dispatch.js";
import { createRng } from "../engine/rng.js";
import type { DispatchStatus } from "../engine/dispatch.js";
import { findTool } from "../engine/toolbox.js";
import type { ActionRecord, ToolCall, ToolResult } from "../engine/types.js";
import { SIDES } from "../engine/types.js";
import { isJsonObject } from "../json/types.js";
import { dbHash } from "../hash/db/index.js";
import { replayCalls } from "../replay/replay-calls.js";
import type { CallPlan } from "./call-plans.js";
import { resolveCall } from "./call-plans.js";
import { toolFields } from "./field-specs.js";
import { permuted, sampleOf } from "./permute.js";
import { localPools, NO_LOCAL_POOLS } from "./pools.js";
import type { DomainProfile } from "./profile.js";
import { profileOf } from "./profile.js";
import type { World } from "./worlds.js";
import { liveEnv, REPLAY_SEED } from "./worlds.js";
import { jsonEqual, sameDbHash } from "./equality.js";
import { schemaProblem } from "./schema-check.js";
import type { SequencePlan } from "./sequences.js";
import type { Violation } from "./step.js";
import { checkedStep } from "./step.js";

export interface StepTrace {
  readonly call: ToolCall;
  readonly status: DispatchStatus | "escaped";
  readonly result: ToolResult;
}

export interface SequenceRun {
  readonly steps: readonly StepTrace[];
  readonly state: RunState;
  readonly violations: readonly Violation[];
}

/** Resolve each plan against the current DB and run it with the per-call checks. */
export function runPlans(world: World, plans: readonly CallPlan[]): SequenceRun {
  const { domain } = world;
  const profile = profileOf(domain);
  const env = liveEnv(world);
  let state = world.initial;
  const steps: StepTrace[] = [];
  const violations: Violation[] = [];
  plans.forEach((plan, i) => {
    const tool = findTool(domain, plan.side, plan.tool, "llm");
    if (!tool) throw new Error(`plan names no ${plan.side} tool ${plan.tool} in ${domain.name}`);
    const local = plan.anchored ? localPools(state.dbs[plan.side], toolFields(tool)[0]?.name, plan.anchor[0], plan.anchor[1]) : NO_LOCAL_POOLS;
    const call = resolveCall(plan, tool, { global: world.pools, local, hints: profile.hints });
    const step = checkedStep(domain, profile, state, call, env);
    violations.push(...step.violations.map((v) => ({ ...v, step: i })));
    steps.push({ call, status: step.outcome?.status ?? "escaped", result: step.outcome?.result ?? null });
    state = step.state;
  });
  return { steps, state, violations };
}

function replayProblems(world: World, profile: DomainProfile, live: SequenceRun): Violation[] {
  const out: Violation[] = [];
  const actions = live.state.actions;
  if (!profile.replayFromRecords) {
    // Documented gap: such records carry neither a tool name nor its arguments.
    const replayable = actions.filter((a) => isJsonObject(a) && typeof a["name"] === "string" && isJsonObject(a["arguments"]));
    if (replayable.length > 0) out.push({ invariant: "record replay gap is still real", detail: `${world.domain.name} records now carry name/arguments; enable replayFromRecords` });
    return out;
  }
  const calls: ToolCall[] = actions.map((a: ActionRecord) => ({
    name: String(a["name"]),
    arguments: a["arguments"] ?? {},
    side: a["side"] === "user" ? "user" : "agent",
  }));
  const replayed = replayCalls(world.entry, calls, { seed: REPLAY_SEED, names: "records" });
  const failed = replayed.calls.filter((c) => c.status !== "ok");
  if (failed.length > 0) out.push({ invariant: "recorded actions replay", detail: `${failed.length} replayed call(s) failed, first ${failed[0]?.name}: ${JSON.stringify(failed[0]?.result).slice(0, 300)}` });
  for (const side of SIDES) {
    if (!sameDbHash(live.state.dbs[side], replayed.state.dbs[side])) {
      out.push({ invariant: "replaying the records rebuilds the DB", detail: `${side} DB differs after replaying ${calls.length} record(s): ${calls.map((c) => c.name).join(", ")}` });
    }
  }
  if (!jsonEqual([...replayed.actions], [...actions], true)) out.push({ invariant: "replaying the records re-records them", detail: "replayed records differ from the live ones" });
  return out;
}

/** The whole-sequence invariants for a run produced by `runPlans(world, plans)`. */
export function sequenceProblems(world: World, seq: SequencePlan, live: SequenceRun): Violation[] {
  const plans = seq.calls;
  const profile = profileOf(world.domain);
  const out: Violation[] = [];

  const again = runPlans(world, plans);
  const differs = live.steps.findIndex((s, i) => {
    const t = again.steps[i];
    return !t || !jsonEqual(s.call.arguments, t.call.arguments, true) || s.status !== t.status || !jsonEqual(s.result, t.result, true);
  });
  if (differs >= 0) out.push({ invariant: "determinism", detail: `step ${differs} differs on a second run`, step: differs });
  for (const side of SIDES) {
    if (!sameDbHash(live.state.dbs[side], again.state.dbs[side])) out.push({ invariant: "determinism", detail: `${side} DB differs on a second run` });
  }

  // The live run above puts each call on an immer draft; replayCalls runs them as
  // transactions of a workspace (engine/workspace.ts): the two must agree.
  const viaReplay = replayCalls(world.entry, live.steps.map((s) => s.call), { seed: REPLAY_SEED, names: "llm" });
  for (const side of SIDES) {
    if (!sameDbHash(live.state.dbs[side], viaReplay.state.dbs[side])) out.push({ invariant: "the replay path agrees", detail: `${side} DB differs when the same calls go through replayCalls` });
  }
  const resultDiff = viaReplay.calls.findIndex((c, i) => !jsonEqual(c.result, live.steps[i]?.result ?? null, true));
  if (resultDiff >= 0) out.push({ invariant: "the replay path agrees", detail: `result of step ${resultDiff} differs through replayCalls`, step: resultDiff });

  out.push(...replayProblems(world, profile, live));

  for (const side of SIDES) {
    const schema = profile.schemas[side];
    const start = world.initial.dbs[side];
    const end = live.state.dbs[side];
    if (!schema || !start || !end) continue;
    const problem = schemaProblem(schema, start, end, profile.uncheckedFields);
    if (problem) out.push({ invariant: "the DB fits its fixture schema", detail: `${side}: ${problem}` });
  }
  out.push(...hashProblems(live.state, seq.shuffle ?? 0));
  return out;
}

/** A sample of each end DB, reordered, must hash as the sample does (the whole airline DB is too big to hash per sequence). */
function hashProblems(state: RunState, shuffle: number): Violation[] {
  const rng = createRng(shuffle);
  const out: Violation[] = [];
  for (const side of SIDES) {
    const db = state.dbs[side];
    if (!db) continue;
    const sample = sampleOf(db, rng, 6);
    if (dbHash(permuted(sample, rng)) !== dbHash(sample)) {
      out.push({ invariant: "the DB hash ignores key order", detail: `${side} DB hashes differently with its keys reordered` });
    }
  }
  return out;
}
