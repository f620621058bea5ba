/**
 * Check 3c: initialization records and env assertions name a side the
 * harness knows (`env_type` user | assistant), and the scenarios evalsim
 * builds carry them translated as NeMo's `_normalize_env_record` does:
 * `env_type` becomes `side`, "assistant" becomes "agent", and nothing else
 * changes. Checked independently of the translation code it verifies.
 */
import { join } from "node:path";
import type { DbStateAssertion, InitRecord, Scenario } from "../../engine/scenario.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../../json/types.js";
import { FixtureError } from "../../loaders/load-db.js";
import { formatJsonPath } from "../../loaders/schema-check.js";
import { type AddFinding, readJsonOrReport, reporter } from "../../engine/data-checks/findings.js";
import { jsonDifferences } from "../../engine/data-checks/json-diff.js";
import type { Check, ValidationContext } from "../../engine/data-checks/types.js";

const SIDES: Readonly<Record<string, "agent" | "user">> = { assistant: "agent", user: "user" };

const LISTS = [
  { key: "initialization_actions", parent: "initial_state" },
  { key: "env_assertions", parent: "evaluation_criteria" },
] as const;

interface Translated {
  readonly init: JsonValue[];
  readonly assertions: JsonValue[];
}

function recordsOf(task: JsonObject, list: (typeof LISTS)[number]): JsonValue[] {
  const parent = task[list.parent];
  const records = isJsonObject(parent) ? parent[list.key] : undefined;
  return Array.isArray(records) ? records : [];
}

/** Each task's records in translated form; a record with another env_type is reported and left out. */
function translateTasks(add: AddFinding, file: string, tasks: readonly JsonValue[]): Map<string, Translated> {
  const out = new Map<string, Translated>();
  tasks.forEach((task, i) => {
    if (!isJsonObject(task) || typeof task["id"] !== "string") return;
    const [init, assertions] = LISTS.map((list) =>
      recordsOf(task, list).flatMap((r, j): JsonValue[] => {
        const envType = isJsonObject(r) ? r["env_type"] : undefined;
        const side = typeof envType === "string" && Object.hasOwn(SIDES, envType) ? SIDES[envType] : undefined;
        if (isJsonObject(r) && side) return [{ ...r, side }];
        const path = formatJsonPath([i, list.parent, list.key, j, "env_type"]);
        add({ severity: "error", file, path, message: `expected "user" or "assistant", found ${JSON.stringify(envType ?? null)}` });
        return [];
      }),
    ) as [JsonValue[], JsonValue[]];
    out.set(task["id"], { init, assertions });
  });
  return out;
}

/** What a scenario must carry for one raw record (NeMo reads an absent assert_value as None). */
function expectedInit(r: JsonValue): JsonValue {
  const o = r as JsonObject;
  return { side: o["side"] ?? null, func_name: o["func_name"] ?? null, arguments: o["arguments"] ?? {} };
}

function expectedAssertion(r: JsonValue): JsonValue {
  const o = r as JsonObject;
  return { ...(expectedInit(r) as JsonObject), assert_value: o["assert_value"] ?? null, message: o["message"] ?? null };
}

function asJson(records: readonly (InitRecord | DbStateAssertion)[]): JsonValue[] {
  return records.map((r) => JSON.parse(JSON.stringify(r)) as JsonValue);
}

function compareScenario(add: AddFinding, file: string, scenario: Scenario, t: Translated): void {
  const pairs = [
    ["initializationActions", t.init.map(expectedInit), asJson(scenario.initializationActions)],
    ["dbStateAssertions", t.assertions.map(expectedAssertion), asJson(scenario.dbStateAssertions)],
  ] as const;
  for (const [what, expected, actual] of pairs) {
    const first = jsonDifferences(expected, actual).find((d) => d.kind !== "order");
    if (!first) continue;
    const message = `scenario ${scenario.name}: ${what}${formatJsonPath(first.path) ? ` at ${formatJsonPath(first.path)}` : ""} disagrees with the task's records`;
    add({ severity: "error", file, message, scenario: scenario.name });
  }
}

function scenariosOf(ctx: ValidationContext, add: AddFinding, domain: string, file: string): readonly Scenario[] {
  try {
    return ctx.scenarios(domain);
  } catch (e) {
    if (!(e instanceof FixtureError)) throw e;
    add({ severity: "error", file, message: `scenarios could not be built: ${e.message}` });
    return [];
  }
}

export const envSidesCheck: Check = {
  name: "env-sides",
  run(ctx, domains) {
    const { findings, add } = reporter("env-sides", ctx);
    for (const domain of domains) {
      const file = join(ctx.dataRoot, domain, "tasks.json");
      const tasks = readJsonOrReport(file, add);
      if (!Array.isArray(tasks)) continue;
      const before = findings.length;
      const translated = translateTasks(add, file, tasks);
      if (findings.length > before) continue; // scenarios would not build
      for (const scenario of scenariosOf(ctx, add, domain, file)) {
        const t = translated.get(scenario.upstreamId);
        if (t) compareScenario(add, file, scenario, t);
      }
    }
    return findings;
  },
};
