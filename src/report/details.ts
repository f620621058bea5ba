/**
 * What a scenario page shows, gathered from one trial's folder: the
 * transcript, every signal with its verdict and evidence, and the prompts and
 * tool lists (shared texts are stored once and referred to by index).
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { TrialRecord } from "../results/read-run.js";
import { readDbDiff, readTranscript, readTrialConfig } from "../results/read-run.js";
import { reasonLine } from "../results/reasons.js";
import { violationPhrase, violationsOf } from "../results/policy-lines.js";
import { SIGNAL_ORDER } from "../scoring/signals.js";
import { dbDiffHtml } from "./db-diff-html.js";
import { valueJson } from "./escape.js";
import { importedView, withReplyNotes } from "./notes.js";

/** Distinct long texts (prompts, tool lists), each stored once. */
export class TextTable {
  private readonly index = new Map<string, number>();
  readonly texts: string[] = [];
  add(text: string | undefined): number | null {
    if (text === undefined) return null;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.texts.length;
      this.texts.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

export interface SignalView {
  readonly signal: string;
  /** passed, failed, not_applicable or excluded (reported but not gating). */
  readonly verdict: string;
  readonly value: JsonValue;
}

const METRIC_KEYS = ["status", "stop_reason", "total_turns", "duration_seconds", "tool_calls", "token_usage", "is_successful", "is_task_successful", "db_state_expected_hash", "db_state_actual_hash", "db_hash", "user_db_hash", "error", "warnings", "insufficient_agent_turns"];

function signalViews(m: JsonObject): SignalView[] {
  const b = isJsonObject(m["success_breakdown"]) ? m["success_breakdown"] : {};
  const verdictOf = (sig: string): string | undefined => ["passed", "failed", "not_applicable", "excluded"].find((k) => Array.isArray(b[k]) && (b[k]).includes(sig));
  const field = (sig: string): string => (sig === "db_state_assertion" ? "db_state_assertion_pass_rate" : sig === "nl_assertion" ? "nl_assertion_pass_rate" : sig);
  // A scenario's declared checks follow the reference's signals, with their evidence as the value.
  const signals = m["checks"] === undefined ? SIGNAL_ORDER : [...SIGNAL_ORDER, "checks"];
  return signals.flatMap((sig) => {
    const verdict = verdictOf(sig);
    const value = m[field(sig)];
    return verdict === undefined && value === undefined ? [] : [{ signal: sig, verdict: verdict ?? "not_gating", value: value ?? null }];
  });
}

export function trialDetail(rec: TrialRecord, texts: TextTable): JsonObject {
  const m = rec.metrics;
  const cfg = readTrialConfig(rec);
  const diff = readDbDiff(rec);
  const metrics: JsonObject = {};
  for (const k of METRIC_KEYS) if (m[k] !== undefined) metrics[k] = m[k];
  const json = (v: JsonValue | undefined): string | undefined => (v === undefined ? undefined : valueJson(v, 2));
  return {
    name: rec.name,
    domain: rec.bucket,
    trial: rec.trial,
    reason: reasonLine(rec) ?? null,
    // Only a trial that broke a policy rule carries the list, so other trials' details are as they were.
    ...(violationsOf(m).length > 0 ? { policy: violationsOf(m).map((v) => violationPhrase(v)) } : {}),
    metrics,
    // A failed trial's decisive step: the page marks that call and shows what would have passed.
    ...(isJsonObject(m["diagnosis"]) ? { diagnosis: m["diagnosis"] } : {}),
    signals: signalViews(m) as unknown as JsonValue,
    events: withReplyNotes(readTranscript(rec) as unknown as JsonValue[]),
    imported: importedView(m) as unknown as JsonValue,
    diff_html: diff ? dbDiffHtml(diff) : null,
    assertions: m["db_state_assertion_verdicts"] ?? null,
    reference: cfg.referenceActions ?? null,
    performed: cfg.predictedActions ?? null,
    judge: cfg.judgeResult ?? null,
    description: cfg.metadata?.["description"] ?? null,
    agent_prompt: texts.add(cfg.agentPrompt),
    user_prompt: texts.add(cfg.userPrompt),
    agent_tools: texts.add(json(cfg.agentTools)),
    user_tools: texts.add(json(cfg.userTools)),
  };
}
