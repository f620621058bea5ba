/**
 * Check 2: the eva fixtures are the eva 0.1.3 originals. Scenario DBs and
 * the dataset are byte-equal to the upstream copies; the agent YAML may
 * differ in trailing whitespace only (NeMo normalized it), and its
 * `instructions` string must hash to the pinned upstream value.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject } from "../../json/types.js";
import { LINE_BREAK, parseYamlFile } from "../../loaders/load.js";
import { FixtureError } from "../../loaders/load-db.js";
import { differingLines, firstDifference, linesWithoutTrailingSpace } from "../../engine/data-checks/byte-compare.js";
import { type AddFinding, displayPath, readBytesOrReport, reporter } from "../../engine/data-checks/findings.js";
import { sha256Hex } from "../../hash/sha256.js";
import { isDir, isFile, listNames } from "../../loaders/files.js";
import { EVA_SCENARIO_FILE } from "./schemas/scenario-db.js";
import type { Check, ValidationContext } from "../../engine/data-checks/types.js";
import { EVA_UPSTREAM_FOLDER } from "../../loaders/upstream-sources.js";

/** The defect id a known-divergence entry names to excuse the whitespace change in the policy text. */
export const EVA_INSTRUCTIONS_DEFECT = "eva_airline:instructions-trailing-whitespace";

function compareBytes(ctx: ValidationContext, add: AddFinding, mine: string, theirs: string): void {
  const a = readBytesOrReport(mine, add);
  const b = readBytesOrReport(theirs, add);
  if (!a || !b) return;
  const diff = firstDifference(a, b);
  if (diff) {
    const where = `line ${diff.line}, column ${diff.column}`;
    add({ severity: "error", file: mine, message: `differs from ${displayPath(ctx, theirs)} (first difference at ${where})` });
  }
}

function compareScenarioDbs(ctx: ValidationContext, add: AddFinding, upstream: string): void {
  const mineDir = join(ctx.dataRoot, "eva_airline");
  const theirDir = join(upstream, "airline_scenarios");
  const mine = new Set(listNames(mineDir, EVA_SCENARIO_FILE));
  const theirs = new Set(listNames(theirDir, /\.json$/));
  for (const name of theirs) {
    if (!mine.has(name)) add({ severity: "error", file: join(mineDir, name), message: `missing; upstream has ${displayPath(ctx, join(theirDir, name))}` });
  }
  for (const name of mine) {
    if (!theirs.has(name)) add({ severity: "error", file: join(mineDir, name), message: "not among the upstream scenario DBs" });
    else compareBytes(ctx, add, join(mineDir, name), join(theirDir, name));
  }
}

/** Every dataset id names a scenario DB, and every scenario DB has a dataset entry. */
function compareDatasetIds(ctx: ValidationContext, add: AddFinding): void {
  const dir = join(ctx.dataRoot, "eva_airline");
  const file = join(dir, "eva_airline_dataset.jsonl");
  if (!isFile(file)) return;
  const ids = new Set<string>();
  readFileSync(file, "utf8")
    .split(LINE_BREAK)
    .forEach((text, i) => {
      let id: unknown;
      try {
        const value: unknown = JSON.parse(text);
        id = isJsonObject(value) ? value["id"] : undefined;
      } catch {
        return; // the schema check reports unparsable lines
      }
      if (typeof id !== "string") return;
      ids.add(id);
      if (!isFile(join(dir, `${id}.json`))) add({ severity: "error", file, path: "id", message: `line ${i + 1}: no scenario DB ${id}.json for this entry` });
    });
  for (const name of listNames(dir, EVA_SCENARIO_FILE)) {
    if (!ids.has(name.slice(0, -".json".length))) add({ severity: "error", file: join(dir, name), message: "no dataset entry has this scenario id" });
  }
}

function instructionsOf(add: AddFinding, file: string): string | undefined {
  if (!isFile(file)) {
    add({ severity: "error", file, message: "file not found" });
    return undefined;
  }
  try {
    const doc = parseYamlFile(file);
    const text = isJsonObject(doc) ? doc["instructions"] : undefined;
    if (typeof text === "string") return text;
    add({ severity: "error", file, path: "instructions", message: "expected a string" });
  } catch (e) {
    if (!(e instanceof FixtureError)) throw e;
    add({ severity: "error", file, message: e.detail });
  }
  return undefined;
}

function compareAgentConfig(ctx: ValidationContext, add: AddFinding, upstream: string): void {
  const mine = join(ctx.dataRoot, "eva_airline", "airline_agent.yaml");
  const theirs = join(upstream, "airline_agent.yaml");
  if (!isFile(mine) || !isFile(theirs)) {
    for (const f of [mine, theirs]) if (!isFile(f)) add({ severity: "error", file: f, message: "file not found" });
    return;
  }
  const lines = differingLines(
    linesWithoutTrailingSpace(readFileSync(mine, "utf8")),
    linesWithoutTrailingSpace(readFileSync(theirs, "utf8")),
  );
  if (lines.length > 0) {
    const message = `differs from ${displayPath(ctx, theirs)} beyond trailing whitespace (line ${lines.join(", ")})`;
    return add({ severity: "error", file: mine, message });
  }
  const pinned = ctx.provenance.eva_airline.instructions_sha256;
  const upstreamText = instructionsOf(add, theirs);
  const text = instructionsOf(add, mine);
  if (upstreamText === undefined || text === undefined) return;
  if (sha256Hex(upstreamText) !== pinned) {
    const message = `SHA-256 ${sha256Hex(upstreamText)}, not the pinned ${pinned} (data/provenance.json)`;
    add({ severity: "error", file: theirs, path: "instructions", message });
  }
  if (sha256Hex(text) === pinned) return;
  const changed = differingLines(text.split("\n"), upstreamText.split("\n")).join(", ");
  const summary = `SHA-256 ${sha256Hex(text)}, not the pinned upstream ${pinned}`;
  const onlySpace = differingLines(linesWithoutTrailingSpace(text), linesWithoutTrailingSpace(upstreamText)).length === 0;
  if (!onlySpace) return add({ severity: "error", file: mine, path: "instructions", message: `${summary}: the text differs on line ${changed}` });
  const message = `${summary}: only trailing whitespace differs, on line ${changed} of the text`;
  add({ severity: "warning", file: mine, path: "instructions", message, defect: EVA_INSTRUCTIONS_DEFECT });
}

export const evaUpstreamCheck: Check = {
  name: "eva-upstream",
  run(ctx) {
    const { findings, add } = reporter("eva-upstream", ctx);
    const upstream = join(ctx.upstreamDir, EVA_UPSTREAM_FOLDER);
    compareDatasetIds(ctx, add);
    if (!isDir(upstream)) {
      add({ severity: "error", file: upstream, message: "upstream eva copy not found (see --upstream)" });
      return findings;
    }
    compareScenarioDbs(ctx, add, upstream);
    compareBytes(ctx, add, join(ctx.dataRoot, "eva_airline", "eva_airline_dataset.jsonl"), join(upstream, "airline_dataset.jsonl"));
    compareAgentConfig(ctx, add, upstream);
    return findings;
  },
};
