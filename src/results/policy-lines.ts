/**
 * A trial's policy violations (`metrics.json`'s `policy_violations`) as text:
 * the rule, where (step, turn, tool) and the facts it read. The reason line,
 * the console list, compare, JUnit, Markdown and the report all use these.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { TrialRecord } from "./read-run.js";

export interface RecordedViolation {
  readonly step: number;
  readonly turn?: number;
  readonly tool: string;
  readonly rule: string;
  readonly facts: JsonObject;
}

/** The violations a trial's metrics list (none for a trial without the field). */
export function violationsOf(metrics: JsonObject): RecordedViolation[] {
  const list = metrics["policy_violations"];
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).map((v) => ({
    step: typeof v["step"] === "number" ? v["step"] : -1,
    ...(typeof v["turn"] === "number" ? { turn: v["turn"] } : {}),
    tool: String(v["tool"] ?? ""),
    rule: String(v["rule"] ?? ""),
    facts: isJsonObject(v["facts"]) ? v["facts"] : {},
  }));
}

function factValue(v: JsonValue): string {
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ");
  if (v === null) return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** `cabin: economy, insurance: no, ...` */
export function factsPhrase(facts: JsonObject): string {
  return Object.entries(facts)
    .map(([k, v]) => `${k}: ${factValue(v)}`)
    .join(", ");
}

/** `airline.cancel.eligibility at step 2 (cancel_reservation): reservation: XEHM4B, cabin: ...` */
export function violationPhrase(v: RecordedViolation): string {
  return `${v.rule} at step ${v.step} (${v.tool}): ${factsPhrase(v.facts)}`;
}

/** The reason line's part: the first violation, and how many more. */
export function policyPhrase(rec: TrialRecord): string | undefined {
  const vs = violationsOf(rec.metrics);
  const [v] = vs;
  if (!v) return undefined;
  return `policy: ${violationPhrase(v)}${vs.length > 1 ? ` (+${vs.length - 1} more)` : ""}`;
}
