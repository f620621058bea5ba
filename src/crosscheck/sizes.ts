/**
 * How much a crosscheck runs. `quick` fits a pull request's CI (under 5
 * minutes on 2 cores), the default under 15; numbers measured in
 * bench/crosscheck (docs/crosscheck.md).
 */
export interface CrosscheckSize {
  /** Generated calls in all, spread evenly over the domains and seeds. */
  readonly calls: number;
  readonly seeds: readonly number[];
  /** Calls per session (one scenario's starting state, calls in order). */
  readonly session: number;
  /** Gold scenarios per domain (null: all). */
  readonly goldScenarios: number | null;
  /** Generated outcomes for the scoring family, per `min_agent_turns` setting. */
  readonly outcomes: number;
  /** Generated values for `_signal_passes` and generated answer pairs for `check_if_task_success`. */
  readonly values: number;
}

/** How much the crosscheck generates with `--quick`. */
export const QUICK: CrosscheckSize = { calls: 2000, seeds: [1], session: 8, goldScenarios: null, outcomes: 500, values: 500 };
/** How much the crosscheck generates by default. */
export const DEFAULT: CrosscheckSize = { calls: 20000, seeds: [1, 2, 3, 4], session: 8, goldScenarios: null, outcomes: 2000, values: 2000 };
