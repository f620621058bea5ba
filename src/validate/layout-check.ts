/**
 * Check 1: every file a domain declares fits its schema. Collections are checked element by
 * element (each scenario DB, dataset line and task on its own), so every
 * failing element is reported with its file and JSON path.
 */
import { join } from "node:path";
import type { z } from "zod";
import { pyStrip } from "../python/strip.js";
import { isJsonObject, type JsonValue } from "../json/types.js";
import { LINE_BREAK, parseYamlFile } from "../loaders/load.js";
import { FixtureError, parseJsonText, readTextFile } from "../loaders/load-db.js";
import { findProblem, formatJsonPath } from "../loaders/schema-check.js";
import { type AddFinding, readJsonOrReport, reporter } from "../engine/data-checks/findings.js";
import { isFile, listNames } from "../loaders/files.js";
import { readDbOrReport } from "../engine/data-checks/read-db.js";
import type { DataFile } from "../engine/data-checks/layout.js";
import type { ValidationContext } from "../engine/data-checks/types.js";
import type { Domain } from "../engine/domain.js";
import { domainDir } from "../engine/domain-data.js";

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

function checkJsonLines(add: AddFinding, file: string, schema: z.ZodType, uniqueKey: string | undefined): void {
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
    checkValue(add, file, value, schema, line);
    if (uniqueKey === undefined) return;
    const id = isJsonObject(value) ? value[uniqueKey] : undefined;
    if (typeof id !== "string") return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, line);
    else add({ severity: "error", file, path: uniqueKey, message: `line ${line}: ${uniqueKey} ${JSON.stringify(id)} already used on line ${first}` });
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

/** An array item by item, then as a whole (repeated ids), only when every item fits. */
function checkArray(add: AddFinding, file: string, schema: z.ZodType, element: z.ZodType): void {
  const value = readJsonOrReport(file, add);
  if (value === undefined) return;
  if (!Array.isArray(value)) return checkValue(add, file, value, schema);
  let fits = true;
  value.forEach((item, i) => {
    const problem = findProblem(item, element);
    if (!problem) return;
    fits = false;
    add({ severity: "error", file, path: formatJsonPath([i, ...problem.path]), message: problem.detail });
  });
  if (fits) checkValue(add, file, value, schema);
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

/** One declared file (or family of files) of a domain folder. */
function checkFile(add: AddFinding, dir: string, file: DataFile): void {
  switch (file.kind) {
    case "json":
      return file.element ? checkArray(add, join(dir, file.path), file.schema, file.element) : checkJsonFile(add, join(dir, file.path), file.schema);
    case "json-lines":
      return checkJsonLines(add, join(dir, file.path), file.schema, file.uniqueKey);
    case "yaml":
      return checkYaml(add, join(dir, file.path), file.schema);
    case "db":
      return checkDb(add, join(dir, file.path), file.schema);
    case "json-each": {
      const names = listNames(dir, file.pattern);
      if (names.length === 0) add({ severity: "error", file: dir, message: `no ${file.what}` });
      for (const name of names) checkJsonFile(add, join(dir, name), file.schema);
    }
  }
}

/** Check 1 over every selected domain that declares its files. */
export const schemasCheck = {
  name: "schemas",
  run(ctx: ValidationContext, domains: readonly Domain[]) {
    const { findings, add } = reporter("schemas", ctx);
    for (const domain of domains) {
      const dir = domainDir(domain, ctx.dataRoot);
      for (const file of domain.fixtures?.files ?? []) checkFile(add, dir, file);
    }
    return findings;
  },
};
