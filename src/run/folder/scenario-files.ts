/**
 * A scenario's output folder, written atomically: every file goes into a
 * temporary sibling folder that is renamed into place at the end, so a run
 * killed at any point leaves each scenario either complete or absent.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { writeFileNamed } from "../../json/atomic-write.js";
import { dirname, join } from "node:path";
import { cappedLines } from "../../engine/conversation/size-caps.js";
import type { CatalogEntry } from "../../engine/catalog.js";
import { toolSpecsFor } from "../../engine/prompt-pack.js";
import type { Side } from "../../engine/types.js";
import { pySpelledJsonText } from "../../python/spelled-json-text.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { dbHash } from "../../hash/db/index.js";
import * as L from "../layout.js";
import { cappedMetricsText, MAX_METRICS_BYTES } from "./metrics-caps.js";
import type { ScenarioOutcome } from "../scenario/trial.js";


const json = (v: unknown): string => toJsonText(v as JsonValue, 2) + "\n";

// Every scenario of a domain writes the same tool specs (toolSpecsFor returns one list per domain side): serialize each list once.
const toolsText = new WeakMap<readonly JsonObject[], string>();

function toolsFile(entry: CatalogEntry, side: Side): string {
  const specs = toolSpecsFor(entry, side);
  let text = toolsText.get(specs);
  if (text === undefined) toolsText.set(specs, (text = json(specs)));
  return text;
}

export function scenarioFiles(entry: CatalogEntry, outcome: ScenarioOutcome): Map<string, string> {
  const { scenario, domain } = entry;
  const files = new Map<string, string>();
  const expected = scenario.shippedExpectedDb();
  files.set(L.AGENT_PROMPT_FILE, scenario.agentPrompt());
  files.set(L.USER_PROMPT_FILE, scenario.userPrompt());
  // What the models were sent: a prompt pack's specs when one is applied.
  files.set(L.AGENT_TOOLS_FILE, toolsFile(entry, "agent"));
  files.set(L.USER_TOOLS_FILE, toolsFile(entry, "user"));
  files.set(
    L.METADATA_FILE,
    json({
      name: scenario.name,
      domain: domain.name,
      bucket: scenario.bucket,
      upstream_id: scenario.upstreamId,
      description: scenario.description,
      success_signals: [...scenario.successSignals],
      today: scenario.today,
      labels: scenario.labels,
      ...(scenario.initializationActions.length > 0 ? { initialization_actions: scenario.initializationActions } : {}),
      ...(scenario.dbStateAssertions.length > 0 ? { db_state_assertions: scenario.dbStateAssertions } : {}),
      ...(scenario.nlAssertions.length > 0 ? { nl_assertions: scenario.nlAssertions } : {}),
      ...(expected ? { expected_db_hash: dbHash(expected) } : {}),
    }),
  );
  if (outcome.referenceActions) files.set(L.REFERENCE_ANSWER_FILE, json({ actions: outcome.referenceActions }));
  files.set(L.FINAL_RESPONSE_FILE, json([{ actions: outcome.predictedActions }]));
  // Arguments and results as the model read them (Python floats stay floats), so a replay of the folder reads them back exactly.
  files.set(L.TRANSCRIPT_FILE, cappedLines(outcome.transcript.map((e) => pySpelledJsonText(e as unknown as JsonValue))));
  files.set(L.DB_HASH_FILE, `db_hash: ${outcome.dbHash ?? "None"}\nuser_db_hash: ${outcome.userDbHash ?? "None"}\n`);
  if (outcome.diff) files.set(L.DB_DIFF_FILE, json(outcome.diff));
  if (outcome.judgeResult) files.set(L.JUDGE_RESULT_FILE, json(outcome.judgeResult));
  for (const [side, context] of Object.entries(outcome.llmContexts ?? {})) files.set(L.llmContextFile(side), json(context));
  files.set(L.METRICS_FILE, cappedMetricsText(outcome.metrics, MAX_METRICS_BYTES, L.METRICS_FILE) + "\n");
  return files;
}

/** Folders known to exist (run folders): creating files is most of a run's I/O, so save the rest. */
const existingParents = new Set<string>();

/** Write all files of one scenario under `dir` at once (temp folder + rename). */
export function writeScenarioDir(dir: string, files: ReadonlyMap<string, string>): void {
  const tmp = L.partialDirOf(dir);
  // A crashed run's leftover; checked first, as rmSync's own walk costs more than the check when there is none.
  if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  const made = new Set<string>();
  for (const [rel, content] of files) {
    const path = join(tmp, rel);
    const parent = dirname(path);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      for (let d = parent; d.length >= tmp.length; d = dirname(d)) made.add(d);
    }
    writeFileNamed(path, content);
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  const parent = dirname(dir);
  if (!existingParents.has(parent)) {
    mkdirSync(parent, { recursive: true });
    existingParents.add(parent);
  }
  try {
    renameSync(tmp, dir);
  } catch {
    // The parent went away meanwhile: make it again.
    mkdirSync(parent, { recursive: true });
    renameSync(tmp, dir);
  }
}

