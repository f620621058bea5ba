/**
 * Check 5: every id a call names exists in the DB the call targets. For tau2,
 * the calls are each task's initialization actions, gold actions and env
 * assertions, in the order they run (ids an init action creates resolve for
 * the calls after it). For eva, they are evalsim's gold trajectories against
 * their scenario DB.
 *
 * A dangling id in upstream tasks is a warning (a known-divergence entry
 * names its defect id `<domain>:<table>:<id>` to excuse it); one in evalsim's
 * own gold trajectories is an error.
 */
import { join } from "node:path";
import { isJsonObject, type JsonObject, type JsonValue } from "../json/types.js";
import { formatJsonPath } from "../loaders/schema-check.js";
import { type AddFinding, isFile, listNames, readJsonOrReport, reporter } from "../engine/data-checks/findings.js";
import { readDbOrReport } from "../engine/data-checks/read-db.js";
import { describeDangling, type RefDbs, ruleFor, type RefRules } from "../engine/data-checks/reference-rules.js";
import { EVA_AIRLINE_REFERENCES } from "../domains/eva_airline/reference-rules.js";
import { TAU2_AIRLINE_REFERENCES } from "../domains/tau2_airline/reference-rules.js";
import { TAU2_RETAIL_REFERENCES } from "../domains/tau2_retail/reference-rules.js";
import { TAU2_TELECOM_REFERENCES } from "../domains/tau2_telecom/reference-rules.js";
import type { Check, FixtureDomain, ValidationContext } from "../engine/data-checks/types.js";

type Tau2Domain = Exclude<FixtureDomain, "eva_airline">;

const TAU2_RULES = {
  tau2_airline: TAU2_AIRLINE_REFERENCES,
  tau2_retail: TAU2_RETAIL_REFERENCES,
  tau2_telecom: TAU2_TELECOM_REFERENCES,
} satisfies Record<Tau2Domain, RefRules>;

/** Where a task keeps its calls, in the order the harness runs them. */
const CALL_LISTS = [
  { path: ["initial_state", "initialization_actions"], nameKey: "func_name" },
  { path: ["evaluation_criteria", "actions"], nameKey: "name" },
  { path: ["evaluation_criteria", "env_assertions"], nameKey: "func_name" },
] as const;


function checkTasks(ctx: ValidationContext, add: AddFinding, domain: Tau2Domain): void {
  const dir = join(ctx.dataRoot, domain);
  const file = join(dir, "tasks.json");
  const tasks = readJsonOrReport(file, add);
  const agent = readDbOrReport(join(dir, "db"), add)?.db;
  const user = domain === "tau2_telecom" ? readDbOrReport(join(dir, "user_db"), add)?.db : undefined;
  if (!Array.isArray(tasks) || !agent) return;
  const dbs: RefDbs = user ? { agent, user } : { agent };
  const table = TAU2_RULES[domain];
  tasks.forEach((task, i) => {
    if (!isJsonObject(task)) return;
    const created = new Set<string>();
    for (const list of CALL_LISTS) {
      const calls = listAt(task, list.path);
      if (!Array.isArray(calls)) continue;
      calls.forEach((call, j) => {
        const name = isJsonObject(call) ? call[list.nameKey] : undefined;
        const args = isJsonObject(call) ? call["arguments"] : undefined;
        if (typeof name !== "string" || !isJsonObject(args)) return;
        for (const d of ruleFor(table, name)?.(args, dbs, created) ?? []) {
          add({
            severity: "warning",
            file,
            path: formatJsonPath([i, ...list.path, j, "arguments", ...d.arg]),
            message: `task ${JSON.stringify(task["id"])}: ${describeDangling(name, d)}`,
            defect: `${domain}:${d.table}:${d.id}`,
          });
        }
      });
    }
  });
}

function listAt(o: JsonObject, path: readonly [string, string]): JsonValue | undefined {
  const parent = o[path[0]];
  return isJsonObject(parent) ? parent[path[1]] : undefined;
}

function checkEvaGold(ctx: ValidationContext, add: AddFinding): void {
  for (const name of listNames(ctx.evaGoldDir, /\.json$/)) {
    const file = join(ctx.evaGoldDir, name);
    const gold = readJsonOrReport(file, add);
    const evaId = isJsonObject(gold) ? gold["eva_id"] : undefined;
    const calls = isJsonObject(gold) ? gold["calls"] : undefined;
    if (typeof evaId !== "string" || !Array.isArray(calls)) {
      if (gold !== undefined) add({ severity: "error", file, message: "expected {eva_id, calls: [...]}" });
      continue;
    }
    const dbFile = join(ctx.dataRoot, "eva_airline", `${evaId}.json`);
    if (!isFile(dbFile)) {
      add({ severity: "error", file, path: "eva_id", message: `no scenario DB ${evaId}.json for this gold trajectory` });
      continue;
    }
    const db = readJsonOrReport(dbFile, add);
    if (!isJsonObject(db)) continue;
    calls.forEach((call, j) => {
      const tool = isJsonObject(call) ? call["name"] : undefined;
      const args = isJsonObject(call) ? call["arguments"] : undefined;
      if (typeof tool !== "string" || !isJsonObject(args)) return;
      for (const d of ruleFor(EVA_AIRLINE_REFERENCES, tool)?.(args, { agent: db }, new Set()) ?? []) {
        const path = formatJsonPath(["calls", j, "arguments", ...d.arg]);
        add({ severity: "error", file, path, message: `gold ${evaId}: ${describeDangling(tool, d)}`, scenario: evaId });
      }
    });
  }
}

export const referencesCheck: Check = {
  name: "references",
  domains: ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"],
  run(ctx, domains) {
    const { findings, add } = reporter("references", ctx);
    for (const domain of domains) {
      if (domain === "eva_airline") checkEvaGold(ctx, add);
      else checkTasks(ctx, add, domain);
    }
    return findings;
  },
};
