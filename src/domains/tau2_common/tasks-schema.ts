/**
 * tau2 task files of one domain:
 *  - `tasks.json`: task definitions (tau2's `Task` model, which admits unknown
 *    fields: airline tasks carry `annotations`, retail ones `issues`);
 *  - `tasks_voice.json`: the voice-eligible ids and their persona presets;
 *  - `split_tasks.json`: split name -> task ids.
 */
import { z } from "zod";
import { int } from "../../loaders/schema-parts.js";

export const TOOL_REQUESTORS = ["user", "assistant"] as const;
export const REWARD_TYPES = ["DB", "ENV_ASSERTION", "NL_ASSERTION", "ACTION", "COMMUNICATE"] as const;

const Requestor = z.enum(TOOL_REQUESTORS);
const Arguments = z.record(z.string(), z.unknown());
const optionalText = () => z.string().nullable().optional();

const StructuredUserInstructions = z.looseObject({
  domain: z.string(),
  reason_for_call: z.string(),
  known_info: optionalText(),
  unknown_info: optionalText(),
  task_instructions: z.string(),
});

const UserScenario = z.looseObject({
  persona: optionalText(),
  instructions: z.union([StructuredUserInstructions, z.string()]),
});

const Description = z.looseObject({
  purpose: optionalText(),
  relevant_policies: optionalText(),
  notes: optionalText(),
});

const Action = z.looseObject({
  action_id: z.string(),
  /** Absent means "assistant". */
  requestor: Requestor.optional(),
  name: z.string(),
  arguments: Arguments,
  info: optionalText(),
  compare_args: z.array(z.string()).nullable().optional(),
});

const EnvFunctionCall = z.looseObject({
  env_type: Requestor,
  func_name: z.string(),
  arguments: Arguments,
});

const EnvAssertion = EnvFunctionCall.extend({
  /** Absent means true. */
  assert_value: z.boolean().optional(),
  message: optionalText(),
});

const EvaluationCriteria = z.looseObject({
  actions: z.array(Action).nullable().optional(),
  env_assertions: z.array(EnvAssertion).nullable().optional(),
  communicate_info: z.array(z.string()).nullable().optional(),
  nl_assertions: z.array(z.string()).nullable().optional(),
  reward_basis: z.array(z.enum(REWARD_TYPES)).optional(),
});

const InitialState = z.looseObject({
  initialization_data: z
    .looseObject({
      agent_data: z.record(z.string(), z.unknown()).nullable().optional(),
      user_data: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .nullable()
    .optional(),
  initialization_actions: z.array(EnvFunctionCall).nullable().optional(),
  message_history: z.array(z.looseObject({})).nullable().optional(),
});

const TaskIssue = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: optionalText(),
  status: z.enum(["open", "resolved", "wont_fix"]).optional(),
});

export const Tau2TaskSchema = z.looseObject({
  id: z.string(),
  description: Description.nullable().optional(),
  user_scenario: UserScenario,
  ticket: optionalText(),
  initial_state: InitialState.nullable().optional(),
  evaluation_criteria: EvaluationCriteria.nullable().optional(),
  issues: z.array(TaskIssue).nullable().optional(),
});

/**
 * The reference indexes tasks by id, so a repeated id would silently hide
 * the earlier task; here it is an error.
 */
export const Tau2TasksSchema = z.array(Tau2TaskSchema).superRefine((tasks, ctx) => {
  const firstIndex = new Map<string, number>();
  tasks.forEach((task, i) => {
    const seen = firstIndex.get(task.id);
    if (seen === undefined) firstIndex.set(task.id, i);
    else ctx.addIssue({ code: "custom", path: [i, "id"], message: `an id not already used (by task [${seen}])` });
  });
});

const VoicePreset = z.looseObject({
  /** A label for metric slicing only. */
  persona_name: z.string().nullable().optional(),
});

export const Tau2VoiceTasksSchema = z.looseObject({
  base_seed: int().optional(),
  /** Task id -> acoustic presets (`control`, `regular`, ...). */
  configs: z.record(z.string(), z.looseObject({ configs: z.record(z.string(), VoicePreset).optional() })),
});

export const Tau2SplitSchema = z.record(z.string(), z.array(z.string()));

export type Tau2Task = z.infer<typeof Tau2TaskSchema>;
export type Tau2Tasks = z.infer<typeof Tau2TasksSchema>;
export type Tau2VoiceTasks = z.infer<typeof Tau2VoiceTasksSchema>;
export type Tau2Split = z.infer<typeof Tau2SplitSchema>;
