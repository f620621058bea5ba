/**
 * Check 1: every fixture fits its schema. Collections are checked element by
 * element (each scenario DB, dataset line and task on its own), so every
 * failing element is reported with its file and JSON path.
 */
import { join } from "node:path";
import type { z } from "zod";
import { pyStrip } from "../python/strip.js";
import { isJsonObject, type JsonValue } from "../json/types.js";
import { LINE_BREAK, parseYamlFile } from "../loaders/load.js";
import { FixtureError, parseJsonText, readTextFile } from "../loaders/load-db.js";
import { EvaAgentConfigSchema } from "../domains/eva_airline/schemas/agent-config.js";
import { EvaDatasetEntrySchema } from "../domains/eva_airline/schemas/dataset.js";
import { EvaScenarioDbSchema } from "../domains/eva_airline/schemas/scenario-db.js";
import { Tau2AirlineDbSchema } from "../domains/tau2_airline/db-schema.js";
import { Tau2RetailDbSchema } from "../domains/tau2_retail/db-schema.js";
import { Tau2SplitSchema, Tau2TaskSchema, Tau2TasksSchema, Tau2VoiceTasksSchema } from "../domains/tau2_common/tasks-schema.js";
import { Tau2TelecomDbSchema } from "../domains/tau2_telecom/db-schema.js";
import { Tau2TelecomUserDbSchema } from "../domains/tau2_telecom/user-db-schema.js";
import { findProblem, formatJsonPath } from "../loaders/schema-check.js";
import { type AddFinding, isFile, listNames, readJsonOrReport, reporter } from "../engine/data-checks/findings.js";
import { readDbOrReport } from "../engine/data-checks/read-db.js";
import type { Check, FixtureDomain } from "../engine/data-checks/types.js";

export const EVA_SCENARIO_FILE = /^\d+\.\d+\.\d+\.json$/;

function checkValue(add: AddFinding, file: string, value: unknown, schema: z.ZodType, line?: number): void {
  const problem = findProblem(value, schema);
  if (!problem) return;
  const path = formatJsonPath(problem.path);
  const message = line === undefined ? problem.detail : `line ${line}: ${problem.detail}`;
  add({ severity: "error", file, ...(path ? { path } : {}), message });
}

function checkJsonFile(add: AddFinding, file: string, schema: z.ZodType): void {
  const value = readJsonOrReport(file, add);
  if (value !== undefined) checkValue(add, file, value, schema);
}

function reportFixtureError(add: AddFinding, e: unknown): void {
  if (!(e instanceof FixtureError)) throw e;
  const line = e.line === undefined ? "" : `line ${e.line}: `;
  add({ severity: "error", file: e.file, ...(e.jsonPath ? { path: e.jsonPath } : {}), message: line + e.detail });
}

function checkDataset(add: AddFinding, file: string): void {
  if (!isFile(file)) return add({ severity: "error", file, message: "file not found" });
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    return reportFixtureError(add, e);
  }
  const seen = new Map<string, number>();
  text.split(LINE_BREAK).forEach((lineText, i) => {
    const line = i + 1;
    if (pyStrip(lineText) === "") return;
    let value: JsonValue;
    try {
      value = parseJsonText(lineText, file, line);
    } catch (e) {
      return reportFixtureError(add, e);
    }
    checkValue(add, file, value, EvaDatasetEntrySchema, line);
    const id = isJsonObject(value) ? value["id"] : undefined;
    if (typeof id !== "string") return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, line);
    else add({ severity: "error", file, path: "id", message: `line ${line}: id ${JSON.stringify(id)} already used on line ${first}` });
  });
}

function checkYaml(add: AddFinding, file: string, schema: z.ZodType): void {
  if (!isFile(file)) return add({ severity: "error", file, message: "file not found" });
  try {
    checkValue(add, file, parseYamlFile(file), schema);
  } catch (e) {
    reportFixtureError(add, e);
  }
}

/** Tasks one by one, then the file as a whole (repeated ids), only when every task fits. */
function checkTasks(add: AddFinding, file: string): void {
  const value = readJsonOrReport(file, add);
  if (value === undefined) return;
  if (!Array.isArray(value)) return checkValue(add, file, value, Tau2TasksSchema);
  let fits = true;
  value.forEach((task, i) => {
    const problem = findProblem(task, Tau2TaskSchema);
    if (!problem) return;
    fits = false;
    add({ severity: "error", file, path: formatJsonPath([i, ...problem.path]), message: problem.detail });
  });
  if (fits) checkValue(add, file, value, Tau2TasksSchema);
}

/** A DB artifact; problems in a shard name the shard file. */
function checkDb(add: AddFinding, stem: string, schema: z.ZodType): void {
  const artifact = readDbOrReport(stem, add);
  if (!artifact) return;
  const problem = findProblem(artifact.db, schema);
  if (!problem) return;
  const top = problem.path[0];
  const shard = typeof top === "string" ? artifact.shards?.[top] : undefined;
  const path = formatJsonPath(shard ? problem.path.slice(1) : problem.path);
  add({ severity: "error", file: shard ?? artifact.path, ...(path ? { path } : {}), message: problem.detail });
}

function checkEva(add: AddFinding, dir: string): void {
  const dbs = listNames(dir, EVA_SCENARIO_FILE);
  if (dbs.length === 0) add({ severity: "error", file: dir, message: "no scenario DBs (<digits>.<digits>.<digits>.json)" });
  for (const name of dbs) checkJsonFile(add, join(dir, name), EvaScenarioDbSchema);
  checkDataset(add, join(dir, "eva_airline_dataset.jsonl"));
  checkYaml(add, join(dir, "airline_agent.yaml"), EvaAgentConfigSchema);
}

function checkTau2(add: AddFinding, dir: string, dbSchema: z.ZodType): void {
  checkDb(add, join(dir, "db"), dbSchema);
  checkTasks(add, join(dir, "tasks.json"));
  checkJsonFile(add, join(dir, "tasks_voice.json"), Tau2VoiceTasksSchema);
  checkJsonFile(add, join(dir, "split_tasks.json"), Tau2SplitSchema);
}

/** Each domain's fixture layout, checked from its folder. */
const LAYOUTS = {
  eva_airline: checkEva,
  tau2_airline: (add, dir) => checkTau2(add, dir, Tau2AirlineDbSchema),
  tau2_retail: (add, dir) => checkTau2(add, dir, Tau2RetailDbSchema),
  tau2_telecom: (add, dir) => {
    checkTau2(add, dir, Tau2TelecomDbSchema);
    checkDb(add, join(dir, "user_db"), Tau2TelecomUserDbSchema);
  },
} satisfies Record<FixtureDomain, (add: AddFinding, dir: string) => void>;

export const schemasCheck: Check = {
  name: "schemas",
  domains: ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"],
  run(ctx, domains) {
    const { findings, add } = reporter("schemas", ctx);
    for (const domain of domains) LAYOUTS[domain](add, join(ctx.dataRoot, domain));
    return findings;
  },
};
