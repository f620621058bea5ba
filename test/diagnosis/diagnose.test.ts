/**
 * The diagnosis's other kinds, on call lists built from gold by tool kind:
 * a write made before the gold's earlier one (wrong_order), another tool of
 * the same shape in a write's place (wrong_tool), a policy violation on the
 * decisive call (policy, from a hand-made violation list as the policy checks
 * report them), a list cut off by a limit (premature_end), and failures no
 * call explains. Plus the argument paths and the reason line's lead.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import type { CatalogEntry } from "../../src/engine/catalog.js";
import { loadCatalog } from "../../src/engine/catalog.js";
import { prepareInitialState } from "../../src/engine/initial-state.js";
import { createRng } from "../../src/engine/rng.js";
import { scenarioToday } from "../../src/engine/scenario.js";
import { findTool } from "../../src/engine/toolbox.js";
import type { ToolCall } from "../../src/engine/types.js";
import { isErrorResult } from "../../src/engine/types.js";
import { isJsonObject } from "../../src/json/types.js";
import { replayCalls } from "../../src/replay/replay-calls.js";
import { expectedFor } from "../../src/run/scenario/expected.js";
import { firstArgumentDifference } from "../../src/diagnosis/arguments.js";
import { reaches } from "../../src/diagnosis/counterfactual.js";
import type { DiagnoseInput } from "../../src/diagnosis/diagnose.js";
import { diagnoseTrial } from "../../src/diagnosis/diagnose.js";
import { endStateOf } from "../../src/diagnosis/trial.js";
import { reasonLine } from "../../src/results/reasons.js";

const catalog = loadCatalog(registry, {}, registry.domains.filter((d) => d.name === "tau2_airline" || d.name === "tau2_telecom"));
const isWrite = (e: CatalogEntry, c: ToolCall): boolean => findTool(e.domain, c.side ?? "agent", c.name, "records")?.kind === "write";
const writeIndexes = (e: CatalogEntry, calls: readonly ToolCall[]): number[] => calls.flatMap((c, i) => (isWrite(e, c) ? [i] : []));

function context(e: CatalogEntry): Pick<DiagnoseInput, "domain" | "prepared" | "gold" | "end"> & { today: string } {
  const today = scenarioToday(e.scenario, undefined);
  const prepared = prepareInitialState(e.domain, e.scenario, { today });
  return { domain: e.domain, prepared, gold: e.scenario.goldCalls(), end: endStateOf(e, expectedFor(e, { today, rng: createRng(0).fork("gold") }, prepared).db), today };
}

function diagnose(e: CatalogEntry, calls: readonly ToolCall[], more: Partial<DiagnoseInput> = {}): ReturnType<typeof diagnoseTrial> {
  const { today, ...ctx } = context(e);
  return diagnoseTrial({
    ...ctx,
    calls,
    names: "records",
    env: { today, rng: createRng(0).fork("tools") },
    completionRng: (k) => createRng(0).fork(`c${k}`),
    failedSignals: ["db_state_match", "db_state_assertion"],
    stopReason: "[EXIT]",
    turns: calls.map((_, i) => 10 + i),
    ...more,
  });
}

/** Replay: which calls succeed, and does the list reach the scenario's end state. */
function outcome(e: CatalogEntry, calls: readonly ToolCall[]): { ok: (i: number) => boolean; passes: boolean } {
  const r = replayCalls(e, calls, { seed: 0 });
  return { ok: (i) => r.calls[i]?.status === "ok" && !isErrorResult(r.calls[i]?.result), passes: reaches(e.domain, context(e).end, r.state) };
}

/** The first tau2_airline scenario where making a gold write before the one preceding it succeeds and loses the task. */
const swapped = (() => {
  for (const e of catalog.entries.filter((x) => x.domain.name === "tau2_airline")) {
    const gold = [...e.scenario.goldCalls()];
    const w = writeIndexes(e, gold);
    for (let k = 0; k + 1 < w.length; k++) {
      const [i, j] = [w[k] as number, w[k + 1] as number];
      const calls = gold.map((c, n) => (n === i ? (gold[j] as ToolCall) : n === j ? (gold[i] as ToolCall) : c));
      const r = outcome(e, calls);
      if (r.ok(i) && !r.passes) return { entry: e, calls, at: i, first: gold[i] as ToolCall };
    }
  }
  throw new Error("no scenario with a swap that loses the task");
})();

const toolName = (e: CatalogEntry, c: ToolCall): string => findTool(e.domain, c.side ?? "agent", c.name, "records")?.name ?? c.name;

describe("diagnoseTrial", () => {
  it("a gold write made before the one gold makes first is wrong_order, expecting that one", () => {
    const d = diagnose(swapped.entry, swapped.calls);
    expect(d).toMatchObject({ kind: "wrong_order", step: swapped.at, turn: 10 + swapped.at, expected: { name: toolName(swapped.entry, swapped.first), arguments: swapped.first.arguments } });
    expect(d.counterfactual?.after_step).toBeLessThan(swapped.at);
  });

  it("a policy violation on the decisive call makes it policy, with the rule; one on a read is never decisive", () => {
    expect(diagnose(swapped.entry, swapped.calls, { violations: [{ step: swapped.at, rule: "hand.made-rule" }] })).toMatchObject({ kind: "policy", rule: "hand.made-rule", step: swapped.at });
    const read = swapped.calls.findIndex((c) => !isWrite(swapped.entry, c));
    expect(read).toBeGreaterThanOrEqual(0);
    expect(diagnose(swapped.entry, swapped.calls, { violations: [{ step: read, rule: "hand.made-rule" }] })).toMatchObject({ kind: "wrong_order", step: swapped.at });
  });

  it("a missing write is premature_end when a limit cut the conversation, missing_write when it ended", () => {
    const gold = [...swapped.entry.scenario.goldCalls()];
    const last = writeIndexes(swapped.entry, gold).at(-1) as number;
    const calls = gold.filter((_, i) => i !== last);
    expect(diagnose(swapped.entry, calls, { stopReason: "max_turns" })).toMatchObject({ kind: "premature_end", step: null, expected: { arguments: (gold[last] as ToolCall).arguments } });
    expect(diagnose(swapped.entry, calls, { stopReason: "[EXIT]" })).toMatchObject({ kind: "missing_write", step: null });
  });

  it("no call explains a failure of signals no call decides, nor one whose calls reach the expected DB", () => {
    expect(diagnose(swapped.entry, swapped.calls, { failedSignals: ["nl_assertion", "clean_exit"] })).toEqual({ kind: "no_failure_in_calls", step: null, turn: null, call: null, expected: null });
    expect(diagnose(swapped.entry, swapped.entry.scenario.goldCalls()).kind).toBe("no_failure_in_calls");
  });

  it("another tool of the same shape in a write's place is wrong_tool, expecting the write it replaced", () => {
    const found = (() => {
      for (const e of catalog.entries.filter((x) => x.domain.name === "tau2_telecom")) {
        const gold = [...e.scenario.goldCalls()];
        for (const i of writeIndexes(e, gold)) {
          const g = gold[i] as ToolCall;
          const side = g.side ?? "agent";
          if (!isJsonObject(g.arguments) || Object.keys(g.arguments).length > 0) continue;
          const own = findTool(e.domain, side, g.name, "records");
          for (const t of e.domain.tools[side] ?? []) {
            if (t === own || t.kind !== "write" || gold.some((c) => findTool(e.domain, c.side ?? "agent", c.name, "records") === t)) continue;
            const calls = gold.map((c, n) => (n === i ? { name: t.name, arguments: {}, side } : c));
            const r = outcome(e, calls);
            if (r.ok(i) && !r.passes) return { e, calls, i, g };
          }
        }
      }
      throw new Error("no telecom scenario with a no-argument write to replace");
    })();
    expect(diagnose(found.e, found.calls)).toMatchObject({ kind: "wrong_tool", step: found.i, call: { name: (found.calls[found.i] as ToolCall).name, side: found.g.side }, expected: { name: toolName(found.e, found.g) } });
  });
});

describe("firstArgumentDifference", () => {
  it("names the first gold argument the call fails to match, by path", () => {
    expect(firstArgumentDifference({ a: "x", b: { c: [1, 2] } }, { a: "x", b: { c: [1, 3] } })).toEqual({ path: "b.c[1]", expected: 2, got: 3 });
    expect(firstArgumentDifference({ a: "x", b: 1 }, { a: "x" })).toEqual({ path: "b", expected: 1 });
    expect(firstArgumentDifference({ items: [{ id: "1" }] }, { items: [] })).toEqual({ path: "items[0]", expected: { id: "1" } });
    // What the scoring's comparison accepts is no difference: keys it does not ask for, numbers as their float values.
    expect(firstArgumentDifference({ a: 1 }, { a: "1.0", extra: true })).toBeUndefined();
  });
});

describe("the reason line", () => {
  it("leads with the diagnosis, then the DB evidence", () => {
    const metrics = {
      status: "failed",
      success_breakdown: { passed: [], failed: ["db_state_match"], not_applicable: [], excluded: [] },
      diagnosis: {
        kind: "wrong_order",
        step: 3,
        turn: 7,
        call: { name: "CancelReservationTool", side: "agent", arguments: { reservation_id: "XEHM4B" } },
        expected: { name: "UpdateReservationFlightsTool", side: "agent", arguments: { reservation_id: "XEHM4B", cabin: "business", flights: [], payment_id: "gift_card_1" } },
      },
    };
    const line = reasonLine({ name: "s", domain: "d", bucket: "d", trial: 1, status: "failed", metrics, dir: "/nowhere" }, () => undefined);
    expect(line).toBe(
      "decisive: step 3 CancelReservationTool(XEHM4B) — wrong order; gold had UpdateReservationFlightsTool(XEHM4B, cabin business, payment_id gift_card_1) first; db_state_match: final DB hash differs from the expected hash",
    );
  });
});
