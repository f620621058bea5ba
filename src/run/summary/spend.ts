/**
 * The spend of a run, from its scenarios' `token_usage` (so a resumed or
 * merged run adds up the same): requests, prompt and completion tokens and
 * cost per side and for the judge. A side counts only where a model played
 * it (its entries carry `requests`); a total that includes an unreported
 * count is `null`, not a smaller number.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";

export interface SpendTotal {
  requests: number;
  /** HTTP attempts that brought no reply; present once some scenario had one. */
  failed_attempts?: number;
  prompt: number | null;
  completion: number | null;
  /** Present once some scenario reported reasoning tokens; null when another did not. */
  reasoning?: number | null;
  cost?: number | null;
}

export type RunSpend = Partial<Record<"agent" | "user" | "judge" | "total", SpendTotal>>;

const ROLES = ["agent", "user", "judge"] as const;

const add = (a: number | null | undefined, b: JsonValue | undefined): number | null => (a === null || a === undefined || typeof b !== "number" ? null : a + b);
const round6 = (x: number | null | undefined): number | null | undefined => (typeof x === "number" ? Math.round(x * 1e6) / 1e6 : x);

/**
 * Reasoning tokens appear in a total once an entry reports them; the total is
 * null when an entry that made requests did not (before or after).
 */
function addReasoning(sum: number | null | undefined, first: boolean, u: JsonObject): number | null | undefined {
  const r = u["reasoning"];
  if (r === undefined) return sum === undefined || u["requests"] === 0 ? sum : null;
  if (sum === undefined) return first ? add(0, r) : null;
  return add(sum, r);
}

function accumulate(into: SpendTotal | undefined, u: JsonObject): SpendTotal {
  const counted = into?.requests ?? 0;
  const t: SpendTotal = into ?? { requests: 0, prompt: 0, completion: 0, ...(u["cost"] !== undefined ? { cost: 0 } : {}) };
  t.requests += typeof u["requests"] === "number" ? u["requests"] : 0;
  if (typeof u["failed_attempts"] === "number") t.failed_attempts = (t.failed_attempts ?? 0) + u["failed_attempts"];
  t.prompt = add(t.prompt, u["prompt"]);
  t.completion = add(t.completion, u["completion"]);
  const reasoning = addReasoning(t.reasoning, into === undefined || counted === 0, u);
  if (reasoning !== undefined) t.reasoning = reasoning;
  if (t.cost !== undefined) t.cost = u["cost"] === undefined ? null : add(t.cost, u["cost"]);
  return t;
}

/** Undefined when no model was involved, so runs without one keep their summary as it was. */
export function computeSpend(all: readonly JsonObject[]): RunSpend | undefined {
  const out: RunSpend = {};
  for (const m of all) {
    const usage = m["token_usage"];
    if (!isJsonObject(usage)) continue;
    for (const role of ROLES) {
      const u = usage[role];
      if (!isJsonObject(u) || typeof u["requests"] !== "number") continue;
      out[role] = accumulate(out[role], u);
      out.total = accumulate(out.total, u);
    }
  }
  if (out.total === undefined) return undefined;
  for (const t of Object.values(out)) if (t.cost !== undefined) t.cost = round6(t.cost) ?? null;
  return out;
}

const shown = (x: number | null | undefined): string => (x === null || x === undefined ? "not reported" : String(x));

export function formatSpend(spend: RunSpend): string[] {
  const lines = ["", "Spend:"];
  for (const [role, t] of Object.entries(spend)) {
    const cost = t.cost !== undefined ? `, cost ${t.cost === null ? "unknown" : t.cost}` : "";
    const reasoning = t.reasoning !== undefined ? ` (reasoning ${shown(t.reasoning)})` : "";
    // Every HTTP attempt is counted: the answered ones and, when there were any, those that failed.
    const requests = t.failed_attempts === undefined ? `${t.requests} requests` : `${t.requests + t.failed_attempts} requests (${t.requests} answered, ${t.failed_attempts} failed)`;
    lines.push(`  ${role.padEnd(6)} ${requests}, prompt tokens ${shown(t.prompt)}, completion tokens ${shown(t.completion)}${reasoning}${cost}`);
  }
  return lines;
}
