/**
 * One line saying why a scenario trial did not pass, from what decided the
 * verdict: the diagnosis's decisive call when there is one (diagnosis/),
 * then a broken policy rule (gating or not), then the gating signals that
 * failed, each with its first piece of evidence (for db_state_match the first
 * difference among the fields the DB hash covers; for DB assertions the
 * failing predicate; for clean_exit the stop reason), or the error of an
 * errored trial. The console list, compare,
 * JUnit, Markdown, the HTML report and `check` all print this same line.
 */
import { checksPhrase } from "./checks-phrase.js";
import { policyPhrase } from "./policy-lines.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { toJsonText } from "../json/stringify.js";
import type { DbDiff } from "../scoring/diff.js";
import type { TrialRecord } from "./read-run.js";
import { readDbDiff } from "./read-run.js";
import { HASH_EXCLUDED_KEYS } from "../hash/db/index.js";
import { NOT_REPLAYED_KEY, notReplayedText } from "../replay/not-replayed.js";
import { diagnosisPhrase, readDiagnosis } from "../diagnosis/phrase.js";

const MAX_VALUE = 60;
const MAX_LINE = 300;

/** A value as short JSON text. */
export function shortValue(v: JsonValue | undefined): string {
  if (v === undefined) return "(absent)";
  const text = toJsonText(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const oneLine = (s: string): string => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE - 1)}…` : flat;
};

const key = (path: string, k: string | number): string => (typeof k === "number" ? `${path}[${k}]` : path === "" ? k : `${path}.${k}`);
const first = (v: JsonValue | undefined): string | undefined => (Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined);

/** The first difference inside one record's diff node, as `path: what`. */
function firstInNode(node: JsonValue | undefined, path: string): string {
  if (!isJsonObject(node)) return `${path} differs`;
  const type = node["type"];
  if (type === "value_mismatch") return `${path} expected ${shortValue(node["expected"])}, got ${shortValue(node["actual"])}`;
  if (type === "type_mismatch") {
    const [e, a] = [shortValue(node["expected"]), shortValue(node["actual"])];
    // `1` against `1.0` or `true` reads the same as text: then the types tell them apart.
    return e === a ? `${path} expected ${node["expected_type"]} ${e}, got ${node["actual_type"]} ${a}` : `${path} expected ${e}, got ${a}`;
  }
  if (type === "list_length_mismatch") return `${path} expected ${node["expected_length"]} items, got ${node["actual_length"]}`;
  if (type === "non_dict_table") return `${path} expected ${shortValue(node["expected"])}, got ${shortValue(node["actual"])}`;
  if (type === "list_differences" && Array.isArray(node["differences"])) {
    const d = node["differences"][0];
    if (isJsonObject(d)) return firstInNode(d["diff"], key(path, Number(d["index"])));
  }
  const added = first(node["fields_added"]);
  if (added !== undefined) return `${key(path, added)} present but not expected`;
  const removed = first(node["fields_removed"]);
  if (removed !== undefined) return `${key(path, removed)} expected but missing`;
  const modified = node["fields_modified"];
  if (isJsonObject(modified)) {
    const [k] = Object.keys(modified);
    if (k !== undefined) return firstInNode(modified[k], key(path, k));
  }
  return `${path} differs`;
}

/** A table of the diff that the DB hash covers (the verdict never depends on the others). */
export const isHashedTable = (table: string): boolean => !HASH_EXCLUDED_KEYS.has(table);

/** The first differing path of a DB diff among the fields the hash covers, as one phrase. */
export function firstDifference(diff: DbDiff): string {
  const [added] = diff.tables_added.filter(isHashedTable);
  if (added !== undefined) return `table ${added} present but not expected`;
  const [removed] = diff.tables_removed.filter(isHashedTable);
  if (removed !== undefined) return `table ${removed} expected but missing`;
  for (const [table, t] of Object.entries(diff.tables_modified)) {
    if (!isHashedTable(table)) continue;
    const recAdded = first(t["records_added"]);
    if (recAdded !== undefined) return `${key(table, recAdded)} present but not expected`;
    const recRemoved = first(t["records_removed"]);
    if (recRemoved !== undefined) return `${key(table, recRemoved)} expected but missing`;
    const mod = t["records_modified"];
    if (isJsonObject(mod)) {
      const [k] = Object.keys(mod);
      if (k !== undefined) return firstInNode(mod[k], key(table, k));
    }
    if (t["type"] !== undefined) return firstInNode(t, table);
  }
  return "final DB hash differs from the expected hash (the diff shows no difference in a hashed field)";
}

function assertionPhrase(m: JsonObject): string {
  const verdicts = Array.isArray(m["db_state_assertion_verdicts"]) ? m["db_state_assertion_verdicts"] : [];
  const failing = verdicts.filter((v) => isJsonObject(v) && v["passed"] !== true) as JsonObject[];
  const v = failing[0];
  if (!v) return "db_state_assertion failed";
  const what = v["error"] ? String(v["error"]) : `expected ${shortValue(v["expected"])}, got ${shortValue(v["actual"])}`;
  return `db_state_assertion ${v["func_name"]}${v["side"] ? ` (${v["side"]})` : ""}: ${what}${failing.length > 1 ? ` (+${failing.length - 1} more)` : ""}`;
}

function signalPhrase(signal: string, rec: TrialRecord, readDiff: (r: TrialRecord) => DbDiff | undefined): string {
  const m = rec.metrics;
  switch (signal) {
    case "db_state_match": {
      const diff = readDiff(rec);
      return `db_state_match: ${diff ? firstDifference(diff) : "final DB hash differs from the expected hash"}`;
    }
    case "clean_exit":
      return `clean_exit: the conversation ended by ${m["stop_reason"] ?? "an unknown reason"}, not [EXIT]`;
    case "is_action_match":
      return "is_action_match: the performed actions do not match the reference actions";
    case "db_state_assertion":
      return assertionPhrase(m);
    case "nl_assertion":
      return `nl_assertion: pass rate ${m["nl_assertion_pass_rate"]}`;
    case "checks":
      return checksPhrase(m);
    case "policy":
      return policyPhrase(rec) ?? "policy: a rule of the domain's policy was broken";
    default:
      return `${signal} failed`;
  }
}

/** A replay a limit stopped: how many recorded calls it left out (undefined when none were). */
export function notReplayedPhrase(m: JsonObject): string | undefined {
  const left = m[NOT_REPLAYED_KEY];
  return typeof left === "number" && left > 0 ? notReplayedText(left, String(m["stop_reason"] ?? "an unknown reason")) : undefined;
}

/** The evidence of why a trial did not pass (the reason line without its leads); undefined for a passed trial. */
export function evidenceLine(rec: TrialRecord, readDiff: (r: TrialRecord) => DbDiff | undefined = readDbDiff): string | undefined {
  if (rec.status === "passed") return undefined;
  return verdictReason(rec, readDiff);
}

function verdictReason(rec: TrialRecord, readDiff: (r: TrialRecord) => DbDiff | undefined): string {
  const m = rec.metrics;
  if (rec.status === "errored") {
    const err = m["error"];
    if (isJsonObject(err)) return oneLine(`errored: ${err["side"] ? `${err["side"]} bot: ` : ""}${err["message"]}`);
    return oneLine(`errored: the conversation stopped by ${m["stop_reason"] ?? "an unknown reason"}`);
  }
  if (m["insufficient_agent_turns"] === true) {
    const calls = (m["token_usage"] as JsonObject | undefined)?.["agent"] as JsonObject | undefined;
    const min = rec.runConfig?.["min_agent_turns"];
    const limit = typeof min === "number" ? `--min-agent-turns ${min}` : "the run's --min-agent-turns";
    return oneLine(`insufficient agent turns: the agent took ${calls?.["n_calls"] ?? "too few"} turn(s), fewer than ${limit} (run with --min-agent-turns 0 to score short conversations)`);
  }
  const breakdown = m["success_breakdown"];
  const failed = isJsonObject(breakdown) && Array.isArray(breakdown["failed"]) ? breakdown["failed"].map(String) : [];
  if (failed.length === 0) return m["is_successful"] === "N/A" ? "no gating signal applies to this scenario (is_successful N/A)" : "failed";
  // A broken policy rule explains a failure better than the first differing DB field, so it comes first even when it does not gate.
  const policy = failed.includes("policy") ? undefined : policyPhrase(rec);
  return oneLine([...(policy ? [policy] : []), ...failed.map((s) => signalPhrase(s, rec, readDiff))].join("; "));
}

/**
 * Why a trial did not pass, in one line; undefined for a passed trial. A
 * failed trial's diagnosis leads: the call that lost the task, then the
 * evidence of the loss. (A failure no call explains keeps its evidence alone:
 * a lead saying so would only push it right.)
 */
export function reasonLine(rec: TrialRecord, readDiff: (r: TrialRecord) => DbDiff | undefined = readDbDiff): string | undefined {
  const evidence = evidenceLine(rec, readDiff);
  if (evidence === undefined) return undefined;
  // A replay a limit stopped says so first: the calls it left out may be why it failed.
  const leads: string[] = [];
  const left = notReplayedPhrase(rec.metrics);
  if (left !== undefined) leads.push(left);
  const diagnosis = rec.status === "failed" ? readDiagnosis(rec.metrics["diagnosis"]) : undefined;
  if (diagnosis && diagnosis.kind !== "no_failure_in_calls") leads.push(diagnosisPhrase(diagnosis));
  return leads.length === 0 ? evidence : oneLine([...leads, evidence].join("; "));
}
