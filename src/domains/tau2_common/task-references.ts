/**
 * The calls a tau2 task makes, for the id check: its initialization actions,
 * gold actions and env assertions, in the order the harness runs them. A
 * dangling id in upstream tasks is a warning (a known-divergence entry names
 * its defect id `<domain>:<table>:<id>` to excuse it).
 */
import { join } from "node:path";
import { readJsonOrReport } from "../../engine/data-checks/findings.js";
import type { ReferenceGroup, ReferencedCall, ReferenceSpec } from "../../engine/data-checks/layout.js";
import { readDbOrReport } from "../../engine/data-checks/read-db.js";
import type { RefDbs, RefRules } from "../../engine/data-checks/reference-rules.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../../json/types.js";

/** Where a task keeps its calls, in the order the harness runs them. */
const CALL_LISTS = [
  { path: ["initial_state", "initialization_actions"], nameKey: "func_name" },
  { path: ["evaluation_criteria", "actions"], nameKey: "name" },
  { path: ["evaluation_criteria", "env_assertions"], nameKey: "func_name" },
] as const;

function listAt(o: JsonObject, path: readonly [string, string]): JsonValue | undefined {
  const parent = o[path[0]];
  return isJsonObject(parent) ? parent[path[1]] : undefined;
}

function taskCalls(task: JsonObject, i: number): ReferencedCall[] {
  const out: ReferencedCall[] = [];
  for (const list of CALL_LISTS) {
    const calls = listAt(task, list.path);
    if (!Array.isArray(calls)) continue;
    calls.forEach((call, j) => {
      const name = isJsonObject(call) ? call[list.nameKey] : undefined;
      const args = isJsonObject(call) ? call["arguments"] : undefined;
      if (typeof name === "string" && isJsonObject(args)) out.push({ path: [i, ...list.path, j, "arguments"], name, args });
    });
  }
  return out;
}

/** The id check of a tau2 domain; `userDb` when the domain has a user side (`user_db`). */
export function tau2TaskReferences(domain: string, rules: RefRules, userDb: boolean): ReferenceSpec {
  return {
    rules,
    groups(_ctx, dir, add): ReferenceGroup[] {
      const file = join(dir, "tasks.json");
      const tasks = readJsonOrReport(file, add);
      const agent = readDbOrReport(join(dir, "db"), add)?.db;
      const user = userDb ? readDbOrReport(join(dir, "user_db"), add)?.db : undefined;
      if (!Array.isArray(tasks) || !agent) return [];
      const dbs: RefDbs = user ? { agent, user } : { agent };
      return tasks.flatMap((task, i) =>
        isJsonObject(task)
          ? [{ file, label: `task ${JSON.stringify(task["id"])}`, dbs, calls: taskCalls(task, i), severity: "warning" as const, defectPrefix: domain }]
          : [],
      );
    },
  };
}
