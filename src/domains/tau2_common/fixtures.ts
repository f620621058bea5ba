import type { z } from "zod";
import type { Tau2TaskSchema } from "./tasks-schema.js";

export { loadTau2Split, loadTau2Tasks, loadTau2VoiceTasks } from "../../loaders/load.js";

export type Tau2Task = z.infer<typeof Tau2TaskSchema>;

export interface Tau2UserInstructions {
  readonly reason_for_call: string;
  readonly known_info: string | null;
  readonly unknown_info: string | null;
  readonly task_instructions: string | null;
}

/** tau2 allows free-text instructions; treat them as the reason for the call. */
export function userInstructions(task: Tau2Task): Tau2UserInstructions {
  const ins = task.user_scenario.instructions;
  if (typeof ins === "string") return { reason_for_call: ins, known_info: null, unknown_info: null, task_instructions: null };
  return {
    reason_for_call: ins.reason_for_call,
    known_info: ins.known_info ?? null,
    unknown_info: ins.unknown_info ?? null,
    task_instructions: ins.task_instructions,
  };
}
