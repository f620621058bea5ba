/**
 * One line of `eva_airline/eva_airline_dataset.jsonl`: the scenario's user
 * goal and persona, its context, and the expected end DB.
 */
import { z } from "zod";
import { int, pattern, type TypedDb } from "../../../loaders/schema-parts.js";
import { EvaScenarioDbSchema, type EvaScenarioDb } from "./scenario-db.js";

/** Also names the scenario DB file (`<id>.json`), so it never holds a path separator. */
export const EvaIdSchema = pattern(/^\d+\.\d+\.\d+$/, "an eva scenario id (<digits>.<digits>.<digits>)");

const DecisionTree = z.looseObject({
  must_have_criteria: z.array(z.string()),
  nice_to_have_criteria: z.array(z.string()),
  negotiation_behavior: z.array(z.string()),
  edge_cases: z.array(z.string()),
  resolution_condition: z.string(),
  failure_condition: z.string(),
  escalation_behavior: z.string(),
});

const UserGoal = z.looseObject({
  high_level_user_goal: z.string(),
  starting_utterance: z.string(),
  decision_tree: DecisionTree,
  // Free-form facts the simulated user may reveal, keyed by prose labels.
  information_required: z.record(z.string(), z.unknown()),
});

const UserConfig = z.looseObject({
  name: z.string(),
  gender: z.string(),
  user_persona: z.string(),
  user_persona_id: int(),
});

const ScenarioContext = z.looseObject({
  premise: z.string(),
  user_priorities: z.array(z.looseObject({ priority: z.string(), rank: int(), satisfied: z.boolean() })),
  adversarial_vector: z.string().optional(),
});

export const EvaDatasetEntrySchema = z.looseObject({
  id: EvaIdSchema,
  current_date_time: z.string(),
  user_goal: UserGoal,
  user_config: UserConfig,
  expected_flow: z.string(),
  scenario_context: ScenarioContext,
  ground_truth: z.looseObject({ expected_scenario_db: EvaScenarioDbSchema }),
});

/** The expected DB is handed to the engine as is, so it is typed as a JSON object too. */
export type EvaDatasetEntry = z.infer<typeof EvaDatasetEntrySchema> & {
  readonly ground_truth: { readonly expected_scenario_db: TypedDb<EvaScenarioDb> };
};
