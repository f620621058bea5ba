/**
 * The reference's tests/unit/test_runner_fake_bridge.py: the runner on one
 * scenario without sockets or models. Here the run engine runs the tiny
 * stock-room plugin domain in process (scripted agent and caller): a clean
 * exit with no reference answer, a matching DB hash, and a run too short for
 * --min-agent-turns. The reference's latency CSV has no evalsim counterpart
 * (no audio, no latencies), and its stop reason "[TIMEOUT]" is evalsim's
 * `max_turns` / `time_budget`.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { botFactory } from "../../src/run/bots/factory.js";
import { executeJob } from "../../src/run/scenario/execute.js";
import { planJobs } from "../../src/run/jobs.js";
import { collectMetrics, writeRunFiles } from "../../src/run/folder/summary-files.js";
import { dbHash } from "../../src/hash/db/index.js";
import type { Scenario } from "../../src/engine/scenario.js";
import type { JsonObject } from "../../src/json/types.js";
import { tinyDomain } from "../helpers/tiny-domain.js";
import { defineDomain } from "../../src/engine/define.js";
import { scratch } from "../run/run-helpers.js";
import type { Obj } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function runOne(edit: (s: Scenario) => Scenario, calls: Obj[], minAgentTurns: number, withEndTool = true) {
  // defineDomain gives the agent side EndConversationTool, as every built-in domain has it.
  const domain = withEndTool ? defineDomain(tinyDomain("fake_domain")) : tinyDomain("fake_domain");
  const scenario = edit(domain.scenarios("")[0]!);
  const entry = { scenario, domain };
  const jobs = planJobs([entry], 1);
  const dir = scratch("fake-bridge");
  dirs.push(dir);
  await executeJob(jobs[0]!, botFactory({ agent: "replay", user: "scripted", recorded: new Map([[scenario.name, calls as never]]) }), { runDir: dir, trials: 1, seed: 0, minAgentTurns });
  const metrics = collectMetrics(dir, jobs, 1);
  const report = writeRunFiles(dir, metrics, 1);
  return { dir, name: scenario.name, m: metrics[0] as Obj, report, summary: readFileSync(join(dir, "all_summary.txt"), "utf8") };
}

const RESTOCK = [{ name: "restock_item", arguments: { item_id: "I2", amount: 3 } }];

describe("the run engine on one scenario", () => {
  it("test_run_dynamic_evaluation_with_fake_bridge_writes_run_artifacts", async () => {
    // No reference answer (an expected DB is shipped instead), gated on clean_exit only.
    const r = await runOne((s) => ({ ...s, successSignals: ["clean_exit"], goldCalls: () => [], shippedExpectedDb: () => ({ items: {} }) }), RESTOCK, 0);
    expect(r.m.scenario_name).toBe(r.name);
    expect(r.m.is_successful).toBe(true);
    expect(r.m.is_task_successful).toBe(true);
    expect(r.m.clean_exit).toBe(true);
    expect(r.m.is_action_match).toBe("N/A");
    expect(r.m.token_usage.agent.n_calls).toBeGreaterThan(0);
    expect(existsSync(join(r.dir, r.name, "metrics.json"))).toBe(true);
    expect((JSON.parse(readFileSync(join(r.dir, "all_metrics.json"), "utf8")) as Obj[])[0]!.scenario_name).toBe(r.name);
    expect(r.summary).toContain("Overall success rate: 100.0%");
  });
  it("test_run_dynamic_evaluation_scores_matching_db_hash", async () => {
    const done: JsonObject = { items: { I1: { item_id: "I1", name: "lamp", count: 2 }, I2: { item_id: "I2", name: "desk", count: 3 }, I3: { item_id: "I3", name: "chair", count: 7 } } };
    const r = await runOne((s) => ({ ...s, successSignals: ["db_state_match", "clean_exit"], shippedExpectedDb: () => done }), RESTOCK, 0);
    expect(r.m.db_state_match).toBe(true);
    expect(r.m.is_successful).toBe(true);
    expect(r.m).toHaveProperty("db_state_expected_hash");
    expect(r.m.db_state_actual_hash).toBe(dbHash(done));
  });
  it("test_run_dynamic_evaluation_counts_timeout_and_low_turns_as_failure", async () => {
    // The agent has no end-call tool: its one reply ends nothing, and the conversation stops without a clean exit.
    // --min-agent-turns is set above the agent's response count (the reference: 1 response, N = 3).
    const r = await runOne((s) => ({ ...s, successSignals: ["clean_exit"] }), [], 10, false);
    expect(r.m.token_usage.agent.n_calls).toBeLessThan(10);
    expect(r.m.stop_reason).not.toBe("[EXIT]");
    expect(r.m.clean_exit).toBe(false);
    expect(r.m.insufficient_agent_turns).toBe(true);
    expect(r.m.is_successful).toBe(false);
    expect(r.report.totals.success_rate).toBe(0);
  });
});
