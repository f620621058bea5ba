/**
 * `evalsim import tau2` on a small results file built from tau2-bench's own
 * models (`tau2.data_model.simulation.Results` at voice-user-sim-v1.0:
 * `info.environment_info.domain_name`, `tasks`, `simulations[]` of
 * `SimulationRun` with `messages` and `reward_info`; messages are
 * `tau2.data_model.message` assistant/tool messages). The agent's calls are
 * the tasks' own expected actions from tasks.json under their snake_case
 * names, as tau2's agent calls them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

interface Action {
  name: string;
  arguments: Record<string, unknown>;
}
interface Task {
  id: string;
  evaluation_criteria: { actions: Action[] | null };
}

const TS = "2026-03-01T10:00:00.000000";

function messages(actions: readonly Action[]): unknown[] {
  return [
    { role: "assistant", content: "Hi! How can I help you today?", tool_calls: null, turn_idx: 0, timestamp: TS, cost: 0.0, usage: null, raw_data: null },
    { role: "user", content: "I need help with my order.", tool_calls: null, turn_idx: 1, timestamp: TS },
    ...actions.flatMap((a, i) => [
      { role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, name: a.name, arguments: a.arguments, requestor: "assistant" }], turn_idx: 2 + 2 * i, timestamp: TS },
      { id: `call_${i}`, role: "tool", content: '{"status": "ok"}', requestor: "assistant", error: false, turn_idx: 3 + 2 * i, timestamp: TS },
    ]),
  ];
}

function simulation(id: string, task: Task, actions: readonly Action[], reward: number, trial: number): unknown {
  return {
    id,
    task_id: task.id,
    timestamp: TS,
    start_time: TS,
    end_time: TS,
    duration: 12.5,
    termination_reason: "agent_stop",
    agent_cost: 0.01,
    user_cost: 0.01,
    reward_info: { reward, db_check: { db_match: reward === 1, db_reward: reward }, env_assertions: null, action_checks: null, nl_assertions: null, communicate_checks: null, reward_basis: ["DB"], reward_breakdown: { DB: reward }, info: null },
    messages: messages(actions),
    trial,
    seed: 300,
    mode: "half_duplex",
  };
}

/** A `tau2 run` results file for retail: task 0 passed (and a second trial of it), task 1 stopped before its last call and failed, and a task evalsim does not have. */
function results(): unknown {
  const tasks = JSON.parse(readFileSync(join(FIXTURES, "tau2_retail", "tasks.json"), "utf8")) as Task[];
  const [t0, t1] = tasks as [Task, Task];
  const a0 = t0.evaluation_criteria.actions ?? [];
  const a1 = t1.evaluation_criteria.actions ?? [];
  const stranger: Task = { id: "not_a_voice_task", evaluation_criteria: { actions: [] } };
  return {
    timestamp: TS,
    info: {
      git_commit: "0000000",
      num_trials: 2,
      max_steps: 200,
      max_errors: 10,
      user_info: { implementation: "user_simulator", llm: "gpt-4.1", llm_args: {}, global_simulation_guidelines: null },
      agent_info: { implementation: "llm_agent", llm: "gpt-4.1", llm_args: {} },
      environment_info: { domain_name: "retail", policy: "policy", tool_defs: null },
      seed: 300,
    },
    tasks: [t0, t1],
    simulations: [simulation("s1", t0, a0, 1.0, 0), simulation("s2", t1, a1.slice(0, -1), 0.0, 0), simulation("s3", t0, a0, 1.0, 1), simulation("s4", stranger, [], 0.0, 0)],
  };
}

describe("evalsim import tau2", () => {
  let imported = "";
  it("re-grades each simulation of a results file as tau2_<domain>__<task id>, and lists what matched nothing", async () => {
    const file = join(scratch("tau2-src"), "results.json");
    writeFileSync(file, JSON.stringify(results(), null, 2));
    const out = scratch("tau2-imported");
    const r = await runCli(["import", "tau2", file, "--out", out, "--workers", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`imported 2 scenario(s) from tau2 ${file}: 0 disagree with evalsim's verdict\n`);
    expect(r.stdout).toContain("  unmatched: retail task 0 (trial 1) (another recording of tau2_retail__0)\n  unmatched: retail task not_a_voice_task (trial 0)\n");
    const run = runFolder(out);
    imported = run;
    const metrics = (name: string): { is_successful: unknown; imported: unknown } => JSON.parse(readFileSync(join(run, name, "metrics.json"), "utf8")) as never;
    expect(metrics("tau2_retail__0")).toMatchObject({ is_successful: true, imported: { format: "tau2", source: "retail task 0 (trial 0)", source_verdict: true, source_hash: null, agrees: true } });
    expect(metrics("tau2_retail__1")).toMatchObject({ is_successful: false, imported: { source_verdict: false, agrees: true } });
    // A tau2 run folder (data/simulations/<run>/) is read through its results.json.
    const out2 = scratch("tau2-imported-dir");
    const d = await runCli(["import", "tau2", dirname(file), "--out", out2, "--workers", "1"]);
    expect(d.code, d.stderr).toBe(0);
    expect(readFileSync(join(runFolder(out2), "tau2_retail__0", "metrics.json"), "utf8")).toBe(readFileSync(join(run, "tau2_retail__0", "metrics.json"), "utf8"));
  }, 300_000);

  it("diagnoses the imported failure, and evalsim diagnose re-derives the same diagnosis from the folder", async () => {
    expect(imported).not.toBe("");
    const t1 = (JSON.parse(readFileSync(join(FIXTURES, "tau2_retail", "tasks.json"), "utf8")) as Task[])[1] as Task;
    const last = (t1.evaluation_criteria.actions ?? []).at(-1) as Action;
    const m = JSON.parse(readFileSync(join(imported, "tau2_retail__1", "metrics.json"), "utf8")) as { diagnosis?: unknown };
    // The recording stopped before the task's last call: the diagnosis is that missing write, made by no call.
    expect(m.diagnosis).toMatchObject({ kind: "missing_write", step: null, call: null, expected: { arguments: last.arguments } });
    expect((JSON.parse(readFileSync(join(imported, "tau2_retail__0", "metrics.json"), "utf8")) as { diagnosis?: unknown }).diagnosis).toBeUndefined();
    const r = await evalsim(["diagnose", imported, "--json"]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as { trials: { scenario: string; trial: number; diagnosis: unknown; reason: string }[]; failure_kinds: Record<string, { count: number }>; skipped: string[] };
    expect(out.trials.map((t) => [t.scenario, t.trial])).toEqual([["tau2_retail__1", 1]]);
    expect(out.trials[0]?.diagnosis).toEqual(m.diagnosis);
    expect(out.trials[0]?.reason).toMatch(/^decisive: missing write \w+Tool\(.*\) \(never made\); db_state_match: /);
    expect(out.failure_kinds["missing_write"]?.count).toBe(1);
    expect(out.skipped).toEqual([]);
    const text = await evalsim(["diagnose", imported]);
    expect(text.out).toContain(`1 failed trial(s) diagnosed in ${imported}\n  tau2_retail__1  decisive: missing write `);
    expect(text.out).toMatch(/\nFailures by kind: 1 missing_write \(in \w+Tool\)\n$/);
    const bad = await evalsim(["diagnose", join(imported, "no-such-run")]);
    expect([bad.code, bad.err.trim().split("\n").length]).toEqual([2, 1]);
  });
});

afterAll(removeScratch);
