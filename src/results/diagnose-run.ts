/**
 * `evalsim diagnose RUN`: every failed trial of a run folder diagnosed again
 * from what the folder holds (its transcript, its verdict, the run's seed and
 * date), so a run made before diagnoses existed, or one imported from NeMo,
 * tau2 or eva (whose folders evalsim wrote), is diagnosed like a new one.
 */
import type { Catalog } from "../engine/catalog.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import { scenarioToday } from "../engine/scenario.js";
import type { JsonObject } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { Diagnosis } from "../diagnosis/types.js";
import { diagnoseTranscript } from "../diagnosis/trial.js";
import type { FailureKinds } from "../diagnosis/tally.js";
import { tallyDiagnoses } from "../diagnosis/tally.js";
import { expectedFor } from "../run/scenario/expected.js";
import type { RunFolder, TrialRecord } from "./read-run.js";
import { readTranscript } from "./read-run.js";
import { reasonLine } from "./reasons.js";

/** One failed trial of a run folder with its diagnosis and reason line. */
export interface DiagnosedTrial {
  readonly scenario: string;
  readonly trial: number;
  readonly diagnosis: Diagnosis;
  /** The trial's reason line with this diagnosis leading it. */
  readonly reason: string;
}

/** The diagnoses of a run folder's failed trials, counted by kind, with the trials that could not be diagnosed. */
export interface RunDiagnosis {
  readonly dir: string;
  readonly trials: readonly DiagnosedTrial[];
  readonly failure_kinds: FailureKinds;
  /** Failed trials that could not be diagnosed, each with why (`name [trial k]: why`). */
  readonly skipped: readonly string[];
}

const failedSignals = (m: JsonObject): string[] => {
  const b = m["success_breakdown"];
  return isJsonObject(b) && Array.isArray(b["failed"]) ? b["failed"].map(String) : [];
};

function diagnoseRecord(rec: TrialRecord, catalog: Catalog, seed: number, today: string | undefined): Diagnosis | string {
  const entry = catalog.byName.get(rec.name);
  if (!entry) return "no such scenario among the registered domains";
  const events = readTranscript(rec);
  if (events.length === 0) return "no transcript.jsonl";
  if (events.some((e) => (e as { type: string }).type === "omitted")) return "its transcript was cut at the size cap, so its calls are not all there";
  const day = scenarioToday(entry.scenario, today);
  const trialRng = createRng(seed).fork(`${entry.scenario.name}#${rec.trial}`);
  const prepared = prepareInitialState(entry.domain, entry.scenario, { today: day });
  const expected = expectedFor(entry, { today: day, rng: trialRng.fork("gold") }, prepared);
  return diagnoseTranscript({
    entry,
    prepared,
    today: day,
    trialRng,
    transcript: events,
    expectedDb: expected.db,
    failedSignals: failedSignals(rec.metrics),
    stopReason: String(rec.metrics["stop_reason"] ?? ""),
  });
}

/** Re-derive the diagnosis of every failed trial of a run folder (imported runs too), as `evalsim diagnose` prints it. */
export function diagnoseRun(run: RunFolder, catalog: Catalog): RunDiagnosis {
  const seed = typeof run.config["seed"] === "number" ? run.config["seed"] : 0;
  const today = typeof run.config["today"] === "string" ? run.config["today"] : undefined;
  const trials: DiagnosedTrial[] = [];
  const skipped: string[] = [];
  for (const rec of run.records) {
    if (rec.status !== "failed") continue;
    const d = diagnoseRecord(rec, catalog, seed, today);
    if (typeof d === "string") {
      skipped.push(`${rec.name} [trial ${rec.trial}]: ${d}`);
      continue;
    }
    const withIt = { ...rec, metrics: { ...rec.metrics, diagnosis: d as unknown as JsonObject } };
    trials.push({ scenario: rec.name, trial: rec.trial, diagnosis: d, reason: reasonLine(withIt) ?? "" });
  }
  return { dir: run.dir, trials, failure_kinds: tallyDiagnoses(trials.map((t) => t.diagnosis)), skipped };
}
