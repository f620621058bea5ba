/**
 * Tool calls as plans. A plan fixes everything random up front (which tool,
 * which field is dropped, which hostile literal, which pool entry by a number
 * in [0, 1)); resolving it against the DB of the moment turns pool picks into
 * existing ids. So a sequence can name records that earlier calls created,
 * and a failing plan still replays and shrinks like any fast-check value.
 */
import fc from "fast-check";
import type { PlanHints } from "../engine/fuzz-profile.js";
import type { AnyToolDef, Side, ToolCall } from "../engine/types.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import type { FieldSpec } from "./field-specs.js";
import { toolFields } from "./field-specs.js";
import type { LocalPools, Pools } from "./pools.js";
import type { Mangle } from "./values.js";
import { applyMangle, DANGEROUS_KEYS, edgeNumberArb, edgeStringArb, mangleArb, numericStringArb, setOwn, wrongTypeArb } from "./values.js";

export type ValuePlan =
  | { readonly kind: "pool"; readonly pick: number; readonly mangle: Mangle | null }
  | { readonly kind: "literal"; readonly value: JsonValue }
  | { readonly kind: "array"; readonly items: readonly ValuePlan[] }
  | { readonly kind: "object"; readonly fields: readonly FieldPlan[]; readonly extras: readonly (readonly [string, JsonValue])[] };

export interface FieldPlan {
  readonly name: string;
  readonly present: boolean;
  readonly plan: ValuePlan;
}

export type NameVariant = "name" | "alias" | "recase" | "unknown";

export interface CallPlan {
  readonly side: Side;
  readonly tool: string;
  readonly nameVariant: NameVariant;
  readonly unknownName: string;
  /** The arguments: an object plan, or a literal that is not an object at all. */
  readonly args: ValuePlan;
  /** Draw ids around one record (so they agree with each other), or from the whole DB. */
  readonly anchored: boolean;
  /** Which record the local pools are built around: table, then record. */
  readonly anchor: readonly [number, number];
}

export type { PlanHints };

type Hostility = "clean" | "mixed";

/** How arguments are drawn: clean or not, and how long clean lists are (one length per call, so parallel lists agree). */
interface Mode {
  readonly hostility: Hostility;
  readonly arity: number;
}

/** A uniform number in [0, 1): fast-check's own bias towards edge values would pin picks to the first entry. */
export const unit: fc.Arbitrary<number> = fc.noBias(fc.integer({ min: 0, max: 0xffffff })).map((n) => n / 0x1000000);

function hostileLiteral(spec: FieldSpec): fc.Arbitrary<JsonValue> {
  const type = spec.types[0];
  const sameType: fc.Arbitrary<JsonValue>[] =
    type === "string" ? [edgeStringArb] : type === "number" || type === "integer" ? [edgeNumberArb, numericStringArb] : [];
  return fc.oneof(...sameType, wrongTypeArb(type), fc.constant(null));
}

function valuePlanArb(spec: FieldSpec, hints: PlanHints, mode: Mode, depth: number): fc.Arbitrary<ValuePlan> {
  const shaped = hints.shapes[spec.name] ?? spec;
  const literal = hostileLiteral(shaped).map((value): ValuePlan => ({ kind: "literal", value }));
  let base: fc.Arbitrary<ValuePlan>;
  if (shaped.types.includes("array") && shaped.items && depth < 3) {
    const items = valuePlanArb(shaped.items, hints, mode, depth + 1);
    const lengths = mode.hostility === "clean" ? { minLength: mode.arity, maxLength: mode.arity } : { maxLength: 3 };
    base = fc.array(items, lengths).map((xs): ValuePlan => ({ kind: "array", items: xs }));
  } else if (shaped.types.includes("object") && shaped.properties && depth < 3) {
    base = objectPlanArb(shaped.properties, hints, mode, depth + 1);
  } else {
    const clean = unit.map((pick): ValuePlan => ({ kind: "pool", pick, mangle: null }));
    if (mode.hostility === "clean") return clean;
    const mangled = fc.tuple(unit, mangleArb).map(([pick, mangle]): ValuePlan => ({ kind: "pool", pick, mangle }));
    return fc.oneof({ weight: 6, arbitrary: clean }, { weight: 2, arbitrary: mangled }, { weight: 2, arbitrary: literal });
  }
  if (mode.hostility === "clean") return base;
  return fc.oneof({ weight: 8, arbitrary: base }, { weight: 2, arbitrary: literal });
}

const extraKeyArb = fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.constantFrom("extra", "id", "force", "side", "name"), fc.string({ maxLength: 6 }));
const extraValueArb: fc.Arbitrary<JsonValue> = fc.oneof(edgeStringArb, edgeNumberArb, fc.boolean(), fc.constant(null), fc.constant({}));

function objectPlanArb(fields: readonly FieldSpec[], hints: PlanHints, mode: Mode, depth: number): fc.Arbitrary<ValuePlan> {
  const fieldArbs = fields.map((f) =>
    fc
      .record({
        present: f.required ? (mode.hostility === "clean" ? fc.constant(true) : fc.integer({ min: 0, max: 4 }).map((n) => n > 0)) : fc.boolean(),
        plan: valuePlanArb(f, hints, mode, depth),
      })
      .map((r): FieldPlan => ({ name: f.name, present: r.present, plan: r.plan })),
  );
  const extras = mode.hostility === "clean" ? fc.constant([]) : fc.array(fc.tuple(extraKeyArb, extraValueArb), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fieldArbs), extras).map(([fs, ex]): ValuePlan => ({ kind: "object", fields: fs, extras: ex }));
}

/** Clean arguments with exactly one thing wrong: a hostile field, a missing required field, or an extra field. */
function oneOffArgsArb(fields: readonly FieldSpec[], hints: PlanHints, arity: number): fc.Arbitrary<ValuePlan> {
  const clean = objectPlanArb(fields, hints, { hostility: "clean", arity }, 0);
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const defects: fc.Arbitrary<(p: ValuePlan) => ValuePlan>[] = [
    fc.tuple(extraKeyArb, extraValueArb).map(([k, v]) => (p: ValuePlan) => (p.kind === "object" ? { ...p, extras: [[k, v] as const] } : p)),
  ];
  if (fields.length > 0) {
    defects.push(
      fc.integer({ min: 0, max: fields.length - 1 }).chain((i) => {
        const f = fields[i] as FieldSpec;
        return valuePlanArb(f, hints, { hostility: "mixed", arity }, 0).map(
          (hostile) => (p: ValuePlan) => (p.kind === "object" ? { ...p, fields: p.fields.map((fp, j) => (j === i ? { ...fp, present: true, plan: hostile } : fp)) } : p),
        );
      }),
    );
  }
  if (required.length > 0) {
    defects.push(
      fc.constantFrom(...required).map((name) => (p: ValuePlan) => (p.kind === "object" ? { ...p, fields: p.fields.map((fp) => (fp.name === name ? { ...fp, present: false } : fp)) } : p)),
    );
  }
  return fc.tuple(clean, fc.oneof(...defects)).map(([p, defect]) => defect(p));
}

const nonObjectArgs: fc.Arbitrary<ValuePlan> = fc
  .constantFrom<JsonValue>(null, [], "", "{}", 0, true, ["a"])
  .map((value): ValuePlan => ({ kind: "literal", value }));

// Clean lists mostly hold one element, so parallel lists (old and new item ids) agree in length.
const arityArb = fc.constantFrom(1, 1, 1, 1, 1, 1, 2, 2, 3, 0);

/** The arguments of one call to `tool`: mostly clean, else one defect, chaos, or not an object at all. */
export function argsPlanArb(tool: AnyToolDef, hints: PlanHints): fc.Arbitrary<ValuePlan> {
  const fields = toolFields(tool);
  return arityArb.chain((arity) =>
    fc.oneof(
      { weight: 14, arbitrary: objectPlanArb(fields, hints, { hostility: "clean", arity }, 0) },
      { weight: 4, arbitrary: oneOffArgsArb(fields, hints, arity) },
      { weight: 3, arbitrary: objectPlanArb(fields, hints, { hostility: "mixed", arity }, 0) },
      { weight: 1, arbitrary: nonObjectArgs },
    ),
  );
}

const unknownNameArb = fc.oneof(fc.constantFrom("NoSuchTool", "", "constructor", "__proto__", "toString", "get_reservation "), edgeStringArb);

/** One call on one side: tools weighted equally, mostly called by their LLM name. */
export function callPlanArb(tools: Readonly<Partial<Record<Side, readonly AnyToolDef[]>>>, hints: PlanHints): fc.Arbitrary<CallPlan> {
  const sides = (Object.keys(tools) as Side[]).filter((s) => (tools[s] ?? []).length > 0);
  const perSide = sides.map((side) =>
    fc.constantFrom(...(tools[side] as readonly AnyToolDef[])).chain((tool) =>
      fc
        .record({
          nameVariant: fc.constantFrom<NameVariant>(...Array<NameVariant>(40).fill("name"), "alias", "recase", "unknown"),
          unknownName: unknownNameArb,
          args: argsPlanArb(tool, hints),
          anchored: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
          anchor: fc.tuple(unit, unit),
        })
        .map((r): CallPlan => ({ side, tool: tool.name, ...r })),
    ),
  );
  return fc.oneof(...perSide);
}

// ---- resolution ------------------------------------------------------------

export interface ResolveContext {
  readonly global: Pools;
  /** The pools around the call's anchor record; empty for an unanchored call. */
  readonly local: LocalPools;
  readonly hints: PlanHints;
  /**
   * The pool values each argument field of the call being resolved drew, by
   * pool source: another field drawing from the same source (`from_account`
   * and `to_account`, both aliased to `account_id`) takes a different value
   * while the pools hold one, so a transfer between two accounts is reached.
   */
  readonly drawn?: Map<string, Map<string, string>>;
}

function fits(v: JsonValue, types: readonly string[]): boolean {
  if (types.length === 0) return true;
  return types.some((t) => {
    switch (t) {
      case "string":
        return typeof v === "string";
      case "integer":
        return typeof v === "number" && Number.isInteger(v);
      case "number":
        return typeof v === "number";
      case "boolean":
        return typeof v === "boolean";
      case "null":
        return v === null;
      default:
        return false;
    }
  });
}

type Scope = "own" | "linked" | "global";

/**
 * A source is a field name, `keys:<field>` for the keys of the objects under
 * that field, and may start with `linked:` to skip the anchor record itself
 * (a replacement item comes from the product, not from the order).
 */
function candidates(spec: FieldSpec, pools: Pools, scope: Scope, hints: PlanHints): JsonValue[] {
  const out: JsonValue[] = [];
  for (const raw of hints.aliases[spec.name] ?? [spec.name]) {
    const linkedOnly = raw.startsWith("linked:");
    if (linkedOnly && scope === "own") continue;
    const s = linkedOnly ? raw.slice(7) : raw;
    if (s.startsWith("keys:")) out.push(...(pools.keys.get(s.slice(5)) ?? []));
    else out.push(...(pools.values.get(s) ?? []));
  }
  return out.filter((v) => fits(v, spec.types));
}

/** A plain value of the right type when no pool has one. */
function fallback(spec: FieldSpec, pick: number): JsonValue {
  switch (spec.types[0]) {
    case "integer":
      return Math.floor(pick * 6);
    case "number":
      return Math.round(pick * 1000) / 10;
    case "boolean":
      return pick < 0.5;
    case "object":
      return {};
    case "array":
      return [];
    default:
      return `x${Math.floor(pick * 1000)}`;
  }
}

function pickFrom(spec: FieldSpec, plan: { pick: number }, ctx: ResolveContext): JsonValue {
  const literals = [...spec.literals, ...(ctx.hints.constants[spec.name] ?? [])].filter((v) => fits(v, spec.types));
  const source = JSON.stringify(ctx.hints.aliases[spec.name] ?? [spec.name]);
  const drawn = ctx.drawn?.get(source);
  // Values another field of this call drew from the same source are passed over while others remain.
  const fresh = (pool: JsonValue[]): JsonValue[] => (drawn === undefined ? pool : pool.filter((v) => { const by = drawn.get(JSON.stringify(v)); return by === undefined || by === spec.name; }));
  const scopes = [() => candidates(spec, ctx.local.own, "own", ctx.hints), () => candidates(spec, ctx.local.linked, "linked", ctx.hints), () => [...candidates(spec, ctx.global, "global", ctx.hints), ...literals]];
  let pool: JsonValue[] = [];
  let first: JsonValue[] | undefined;
  for (const scope of scopes) {
    const all = scope();
    if (all.length === 0) continue;
    first ??= all;
    pool = fresh(all);
    if (pool.length > 0) break;
  }
  if (pool.length === 0) pool = first ?? [];
  if (pool.length === 0) return fallback(spec, plan.pick);
  const v = pool[Math.floor(plan.pick * pool.length)] ?? fallback(spec, plan.pick);
  if (ctx.drawn !== undefined) {
    const seen = ctx.drawn.get(source) ?? new Map<string, string>();
    ctx.drawn.set(source, seen);
    if (!seen.has(JSON.stringify(v))) seen.set(JSON.stringify(v), spec.name);
  }
  return v;
}

export function resolveValue(spec: FieldSpec, plan: ValuePlan, ctx: ResolveContext): JsonValue {
  const shaped = ctx.hints.shapes[spec.name] ?? spec;
  switch (plan.kind) {
    case "literal":
      return plan.value;
    case "pool": {
      const v = pickFrom(shaped, plan, ctx);
      return plan.mangle ? applyMangle(v, plan.mangle) : v;
    }
    case "array": {
      const item = shaped.items ?? { name: spec.name, types: [], required: true, literals: [] };
      return plan.items.map((p) => resolveValue(item, p, ctx));
    }
    case "object": {
      const out: JsonObject = {};
      const props = new Map((shaped.properties ?? []).map((f) => [f.name, f]));
      for (const f of plan.fields) {
        const fs = props.get(f.name);
        if (f.present && fs) setOwn(out, f.name, resolveValue(fs, f.plan, ctx));
      }
      for (const [k, v] of plan.extras) setOwn(out, k, v);
      return out;
    }
    default:
      return plan satisfies never;
  }
}

function recase(name: string): string {
  return name === name.toLowerCase() ? name.toUpperCase() : name.toLowerCase();
}

/** The concrete call a plan stands for, given the DB of the moment. */
export function resolveCall(plan: CallPlan, tool: AnyToolDef, ctx: ResolveContext): ToolCall {
  const aliases = [...(tool.aliases ?? []), ...(tool.actionName ? [tool.actionName] : [])];
  const name =
    plan.nameVariant === "alias" && aliases.length > 0
      ? (aliases[Math.floor(plan.anchor[0] * aliases.length)] as string)
      : plan.nameVariant === "recase"
        ? recase(tool.name)
        : plan.nameVariant === "unknown"
          ? plan.unknownName
          : tool.name;
  const root: FieldSpec = { name: "", types: ["object"], required: true, literals: [], properties: toolFields(tool) };
  return { name, arguments: resolveValue(root, plan.args, { ...ctx, drawn: new Map() }), side: plan.side };
}
