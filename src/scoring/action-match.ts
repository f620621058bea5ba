/**
 * `check_if_task_success`: the reference's action-match comparator. Greedy
 * first-fit matching (not optimal), extra prediction items allowed at every
 * depth (top-level length checked only with `disallowExtraItems`), scalars
 * compared as floats with `numpy.isclose` when Python's `float()` accepts both
 * sides, otherwise by their `str()` forms.
 */
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { normalizeScenarioPayload } from "../json/scenario-payload.js";
import { pyFloatOrUndefined } from "../python/number.js";
import { pyFloatStr } from "../python/float.js";
import { pyStr } from "../python/text.js";

export interface MatchOptions {
  readonly ignoreCapitalization?: boolean;
  readonly ignorePunctuation?: boolean;
  readonly disallowExtraItems?: boolean;
}

/** `numpy.isclose` with its defaults (rtol 1e-5, atol 1e-8); equal infinities are close. */
export function isClose(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= 1e-8 + 1e-5 * Math.abs(b);
}

// Python's `[^\w\s]` with Unicode \w (letters, digits, underscore) and \s.
const PUNCTUATION = /[^\p{L}\p{N}\p{Mn}\p{Mc}_\s]/gu;

function matchScalar(ref: JsonValue, pred: JsonValue, o: MatchOptions): boolean {
  const rf = pyFloatOrUndefined(ref);
  const pf = rf === undefined ? undefined : pyFloatOrUndefined(pred);
  if (rf !== undefined && pf !== undefined) return isClose(rf, pf);
  // The reference is converted first: a numeric reference compares as its float text.
  let r = rf !== undefined ? pyFloatStr(rf) : pyStr(ref);
  let p = pyStr(pred);
  if (o.ignoreCapitalization) {
    r = r.toLowerCase();
    p = p.toLowerCase();
  }
  if (o.ignorePunctuation) {
    r = r.replace(PUNCTUATION, "");
    p = p.replace(PUNCTUATION, "");
  }
  return r === p;
}

export function matchItem(ref: JsonValue, pred: JsonValue, o: MatchOptions): boolean {
  if (isJsonObject(ref)) return isJsonObject(pred) && matchDict(ref, pred, o);
  if (Array.isArray(ref)) return Array.isArray(pred) && matchList(ref, pred, o);
  return matchScalar(ref, pred, o);
}

export function matchDict(ref: Readonly<Record<string, JsonValue>>, pred: Readonly<Record<string, JsonValue>>, o: MatchOptions): boolean {
  for (const key of Object.keys(ref)) {
    if (!Object.prototype.hasOwnProperty.call(pred, key)) return false;
    if (!matchItem(ref[key] as JsonValue, pred[key] as JsonValue, o)) return false;
  }
  return true;
}

export function matchList(ref: readonly JsonValue[], pred: readonly JsonValue[], o: MatchOptions): boolean {
  const used = new Set<number>();
  for (const r of ref) {
    const i = pred.findIndex((p, j) => !used.has(j) && matchItem(r, p, o));
    if (i < 0) return false;
    used.add(i);
  }
  return true;
}

/** The reference's greedy comparison of reference and performed actions (`is_action_match`). */
export function checkIfTaskSuccess(reference: JsonValue, prediction: JsonValue, o: MatchOptions = {}): boolean {
  const refN = normalizeScenarioPayload(reference);
  const predN = normalizeScenarioPayload(prediction);
  const refs: JsonValue[] = isJsonObject(refN) ? [refN] : Array.isArray(refN) ? refN : [refN];
  let preds: JsonValue[] = isJsonObject(predN) ? [predN] : Array.isArray(predN) ? predN : [predN];
  if (refs.length === 1 && preds.length > 1) preds = [preds[preds.length - 1] as JsonValue];
  if (o.disallowExtraItems && refs.length !== preds.length) return false;
  const used = new Set<number>();
  for (const r of refs) {
    const i = preds.findIndex((p, j) => !used.has(j) && isJsonObject(r) && isJsonObject(p) && matchDict(r, p, o));
    if (i < 0) return false;
    used.add(i);
  }
  return true;
}
