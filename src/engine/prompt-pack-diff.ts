/**
 * Where a prompt pack differs from what evalsim would send: per scenario and
 * field, the first line that differs (prompts) or the tools that differ
 * (tool lists, compared as JSON text, key order included).
 */
import { toJsonText } from "../json/stringify.js";
import type { JsonObject } from "../json/types.js";
import type { PackEntry, PackField, PromptPack } from "./prompt-pack.js";
import { PACK_FIELDS } from "./prompt-pack.js";

export interface PackDifference {
  readonly scenario: string;
  /** The field, or `scenario` when one side lacks the scenario. */
  readonly field: PackField | "scenario";
  readonly detail: string;
}

const clip = (s: string, n = 100): string => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

function promptDifference(pack: string, ours: string): string | undefined {
  if (pack === ours) return undefined;
  const a = pack.split("\n");
  const b = ours.split("\n");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (lines: string[]): string => (i < lines.length ? JSON.stringify(clip(lines[i] as string)) : "(end of text)");
  return `line ${i + 1}: pack ${show(a)}, evalsim ${show(b)} (${a.length} vs ${b.length} lines)`;
}

const nameOf = (spec: JsonObject): string => String((spec["function"] as JsonObject)["name"]);

function toolsDifference(pack: readonly JsonObject[], ours: readonly JsonObject[]): string | undefined {
  const pn = pack.map(nameOf);
  const on = ours.map(nameOf);
  const notOurs = pn.filter((n) => !on.includes(n));
  const notPack = on.filter((n) => !pn.includes(n));
  const parts: string[] = [];
  if (notOurs.length > 0) parts.push(`only in the pack: ${notOurs.join(", ")}`);
  if (notPack.length > 0) parts.push(`only in evalsim: ${notPack.join(", ")}`);
  const shared = pn.filter((n) => on.includes(n));
  if (parts.length === 0 && shared.join(",") !== on.filter((n) => pn.includes(n)).join(",")) parts.push(`order: pack ${pn.join(", ")}`);
  const changed = shared.filter((n) => toJsonText(pack[pn.indexOf(n)] as JsonObject) !== toJsonText(ours[on.indexOf(n)] as JsonObject));
  if (changed.length > 0) parts.push(`spec differs: ${changed.join(", ")}`);
  if (parts.length === 0 && toJsonText([...pack]) !== toJsonText([...ours])) parts.push("order differs");
  return parts.length > 0 ? parts.join("; ") : undefined;
}

function entryDifferences(name: string, pack: PackEntry, ours: PackEntry): PackDifference[] {
  const out: PackDifference[] = [];
  for (const field of PACK_FIELDS) {
    const detail = field === "agent_prompt" || field === "user_prompt" ? promptDifference(pack[field], ours[field]) : toolsDifference(pack[field], ours[field]);
    if (detail !== undefined) out.push({ scenario: name, field, detail });
  }
  return out;
}

/**
 * Every difference between `pack` and `builtIn` (evalsim's own pack for the
 * selected scenarios), in `builtIn`'s scenario order; scenarios only in the
 * pack come last.
 */
export function diffPromptPack(pack: PromptPack, builtIn: PromptPack): PackDifference[] {
  const out: PackDifference[] = [];
  for (const [name, ours] of Object.entries(builtIn.scenarios)) {
    const theirs = pack.scenarios[name];
    if (!theirs) out.push({ scenario: name, field: "scenario", detail: "missing from the pack" });
    else out.push(...entryDifferences(name, theirs, ours));
  }
  for (const name of Object.keys(pack.scenarios)) {
    if (!(name in builtIn.scenarios)) out.push({ scenario: name, field: "scenario", detail: "not a selected evalsim scenario" });
  }
  return out;
}
