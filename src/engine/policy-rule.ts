/**
 * A policy rule is data: an id, the policy sentence it implements, the tools
 * whose calls it watches, and a check that reads one call, the DB of its side
 * just before it and the scenario, and returns the facts it read when the call
 * breaks the rule. The text lives in the rule (`policy`), the facts in the
 * finding, as a lint rule keeps its message apart from its data. Rules never
 * name a domain's scenarios: they decide from the policy text and the tools'
 * semantics alone. Domains attach their rules to the domain value
 * (`policyRules`); the engine that runs them lives in `scoring/policy`.
 */
import type { JsonObject } from "../json/types.js";
import type { Scenario } from "./scenario.js";
import type { Side } from "./types.js";

/** A fact a rule read: a number, a word, a yes/no, or a short list of them. */
export type PolicyFact = string | number | boolean | null | readonly (string | number)[];

/** What a rule read, by name, in the order it should be shown. */
export type PolicyFacts = Readonly<Record<string, PolicyFact>>;

/** Where the rule comes from: the policy's section heading and the sentence, quoted. */
export interface PolicyCitation {
  readonly section: string;
  readonly sentence: string;
}

/** One call of the list a rule sees: the tool, its arguments, and whether the tool carried it out. */
export interface PolicyCallView {
  readonly index: number;
  readonly side: Side;
  readonly tool: string;
  readonly args: JsonObject;
  /** False for a refused call (an error value, invalid arguments, an unknown tool); unknown (undefined) for calls not yet made. */
  readonly ok?: boolean;
}

/** What a policy rule's check is given: the call, its side's DB just before it, the scenario, and the calls before it. */
export interface PolicyCheckContext {
  /** The call under check. Arguments are the call's own, as a JSON object ({} when they are not one). */
  readonly call: PolicyCallView;
  /** The DB of the call's side just before the call. Read only, and only during the check: copy what the facts need. */
  readonly db: JsonObject;
  readonly scenario: Scenario;
  /** The calls before this one, in order, with their outcomes. */
  readonly before: readonly PolicyCallView[];
}

/**
 * A finding: the facts that break the rule. `unlessLater`, for rules over
 * the whole call list, withdraws the finding when some call of the list
 * (checked once the list is complete, only calls the tool carried out)
 * supplies what the policy asks to go with it.
 */
export interface PolicyFinding {
  readonly facts: PolicyFacts;
  readonly unlessLater?: (call: PolicyCallView) => boolean;
}

/** A rule of a domain's policy as data: its id, the policy sentence it implements, the tools it watches, and a check returning the facts it read when a call breaks it (docs/policy.md). */
export interface PolicyRule {
  /** `<domain area>.<action>.<what>`, e.g. `airline.cancel.eligibility`. */
  readonly id: string;
  readonly policy: PolicyCitation;
  /** The tool names (as the agent calls them, and their record names) whose calls it checks. */
  readonly tools: readonly string[];
  /**
   * Which calls count: "carried-out" (default) rules judge an action the
   * tool performed, so a call the tool refused breaks nothing; "attempted"
   * rules judge the call itself.
   */
  readonly judges?: "carried-out" | "attempted";
  /**
   * "conversation": the rule needs every call the agent made, reads included
   * (an identity lookup before an action). A gold list holds only the calls a
   * task grades, so the gold audit leaves such rules out; runs check them.
   */
  readonly needs?: "calls" | "conversation";
  /** Null when the call keeps the rule. */
  check(ctx: PolicyCheckContext): PolicyFinding | null;
}

/** A fact value as the reason line and console print it. */
export function factText(value: PolicyFact): string {
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** `cabin: economy, insurance: no, ...`: facts in their order. */
export function factsText(facts: PolicyFacts): string {
  return Object.entries(facts)
    .map(([k, v]) => `${k}: ${factText(v)}`)
    .join(", ");
}

/** Facts as a JSON object, for metrics.json and `--json` output (facts are JSON already; this only says so to the type checker). */
export function factsJson(facts: PolicyFacts): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(facts)) out[k] = typeof v === "object" && v !== null ? v.slice() : v;
  return out;
}
