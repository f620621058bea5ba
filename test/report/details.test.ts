/** A scenario page's data, from a trial folder written by hand in the run-folder layout. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TextTable, trialDetail } from "../../src/report/details.js";
import type { TrialRecord } from "../../src/results/read-run.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-details-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("TextTable", () => {
  it("stores each distinct text once and refers to it by index; no text is null", () => {
    const t = new TextTable();
    expect(t.add("prompt A")).toBe(0);
    expect(t.add("prompt B")).toBe(1);
    expect(t.add("prompt A")).toBe(0);
    expect(t.add(undefined)).toBeNull();
    expect(t.add("")).toBe(2);
    expect(t.texts).toEqual(["prompt A", "prompt B", ""]);
  });
});

function trial(metrics: Record<string, unknown>, files: Record<string, string>): TrialRecord {
  const dir = mkdtempSync(join(root, "trial-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { name: "tau2_retail__3", domain: "tau2_retail", bucket: "tau2_retail", trial: 2, status: "failed", metrics: metrics as never, dir };
}

describe("a trial's details", () => {
  it("gathers metrics, signals in the reference's order with their verdicts, events, diff, actions and shared texts", () => {
    const metrics = {
      scenario_name: "tau2_retail__3",
      status: "failed",
      total_turns: 7,
      is_successful: false,
      clean_exit: true,
      db_state_match: false,
      is_action_match: "N/A",
      db_state_assertion_pass_rate: 0.5,
      judge_passed: true,
      success_breakdown: { passed: ["clean_exit"], failed: ["db_state_match"], not_applicable: ["is_action_match"], excluded: ["judge_passed"] },
      unrelated_field: 1,
    };
    const texts = new TextTable();
    texts.add("agent prompt");
    const d = trialDetail(
      trial(metrics, {
        "transcript.jsonl": '{"type": "user", "text": "hi"}\n',
        "db_diff.json": '{"tables_added": [], "tables_removed": [], "tables_modified": {}}',
        "scenario_config/agent_prompt.txt": "agent prompt",
        "scenario_config/user_prompt.txt": "user prompt",
        "scenario_config/agent_tools.json": '[{"type": "function"}]',
        "scenario_config/metadata.json": '{"description": "Exchange a lamp"}',
        "scenario_config/reference_answer.json": '{"actions": [{"name": "get_order"}]}',
      }),
      texts,
    );
    expect(d["name"]).toBe("tau2_retail__3");
    expect(d["domain"]).toBe("tau2_retail");
    expect(d["trial"]).toBe(2);
    expect(d["metrics"]).toEqual({ status: "failed", total_turns: 7, is_successful: false });
    expect(d["signals"]).toEqual([
      { signal: "is_action_match", verdict: "not_applicable", value: "N/A" },
      { signal: "db_state_match", verdict: "failed", value: false },
      { signal: "db_state_assertion", verdict: "not_gating", value: 0.5 },
      { signal: "judge_passed", verdict: "excluded", value: true },
      { signal: "clean_exit", verdict: "passed", value: true },
    ]);
    expect(d["events"]).toEqual([{ type: "user", text: "hi" }]);
    expect(d["diff_html"]).toContain("The DB diff is empty");
    expect(d["reference"]).toEqual([{ name: "get_order" }]);
    expect(d["performed"]).toBeNull();
    expect(d["judge"]).toBeNull();
    expect(d["assertions"]).toBeNull();
    expect(d["description"]).toBe("Exchange a lamp");
    expect([d["agent_prompt"], d["user_prompt"], d["agent_tools"], d["user_tools"]]).toEqual([0, 1, 2, null]);
    expect(texts.texts[2]).toBe('[\n  {\n    "type": "function"\n  }\n]');
  });

  it("a scenario's declared checks follow the reference's signals", () => {
    const d = trialDetail(trial({ checks: { must_not_call: [] }, success_breakdown: { passed: ["checks"], failed: [], not_applicable: [], excluded: [] } }, {}), new TextTable());
    expect(d["signals"]).toEqual([{ signal: "checks", verdict: "passed", value: { must_not_call: [] } }]);
    expect(d["diff_html"]).toBeNull();
    expect(d["events"]).toEqual([]);
  });
});

describe("a failed trial's diagnosis on its page", () => {
  it("is carried with the reason it leads, and a trial without one has no diagnosis key", () => {
    const diagnosis = {
      kind: "extra_write",
      step: 1,
      turn: 3,
      call: { name: "CancelPendingOrderTool", side: "agent", arguments: { order_id: "#W1", reason: "no longer needed" } },
      expected: { name: "ModifyPendingOrderItemsTool", side: "agent", arguments: { order_id: "#W1" } },
      counterfactual: { after_step: 0, completed_with: [{ name: "ModifyPendingOrderItemsTool", side: "agent", arguments: { order_id: "#W1" } }], db_hash: "ab" },
    };
    const base = { scenario_name: "tau2_retail__3", status: "failed", success_breakdown: { passed: [], failed: ["db_state_match"], not_applicable: [], excluded: [] } };
    const d = trialDetail(trial({ ...base, diagnosis }, {}), new TextTable());
    expect(d["diagnosis"]).toEqual(diagnosis);
    expect(d["reason"]).toBe("decisive: step 1 CancelPendingOrderTool(#W1, reason no longer needed) — extra write; gold had ModifyPendingOrderItemsTool(#W1) first; db_state_match: final DB hash differs from the expected hash");
    expect(trialDetail(trial(base, {}), new TextTable())).not.toHaveProperty("diagnosis");
  });
});
