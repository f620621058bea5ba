/**
 * The checks a scenario declares (`mustNotCall`, `mustCall`, `communicate`),
 * decided from the transcript: which calls were made, which succeeded, what
 * the agent said. Deterministic, no judge. Each verdict carries its
 * evidence (the ids of the calls that decided it, the message that met a
 * `communicate` item), written into metrics.json as `checks`.
 */
import type { TranscriptEvent } from "../engine/conversation/types.js";
import type { Domain } from "../engine/domain.js";
import type { CallMatcher, ScenarioChecks } from "../engine/scenario.js";
import { findTool } from "../engine/toolbox.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { pyStrip } from "../python/strip.js";

/** One `mustCall` or `mustNotCall` check: the tool (and arguments) it names, whether it was met, and the matching calls. */
export interface CallVerdict {
  readonly name: string;
  readonly side: "agent" | "user";
  readonly arguments?: JsonObject;
  readonly met: boolean;
  /** The transcript ids of the matching calls: the forbidden calls made, or the successful required ones. */
  readonly calls: readonly string[];
}

/** tau2's CommunicateCheck: `{info, met, justification}`. */
export interface CommunicateVerdict {
  readonly info: string;
  readonly met: boolean;
  readonly justification: string;
}

/** A scenario's declared checks evaluated: whether all were met, with each check's verdict. */
export interface ChecksVerdict {
  readonly passed: boolean;
  readonly must_not_call: readonly CallVerdict[];
  readonly must_call: readonly CallVerdict[];
  readonly communicate: readonly CommunicateVerdict[];
}

type CallEvent = Extract<TranscriptEvent, { type: "tool_call" }>;

function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as JsonValue[]).length && a.every((v, i) => sameJson(v, (b as JsonValue[])[i]));
  const ak = Object.keys(a);
  const bo = b as JsonObject;
  return ak.length === Object.keys(bo).length && ak.every((k) => Object.hasOwn(bo, k) && sameJson((a)[k], bo[k]));
}

/** A call made under any name of the matcher's tool (or its very name), holding each of the matcher's argument values. */
function matches(domain: Domain, m: CallMatcher, call: CallEvent): boolean {
  const side = m.side ?? "agent";
  if (call.side !== side) return false;
  const tool = findTool(domain, side, m.name);
  const same = tool !== undefined ? findTool(domain, side, call.name) === tool : call.name === m.name;
  if (!same) return false;
  if (m.arguments === undefined) return true;
  const args = call.arguments;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return false;
  return Object.entries(m.arguments).every(([k, v]) => Object.hasOwn(args, k) && sameJson(args[k], v));
}

function verdict(m: CallMatcher, met: boolean, calls: readonly string[]): CallVerdict {
  return { name: m.name, side: m.side ?? "agent", ...(m.arguments === undefined ? {} : { arguments: m.arguments }), met, calls };
}

/**
 * tau2's `evaluate_communicate_info`: an item is met when, lower-cased, it
 * occurs in an agent message with text, lower-cased with its commas removed.
 */
export function communicateVerdicts(info: readonly string[], agentMessages: readonly string[]): CommunicateVerdict[] {
  return info.map((item) => {
    const needle = item.toLowerCase();
    const hit = agentMessages.find((text) => pyStrip(text) !== "" && text.toLowerCase().replaceAll(",", "").includes(needle));
    return hit === undefined
      ? { info: item, met: false, justification: `Information '${item}' not communicated.` }
      : { info: item, met: true, justification: `Information '${item}' communicated in the message:\n '${hit}'` };
  });
}

export function evaluateChecks(domain: Domain, checks: ScenarioChecks, transcript: readonly TranscriptEvent[]): ChecksVerdict {
  const calls = transcript.filter((e): e is CallEvent => e.type === "tool_call");
  const ok = new Set(transcript.flatMap((e) => (e.type === "tool_result" && e.status === "ok" ? [e.id] : [])));
  const mustNot = checks.mustNotCall.map((m) => {
    const made = calls.filter((c) => matches(domain, m, c)).map((c) => c.id);
    return verdict(m, made.length === 0, made);
  });
  const must = checks.mustCall.map((m) => {
    const done = calls.filter((c) => matches(domain, m, c) && ok.has(c.id)).map((c) => c.id);
    return verdict(m, done.length > 0, done);
  });
  const said = transcript.flatMap((e) => (e.type === "message" && e.side === "agent" ? [e.text] : []));
  const communicate = communicateVerdicts(checks.communicate, said);
  const passed = [...mustNot, ...must, ...communicate].every((v) => v.met);
  return { passed, must_not_call: mustNot, must_call: must, communicate };
}
