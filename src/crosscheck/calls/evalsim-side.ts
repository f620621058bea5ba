/**
 * evalsim's half of a session: each call goes the way a model's tool call
 * goes in a live run (planToolCall on the argument text, then dispatch on the
 * caller's side), and what the model reads is the tool message's content.
 * Calls are generated on the fly from the state of the moment, so pool ids
 * include records earlier calls created.
 *
 * Each call is one step of a live conversation: dispatch, then the sync a
 * live run does after a successful write (`step`'s "after-writes" rule), so
 * the cross-side sync is compared too. The random hex digits a call draws
 * (telecom's refuel bill id) are recorded; the reference is handed them and
 * draws the same id (see python/crosscheck_reference_driver.py).
 */
import { toolMessage } from "../../engine/bots/llm-context.js";
import { planToolCall } from "../../engine/bots/llm-tool-calls.js";
import type { DispatchEnv, RunState } from "../../engine/dispatch.js";
import type { Rng } from "../../engine/rng.js";
import { createRng } from "../../engine/rng.js";
import { step } from "../../engine/step.js";
import { findTool } from "../../engine/toolbox.js";
import type { Side } from "../../engine/types.js";
import type { CallPlan } from "../../fuzz/call-plans.js";
import { resolveCall } from "../../fuzz/call-plans.js";
import { toolFields } from "../../fuzz/field-specs.js";
import { NO_LOCAL_POOLS, localPools } from "../../fuzz/pools.js";
import { profileOf } from "../../fuzz/profile.js";
import type { World } from "../../fuzz/worlds.js";
import { liveEnv } from "../../fuzz/worlds.js";
import { summaryHash } from "../../hash/db/index.js";
import type { BentCall } from "./generate.js";
import { bendCall } from "./generate.js";

export type SideHashes = Partial<Record<Side, string | null>>;

export interface CallOutcome {
  readonly text: string;
  readonly exit: boolean;
  /** The random hex strings the call drew, in order (a minted id each). */
  readonly draws: readonly string[];
  /** Sync after the call changed a DB (a delta for some side). */
  readonly synced: boolean;
  readonly hash?: SideHashes;
}

/** A generated call with the random hex strings evalsim drew for it. */
export interface DrawnCall extends BentCall {
  readonly draws: readonly string[];
}

export interface EvalsimSession {
  readonly calls: readonly DrawnCall[];
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

/** A live run's environment whose RNG records each hex string drawn into `drawn`. */
export function recordingEnv(env: DispatchEnv, drawn: string[]): DispatchEnv {
  const inner: Rng = env.rng;
  const rng: Rng = {
    next: () => inner.next(),
    int: (n) => inner.int(n),
    hex: (n) => {
      const h = inner.hex(n);
      drawn.push(h);
      return h;
    },
    fork: (label) => inner.fork(label),
  };
  return { ...env, rng };
}

/** The text compared for a call the framework does not run (the reference driver writes the same). */
export const notRun = (raised: string): string => `<call not run: ${raised}>`;

/** One call as a live run makes it (dispatch, then sync after a successful write); returns the next state. `drawn` is `env`'s recording. */
export function runCall(world: Pick<World, "domain">, state: RunState, env: DispatchEnv, drawn: string[], call: BentCall): CallOutcome & { state: RunState } {
  drawn.length = 0;
  const planned = planToolCall(call.name, call.args);
  // A dropped call is never run and the model reads nothing; the marker names what the reference's parse raised.
  if (planned.kind === "drop") return { state, text: notRun(planned.dropped.raised), exit: false, draws: [], synced: false };
  const out = step(world.domain, state, call.side, { ...planned.call, side: call.side }, env, "after-writes");
  const synced = Object.values(out.sync?.deltas ?? {}).some((d) => d !== undefined && Object.keys(d).length > 0);
  return { state: out.state, text: toolMessage("call_1", out.call.result).content, exit: out.exit, draws: [...drawn], synced };
}

/** Generate and run a session: `plans` resolved one by one against evalsim's state, then bent with `seed`. */
export function runGenerated(world: World, plans: readonly CallPlan[], seed: number): EvalsimSession {
  const profile = profileOf(world.domain);
  const rng = createRng(seed);
  const drawn: string[] = [];
  const env = recordingEnv(liveEnv(world), drawn);
  const sides = worldSides(world);
  let state = world.initial;
  const calls: DrawnCall[] = [];
  const outcomes: CallOutcome[] = [];
  for (const plan of plans) {
    const tool = findTool(world.domain, plan.side, plan.tool, "llm");
    const local = tool && plan.anchored ? localPools(state.dbs[plan.side], toolFields(tool)[0]?.name, plan.anchor[0], plan.anchor[1]) : NO_LOCAL_POOLS;
    const resolved = tool ? resolveCall(plan, tool, { global: world.pools, local, hints: profile.hints }) : { name: plan.tool, arguments: {} };
    const named = findTool(world.domain, plan.side, resolved.name, "llm");
    const call = bendCall(rng, named, resolved.name, plan.side, resolved.arguments);
    const r = runCall(world, state, env, drawn, call);
    calls.push({ ...call, draws: r.draws });
    state = r.state;
    outcomes.push({ text: r.text, exit: r.exit, draws: r.draws, synced: r.synced });
  }
  return { calls, init: initialHashes(world), outcomes, final: state === world.initial ? initialHashes(world) : hashes(state, sides) };
}

/** Rerun fixed calls, hashing every side after each (to find the call where state first differs). */
export function rerunHashed(world: World, calls: readonly BentCall[]): CallOutcome[] {
  const drawn: string[] = [];
  const env = recordingEnv(liveEnv(world), drawn);
  const sides = worldSides(world);
  let state = world.initial;
  return calls.map((call) => {
    const r = runCall(world, state, env, drawn, call);
    state = r.state;
    return { text: r.text, exit: r.exit, draws: r.draws, synced: r.synced, hash: hashes(state, sides) };
  });
}

/** evalsim's state after `calls` from the world's start, as a live run leaves it. */
export function stateAfter(world: World, calls: readonly BentCall[]): RunState {
  const drawn: string[] = [];
  const env = recordingEnv(liveEnv(world), drawn);
  let state = world.initial;
  for (const c of calls) state = runCall(world, state, env, drawn, c).state;
  return state;
}
