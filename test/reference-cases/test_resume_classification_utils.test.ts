/**
 * The reference's tests/unit/test_resume_classification_utils.py: counting
 * the agent's responses (metrics' n_calls, else the saved agent context) and
 * classifying a scenario folder on resume. evalsim classifies without the
 * reference's reason strings, so the states are checked (fresh = absent,
 * in flight = rerun, completed = kept).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readMetrics, scenarioFolderState } from "../../src/run/layout.js";
import { agentResponses, isFinished } from "../../src/run/folder/resume.js";
import type { JsonObject } from "../../src/json/types.js";
import type { Obj } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "ref-resume-utils-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function writeMetrics(dir: string, over: Obj = {}): JsonObject {
  mkdirSync(dir, { recursive: true });
  const m = { total_turns: 3, stop_reason: "[EXIT]", token_usage: { agent: { n_calls: 2 }, user: { n_calls: 2 } }, ...over };
  writeFileSync(join(dir, "metrics.json"), JSON.stringify(m));
  return m;
}
function context(dir: string, text: string): void {
  mkdirSync(join(dir, "bot_logs_agent"), { recursive: true });
  writeFileSync(join(dir, "bot_logs_agent", "llm_context.json"), text);
}
/** The count from the saved context alone (metrics without token_usage). */
const fromContext = (dir: string): number | undefined => agentResponses({}, dir);

describe("resume helpers", () => {
  it("test_count_agent_llm_messages_handles_missing_malformed_and_valid_contexts", () => {
    const malformed = join(tmp, "malformed");
    const valid = join(tmp, "valid");
    context(malformed, "{not json");
    context(valid, JSON.stringify([{ role: "assistant" }, { role: "user" }, { role: "assistant" }, "ignored"]));
    expect(fromContext(join(tmp, "missing"))).toBeUndefined();
    expect(fromContext(malformed)).toBeUndefined();
    expect(fromContext(valid)).toBe(2);
  });
  it("test_count_agent_responses_prefers_metrics_then_disk_then_context", () => {
    const dir = join(tmp, "scenario");
    context(dir, JSON.stringify([{ role: "assistant" }, { role: "assistant" }]));
    writeMetrics(dir, { token_usage: { agent: { n_calls: 4 } } });
    expect(agentResponses({ token_usage: { agent: { n_calls: 7 } } }, dir)).toBe(7);
    expect(agentResponses(readMetrics(dir)!, dir)).toBe(4);
    writeFileSync(join(dir, "metrics.json"), JSON.stringify({ total_turns: 3 }));
    expect(agentResponses(readMetrics(dir)!, dir)).toBe(2);
  });
  it("test_classify_scenario_resume_state_covers_fresh_in_flight_and_completed", () => {
    expect(scenarioFolderState(join(tmp, "fresh")).kind).toBe("absent");
    const noMetrics = join(tmp, "no_metrics");
    mkdirSync(noMetrics);
    expect(scenarioFolderState(noMetrics).kind).toBe("incomplete");
    const unreadable = join(tmp, "unreadable");
    mkdirSync(unreadable);
    writeFileSync(join(unreadable, "metrics.json"), "{not json");
    expect(scenarioFolderState(unreadable).kind).toBe("incomplete");
    const zero = join(tmp, "zero_turns");
    expect(isFinished(writeMetrics(zero, { total_turns: 0 }), 0, zero)).toBe(false);
    const stalled = join(tmp, "stalled");
    expect(isFinished(writeMetrics(stalled, { token_usage: { agent: { n_calls: 1 } }, stop_reason: "[TIMEOUT]" }), 3, stalled)).toBe(false);
    const completed = join(tmp, "completed");
    expect(isFinished(writeMetrics(completed, { stop_reason: "[EXIT]" }), 2, completed)).toBe(true);
  });
});
