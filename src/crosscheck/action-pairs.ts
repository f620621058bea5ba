/**
 * Reference/prediction answer pairs for `check_if_task_success`: generated
 * ones (dicts and lists of dicts whose leaves are the values the comparator
 * treats specially: numbers, numeric and non-finite strings, case and
 * punctuation variants, booleans, null) and, from a real answer, the
 * predictions an agent plausibly writes (the answer itself, a leaf changed,
 * a key dropped or added, an extra item, items reordered, the dict wrapped in
 * a list). Each pair carries the comparator's flags; `clean_text` is left
 * out: only scenarios outside the simulated suites set it.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { Rng } from "../engine/rng.js";

export interface ActionPair {
  /** Where the pair came from: `generated` or the scenario whose reference answer it starts from. */
  readonly source: string;
  readonly reference: string;
  readonly prediction: string;
  readonly flags: { readonly ignore_capitalization: boolean; readonly ignore_punctuation: boolean; readonly disallow_extra_items: boolean };
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)] as T;

const LEAVES: readonly JsonValue[] = [0, 1, 12, -3, 2.5, 1e-9, 1000000, "12", "12.0", " 12", "1e3", "nan", "inf", "-Infinity", "Yes", "yes", "YES!", "y-e-s", "", "SFO", "sfo", true, false, null, "True", "None"];
const KEYS = ["name", "arguments", "message", "id", "amount", "status"];

function leaf(rng: Rng): JsonValue {
  return pick(rng, LEAVES);
}

function value(rng: Rng, depth: number): JsonValue {
  const r = rng.next();
  if (depth > 0 && r < 0.2) return dict(rng, depth - 1);
  if (depth > 0 && r < 0.3) return Array.from({ length: rng.int(3) }, () => value(rng, depth - 1));
  return leaf(rng);
}

function dict(rng: Rng, depth: number): JsonObject {
  const out: JsonObject = {};
  for (let i = 1 + rng.int(3); i > 0; i--) out[pick(rng, KEYS)] = value(rng, depth);
  return out;
}

/** A close variant of a value: same shape, one leaf possibly changed. */
function variant(rng: Rng, v: JsonValue): JsonValue {
  if (isJsonObject(v)) {
    const out: JsonObject = { ...v };
    const keys = Object.keys(out);
    const r = rng.next();
    if (keys.length > 0 && r < 0.15) delete out[pick(rng, keys)];
    else if (r < 0.3) out[pick(rng, KEYS)] = leaf(rng);
    else if (keys.length > 0) {
      const k = pick(rng, keys);
      out[k] = variant(rng, out[k] as JsonValue);
    }
    return out;
  }
  if (Array.isArray(v)) {
    const out = v.map((x) => (rng.next() < 0.3 ? variant(rng, x) : x));
    if (rng.next() < 0.3) out.reverse();
    if (rng.next() < 0.2) out.push(value(rng, 1));
    return out;
  }
  if (typeof v === "string") return pick(rng, [v, v.toUpperCase(), v.toLowerCase(), `${v}.`, ` ${v}`, leaf(rng)]);
  if (typeof v === "number") return pick<JsonValue>(rng, [v, v * (1 + 1e-7), v + 1, String(v), leaf(rng)]);
  return rng.next() < 0.5 ? v : leaf(rng);
}

/** A prediction an agent could write for `answer`. */
function predictionFor(rng: Rng, answer: JsonValue): JsonValue {
  const r = rng.next();
  if (r < 0.2) return answer;
  if (r < 0.3) return [answer];
  if (r < 0.4 && Array.isArray(answer)) return [...answer, dict(rng, 1)];
  if (r < 0.45 && isJsonObject(answer)) return [dict(rng, 1), answer];
  return variant(rng, answer);
}

const flags = (rng: Rng): ActionPair["flags"] => ({ ignore_capitalization: rng.next() < 0.4, ignore_punctuation: rng.next() < 0.4, disallow_extra_items: rng.next() < 0.3 });

export function generatedPairs(rng: Rng, count: number): ActionPair[] {
  return Array.from({ length: count }, (): ActionPair => {
    const reference: JsonValue = rng.next() < 0.5 ? dict(rng, 2) : Array.from({ length: rng.int(4) }, () => dict(rng, 2));
    return { source: "generated", reference: JSON.stringify(reference), prediction: JSON.stringify(predictionFor(rng, reference)), flags: flags(rng) };
  });
}

/** Pairs from real reference answers (as their files hold them): `perAnswer` predictions each. */
export function realPairs(rng: Rng, answers: Readonly<Record<string, string>>, perAnswer: number): ActionPair[] {
  const out: ActionPair[] = [];
  for (const [scenario, text] of Object.entries(answers)) {
    const answer = JSON.parse(text) as JsonValue;
    for (let i = 0; i < perAnswer; i++) out.push({ source: scenario, reference: text, prediction: JSON.stringify(predictionFor(rng, answer)), flags: flags(rng) });
  }
  return out;
}
