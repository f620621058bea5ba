/**
 * The counterfactual replays behind a diagnosis. The trial's calls are
 * replayed once, in order, through the one replay loop, cut after each write
 * that succeeded: each cut seals a snapshot of the DBs (sealed states are
 * values, sharing every untouched record with the state before). From each
 * snapshot, and from the initial state, the gold writes still missing are
 * replayed on top: the completion. A completion that reaches the expected end
 * state says the trial could still have passed after that call.
 */
import type { DbStateAssertion } from "../engine/scenario.js";
import { evaluateAssertions } from "../engine/assertions.js";
import type { Domain } from "../engine/domain.js";
import type { RunState } from "../engine/dispatch.js";
import { ToolBugError } from "../engine/dispatch.js";
import type { PreparedState, ReplayEnv } from "../engine/initial-state.js";
import type { Rng } from "../engine/rng.js";
import type { NameSpace } from "../engine/toolbox.js";
import type { ToolCall } from "../engine/types.js";
import { isErrorResult } from "../engine/types.js";
import { summaryHash } from "../hash/db/index.js";
import type { CallListRules } from "../replay/call-list.js";
import { replayCallList } from "../replay/call-list.js";
import type { GoldWrite } from "./calls.js";
import { accountsFor, goldWrites, toolOf } from "./calls.js";

/** What the trial had to reach: the expected DB's hash and the DB assertions, where they gate the scenario. */
export interface EndState {
  readonly expectedHash?: string;
  readonly assertions?: readonly DbStateAssertion[];
}

/** One place a completion was tried from. */
export interface CompletionPoint {
  /** The trial call after which it was tried (a write that succeeded), or -1 for the initial state. */
  readonly after: number;
  /** The gold write that call accounts for, if any. */
  readonly matched?: GoldWrite;
  /** The gold writes not accounted for by the calls up to `after`, in gold order: the completion. */
  readonly missing: readonly GoldWrite[];
  /** The state after the trial's calls up to `after`. */
  readonly prefix: RunState;
  /** The state after the completion. */
  readonly completed: RunState;
  readonly passes: boolean;
}

export interface CounterfactualInput {
  readonly domain: Domain;
  readonly prepared: PreparedState;
  readonly gold: readonly ToolCall[];
  /** The trial's tool calls, both sides, in the order they ran. */
  readonly calls: readonly ToolCall[];
  /** The names the trial's calls use ("llm" for a live run's). */
  readonly names: NameSpace;
  /** The trial's own tool environment: a fresh RNG of the same stream its live calls drew from. */
  readonly env: ReplayEnv;
  /** Each completion's RNG, a fork of its own per point, so no completion depends on another. */
  readonly completionRng: (after: number) => Rng;
  readonly end: EndState;
}

const AGENT_RULES = (names: NameSpace): CallListRules => ({ sync: "after-writes", names, unknownTools: "dispatch", warnCrashed: false });
const GOLD_RULES: CallListRules = { sync: "after-writes", names: "records", unknownTools: "skip", warnCrashed: false };

/** Does a state reach the end state: the expected DB's hash, and every DB assertion passing. */
export function reaches(domain: Domain, end: EndState, state: RunState): boolean {
  if (end.expectedHash !== undefined && summaryHash(state.dbs.agent) !== end.expectedHash) return false;
  if (end.assertions && end.assertions.length > 0) return evaluateAssertions(domain, end.assertions, state.dbs.agent, state.dbs.user).every((v) => v.passed);
  return true;
}

function complete(input: CounterfactualInput, after: number, prefix: RunState, missing: readonly GoldWrite[]): { completed: RunState; passes: boolean } {
  const calls = missing.map((g) => ({ name: g.call.name, side: g.call.side, arguments: g.call.arguments }));
  try {
    const out = replayCallList(input.domain, { state: prefix, warnings: [] }, calls, { today: input.env.today, rng: input.completionRng(after) }, GOLD_RULES);
    return { completed: out.state, passes: reaches(input.domain, input.end, out.state) };
  } catch (e) {
    // A gold call on a state it was never written for may hit a tool's unmodelled exception: that completion fails.
    if (e instanceof ToolBugError) return { completed: prefix, passes: false };
    throw e;
  }
}

/**
 * Every completion point of a trial: the initial state, then each write of
 * the trial's that succeeded. The trial's calls run once, segment by segment
 * on one RNG stream, as they ran live.
 */
export function completionPoints(input: CounterfactualInput): CompletionPoint[] {
  const { domain } = input;
  let missing: readonly GoldWrite[] = goldWrites(domain, input.gold);
  let state = input.prepared.state;
  const points: CompletionPoint[] = [{ after: -1, missing, prefix: state, ...complete(input, -1, state, missing) }];
  let start = 0;
  for (const [i, call] of input.calls.entries()) {
    const tool = toolOf(domain, call, input.names);
    if (tool?.kind !== "write") continue;
    const replay = replayCallList(domain, { state, warnings: [] }, input.calls.slice(start, i + 1), input.env, AGENT_RULES(input.names));
    state = replay.state;
    start = i + 1;
    const last = replay.calls[replay.calls.length - 1];
    // A refused write changed nothing: like a read, it is never a point of no return.
    if (!last || last.status !== "ok" || isErrorResult(last.result)) continue;
    const side = call.side ?? "agent";
    const matched = missing.find((g) => accountsFor(g, tool, side, call.arguments));
    if (matched) missing = missing.filter((g) => g !== matched);
    points.push({ after: i, ...(matched ? { matched } : {}), missing, prefix: state, ...complete(input, i, state, missing) });
  }
  return points;
}
