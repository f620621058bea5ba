/**
 * `voice_readability`: how much of what the agent said a caller could follow
 * when it is read aloud, judged by the rules the agent's prompt states. Per
 * agent utterance, each violation is kept with its span and rule:
 *  - `unspelled_code`: a code or id from the scenario's DBs or tool traffic said in canonical form;
 *  - `canonical_with_spelled`: the canonical form said next to its spelled form;
 *  - `internal_id`: a value the agent must never read (fields the scenario names, eva journey ids);
 *  - `markdown`: list markers, tables, headings, emphasis, backticks, links;
 *  - `emoji`.
 * The score is the share of agent utterances without a violation (null when the agent said nothing).
 */
import { findCodeTokens, isCodeShaped } from "../engine/channel/codes.js";
import { findSpelledRuns, spelledKey } from "../engine/channel/spelling.js";
import type { ScenarioVoice } from "../engine/channel/types.js";
import type { TranscriptEvent } from "../engine/conversation/types.js";
import type { JsonValue } from "../json/types.js";
import type { ScoreFields } from "./signals.js";

export type ReadabilityRule = "unspelled_code" | "canonical_with_spelled" | "internal_id" | "markdown" | "emoji";

export interface ReadabilityViolation {
  /** Index of the utterance among the agent's utterances, from 0. */
  readonly utterance: number;
  readonly rule: ReadabilityRule;
  /** `[start, end)` in the utterance's text. */
  readonly span: readonly [number, number];
  readonly found: string;
  readonly text: string;
}

export interface VoiceReadability {
  readonly score: number | null;
  readonly utterances: number;
  readonly clean_utterances: number;
  readonly violations: readonly ReadabilityViolation[];
}

const MARKDOWN: readonly RegExp[] = [
  /^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+\S/gm,
  /^[ \t]*#{1,6}[ \t]+\S/gm,
  /\|[^\n|]*\|/g,
  /\*\*[^*\n]+\*\*|__[^_\n]+__/g,
  /`[^`\n]+`/g,
  /\[[^\]\n]+\]\([^)\s]+\)/g,
];
const EMOJI = /\p{Extended_Pictographic}/gu;

/** Strings of a JSON value (keys too: tables are keyed by ids), keeping the code-shaped ones. */
function collectCodes(value: JsonValue | undefined, into: Set<string>): void {
  if (typeof value === "string") {
    if (isCodeShaped(value)) into.add(value);
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const v of value) collectCodes(v, into);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (isCodeShaped(k)) into.add(k);
    collectCodes(v, into);
  }
}

/** Values of the named fields anywhere in a JSON value. */
function collectFields(value: JsonValue | undefined, fields: ReadonlySet<string>, into: Set<string>): void {
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const v of value) collectFields(v, fields, into);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (fields.has(k) && typeof v === "string" && v.length > 0) into.add(v);
    collectFields(v, fields, into);
  }
}

// The initial DBs are frozen fixture values shared by every scenario of a domain: scan each once.
const dbCodes = new WeakMap<object, ReadonlySet<string>>();
function codesOfDb(db: JsonValue): ReadonlySet<string> {
  if (db === null || typeof db !== "object") return new Set();
  let hit = dbCodes.get(db);
  if (!hit) {
    const set = new Set<string>();
    collectCodes(db, set);
    dbCodes.set(db, (hit = set));
  }
  return hit;
}

// The same for the never-spoken fields' values of a DB, per list of fields.
const dbFields = new WeakMap<object, Map<string, ReadonlySet<string>>>();
function fieldsOfDb(db: JsonValue, fields: ReadonlySet<string>): ReadonlySet<string> {
  if (db === null || typeof db !== "object" || fields.size === 0) return new Set();
  let perDb = dbFields.get(db);
  if (!perDb) dbFields.set(db, (perDb = new Map<string, ReadonlySet<string>>()));
  const key = [...fields].sort().join("\n");
  let hit = perDb.get(key);
  if (!hit) {
    const set = new Set<string>();
    collectFields(db, fields, set);
    perDb.set(key, (hit = set));
  }
  return hit;
}

export interface ReadabilityInput {
  readonly transcript: readonly TranscriptEvent[];
  /** The DBs the conversation started from, per side. */
  readonly dbs: readonly JsonValue[];
  readonly voice?: ScenarioVoice | undefined;
}

export function voiceReadability(input: ReadabilityInput): VoiceReadability {
  const traffic = new Set<string>();
  const internal = new Set<string>();
  const neverSpoken = new Set(input.voice?.neverSpokenFields ?? []);
  for (const e of input.transcript) {
    if (e.type === "tool_result") {
      collectCodes(e.result, traffic);
      collectFields(e.result, neverSpoken, internal);
    } else if (e.type === "tool_call") collectCodes(e.arguments, traffic);
  }
  for (const db of input.dbs) for (const v of fieldsOfDb(db, neverSpoken)) internal.add(v);
  const known = (code: string): boolean => traffic.has(code) || input.dbs.some((db) => codesOfDb(db).has(code));
  const internalKeys = new Set([...internal].map(spelledKey));

  const violations: ReadabilityViolation[] = [];
  let utterances = 0;
  let clean = 0;
  for (const e of input.transcript) {
    if (e.type !== "message" || e.side !== "agent") continue;
    const index = utterances++;
    const found: ReadabilityViolation[] = [];
    const add = (rule: ReadabilityRule, start: number, end: number): void => {
      found.push({ utterance: index, rule, span: [start, end], found: e.text.slice(start, end), text: e.text });
    };
    const spelled = findSpelledRuns(e.text);
    const spelledChars = new Set(spelled.map((r) => r.chars));
    for (const run of spelled) if (internalKeys.has(run.chars)) add("internal_id", run.start, run.end);
    for (const tok of findCodeTokens(e.text)) {
      if (internal.has(tok.text)) add("internal_id", tok.start, tok.end);
      else if (known(tok.text)) add(spelledChars.has(spelledKey(tok.text)) ? "canonical_with_spelled" : "unspelled_code", tok.start, tok.end);
    }
    for (const re of MARKDOWN) for (const m of e.text.matchAll(re)) add("markdown", m.index, m.index + m[0].length);
    for (const m of e.text.matchAll(EMOJI)) add("emoji", m.index, m.index + m[0].length);
    if (found.length === 0) clean++;
    found.sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1]);
    violations.push(...found);
  }
  return { score: utterances === 0 ? null : clean / utterances, utterances, clean_utterances: clean, violations };
}

/**
 * `--gate voice_readability`: the scenario also needs every agent utterance
 * to be free of violations (a conversation in which the agent said nothing
 * has nothing to judge and is not applicable). Without the gate the signal is
 * reported and listed as excluded, like any signal outside the whitelist.
 */
export function gateReadability(score: ScoreFields, r: VoiceReadability, gated: boolean): ScoreFields {
  const b = score.success_breakdown;
  if (!gated) return { ...score, success_breakdown: { ...b, excluded: r.score === null ? b.excluded : [...b.excluded, "voice_readability"] } };
  if (r.score === null) return { ...score, success_breakdown: { ...b, not_applicable: [...b.not_applicable, "voice_readability"] } };
  const passed = r.score >= 1;
  const breakdown = passed ? { ...b, passed: [...b.passed, "voice_readability" as const] } : { ...b, failed: [...b.failed, "voice_readability" as const] };
  const is_successful = score.insufficient_agent_turns ? false : score.is_successful === "N/A" ? passed : score.is_successful && passed;
  return { ...score, success_breakdown: breakdown, is_successful };
}
