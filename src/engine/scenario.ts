import type { JsonObject } from "../json/types.js";
import type { ScenarioVoice } from "./channel/types.js";
import type { Side, ToolCall } from "./types.js";

/** The reference's SuccessSignal members, in enum order (which orders every breakdown list). */
export const SUCCESS_SIGNALS = ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed", "clean_exit"] as const;
/** One of the reference's success signals. */
export type SuccessSignal = (typeof SUCCESS_SIGNALS)[number];

/** A scenario defined with no gating signal, or with one that does not exist. */
export class ScenarioDefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScenarioDefinitionError";
  }
}

/**
 * The reference refuses a scenario whose whitelist is empty (at class
 * definition) or names an unknown signal (when it is scored): such a scenario
 * would pass on nothing. evalsim refuses both when the scenario is defined.
 */
export function checkSuccessSignals(name: string, signals: readonly string[] | undefined): void {
  if (signals === undefined || signals === null || signals.length === 0) {
    throw new ScenarioDefinitionError(`scenario '${name}': success_signals must be a non-empty list of ${SUCCESS_SIGNALS.join(", ")}`);
  }
  const known: readonly string[] = SUCCESS_SIGNALS;
  const unknown = [...new Set(signals.filter((s) => !known.includes(s)))].sort();
  if (unknown.length > 0) {
    throw new ScenarioDefinitionError(`scenario '${name}': success_signals contains unknown signal(s) ${unknown.join(", ")}; valid signals: ${[...SUCCESS_SIGNALS].sort().join(", ")}`);
  }
}

/** An initialization record after `env_type` → `side` translation. */
export interface InitRecord {
  readonly side: Side;
  readonly func_name: string;
  readonly arguments: JsonObject;
}

/** A predicate on one side's end DB and the value it must return (tau2 telecom's `db_state_assertion`). */
export interface DbStateAssertion {
  readonly side: Side;
  readonly func_name: string;
  readonly arguments: JsonObject;
  readonly assert_value: unknown;
  readonly message?: string | null;
}

/**
 * A call a check looks for: a tool of one side by any of its names, and,
 * when `arguments` is given, only calls whose arguments hold each of those
 * keys with an equal value (other keys may be present).
 */
export interface CallMatcher {
  readonly name: string;
  readonly side?: Side;
  readonly arguments?: JsonObject;
}

/**
 * Checks an author declares on a scenario, decided from the conversation
 * alone (no judge, no randomness). They gate the scenario's success as the
 * `checks` signal whenever any is declared.
 */
export interface ScenarioChecks {
  /** Tools the agent must not call at all (a call counts even when the tool refuses it). */
  readonly mustNotCall: readonly CallMatcher[];
  /** Tools the agent must call with success (a call whose result is not an error). */
  readonly mustCall: readonly CallMatcher[];
  /** What the agent must say, each matched as tau2 matches `communicate_info`. */
  readonly communicate: readonly string[];
}

/** What the simulated user knows and wants, in domain-neutral form. */
export interface UserBrief {
  readonly opening: string;
  readonly goal: string;
  readonly knownInfo: string;
  readonly unknownInfo: string;
  readonly instructions: string;
}

/** One scenario of a domain: its prompts, initial DBs, gold calls, expected outcome and the signals that gate its verdict. */
export interface Scenario {
  /** `<bucket>__<id>`: registry key and output folder. */
  readonly name: string;
  /** Aggregation key and `--domain` prefix (`tau2_telecom_workflow`). */
  readonly bucket: string;
  /** Tool and data namespace (`tau2_telecom`). */
  readonly domain: string;
  /** Upstream id (`1.1.2`, `17`, `[mms_issue]…`). */
  readonly upstreamId: string;
  readonly description: string;
  readonly successSignals: readonly SuccessSignal[];
  /** "Today" for tools, init functions and prompts, `YYYY-MM-DD`. */
  readonly today: string;
  /**
   * True when the reference takes "today" from the system clock (telecom), so
   * `--today` may override it; false when the fixture fixes it (eva).
   */
  readonly todayFromClock: boolean;
  /** Initial DB per side, before initialization actions. Frozen; never mutated. */
  initialDbs(): Readonly<Partial<Record<Side, JsonObject>>>;
  readonly initializationActions: readonly InitRecord[];
  readonly dbStateAssertions: readonly DbStateAssertion[];
  readonly nlAssertions: readonly string[];
  /** The calls a correct agent makes: tau2 reference actions, eva gold trajectories. */
  goldCalls(): readonly ToolCall[];
  /** eva: the expected end DB shipped upstream. tau2 produces it by gold replay. */
  shippedExpectedDb(): JsonObject | undefined;
  readonly agentPrompt: () => string;
  readonly userPrompt: () => string;
  /** Tool specs sent instead of the domain's (a prompt pack); absent: generated from the domain's tools. */
  readonly toolSpecs?: Readonly<Partial<Record<Side, readonly JsonObject[]>>>;
  readonly user: UserBrief;
  /** What the voice channel knows of the caller and the task's speech configs (absent: presets only). */
  readonly voice?: ScenarioVoice;
  /** Free-form labels (persona, policy variant). */
  readonly labels: Readonly<Record<string, string>>;
  /** Notes for graders about the expected behaviour; never part of a prompt. */
  readonly graderNotes?: string;
  /** Deterministic checks of the conversation (absent: none declared). */
  readonly checks?: ScenarioChecks;
}

/**
 * The date a scenario runs at: `--today` (`override`) moves only a scenario
 * whose reference reads the system clock; any other keeps its own date. Live
 * runs, gold replay and recorded replay all take their date from here.
 */
export function scenarioToday(scenario: Pick<Scenario, "today" | "todayFromClock">, override: string | undefined): string {
  return scenario.todayFromClock && override ? override : scenario.today;
}

/**
 * A complete scenario value, checked as the reference checks its scenario
 * classes. The built-in domains, which build every field themselves, pass
 * theirs through this; an authored scenario goes through `defineScenario`.
 */
export function checkedScenario<S extends Scenario>(scenario: S): S {
  checkSuccessSignals(scenario.name, scenario.successSignals);
  return scenario;
}
