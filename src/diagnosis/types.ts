/** A failed trial's diagnosis, as metrics.json carries it under `diagnosis`. */
import type { ArgumentDifference } from "./arguments.js";
import type { ShownCall } from "./calls.js";

/** Every kind of diagnosis, in the order summaries list them. */
export const DIAGNOSIS_KINDS = ["missing_write", "wrong_arguments", "wrong_tool", "extra_write", "wrong_order", "policy", "premature_end", "no_failure_in_calls"] as const;
/** One kind of diagnosis: what the decisive call did wrong (or that no call explains the failure). */
export type DiagnosisKind = (typeof DIAGNOSIS_KINDS)[number];

/** A failed trial's decisive step: its kind, the call as made and the gold call expected, with the counterfactual that would have passed; `metrics.json`'s `diagnosis`. */
export interface Diagnosis {
  readonly kind: DiagnosisKind;
  /** 0-based index into the trial's tool calls (both sides, in the order they ran); null when the decisive call is one never made. */
  readonly step: number | null;
  /** How many spoken turns (both sides) came before the decisive call; null with `step`. */
  readonly turn: number | null;
  /** The decisive call as made. */
  readonly call: ShownCall | null;
  /** The gold call it should have been (for a missing write, the first one missing). */
  readonly expected: ShownCall | null;
  /** wrong_arguments: the first argument that differs from the gold call's. */
  readonly argument?: ArgumentDifference;
  /** policy: the id of the rule the decisive call broke. */
  readonly rule?: string;
  /** The gold writes the counterfactual replay added after the last call from which the trial could still pass. */
  readonly counterfactual?: Counterfactual;
}

/** What the DB would have been: the trial's calls before the decisive one, completed with the missing gold writes. */
export interface Counterfactual {
  /** The trial calls kept (0..after_step), -1 for none. */
  readonly after_step: number;
  /** The gold writes replayed on top, in gold order. */
  readonly completed_with: readonly ShownCall[];
  /** The agent DB's hash that completion reaches (the expected one, or one that passes the DB assertions). */
  readonly db_hash: string | null;
}

/** A policy violation as the policy checks report it: the trial call (by step) that broke a rule. */
export interface StepViolation {
  readonly step: number;
  readonly rule: string;
}
