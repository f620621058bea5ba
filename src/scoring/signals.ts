/**
 * Per-scenario signals and the composite verdict (HARNESS.md §7.1): each
 * signal is true, false or not applicable; only the scenario's whitelisted
 * signals gate `is_successful`, the rest are reported as excluded.
 */
import type { AssertionVerdict } from "../engine/assertions.js";
import type { SuccessSignal } from "../engine/scenario.js";
import { checkSuccessSignals, SUCCESS_SIGNALS } from "../engine/scenario.js";

/** Enum order of the reference's SuccessSignal, which orders every breakdown list. */
export const SIGNAL_ORDER: readonly SuccessSignal[] = SUCCESS_SIGNALS;

export interface SignalInputs {
  /** "N/A" when there is no reference answer. */
  readonly isActionMatch: boolean | "N/A";
  /** Absent when the scenario has no expected DB. */
  readonly dbState?: { readonly expectedHash: string; readonly actualHash: string | null };
  readonly assertionVerdicts?: readonly AssertionVerdict[];
  /** Per-assertion NL verdicts from a judge; absent without a judge. */
  readonly nlVerdicts?: readonly { readonly passed: boolean }[];
  readonly judgePassed?: boolean;
  readonly cleanExit: boolean;
}

export type SignalValue = boolean | null;

/** `_signal_passes`: None/"N/A" → not applicable; a number passes only at 1.0 or more. */
export function signalPasses(value: unknown): SignalValue {
  if (value === null || value === undefined || value === "N/A") return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value >= 1.0;
  return null;
}

/**
 * Signals of evalsim's own: `voice_readability` and `policy` gate only when a
 * run asks for them (`--gate`); `checks` gates whenever a scenario declares checks.
 */
export type ExtraGate = "voice_readability" | "checks" | "policy";

export interface SuccessBreakdown {
  passed: (SuccessSignal | ExtraGate)[];
  failed: (SuccessSignal | ExtraGate)[];
  not_applicable: (SuccessSignal | ExtraGate)[];
  excluded: (SuccessSignal | ExtraGate)[];
}

export interface ScoreFields {
  is_action_match: boolean | "N/A";
  db_state_expected_hash?: string;
  db_state_actual_hash?: string | null;
  db_state_match?: boolean;
  db_state_assertion_verdicts?: readonly AssertionVerdict[];
  db_state_assertion_pass_rate?: number | null;
  nl_assertion_pass_rate?: number;
  judge_passed?: boolean;
  clean_exit: boolean;
  success_breakdown: SuccessBreakdown;
  is_successful: boolean | "N/A";
  is_task_successful?: boolean;
  insufficient_agent_turns?: true;
}

/** `compute_is_successful` raises on an empty or unknown whitelist; so does this, naming the scenario when given. */
export function scoreScenario(whitelist: readonly SuccessSignal[], s: SignalInputs, insufficientAgentTurns: boolean, scenario = "(unnamed)"): ScoreFields {
  checkSuccessSignals(scenario, whitelist);
  const out: Partial<ScoreFields> = { is_action_match: s.isActionMatch };
  if (s.dbState) {
    out.db_state_expected_hash = s.dbState.expectedHash;
    out.db_state_actual_hash = s.dbState.actualHash;
    out.db_state_match = s.dbState.actualHash !== null && s.dbState.actualHash === s.dbState.expectedHash;
  }
  if (s.assertionVerdicts && s.assertionVerdicts.length > 0) {
    out.db_state_assertion_verdicts = s.assertionVerdicts;
    out.db_state_assertion_pass_rate = s.assertionVerdicts.filter((v) => v.passed).length / s.assertionVerdicts.length;
  }
  if (s.nlVerdicts && s.nlVerdicts.length > 0) out.nl_assertion_pass_rate = s.nlVerdicts.filter((v) => v.passed).length / s.nlVerdicts.length;
  if (s.judgePassed !== undefined) out.judge_passed = s.judgePassed;
  out.clean_exit = s.cleanExit;

  const checks: Record<SuccessSignal, SignalValue> = {
    is_action_match: signalPasses(out.is_action_match),
    db_state_match: signalPasses(out.db_state_match),
    db_state_assertion: signalPasses(out.db_state_assertion_pass_rate),
    nl_assertion: signalPasses(out.nl_assertion_pass_rate),
    judge_passed: out.judge_passed ?? null,
    clean_exit: out.clean_exit,
  };
  const gate = new Set(whitelist);
  const breakdown: SuccessBreakdown = { passed: [], failed: [], not_applicable: [], excluded: [] };
  for (const sig of SIGNAL_ORDER) {
    const v = checks[sig];
    if (!gate.has(sig)) {
      if (v !== null) breakdown.excluded.push(sig);
    } else if (v === true) breakdown.passed.push(sig);
    else if (v === false) breakdown.failed.push(sig);
    else breakdown.not_applicable.push(sig);
  }
  out.success_breakdown = breakdown;
  if (insufficientAgentTurns) {
    out.insufficient_agent_turns = true;
    out.is_successful = false;
    out.is_task_successful = false;
  } else {
    const applicable = SIGNAL_ORDER.filter((sig) => gate.has(sig) && checks[sig] !== null);
    out.is_successful = applicable.length === 0 ? "N/A" : applicable.every((sig) => checks[sig] === true);
    if (typeof out.is_successful === "boolean") out.is_task_successful = breakdown.failed.filter((f) => f !== "clean_exit").length === 0;
  }
  return out as ScoreFields;
}

/**
 * A scenario's declared checks (declared-checks.ts) as one more gating
 * signal: `checks` joins the passed or failed list, and success (task
 * success too) needs it.
 */
export function gateChecks(score: ScoreFields, passed: boolean): ScoreFields {
  const b = score.success_breakdown;
  const breakdown = passed ? { ...b, passed: [...b.passed, "checks" as const] } : { ...b, failed: [...b.failed, "checks" as const] };
  if (score.insufficient_agent_turns) return { ...score, success_breakdown: breakdown };
  const is_successful = score.is_successful === "N/A" ? passed : score.is_successful && passed;
  const task = score.is_task_successful === undefined ? passed : score.is_task_successful && passed;
  return { ...score, success_breakdown: breakdown, is_successful, is_task_successful: task };
}
