/**
 * Check 3a: `tau2_telecom/{db,user_db}.json` are the upstream TOML files
 * passed through the telecom models: the TOML's values, plus each absent
 * field at its model default, fields in model order. Every field a default
 * added is reported (a warning that a known-divergence entry may excuse);
 * anything else that differs is an error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml, TomlDate, TomlError } from "smol-toml";
import { isJsonObject, type JsonObject, type JsonValue } from "../../../json/types.js";
import { formatJsonPath } from "../../../loaders/schema-check.js";
import { type AddFinding, displayPath, readJsonOrReport, reporter } from "../../../engine/data-checks/findings.js";
import { isDir, isFile } from "../../../loaders/files.js";
import { jsonDifferences, type JsonDifference } from "../../../engine/data-checks/json-diff.js";
import { materialize, type FilledField } from "./materialize.js";
import { TELECOM_DB_MODEL, TELECOM_USER_DB_MODEL, type ModelSpec } from "./model-defaults.js";
import type { Check, ValidationContext } from "../../../engine/data-checks/types.js";
import { TAU2_UPSTREAM_FOLDER } from "../../../loaders/upstream-sources.js";

/** The defect id a known-divergence entry names to excuse the defaults the conversion wrote out. */
export const TELECOM_DEFAULTS_DEFECT = "tau2_telecom:model-defaults-materialized";

/** TOML values as JSON: date-time literals become the ISO strings pydantic would dump. */
function tomlToJson(v: unknown): JsonValue {
  if (v instanceof TomlDate) return v.toISOString();
  if (Array.isArray(v)) return v.map(tomlToJson);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tomlToJson(x)]));
  return v as JsonValue;
}

function readToml(add: AddFinding, file: string): JsonObject | undefined {
  if (!isFile(file)) {
    add({ severity: "error", file, message: "file not found" });
    return undefined;
  }
  try {
    return tomlToJson(parseToml(readFileSync(file, "utf8"))) as JsonObject;
  } catch (e) {
    if (!(e instanceof TomlError)) throw e;
    add({ severity: "error", file, message: `invalid TOML: ${e.message.split("\n")[0] ?? ""} (line ${e.line}, column ${e.column})` });
    return undefined;
  }
}

const show = (v: JsonValue): string => JSON.stringify(typeof v === "bigint" ? String(v) : v);

function describe(d: JsonDifference, filled: ReadonlyMap<string, FilledField>, toml: string): string {
  const fromDefault = filled.has(formatJsonPath(d.path));
  switch (d.kind) {
    case "missing":
      return `missing; expected ${show(d.expected)} (${fromDefault ? "the model default" : `from ${toml}`})`;
    case "extra":
      return `not in ${toml} and not a model default, found ${show(d.actual)}`;
    case "value":
      return `expected ${show(d.expected)} (${fromDefault ? `the model default; ${toml} has no value` : `from ${toml}`}), found ${show(d.actual)}`;
    case "order":
      return `fields out of model order: expected ${d.expected.join(", ")}; found ${d.actual.join(", ")}`;
    default:
      return d satisfies never;
  }
}

function compareConverted(ctx: ValidationContext, add: AddFinding, jsonFile: string, tomlFile: string, model: ModelSpec): void {
  const toml = readToml(add, tomlFile);
  const json = readJsonOrReport(jsonFile, add);
  if (!toml || json === undefined) return;
  const filledList: FilledField[] = [];
  const expected = materialize(toml, model, [], filledList);
  const filled = new Map(filledList.map((f) => [formatJsonPath(f.path), f]));
  const differences = jsonDifferences(expected, json);
  const wrong = new Set(differences.map((d) => formatJsonPath(d.path)));
  const tomlName = displayPath(ctx, tomlFile);
  for (const d of differences) {
    const path = formatJsonPath(d.path);
    add({ severity: "error", file: jsonFile, ...(path ? { path } : {}), message: describe(d, filled, tomlName) });
  }
  if (!isJsonObject(json)) return;
  for (const [path, f] of filled) {
    if (wrong.has(path)) continue;
    const message = `added by a model default: ${show(f.value)} (absent from ${tomlName})`;
    add({ severity: "warning", file: jsonFile, path, message, defect: TELECOM_DEFAULTS_DEFECT });
  }
}

export const telecomTomlCheck: Check = {
  name: "telecom-toml",
  run(ctx) {
    const { findings, add } = reporter("telecom-toml", ctx);
    const upstream = join(ctx.upstreamDir, TAU2_UPSTREAM_FOLDER, "telecom");
    if (!isDir(upstream)) {
      add({ severity: "error", file: upstream, message: "upstream telecom copy not found (see --upstream)" });
      return findings;
    }
    const dir = join(ctx.dataRoot, "tau2_telecom");
    compareConverted(ctx, add, join(dir, "db.json"), join(upstream, "db.toml"), TELECOM_DB_MODEL);
    compareConverted(ctx, add, join(dir, "user_db.json"), join(upstream, "user_db.toml"), TELECOM_USER_DB_MODEL);
    return findings;
  },
};
