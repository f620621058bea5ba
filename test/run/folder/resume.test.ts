/**
 * The reference's resume classification (tests/unit/test_resume_classification_utils.py),
 * case by case against evalsim's rule: the agent's response count comes from
 * metrics' token_usage.agent.n_calls, else from the agent's saved model
 * context, else it is unknown and the scenario is kept; no turns (or no
 * total_turns at all) means it runs again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentResponses, isFinished } from "../../../src/run/folder/resume.js";
import type { JsonObject } from "../../../src/json/types.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-resume-class-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, context?: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, "bot_logs_agent"), { recursive: true });
  if (context !== undefined) writeFileSync(join(dir, "bot_logs_agent", "llm_context.json"), context);
  return dir;
}

const metrics = (over: JsonObject = {}): JsonObject => ({ total_turns: 3, stop_reason: "[EXIT]", token_usage: { agent: { n_calls: 2 }, user: { n_calls: 2 } }, ...over });

describe("the agent's response count", () => {
  it("is n_calls when metrics record an integer", () => {
    expect(agentResponses(metrics({ token_usage: { agent: { n_calls: 7 } } }), folder("a", '[{"role":"assistant"}]'))).toBe(7);
  });

  it("falls back to the assistant messages of the agent's context; non-objects and other roles do not count", () => {
    const dir = folder("b", JSON.stringify([{ role: "assistant" }, { role: "user" }, { role: "assistant" }, "ignored", ["assistant"]]));
    expect(agentResponses({ total_turns: 3 }, dir)).toBe(2);
    // A count that is not an integer is no count (Python's isinstance(n, int)); a bool is one.
    expect(agentResponses(metrics({ token_usage: { agent: { n_calls: 2.5 } } }), dir)).toBe(2);
    expect(agentResponses(metrics({ token_usage: { agent: { n_calls: "4" } } }), dir)).toBe(2);
    expect(agentResponses(metrics({ token_usage: { agent: { n_calls: true } } }), dir)).toBe(1);
  });

  it("is unknown without a context file, or with one that does not parse", () => {
    expect(agentResponses({ total_turns: 3 }, folder("c"))).toBeUndefined();
    expect(agentResponses({ total_turns: 3 }, folder("d", "{not json"))).toBeUndefined();
    expect(agentResponses({ total_turns: 3 }, folder("e", '{"role":"assistant"}'))).toBeUndefined();
  });
});

describe("finished or to run again", () => {
  it("no metrics, or no turns, runs again", () => {
    expect(isFinished(undefined, 0)).toBe(false);
    expect(isFinished(metrics({ total_turns: 0 }), 0)).toBe(false);
    // Python's m.get("total_turns", 0) == 0: an absent count is no turns; None is not 0.
    const noCount = metrics();
    delete noCount["total_turns"];
    expect(isFinished(noCount, 0)).toBe(false);
    expect(isFinished(metrics({ total_turns: null }), 0)).toBe(true);
  });

  it("fewer responses than the resuming run's N runs again, whatever the stop reason; enough is finished", () => {
    const stalled = metrics({ token_usage: { agent: { n_calls: 1 } }, stop_reason: "[TIMEOUT]" });
    expect(isFinished(stalled, 3)).toBe(false);
    expect(isFinished(stalled, 1)).toBe(true);
    expect(isFinished(metrics(), 2)).toBe(true);
    expect(isFinished(metrics(), 3)).toBe(false);
  });

  it("N = 0 skips the count; an unknown count is kept, whatever evalsim's own insufficient_agent_turns says", () => {
    expect(isFinished(metrics({ token_usage: { agent: { n_calls: 0 } } }), 0)).toBe(true);
    const unknown = { total_turns: 3, insufficient_agent_turns: true };
    expect(isFinished(unknown, 3, folder("f"))).toBe(true);
    // With a context file the count comes from it.
    expect(isFinished(unknown, 3, folder("g", '[{"role":"assistant"},{"role":"assistant"}]'))).toBe(false);
    expect(isFinished(unknown, 2, folder("h", '[{"role":"assistant"},{"role":"assistant"}]'))).toBe(true);
  });

  it("an errored scenario runs again (evalsim's rule; the reference has no errored status)", () => {
    expect(isFinished(metrics({ status: "errored" }), 0)).toBe(false);
  });
});
