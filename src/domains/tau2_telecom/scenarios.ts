/**
 * The 228 telecom scenarios: every base-split voice task twice, once per
 * policy variant (`manual`, `workflow`), sharing the domain `tau2_telecom`.
 */
import { join } from "node:path";
import type { Scenario, SuccessSignal } from "../../engine/scenario.js";
import type { Side } from "../../engine/types.js";
import { FixtureError } from "../../loaders/load-db.js";
import { loadTelecomDb, loadTelecomUserDb } from "./data.js";
import type { JsonObject } from "../../json/types.js";
import { readText } from "../tau2_common/domain-scenarios.js";
import { buildTau2Scenario } from "../tau2_common/scenario.js";
import { loadTau2TaskIndex } from "../tau2_common/task-index.js";
import { telecomAgentPrompt, telecomUserPrompt } from "./prompts.js";

export const POLICY_VARIANTS = ["manual", "workflow"] as const;
export type PolicyVariant = (typeof POLICY_VARIANTS)[number];

const TASK_ID = /^\[([^\]]+)\](.*)\[PERSONA:([^\]]+)\]$/;

/** `[issue]f1|f2[PERSONA:P]` → `issue__f1__f2` plus `__easy`/`__hard` unless P is None. */
export function telecomNameSuffix(taskId: string, file: string): string {
  const m = TASK_ID.exec(taskId);
  if (!m) throw new FixtureError(file, `[id=${taskId}].id`, "expected a telecom task id of the form [issue]fault|fault[PERSONA:P]");
  const [, issue, faults, persona] = m as unknown as [string, string, string, string];
  const parts = [issue, ...faults.split("|").filter((f) => f !== "")];
  if (persona !== "None") parts.push(persona.toLowerCase());
  return parts.join("__");
}

export function bucketFor(variant: PolicyVariant): string {
  return variant === "manual" ? "tau2_telecom" : "tau2_telecom_workflow";
}

export function telecomScenarios(root: string): Scenario[] {
  const index = loadTau2TaskIndex(root, "tau2_telecom");
  const dir = join(root, "tau2_telecom");
  const tasksFile = join(dir, "tasks.json");
  const policy = (variant: PolicyVariant): string =>
    `${readText(join(dir, "main_policy.md")).trim()}\n\n---\n\n${readText(join(dir, `tech_support_${variant}.md`)).trim()}`;
  const dbs = (): Partial<Record<Side, JsonObject>> => ({ agent: loadTelecomDb(root), user: loadTelecomUserDb(root) });
  const out: Scenario[] = [];
  for (const variant of POLICY_VARIANTS) {
    const bucket = bucketFor(variant);
    for (const entry of index.entries) {
      const nl = entry.task.evaluation_criteria?.nl_assertions ?? [];
      const signals: SuccessSignal[] = nl.length > 0 ? ["db_state_assertion", "nl_assertion", "clean_exit"] : ["db_state_assertion", "clean_exit"];
      out.push(
        buildTau2Scenario({
          entry,
          bucket,
          domain: "tau2_telecom",
          name: `${bucket}__${telecomNameSuffix(entry.task.id, tasksFile)}`,
          tasksFile,
          successSignals: signals,
          initialDbs: dbs,
          agentPrompt: () => telecomAgentPrompt(policy(variant)),
          userPrompt: () => telecomUserPrompt(entry.task),
          labels: { policy_variant: variant },
        }),
      );
    }
  }
  return out;
}
