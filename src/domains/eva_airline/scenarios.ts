/**
 * The 50 eva_airline scenarios, derived from the dataset and the scenario
 * DBs alone (no per-scenario code). Gold trajectories are evalsim's own data
 * under `data/eva_airline/gold/`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Scenario } from "../../engine/scenario.js";
import { checkedScenario } from "../../engine/scenario.js";
import { deepFreeze } from "../../json/freeze.js";
import type { ToolCall } from "../../engine/types.js";
import { PROJECT_ROOT } from "../../loaders/data-root.js";
import { FixtureError, readJsonFile } from "../../loaders/load-db.js";
import type { JsonObject } from "../../json/types.js";
import { knownInfoProse } from "./known-info.js";
import { evaAgentPrompt, evaUserPrompt } from "./prompts.js";
import { loadEvaAgentConfig, loadEvaDataset, loadEvaScenarioDb } from "./data.js";

/** NeMo's five named seeds; every other scenario is `eva_airline__<id with _>`. */
const SEED_NAMES: Readonly<Record<string, string>> = {
  "1.1.2": "voluntary_date_change",
  "2.1.1": "irrops_cancellation",
  "3.1.3": "missed_flight_standby",
  "5.1.1": "cancellation_refund",
  "7.2.1": "escalation_edge_case",
};

export function evaScenarioName(evaId: string): string {
  return `eva_airline__${SEED_NAMES[evaId] ?? evaId.replace(/\./g, "_")}`;
}

export const EVA_GOLD_DIR = join(PROJECT_ROOT, "data", "eva_airline", "gold");

export interface EvaGoldTrajectory {
  readonly eva_id: string;
  readonly calls: readonly ToolCall[];
  readonly note: string;
}

function loadGold(evaId: string): EvaGoldTrajectory | undefined {
  const file = join(EVA_GOLD_DIR, `${evaId}.json`);
  if (!existsSync(file)) return undefined;
  const raw = readJsonFile(file) as JsonObject;
  const calls = raw["calls"];
  if (raw["eva_id"] !== evaId || !Array.isArray(calls)) {
    throw new FixtureError(file, raw["eva_id"] !== evaId ? "eva_id" : "calls", `expected eva_id '${evaId}' and a calls array`);
  }
  calls.forEach((c, i) => {
    const call = c as JsonObject;
    if (typeof call["name"] !== "string") throw new FixtureError(file, `calls[${i}].name`, "expected a tool name string");
  });
  return deepFreeze(raw as unknown as EvaGoldTrajectory);
}

/** eva ids that have a gold trajectory file. */
export function evaGoldIds(): string[] {
  if (!existsSync(EVA_GOLD_DIR)) return [];
  return readdirSync(EVA_GOLD_DIR)
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5));
}

export function evaScenarios(dataRoot: string): Scenario[] {
  const dataset = loadEvaDataset(dataRoot);
  const config = loadEvaAgentConfig(dataRoot);
  return dataset.map((record) => {
    const evaId = record.id;
    const db = (): JsonObject => loadEvaScenarioDb(dataRoot, evaId);
    const today = String(db()["_current_date"]);
    const goal = record.user_goal;
    return checkedScenario({
      name: evaScenarioName(evaId),
      bucket: "eva_airline",
      domain: "eva_airline",
      upstreamId: evaId,
      description: goal.high_level_user_goal,
      successSignals: ["db_state_match", "clean_exit"],
      today,
      todayFromClock: false,
      initialDbs: () => ({ agent: db() }),
      initializationActions: [],
      dbStateAssertions: [],
      nlAssertions: [],
      goldCalls: () => loadGold(evaId)?.calls.map((c) => ({ ...c, side: "agent" as const })) ?? [],
      shippedExpectedDb: () => record.ground_truth.expected_scenario_db,
      agentPrompt: () => evaAgentPrompt(config.role, config.instructions, today),
      userPrompt: () => evaUserPrompt(record as unknown as JsonObject),
      user: {
        opening: goal.starting_utterance,
        goal: goal.high_level_user_goal,
        knownInfo: knownInfoProse(goal.information_required ?? {}),
        unknownInfo: "",
        instructions: "",
      },
      // The eva agent is told never to read journey ids aloud.
      voice: { neverSpokenFields: ["journey_id", "new_journey_id", "old_journey_id"] },
      labels: { persona: record.user_config?.name ?? "" },
    } satisfies Scenario);
  });
}
