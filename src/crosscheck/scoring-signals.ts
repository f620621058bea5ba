/**
 * Two of the reference's per-scenario scoring functions beside evalsim's, on
 * generated values: the runner's `_signal_passes` (a signal's value to
 * pass / fail / not applicable) beside `signalPasses`, and
 * `check_if_task_success` (the action-list match) beside `checkIfTaskSuccess`,
 * on generated answer pairs and on the checkout's own reference answers.
 * A value on which the two differ is a finding naming the function and the
 * kind of value, with the value and both results as its example.
 */
import type { Rng } from "../engine/rng.js";
import { createRng } from "../engine/rng.js";
import { parsePythonJson } from "../json/parse.js";
import type { JsonValue } from "../json/types.js";
import { checkIfTaskSuccess } from "../scoring/action-match.js";
import { signalPasses } from "../scoring/signals.js";
import type { ActionPair } from "./action-pairs.js";
import { generatedPairs, realPairs } from "./action-pairs.js";
import type { FindingSet } from "./findings.js";
import type { Reference } from "./reference-process.js";
import type { PartTally } from "./scoring-ask.js";
import { askScoring } from "./scoring-ask.js";

const EDGES: readonly JsonValue[] = [null, "N/A", "n/a", "", true, false, 0, 1, 0.5, 0.999999, 1.000001, 2, -1, 1e308, "1", "1.0", "true", [], {}, [1], { passed: true }];

/** The values `_signal_passes` meets (bools, "N/A", pass rates, a judge's raw output) and their edges. */
export function signalValues(rng: Rng, count: number): JsonValue[] {
  const out: JsonValue[] = [...EDGES];
  while (out.length < count) out.push(rng.next() < 0.5 ? Math.round(rng.next() * 2 * 1e4) / 1e4 : (EDGES[rng.int(EDGES.length)] as JsonValue));
  return out;
}

const kindOf = (v: JsonValue): string => (v === null ? "null" : Array.isArray(v) ? "list" : typeof v === "object" ? "dict" : typeof v === "number" ? (Number.isInteger(v) ? "int" : "float") : typeof v);

export async function compareSignalPasses(reference: Reference, findings: FindingSet, seed: number, count: number): Promise<PartTally> {
  const values = signalValues(createRng(`signal-passes:${seed}`), count);
  const reply = await askScoring(reference, { id: 0, op: "signal_passes", values });
  if (reply.missing !== undefined) return { compared: 0, differing: 0, missing: reply.missing };
  const theirs = reply.body["results"] as readonly JsonValue[];
  const tally = { compared: 0, differing: 0 };
  values.forEach((v, i) => {
    tally.compared++;
    const ours = signalPasses(v);
    if (theirs[i] === ours) return;
    tally.differing++;
    findings.add("scoring", `_signal_passes: ${kindOf(v)} value`, "all", { scenario: "-", calls: [], reference: { value: v, result: theirs[i] ?? null }, evalsim: { value: v, result: ours } });
  });
  return tally;
}

/** Known divergence: the reference raises on a non-dict item of a list prediction that it reaches; evalsim's predictions are always one dict. */
export const NON_DICT_ITEM = "action-match:non-dict-prediction-item";

function knownFor(p: ActionPair, theirs: JsonValue | undefined, ours: boolean | string): string | undefined {
  if (theirs !== "<raised TypeError>" || ours !== false) return undefined;
  const pred = parsePythonJson(p.prediction);
  return Array.isArray(pred) && pred.some((x) => x === null || typeof x !== "object" || Array.isArray(x)) ? NON_DICT_ITEM : undefined;
}

function evalsimMatch(p: ActionPair): boolean | string {
  try {
    return checkIfTaskSuccess(parsePythonJson(p.reference), parsePythonJson(p.prediction), {
      ignoreCapitalization: p.flags.ignore_capitalization,
      ignorePunctuation: p.flags.ignore_punctuation,
      disallowExtraItems: p.flags.disallow_extra_items,
    });
  } catch (e) {
    return `<raised ${(e as Error).name}>`;
  }
}

export async function compareActionMatch(reference: Reference, findings: FindingSet, seed: number, count: number, buckets: readonly string[]): Promise<PartTally> {
  const rng = createRng(`action-match:${seed}`);
  const answers = await askScoring(reference, { id: 0, op: "reference_answers", buckets });
  const real = answers.missing === undefined ? realPairs(rng, answers.body["answers"] as Record<string, string>, 4) : [];
  const pairs = [...generatedPairs(rng, count), ...real];
  const reply = await askScoring(reference, { id: 0, op: "action_match", pairs: pairs.map(({ reference: r, prediction, flags }) => ({ reference: r, prediction, flags })) });
  if (reply.missing !== undefined) return { compared: 0, differing: 0, missing: reply.missing };
  const theirs = reply.body["results"] as readonly JsonValue[];
  const tally = { compared: 0, differing: 0 };
  pairs.forEach((p, i) => {
    tally.compared++;
    const ours = evalsimMatch(p);
    if (theirs[i] === ours) return;
    tally.differing++;
    const from = p.source === "generated" ? "generated answers" : "real reference answers";
    const known = knownFor(p, theirs[i], ours);
    findings.add(
      "scoring",
      `check_if_task_success: ${from}${known ? " (non-dict prediction item)" : ""}`,
      p.source === "generated" ? "all" : (p.source.split("__")[0] ?? "all"),
      { scenario: p.source, calls: [], reference: { result: theirs[i] ?? null, reference_file: p.reference, prediction_file: p.prediction, flags: p.flags }, evalsim: { result: ours } },
      known,
    );
  });
  return tally;
}
