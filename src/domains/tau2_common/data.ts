import { join } from "node:path";
import type { z } from "zod";
import type { DataFile } from "../../engine/data-checks/layout.js";
import { loadJsonData } from "../../loaders/load.js";
import { Tau2SplitSchema, Tau2TaskSchema, Tau2TasksSchema, Tau2VoiceTasksSchema, type Tau2Split, type Tau2Tasks, type Tau2VoiceTasks } from "./tasks-schema.js";

export type Tau2Task = z.infer<typeof Tau2TaskSchema>;

/** The files every tau2 domain folder holds besides its DBs. */
export const TAU2_TASK_FILES: readonly DataFile[] = [
  { kind: "json", path: "tasks.json", schema: Tau2TasksSchema, element: Tau2TaskSchema },
  { kind: "json", path: "tasks_voice.json", schema: Tau2VoiceTasksSchema },
  { kind: "json", path: "split_tasks.json", schema: Tau2SplitSchema },
];

export function loadTau2Tasks(root: string, domain: string): Tau2Tasks {
  return loadJsonData(root, join(root, domain, "tasks.json"), Tau2TasksSchema);
}

export function loadTau2VoiceTasks(root: string, domain: string): Tau2VoiceTasks {
  return loadJsonData(root, join(root, domain, "tasks_voice.json"), Tau2VoiceTasksSchema);
}

export function loadTau2Split(root: string, domain: string): Tau2Split {
  return loadJsonData(root, join(root, domain, "split_tasks.json"), Tau2SplitSchema);
}

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
