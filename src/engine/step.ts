/**
 * One tool call, run the same way by gold replay, live conversations and
 * recorded replays: dispatch it on the caller's side, sync the two DBs when
 * the sync rule says so, then say whether the call ends the conversation.
 *
 * The sync rule is the one deliberate difference between the callers, and
 * each names it explicitly:
 * - `"every-call"`: gold replay, as the reference's `_gold_replay` does: sync
 *   runs after every gold call, reads and failed calls included. The gold
 *   DB hashes depend on this.
 * - `"after-writes"`: live conversations and recorded replays, as the
 *   reference's orchestrator does: sync runs only after a successful write
 *   (a read or a refused call changed nothing to bring into agreement).
 *
 * Only an agent's terminal tool (a transfer, EndConversationTool) ends a
 * conversation; a user's never does. Callers replaying a fixed list of calls
 * (gold, recorded) run the whole list and ignore `exit`.
 */
import type { DispatchEnv, DispatchOutcome, RunState } from "./dispatch.js";
import { dispatch } from "./dispatch.js";
import type { Domain } from "./domain.js";
import type { SyncOutcome } from "./sync.js";
import { runSync } from "./sync.js";
import type { Side, ToolCall } from "./types.js";

export type SyncRule = "every-call" | "after-writes";

export interface StepOutcome {
  /** The state after the call and, if it ran, the sync. */
  readonly state: RunState;
  readonly call: DispatchOutcome;
  /** What sync did; undefined when the rule did not run it. */
  readonly sync: SyncOutcome | undefined;
  /** The call ends the conversation. */
  readonly exit: boolean;
}

export function step(domain: Domain, state: RunState, side: Side, call: ToolCall, env: DispatchEnv, sync: SyncRule): StepOutcome {
  const out = dispatch(domain, state, side, call, env);
  const synced = sync === "every-call" || out.wrote ? runSync(domain, out.state, env.workspaces) : undefined;
  return { state: synced?.state ?? out.state, call: out, sync: synced, exit: out.exit && side === "agent" };
}
