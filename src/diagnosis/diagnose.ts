/**
 * The decisive step of a failed trial. Completions are tried from the initial
 * state and after each write of the trial's that succeeded (counterfactual.ts);
 * the decisive call is the first write after the last point from which a
 * completion still reaches the expected end state. When even the whole trial
 * completes to a pass, no call broke anything: the first missing gold write
 * is what failed it. Reads are never decisive: they are never points.
 */
import { summaryHash } from "../hash/db/index.js";
import type { AnyToolDef, ToolCall } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { argumentDistance, firstArgumentDifference } from "./arguments.js";
import type { GoldWrite } from "./calls.js";
import { shown, toolOf } from "./calls.js";
import type { CompletionPoint, CounterfactualInput } from "./counterfactual.js";
import { completionPoints } from "./counterfactual.js";
import type { Diagnosis, DiagnosisKind, StepViolation } from "./types.js";

/** What `diagnoseTrial` reads: the trial's calls and turns, the gold calls, the end state it gates on, the failed signals and the stop reason, and any policy violations by step. */
export interface DiagnoseInput extends CounterfactualInput {
  /** The gating signals the trial failed (success_breakdown.failed). */
  readonly failedSignals: readonly string[];
  /** Why the conversation ended (metrics' stop_reason). */
  readonly stopReason: string;
  /** For each trial call, how many spoken turns came before it. */
  readonly turns: readonly number[];
  /** Policy violations by trial call, when the policy checks ran. */
  readonly violations?: readonly StepViolation[];
}

/** The signals a call list decides; a failure of only the others (NL assertions, clean_exit, checks) is no call's. */
export const DB_SIGNALS: readonly string[] = ["db_state_match", "db_state_assertion"];
/** Stop reasons by which a limit cut the conversation off. */
const CUT_OFF = new Set(["max_turns", "max_tool_calls", "time_budget"]);

const NO_CALL = { step: null, turn: null, call: null } as const;

function noFailureInCalls(): Diagnosis {
  return { kind: "no_failure_in_calls", ...NO_CALL, expected: null };
}

/** The missing gold write a wrong call was meant to be: the same tool's nearest one by arguments, gold order breaking ties. */
function nearest(candidates: readonly GoldWrite[], call: ToolCall): GoldWrite | undefined {
  let best: GoldWrite | undefined;
  let bestDistance = Infinity;
  for (const g of candidates) {
    const d = argumentDistance(g.call.arguments, call.arguments);
    if (d < bestDistance) [best, bestDistance] = [g, d];
  }
  return best;
}

const keysOf = (v: JsonValue): string[] => (isJsonObject(v) ? Object.keys(v).sort() : []);

/**
 * Could `call` have been meant as the gold write `g`: on the same side, and
 * either the same argument names (two tools of one shape, like two toggles)
 * or every argument of the gold call given with its value.
 */
function inPlaceOf(g: GoldWrite, call: ToolCall): boolean {
  if (g.call.side !== (call.side ?? "agent")) return false;
  const [kg, kc] = [keysOf(g.call.arguments), keysOf(call.arguments)];
  if (kg.join("\u0000") === kc.join("\u0000")) return true;
  return kg.length > 0 && firstArgumentDifference(g.call.arguments, call.arguments) === undefined;
}

/** What kind of mistake the decisive write is, given the gold writes still missing before it. */
function classify(tool: AnyToolDef | undefined, call: ToolCall, point: CompletionPoint, before: readonly GoldWrite[]): { kind: DiagnosisKind; expected: GoldWrite | undefined; argumentsOf?: GoldWrite } {
  const side = call.side ?? "agent";
  if (point.matched) {
    // The right write, made when the gold's earlier writes were still missing: they no longer fit after it.
    const first = before[0];
    if (first && first !== point.matched) return { kind: "wrong_order", expected: first };
    // Matched by the scoring's comparison yet fatal: it carries something the comparison tolerates (an extra key, a near float).
    return { kind: "wrong_arguments", expected: point.matched, argumentsOf: point.matched };
  }
  const sameTool = before.filter((g) => g.tool === tool && g.call.side === side);
  const meant = nearest(sameTool, call);
  if (meant) return { kind: "wrong_arguments", expected: meant, argumentsOf: meant };
  // Another tool in the place of a missing write: a call of the same shape (or carrying all of its arguments) aimed at what it was to do.
  const replaced = before.find((g) => inPlaceOf(g, call));
  if (replaced) return { kind: "wrong_tool", expected: replaced };
  return { kind: "extra_write", expected: before[0] };
}

/** The trial's write (one that succeeded and accounts for no gold write) of the same tool as a missing gold write, nearest by arguments; earliest on a tie. */
function attemptOf(input: DiagnoseInput, points: readonly CompletionPoint[], missing: GoldWrite): number | undefined {
  let best: number | undefined;
  let bestDistance = Infinity;
  for (const p of points) {
    if (p.after < 0 || p.matched) continue;
    const call = input.calls[p.after] as ToolCall;
    if (toolOf(input.domain, call, input.names) !== missing.tool || (call.side ?? "agent") !== missing.call.side) continue;
    const d = argumentDistance(missing.call.arguments, call.arguments);
    if (d < bestDistance) [best, bestDistance] = [p.after, d];
  }
  return best;
}

/** The decisive step of a failed trial's call list, found by counterfactual replay (docs/diagnosis.md). */
export function diagnoseTrial(input: DiagnoseInput): Diagnosis {
  if (!input.failedSignals.some((s) => DB_SIGNALS.includes(s))) return noFailureInCalls();
  const points = completionPoints(input);
  let lastPass = -1;
  points.forEach((p, i) => {
    if (p.passes) lastPass = i;
  });
  // Not even the gold writes alone reach the end state from the initial one: no completion can say which call mattered.
  if (lastPass < 0) return noFailureInCalls();
  const pass = points[lastPass] as CompletionPoint;
  const counterfactual = { after_step: pass.after, completed_with: pass.missing.map((g) => g.call), db_hash: summaryHash(pass.completed.dbs.agent) };
  if (lastPass === points.length - 1) {
    const first = pass.missing[0];
    if (!first) return noFailureInCalls();
    // The agent did make that write, with other arguments, and nothing after it was lost for good: name that attempt.
    const attempt = attemptOf(input, points, first);
    if (attempt !== undefined) {
      const call = input.calls[attempt] as ToolCall;
      const violation = input.violations?.find((v) => v.step === attempt);
      const argument = violation ? undefined : firstArgumentDifference(first.call.arguments, call.arguments);
      return {
        kind: violation ? "policy" : "wrong_arguments",
        step: attempt,
        turn: input.turns[attempt] ?? null,
        call: shown(call),
        expected: first.call,
        ...(argument ? { argument } : {}),
        ...(violation ? { rule: violation.rule } : {}),
        counterfactual,
      };
    }
    const kind: DiagnosisKind = CUT_OFF.has(input.stopReason) ? "premature_end" : "missing_write";
    return { kind, ...NO_CALL, expected: first.call, counterfactual };
  }
  const point = points[lastPass + 1] as CompletionPoint;
  const step = point.after;
  const call = input.calls[step] as ToolCall;
  const tool = toolOf(input.domain, call, input.names);
  const { kind, expected, argumentsOf } = classify(tool, call, point, pass.missing);
  const violation = input.violations?.find((v) => v.step === step);
  const argument = kind === "wrong_arguments" && argumentsOf ? firstArgumentDifference(argumentsOf.call.arguments, call.arguments) : undefined;
  return {
    kind: violation ? "policy" : kind,
    step,
    turn: input.turns[step] ?? null,
    call: shown(call),
    expected: expected?.call ?? null,
    ...(argument && !violation ? { argument } : {}),
    ...(violation ? { rule: violation.rule } : {}),
    counterfactual,
  };
}
