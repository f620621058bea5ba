/**
 * Seeded sessions of tool calls for the differential run. A session is a few
 * calls on one scenario's starting state, each drawn from evalsim's fuzz call
 * plans (clean calls with pool ids, one-off defects, hostile values, wrong
 * names) and then, for a share of calls, bent further at the text level:
 * number literals JavaScript cannot write, a `self` key, a missing enum
 * field, deep nesting, non-object arguments, argument texts that are not
 * JSON (or are empty).
 */
import fc from "fast-check";
import type { Rng } from "../../engine/rng.js";
import type { AnyToolDef, Side } from "../../engine/types.js";
import { callPlanArb } from "../../fuzz/call-plans.js";
import type { CallPlan } from "../../fuzz/call-plans.js";
import type { FieldSpec } from "../../fuzz/field-specs.js";
import { toolFields } from "../../fuzz/field-specs.js";
import { edgeStringArb } from "../../fuzz/values.js";
import type { JsonValue } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import type { ArgObject, ArgValue } from "./args-text.js";
import { BIG_NUMERIC_STRINGS, NON_OBJECT_TEXTS, NOT_JSON_TEXTS, NUMBER_TOKENS, argsText, raw } from "./args-text.js";

/** How a generated call was bent after its plan was resolved (kept in the report). */
export type Bend = "plan" | "number" | "numeric-string" | "self" | "missing-enum" | "missing-field" | "nesting" | "unicode" | "non-object" | "not-json";

const BENDS: readonly (readonly [Bend, number])[] = [
  ["plan", 62],
  ["number", 10],
  ["numeric-string", 4],
  ["self", 3],
  ["missing-enum", 4],
  ["missing-field", 3],
  ["nesting", 4],
  ["unicode", 6],
  ["non-object", 4],
  ["not-json", 3],
];

function pickWeighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    if ((r -= w) < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(xs.length)] as T;
}

/** Plans for `count` calls of one domain, from fast-check's generators under one seed. */
export function samplePlans(tools: Readonly<Partial<Record<Side, readonly AnyToolDef[]>>>, hints: Parameters<typeof callPlanArb>[1], seed: number, count: number): CallPlan[] {
  return fc.sample(callPlanArb(tools, hints), { seed, numRuns: count });
}

function nested(rng: Rng, depth: number, leaf: JsonValue): JsonValue {
  let v: JsonValue = leaf;
  for (let i = 0; i < depth; i++) v = rng.next() < 0.5 ? [v] : { [pick(rng, ["a", "k", "value", "id"])]: v };
  return v;
}

const UNICODE = fc.sample(edgeStringArb, { seed: 0x5eed, numRuns: 200 }).filter((s) => s.length < 200);

/** A field value that is not what the schema says, chosen per field type. */
function numberBend(rng: Rng, numeric: boolean): ArgValue {
  return numeric || rng.next() < 0.7 ? raw(pick(rng, NUMBER_TOKENS)) : raw(pick(rng, BIG_NUMERIC_STRINGS));
}

const isNumeric = (f: FieldSpec): boolean => f.types.includes("number") || f.types.includes("integer");

export interface BentCall {
  readonly name: string;
  readonly side: Side;
  /** The arguments' JSON text, as a model would send it. */
  readonly args: string;
  readonly bend: Bend;
}

/**
 * Bend one resolved call. `args` is the resolved arguments value (usually an
 * object); the result is the text both engines get.
 */
export function bendCall(rng: Rng, tool: AnyToolDef | undefined, name: string, side: Side, args: JsonValue): BentCall {
  const bend = pickWeighted(rng, BENDS);
  const fields = tool ? toolFields(tool) : [];
  const base: ArgObject = isJsonObject(args) ? { ...(args as ArgObject) } : {};
  const done = (b: Bend, v: ArgValue): BentCall => ({ name, side, bend: b, args: argsText(v) });
  if (!isJsonObject(args) && bend !== "non-object" && bend !== "not-json") return done("plan", args);
  switch (bend) {
    case "plan":
      return done("plan", args);
    case "number":
    case "numeric-string": {
      const numeric = fields.filter(isNumeric);
      const f = numeric.length > 0 && rng.next() < 0.8 ? pick(rng, numeric) : fields.length > 0 ? pick(rng, fields) : undefined;
      const key = f?.name ?? "amount";
      const value = bend === "number" ? numberBend(rng, f ? isNumeric(f) : true) : raw(pick(rng, BIG_NUMERIC_STRINGS));
      // Sometimes inside a list, where the field is one.
      return done(bend, { ...base, [key]: f?.types.includes("array") && rng.next() < 0.7 ? [value] : value });
    }
    case "self":
      return done("self", { ...base, self: pick<JsonValue>(rng, [1, "x", null, {}, true, "self"]) });
    case "missing-enum": {
      const enums = fields.filter((f) => f.literals.length > 0);
      if (enums.length === 0) return done("plan", args);
      const drop = new Set(enums.filter(() => rng.next() < 0.5).map((f) => f.name));
      if (drop.size === 0) drop.add(pick(rng, enums).name);
      return done("missing-enum", Object.fromEntries(Object.entries(base).filter(([k]) => !drop.has(k))));
    }
    case "missing-field": {
      const keys = Object.keys(base);
      if (keys.length === 0) return done("plan", args);
      const gone = pick(rng, keys);
      return done("missing-field", Object.fromEntries(Object.entries(base).filter(([k]) => k !== gone)));
    }
    case "nesting": {
      const key = fields.length > 0 && rng.next() < 0.7 ? pick(rng, fields).name : pick(rng, ["extra", "details", "items"]);
      return done("nesting", { ...base, [key]: nested(rng, 1 + rng.int(rng.next() < 0.9 ? 6 : 40), pick<JsonValue>(rng, [1, "x", null, 2.5, [], {}])) });
    }
    case "unicode": {
      const strings = fields.filter((f) => f.types.includes("string") || f.types.length === 0);
      const f = strings.length > 0 ? pick(rng, strings) : fields.length > 0 ? pick(rng, fields) : undefined;
      const key = f?.name ?? "note";
      const s = pick(rng, UNICODE);
      const prior = base[key];
      // Half the time around a real value (an id with a look-alike), else on its own.
      const value = typeof prior === "string" && rng.next() < 0.5 ? `${prior}${s}` : s;
      return done("unicode", { ...base, [key]: f?.types.includes("array") ? [value] : value });
    }
    case "non-object":
      return done("non-object", raw(pick(rng, NON_OBJECT_TEXTS)));
    case "not-json": {
      // Half the time the call's own text cut short, as a model's output stopped midway.
      const own = argsText(base);
      return done("not-json", raw(rng.next() < 0.5 && own.length > 2 ? own.slice(0, 1 + rng.int(own.length - 1)) : pick(rng, NOT_JSON_TEXTS)));
    }
    default:
      return bend satisfies never;
  }
}
