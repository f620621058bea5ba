/**
 * The decisive step of call lists built from gold by one known mutation each,
 * run as real trials (the replay agent re-issues the list, the scripted user
 * answers) in every tau2 domain and eva: drop a write, change one argument of
 * a write, insert an extra write, insert a harmless read, swap two writes.
 * Which calls are writes comes from the tool definitions (`kind`); each
 * mutation's scenario is the first of its domain where the mutation can be
 * built, checked by plain replay (no diagnosis), never a named scenario.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { prepareInitialState } from "../../src/engine/initial-state.js";
import { createRng } from "../../src/engine/rng.js";
import { scenarioToday } from "../../src/engine/scenario.js";
import { findTool } from "../../src/engine/toolbox.js";
import type { AnyToolDef, ToolCall } from "../../src/engine/types.js";
import { isErrorResult } from "../../src/engine/types.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { replayCalls } from "../../src/replay/replay-calls.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { expectedFor } from "../../src/run/scenario/expected.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import { reaches } from "../../src/diagnosis/counterfactual.js";
import { endStateOf } from "../../src/diagnosis/trial.js";
import { premiseHolds } from "../../src/diagnosis/premise.js";

const DOMAINS = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"] as const;
const catalog = loadCatalog(registry, {}, registry.domains.filter((d) => (DOMAINS as readonly string[]).includes(d.name)));

const toolOf = (e: CatalogEntry, c: ToolCall): AnyToolDef | undefined => findTool(e.domain, c.side ?? "agent", c.name, "records");
const isWrite = (e: CatalogEntry, c: ToolCall): boolean => toolOf(e, c)?.kind === "write";
const writeIndexes = (e: CatalogEntry, calls: readonly ToolCall[]): number[] => calls.flatMap((c, i) => (isWrite(e, c) ? [i] : []));

const ends = new Map<CatalogEntry, ReturnType<typeof endStateOf>>();
/** The end state a scenario gates on (its gold replay, once per scenario). */
function endOf(e: CatalogEntry): ReturnType<typeof endStateOf> {
  let end = ends.get(e);
  if (!end) {
    const today = scenarioToday(e.scenario, undefined);
    const prepared = prepareInitialState(e.domain, e.scenario, { today });
    ends.set(e, (end = endStateOf(e, expectedFor(e, { today, rng: createRng(0).fork("gold") }, prepared).db)));
  }
  return end;
}

/** Replay a call list on the scenario's initial state: which calls succeed, and does it reach the end state the scenario gates on? */
function replayOutcome(e: CatalogEntry, calls: readonly ToolCall[]): { allOk: boolean; okAt: (i: number) => boolean; passes: boolean } {
  const r = replayCalls(e, calls, { seed: 0 });
  const okAt = (i: number): boolean => r.calls[i]?.status === "ok" && !isErrorResult(r.calls[i]?.result);
  return { allOk: r.calls.every((_, i) => okAt(i)), okAt, passes: reaches(e.domain, endOf(e), r.state) };
}

/** The arguments a tool requires, by its schema. */
function requiredKeys(tool: AnyToolDef): string[] {
  const shape = (tool.args as z.ZodType & { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.keys(shape).filter((k) => !(shape[k] as z.ZodType).safeParse(undefined).success);
}

/**
 * A call of `tool` whose required arguments come from the scenario's gold
 * calls (the first value given for each key), else from the domain's (the
 * first value any of its scenarios' gold calls gives the key).
 */
function callFromGoldArguments(e: CatalogEntry, tool: AnyToolDef, side: "agent" | "user"): ToolCall | undefined {
  const args: JsonObject = {};
  for (const key of requiredKeys(tool)) {
    const source = e.scenario.goldCalls().find((c) => isJsonObject(c.arguments) && Object.hasOwn(c.arguments, key));
    const value = source ? (source.arguments as JsonObject)[key] : valuePool(e.domain.name, key)[0];
    if (value === undefined) return undefined;
    args[key] = value;
  }
  return { name: tool.name, arguments: args, side };
}

const domainEntries = (domain: string): CatalogEntry[] => catalog.entries.filter((e) => e.domain.name === domain);

const pools = new Map<string, JsonValue[]>();

interface Built {
  readonly entry: CatalogEntry;
  readonly calls: ToolCall[];
}

function firstWhere(domain: string, build: (e: CatalogEntry) => Built | undefined): Built {
  for (const e of domainEntries(domain)) {
    const b = build(e);
    if (b) return b;
  }
  throw new Error(`${domain}: no scenario where the mutation can be built`);
}

/** Every value a key takes in the gold calls of a domain: the pool a changed argument is drawn from. */
function valuePool(domain: string, key: string): JsonValue[] {
  const known = pools.get(`${domain}\u0000${key}`);
  if (known) return known;
  const seen = new Map<string, JsonValue>();
  for (const e of domainEntries(domain))
    for (const c of e.scenario.goldCalls()) {
      const v = isJsonObject(c.arguments) ? c.arguments[key] : undefined;
      if (v !== undefined && (v === null || typeof v !== "object")) seen.set(JSON.stringify(v), v);
    }
  const pool = [...seen.values()];
  pools.set(`${domain}\u0000${key}`, pool);
  return pool;
}

function alternatives(domain: string, tool: AnyToolDef, key: string, value: JsonValue): JsonValue[] {
  const field = ((tool.args as z.ZodType & { shape?: Record<string, z.ZodType> }).shape ?? {})[key] as (z.ZodType & { options?: unknown }) | undefined;
  const options = Array.isArray(field?.options) ? (field.options as JsonValue[]) : [];
  const fromType = typeof value === "boolean" ? [!value] : typeof value === "number" ? [value + 1] : [];
  // A few candidates a key: the search stays cheap.
  return [...options, ...fromType, ...valuePool(domain, key)].filter((v) => JSON.stringify(v) !== JSON.stringify(value)).slice(0, 3);
}

interface Trial {
  readonly status: string;
  readonly diagnosis: JsonObject | undefined;
  readonly calls: { name: string }[];
  /** The policy rules the trial's calls broke, by step (the run's policy signal). */
  readonly violations: { step: number; rule: string }[];
}

async function trial(b: Built): Promise<Trial> {
  const bots = botFactory({ agent: "replay", user: "scripted", recorded: new Map([[b.entry.scenario.name, b.calls]]) });
  const out = await runScenario(b.entry, 1, bots, { seed: 0, minAgentTurns: 0 });
  const calls = out.transcript.flatMap((e) => (e.type === "tool_call" ? [{ name: e.name }] : []));
  const violations = ((out.metrics["policy_violations"] ?? []) as JsonObject[]).map((v) => ({ step: v["step"] as number, rule: v["rule"] as string }));
  return { status: out.status, diagnosis: out.metrics["diagnosis"] as JsonObject | undefined, calls, violations };
}

/**
 * What the diagnosis of a decisive call at `step` says: a call that broke one
 * of its domain's policy rules is `policy`, naming the rule, whatever its
 * kind would be otherwise (docs/diagnosis.md); else `kind`, with `rest`.
 */
function kindAt(t: Trial, step: number, kind: string, rest: JsonObject = {}): JsonObject {
  const broke = t.violations.find((v) => v.step === step);
  return broke ? { kind: "policy", step, rule: broke.rule } : { kind, step, ...rest };
}

const modelName = (e: CatalogEntry, c: ToolCall): string => toolOf(e, c)?.name ?? c.name;

describe.each(DOMAINS)("%s", (domain) => {
  it("an unmutated gold list passes and carries no diagnosis", async () => {
    const entry = firstWhere(domain, (e) => (writeIndexes(e, e.scenario.goldCalls()).length >= 2 ? { entry: e, calls: [...e.scenario.goldCalls()] } : undefined));
    const t = await trial(entry);
    expect(t.status).toBe("passed");
    expect(t.diagnosis).toBeUndefined();
  });

  it("a dropped write is the missing write, with no step", async () => {
    const b = firstWhere(domain, (e) => {
      const gold = [...e.scenario.goldCalls()];
      const writes = writeIndexes(e, gold);
      const last = writes[writes.length - 1];
      if (writes.length < 2 || last === undefined) return undefined;
      const calls = gold.filter((_, i) => i !== last);
      return replayOutcome(e, calls).passes ? undefined : { entry: e, calls };
    });
    const gold = b.entry.scenario.goldCalls();
    const dropped = gold[writeIndexes(b.entry, gold).at(-1) as number] as ToolCall;
    const t = await trial(b);
    expect(t.status).toBe("failed");
    expect(t.diagnosis).toMatchObject({ kind: "missing_write", step: null, turn: null, call: null, expected: { name: modelName(b.entry, dropped), arguments: dropped.arguments } });
  });

  it("a write with one argument changed is wrong_arguments at that step, naming the argument", async () => {
    let changed: { index: number; key: string; from: JsonValue; to: JsonValue } | undefined;
    const b = firstWhere(domain, (e) => {
      const gold = [...e.scenario.goldCalls()];
      for (const index of writeIndexes(e, gold)) {
        const call = gold[index] as ToolCall;
        const tool = toolOf(e, call) as AnyToolDef;
        if (!isJsonObject(call.arguments)) continue;
        for (const [key, from] of Object.entries(call.arguments)) {
          if (from !== null && typeof from === "object") continue;
          for (const to of alternatives(domain, tool, key, from)) {
            const calls = gold.map((c, i) => (i === index ? { ...c, arguments: { ...(c.arguments as JsonObject), [key]: to } } : c));
            const r = replayOutcome(e, calls);
            if (r.okAt(index) && !r.passes) {
              changed = { index, key, from, to };
              return { entry: e, calls };
            }
          }
        }
      }
      return undefined;
    });
    const c = changed as NonNullable<typeof changed>;
    const t = await trial(b);
    expect(t.status).toBe("failed");
    expect(t.calls[c.index]?.name).toBe(modelName(b.entry, b.calls[c.index] as ToolCall));
    expect(t.diagnosis).toMatchObject(kindAt(t, c.index, "wrong_arguments", { argument: { path: c.key, expected: c.from, got: c.to } }));
  });

  describe("an extra write no gold call makes", () => {
    let built: (Built & { at: number; read: ToolCall | undefined }) | undefined;
    const build = (): NonNullable<typeof built> => {
      built ??= (() => {
        let at = -1;
        let read: ToolCall | undefined;
        const b = firstWhere(domain, (e) => {
          const gold = [...e.scenario.goldCalls()];
          const writes = writeIndexes(e, gold);
          if (writes.length === 0) return undefined;
          const goldTools = new Set(writes.map((i) => toolOf(e, gold[i] as ToolCall)));
          const position = writes[writes.length - 1] as number;
          for (const side of ["agent", "user"] as const) {
            for (const tool of e.domain.tools[side] ?? []) {
              if (tool.kind !== "write" || goldTools.has(tool)) continue;
              const extra = callFromGoldArguments(e, tool, side);
              // Of another shape than every gold write: an extra call, not one gold call made with the wrong tool.
              const keys = (c: ToolCall): string => Object.keys(c.arguments as JsonObject).sort().join(",");
              if (!extra || writes.some((i) => keys(gold[i] as ToolCall) === keys(extra))) continue;
              const calls = [...gold.slice(0, position), extra, ...gold.slice(position)];
              const r = replayOutcome(e, calls);
              if (!r.okAt(position) || r.passes) continue;
              // A read that succeeds there, to put right before the extra write.
              for (const s of ["agent", "user"] as const)
                for (const t of e.domain.tools[s] ?? []) {
                  const candidate = t.kind === "read" && !t.exit ? callFromGoldArguments(e, t, s) : undefined;
                  if (!read && candidate && replayOutcome(e, [...gold.slice(0, position), candidate]).okAt(position)) read = candidate;
                }
              at = position;
              return { entry: e, calls };
            }
          }
          return undefined;
        });
        return { ...b, at, read };
      })();
      return built;
    };

    it("is extra_write at its step", async () => {
      const b = build();
      const t = await trial(b);
      expect(t.status).toBe("failed");
      expect(t.calls[b.at]?.name).toBe((b.calls[b.at] as ToolCall).name);
      expect(t.diagnosis).toMatchObject({ ...kindAt(t, b.at, "extra_write"), call: { name: (b.calls[b.at] as ToolCall).name } });
    });

    it("a harmless read inserted before it is never the decisive step", async () => {
      const b = build();
      expect(b.read, "a read that succeeds").toBeDefined();
      const calls = [...b.calls.slice(0, b.at), b.read as ToolCall, ...b.calls.slice(b.at)];
      const t = await trial({ entry: b.entry, calls });
      expect(t.diagnosis).toMatchObject(kindAt(t, b.at + 1, "extra_write"));
    });

    it("a harmless read alone changes nothing: the trial passes, with no diagnosis", async () => {
      const b = build();
      const gold = [...b.entry.scenario.goldCalls()];
      const t = await trial({ entry: b.entry, calls: [...gold.slice(0, b.at), b.read as ToolCall, ...gold.slice(b.at)] });
      expect(t.status).toBe("passed");
      expect(t.diagnosis).toBeUndefined();
    });
  });

  it("two independent writes swapped reach the same end: the trial passes, with no diagnosis", async () => {
    const b = firstWhere(domain, (e) => {
      const gold = [...e.scenario.goldCalls()];
      const writes = writeIndexes(e, gold);
      for (let k = 0; k + 1 < writes.length; k++) {
        const [i, j] = [writes[k] as number, writes[k + 1] as number];
        const calls = gold.map((c, n) => (n === i ? (gold[j] as ToolCall) : n === j ? (gold[i] as ToolCall) : c));
        const r = replayOutcome(e, calls);
        if (r.allOk && r.passes) return { entry: e, calls };
      }
      return undefined;
    });
    const t = await trial(b);
    expect(t.status).toBe("passed");
    expect(t.diagnosis).toBeUndefined();
  });
});

describe("the premise: gold completes to a pass from every point", () => {
  // The bench checks every scenario (bench/sections/diagnosis.ts); the suite checks every tenth of each domain.
  it("holds for a tenth of the scenarios of each domain, telecom's user-side writes and sync included", () => {
    const sample = DOMAINS.flatMap((d) => domainEntries(d).filter((_, i) => i % 10 === 0));
    expect(sample.length).toBeGreaterThan(30);
    expect(sample.filter((e) => !premiseHolds(e)).map((e) => e.scenario.name)).toEqual([]);
  });
});
