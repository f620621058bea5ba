/**
 * The reference's tests/unit/test_runner_resume.py: how a resumed run
 * classifies a scenario folder, the agent's response count (metrics first,
 * then the saved agent context), low counts rerun, and the run-level rollup
 * from per-scenario metrics. evalsim's rollup gives rates rather than the
 * reference aggregator's lists, so each list is checked through its rate
 * (the reference prints sum/len of each list).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { computeTotals } from "../../src/run/summary/aggregate.js";
import { REQUIRED_SCENARIO_FILES, scenarioFolderState } from "../../src/run/layout.js";
import { agentResponses, isFinished } from "../../src/run/folder/resume.js";
import { rmSync } from "node:fs";
import type { JsonObject } from "../../src/json/types.js";
import type { Obj } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "ref-resume-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function metricsOf(dir: string, over: Obj = {}): Obj {
  const m: Obj = {
    scenario_name: dir.split("/").pop(),
    scenario_directory: dir,
    total_turns: 5,
    scenario_duration: 100.0,
    is_action_match: true,
    is_successful: true,
    success_breakdown: { passed: ["is_action_match"], failed: [], not_applicable: [], excluded: [] },
    token_usage: { agent: { n_calls: 3, prompt: 1000, completion: 100 }, user: { n_calls: 3, prompt: 500, completion: 50 } },
    ...over,
  };
  for (const k of Object.keys(m)) if (m[k] === undefined) delete m[k];
  return m;
}
function writeMetrics(dir: string, over: Obj = {}): Obj {
  mkdirSync(dir, { recursive: true });
  const m = metricsOf(dir, over);
  writeFileSync(join(dir, "metrics.json"), JSON.stringify(m));
  return m;
}
function agentContext(dir: string, messages: unknown): void {
  mkdirSync(join(dir, "bot_logs_agent"), { recursive: true });
  writeFileSync(join(dir, "bot_logs_agent", "llm_context.json"), JSON.stringify(messages));
}

describe("resume classification", () => {
  // fresh / in_flight / completed by what is on disk (evalsim: absent / incomplete / metrics readable).
  it("test_classify_resume_state", () => {
    expect(scenarioFolderState(join(tmp, "scen_a")).kind).toBe("absent");
    const inFlight = join(tmp, "scen_b");
    mkdirSync(inFlight);
    writeFileSync(join(inFlight, "bridge_log.txt"), "...");
    expect(scenarioFolderState(inFlight).kind).toBe("incomplete");
    const bad = join(tmp, "scen_c");
    mkdirSync(bad);
    writeFileSync(join(bad, "metrics.json"), "{ not json");
    expect(scenarioFolderState(bad).kind).toBe("incomplete");
    // evalsim writes every file of a scenario folder atomically, metrics last; a folder is
    // complete when its metrics and the other files it always writes are there and parse.
    const done = join(tmp, "scen_d");
    writeMetrics(done);
    for (const f of REQUIRED_SCENARIO_FILES) {
      if (f === "metrics.json") continue;
      mkdirSync(dirname(join(done, f)), { recursive: true });
      writeFileSync(join(done, f), f.endsWith(".json") ? "{}" : "");
    }
    expect(scenarioFolderState(done).kind).toBe("complete");
  });
  it("test_count_agent_responses_prefers_metrics_token_usage", () => {
    const scen = join(tmp, "prefers");
    agentContext(scen, []);
    const m = writeMetrics(scen, { token_usage: { agent: { n_calls: 7, prompt: 1, completion: 1 }, user: { n_calls: 7, prompt: 1, completion: 1 } } });
    expect(agentResponses(m, scen)).toBe(7);
    expect(agentResponses(m)).toBe(7);
  });
  it("test_count_agent_responses_falls_back_to_context_file", () => {
    const scen = join(tmp, "fallback");
    agentContext(scen, [{ role: "assistant" }, { role: "user" }, { role: "assistant" }]);
    const m = writeMetrics(scen, { token_usage: null });
    expect(agentResponses(m, scen)).toBe(2);
  });
  it("test_classify_marks_low_ncalls_as_in_flight", () => {
    const low = join(tmp, "low");
    agentContext(low, []);
    const m1 = writeMetrics(low, {
      token_usage: { agent: { n_calls: 1, prompt: 1, completion: 1 }, user: { n_calls: 1, prompt: 1, completion: 1 } },
      stop_reason: "[EXIT]",
    });
    expect(isFinished(m1, 3, low)).toBe(false);
    const ok = join(tmp, "ok");
    agentContext(ok, []);
    const m2 = writeMetrics(ok, {
      token_usage: { agent: { n_calls: 7, prompt: 1, completion: 1 }, user: { n_calls: 7, prompt: 1, completion: 1 } },
      stop_reason: "[EXIT]",
    });
    expect(isFinished(m2, 3, ok)).toBe(true);
  });
});

const M1 = {
      scenario_name: "tau2_retail__0",
      status: "passed",
      is_action_match: true,
      db_state_match: true,
      judge_score: 0.95,
      judge_passed: true,
      clean_exit: true,
      is_successful: true,
      token_usage: { agent: { n_calls: 5, prompt: 10_000, completion: 500, requests: 5 }, user: { n_calls: 5, prompt: 3_000, completion: 400, requests: 5 } },
      db_state_assertion_verdicts: [{ passed: true }, { passed: false }],
    };
const M2 = {
      scenario_name: "tau2_retail__1",
      status: "failed",
      is_action_match: false,
      db_state_match: false,
      judge_score: 0.3,
      judge_passed: false,
      clean_exit: false,
      is_successful: false,
      token_usage: { agent: { n_calls: 7, prompt: 14_000, completion: 700, requests: 7 }, user: { n_calls: 7, prompt: 4_000, completion: 600, requests: 7 } },
      db_state_assertion_verdicts: [{ passed: true }, { passed: true }, { passed: false }],
    };

describe("run rollup", () => {
  // evalsim marks the stalled scenario when it is scored (insufficient_agent_turns, is_successful false).
  it("test_aggregator_counts_stalled_as_failure", () => {
    const m = metricsOf("tau2_retail__0", {
      status: "failed",
      is_successful: false,
      is_task_successful: false,
      insufficient_agent_turns: true,
      db_state_match: true,
      clean_exit: true,
      success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] },
      token_usage: { agent: { n_calls: 1, prompt: 100, completion: 10, requests: 1 }, user: { n_calls: 1, prompt: 50, completion: 5, requests: 1 } },
    });
    const t = computeTotals([m], 1);
    expect(t.success_rate).toBe(0);
    expect(t.task_success_rate).toBe(0);
    expect(t.by_bucket["tau2_retail"]!.success_rate).toBe(0);
    expect(t.signal_rates.db_state_match).toBeNull();
    expect(t.signal_rates.is_action_match).toBeNull();
    expect(t.spend!.agent!.prompt).toBe(100);
  });
  it("test_run_aggregator_fold_freshly_run_and_loaded_metrics", () => {
    const t = computeTotals([M1, M2] as JsonObject[], 1);
    expect(t.signal_rates.is_action_match).toBe(0.5);
    expect(t.signal_rates.db_state_match).toBe(0.5);
    expect(t.signal_rates.judge_passed).toBe(0.5);
    expect(t.judge_score_mean).toBe(0.625);
    expect(t.success_rate).toBe(0.5);
    expect(t.signal_rates.db_state_assertion).toBe(0.6);
    expect(t.signal_rates.clean_exit).toBe(0.5);
    expect(t.by_bucket["tau2_retail"]!.success_rate).toBe(0.5);
    expect(t.spend!.agent!.requests).toBe(12);
    expect(t.spend!.agent!.prompt).toBe(24_000);
    expect(t.spend!.user!.completion).toBe(1_000);
  });
  const SIGNAL_KEYED = { scenario_name: "domain_x__1", status: "passed", is_action_match: true, db_state_match: false, judge_passed: true, is_successful: true };
  it("test_run_aggregator_uses_successsignal_keys", () => {
    const t = computeTotals([SIGNAL_KEYED], 1);
    expect(t.signal_rates.is_action_match).toBe(1);
    expect(t.signal_rates.db_state_match).toBe(0);
    expect(t.signal_rates.judge_passed).toBe(1);
    expect(t.success_rate).toBe(1);
  });
  it("test_run_aggregator_skips_na_and_absent", () => {
    const t = computeTotals([{ scenario_name: "x__1", status: "failed", is_action_match: "N/A", is_successful: "N/A" }], 1);
    expect(t.signal_rates.is_action_match).toBeNull();
    expect(t.success_rate).toBeNull();
    expect(t.spend).toBeUndefined();
  });
});
