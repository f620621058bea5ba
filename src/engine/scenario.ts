import type { JsonObject } from "../json/types.js";
import type { ScenarioVoice } from "./channel/types.js";
import type { Side, ToolCall } from "./types.js";

export type SuccessSignal =
  | "is_action_match"
  | "db_state_match"
  | "db_state_assertion"
  | "nl_assertion"
  | "judge_passed"
  | "clean_exit";

/** An initialization record after `env_type` → `side` translation. */
export interface InitRecord {
  readonly side: Side;
  readonly func_name: string;
  readonly arguments: JsonObject;
}

export interface DbStateAssertion {
  readonly side: Side;
  readonly func_name: string;
  readonly arguments: JsonObject;
  readonly assert_value: unknown;
  readonly message?: string | null;
}

/** What the simulated user knows and wants, in domain-neutral form. */
export interface UserBrief {
  readonly opening: string;
  readonly goal: string;
  readonly knownInfo: string;
  readonly unknownInfo: string;
  readonly instructions: string;
}

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
  readonly user: UserBrief;
  /** What the voice channel knows of the caller and the task's speech configs (absent: presets only). */
  readonly voice?: ScenarioVoice;
  /** Free-form labels (persona, policy variant). */
  readonly labels: Readonly<Record<string, string>>;
}
