import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Scenario, SuccessSignal } from "../../engine/scenario.js";
import type { Side } from "../../engine/types.js";
import type { JsonObject } from "../../json/types.js";
import { tau2AgentPrompt, tau2UserPrompt } from "./prompts.js";
import { buildTau2Scenario } from "./scenario.js";
import { loadTau2TaskIndex } from "./task-index.js";

const textCache = new Map<string, string>();
/** Policy files are read once per process. */
export function readText(path: string): string {
  let t = textCache.get(path);
  if (t === undefined) textCache.set(path, (t = readFileSync(path, "utf8")));
  return t;
}

/**
 * The single-sided tau2 domains (airline, retail): `tau2_<d>__<id>`, the agent
 * DB only, `policy.md` as the agent prompt. NL assertions gate only when a
 * task has some (retail); airline's are ignored, as in the reference.
 */
export function singleSideTau2Scenarios(root: string, domain: string, agentDb: () => JsonObject, useNlAssertions: boolean): Scenario[] {
  const index = loadTau2TaskIndex(root, domain);
  const tasksFile = join(root, domain, "tasks.json");
  const policy = (): string => readText(join(root, domain, "policy.md"));
  return index.entries.map((entry) => {
    const nl = useNlAssertions ? (entry.task.evaluation_criteria?.nl_assertions ?? []) : [];
    const signals: SuccessSignal[] = nl.length > 0 ? ["db_state_match", "nl_assertion", "clean_exit"] : ["db_state_match", "clean_exit"];
    const scenario = buildTau2Scenario({
      entry,
      bucket: domain,
      domain,
      name: `${domain}__${entry.task.id}`,
      tasksFile,
      successSignals: signals,
      initialDbs: (): Partial<Record<Side, JsonObject>> => ({ agent: agentDb() }),
      agentPrompt: () => tau2AgentPrompt(policy()),
      userPrompt: () => tau2UserPrompt(entry.task),
    });
    return useNlAssertions ? scenario : { ...scenario, nlAssertions: [] };
  });
}
