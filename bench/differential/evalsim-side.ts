/**
 * evalsim's half of a session: each call goes the way a model's tool call
 * goes in a live run (planToolCall on the argument text, then dispatch on the
 * caller's side), and what the model reads is the tool message's content.
 * Calls are generated on the fly from the state of the moment, so pool ids
 * include records earlier calls created.
 */
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import { planToolCall } from "../../src/engine/bots/llm-tool-calls.js";
import type { DispatchEnv, RunState } from "../../src/engine/dispatch.js";
import { dispatch } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { findTool } from "../../src/engine/toolbox.js";
import type { Side } from "../../src/engine/types.js";
import type { CallPlan } from "../../src/fuzz/call-plans.js";
import { resolveCall } from "../../src/fuzz/call-plans.js";
import { toolFields } from "../../src/fuzz/field-specs.js";
import { NO_LOCAL_POOLS, localPools } from "../../src/fuzz/pools.js";
import { profileOf } from "../../src/fuzz/profile.js";
import type { World } from "../../src/fuzz/worlds.js";
import { liveEnv } from "../../src/fuzz/worlds.js";
import { summaryHash } from "../../src/replay/hash/index.js";
import type { BentCall } from "./generate.js";
import { bendCall } from "./generate.js";

export type SideHashes = Partial<Record<Side, string | null>>;

export interface CallOutcome {
  readonly text: string;
  readonly exit: boolean;
  readonly hash?: SideHashes;
}

export interface EvalsimSession {
  readonly calls: readonly BentCall[];
  readonly init: SideHashes;
  readonly outcomes: readonly CallOutcome[];
  readonly final: SideHashes;
}

// A world's starting state is one frozen value: its hashes are computed once.
const initHashes = new WeakMap<World, SideHashes>();
function initialHashes(world: World): SideHashes {
  let h = initHashes.get(world);
  if (!h) initHashes.set(world, (h = hashes(world.initial, worldSides(world))));
  return h;
}

function hashes(state: RunState, sides: readonly Side[]): SideHashes {
  return Object.fromEntries(sides.map((s) => [s, summaryHash(state.dbs[s])]));
}

export function worldSides(world: World): Side[] {
  return (["agent", "user"] as const).filter((s) => world.initial.dbs[s] !== undefined);
}

/** One call as a live run makes it; returns the next state. */
function runCall(world: World, state: RunState, env: DispatchEnv, call: BentCall): { state: RunState; text: string; exit: boolean } {
  const planned = planToolCall("call_1", call.name, call.args);
  if (planned.kind === "reject") return { state, text: toolMessage(planned.id, planned.result).content as string, exit: false };
  const out = dispatch(world.domain, state, call.side, { ...planned.call, side: call.side }, env);
  return { state: out.state, text: toolMessage(planned.id, out.result).content as string, exit: out.exit && call.side === "agent" };
}

/** Generate and run a session: `plans` resolved one by one against evalsim's state, then bent with `seed`. */
export function runGenerated(world: World, plans: readonly CallPlan[], seed: number): EvalsimSession {
  const profile = profileOf(world.domain);
  const rng = createRng(seed);
  const env = liveEnv(world);
  const sides = worldSides(world);
  let state = world.initial;
  const calls: BentCall[] = [];
  const outcomes: CallOutcome[] = [];
  for (const plan of plans) {
    const tool = findTool(world.domain, plan.side, plan.tool, "llm");
    const local = tool && plan.anchored ? localPools(state.dbs[plan.side], toolFields(tool)[0]?.name, plan.anchor[0], plan.anchor[1]) : NO_LOCAL_POOLS;
    const resolved = tool ? resolveCall(plan, tool, { global: world.pools, local, hints: profile.hints }) : { name: plan.tool, arguments: {} };
    const named = findTool(world.domain, plan.side, resolved.name, "llm");
    const call = bendCall(rng, named, resolved.name, plan.side, resolved.arguments);
    calls.push(call);
    const r = runCall(world, state, env, call);
    state = r.state;
    outcomes.push({ text: r.text, exit: r.exit });
  }
  return { calls, init: initialHashes(world), outcomes, final: state === world.initial ? initialHashes(world) : hashes(state, sides) };
}

/** Rerun fixed calls, hashing every side after each (to find the call where state first differs). */
export function rerunHashed(world: World, calls: readonly BentCall[]): CallOutcome[] {
  const env = liveEnv(world);
  const sides = worldSides(world);
  let state = world.initial;
  return calls.map((call) => {
    const r = runCall(world, state, env, call);
    state = r.state;
    return { text: r.text, exit: r.exit, hash: hashes(state, sides) };
  });
}
