/**
 * A long recording is replayed whole: the scripted caller's idle limit (30
 * replies) never ends a replayed conversation before the replay agent's calls
 * are spent, so 35 lookups then the right write pass as they did in the
 * source run. A limit that does stop a replay (the conversation's max turns)
 * leaves its trace: `recorded_calls_not_replayed` in metrics.json, a warning
 * of the run, the reason line, and an import's disagreement.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { importRun } from "../../src/import/import-run.js";
import type { RunEvent } from "../../src/run/events.js";
import { runSuite } from "../../src/run/suite.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { removeScratch, scratch } from "../run/run-helpers.js";

afterAll(removeScratch);

const NAME = "tau2_retail__0";
const now = (): Date => new Date(Date.UTC(2026, 2, 1));
// From tau2_retail__0's gold calls, as NeMo's agent names them: a lookup (a read: it changes nothing) and the one write.
const LOOKUP = { name: "GetOrderDetailsTool", arguments: { order_id: "#W2378156" } };
const WRITE = { name: "ExchangeDeliveredOrderItemsTool", arguments: { order_id: "#W2378156", item_ids: ["1151293680", "4983901480"], new_item_ids: ["7706410293", "7747408585"], payment_method_id: "credit_card_9513926" } };
const recording = (lookups: number): (typeof LOOKUP | typeof WRITE)[] => [...Array.from({ length: lookups }, () => LOOKUP), WRITE];

/** `lookups` lookups then the write, in pipecat's llm_context.json shape. */
function context(lookups: number): unknown[] {
  const calls = recording(lookups);
  return [
    { role: "system", content: "You are a retail agent." },
    ...calls.flatMap((c, i) => [
      { role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] },
      { role: "tool", tool_call_id: `call_${i}`, content: "{}" },
    ]),
  ];
}

function nemoRun(label: string, lookups: number): string {
  const run = join(scratch(label), "eval_2026-03-01_10-15-00");
  mkdirSync(join(run, NAME, "bot_logs_agent"), { recursive: true });
  writeFileSync(join(run, NAME, "metrics.json"), JSON.stringify({ scenario_name: NAME, is_successful: true }));
  writeFileSync(join(run, NAME, "bot_logs_agent", "llm_context.json"), JSON.stringify(context(lookups)));
  return run;
}

const request = (path: string, out: string) => ({ registry, dataRoot: { flag: FIXTURES }, format: "nemo" as const, path, out, now, workers: 1 });
const metricsOf = (runDir: string): Record<string, unknown> => JSON.parse(readFileSync(join(runDir, NAME, "metrics.json"), "utf8")) as Record<string, unknown>;

describe("a long recording", () => {
  it("is replayed whole: 35 lookups then the right write pass, as the source says", async () => {
    const r = await importRun(request(nemoRun("long-src", 35), scratch("long-out")));
    expect(r.scenarios[0]).toMatchObject({ scenario: NAME, source_verdict: true, evalsim_verdict: true, agrees: true });
    const m = metricsOf(r.runDir);
    expect(m).toMatchObject({ stop_reason: "[EXIT]", tool_calls: 35 + 1 + 1 });
    expect(m["recorded_calls_not_replayed"]).toBeUndefined();
  }, 60_000);

  it("stopped by a limit says how many calls it left out: metrics.json, the run's warning, the reason line, the import", async () => {
    const calls = scratch("long-calls");
    writeFileSync(join(calls, `${NAME}.json`), JSON.stringify(recording(10)));
    const events: RunEvent[] = [];
    const run = await runSuite({ registry, dataRoot: { flag: FIXTURES }, settings: { scenarios: [NAME], agent: "replay", user: "scripted", maxTurns: 20 }, inputs: { calls }, out: scratch("long-run"), now, workers: 1, onEvent: (e) => events.push(e) });
    // 20 spoken turns: greeting, acknowledgement and their replies, then one confirmation and one reply per call: 8 of the 11 calls made.
    const m = metricsOf(run.runDir);
    expect(m).toMatchObject({ stop_reason: "max_turns", tool_calls: 8, recorded_calls_not_replayed: 3 });
    expect(events.filter((e) => e.type === "warning").map((e) => (e as { message: string }).message)).toEqual([`${NAME}: 3 recorded calls not replayed (the conversation stopped by max_turns)`]);

    // An import of a recording longer than the default 80 turns hold (38 calls): the disagreement says why.
    const r = await importRun(request(nemoRun("longer-src", 40), scratch("longer-out")));
    expect(r.disagreements).toHaveLength(1);
    expect(r.disagreements[0]?.evalsim_reason).toMatch(/^3 recorded calls not replayed \(the conversation stopped by max_turns\); (decisive: .*; )?db_state_match: /);
    expect(metricsOf(r.runDir)["recorded_calls_not_replayed"]).toBe(3);
  }, 60_000);
});
