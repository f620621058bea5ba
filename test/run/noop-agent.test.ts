/**
 * `run --agent noop`: the agent greets, ends the call and calls no other
 * tool. A scenario whose expected DB is its initial DB passes anyway; one
 * that needs a change fails; the run can be resumed like any other.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-noop-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RUN = "eval_20260102_030405";

const metricsOf = (runDir: string, name: string): Record<string, unknown> => JSON.parse(readFileSync(join(runDir, name, "metrics.json"), "utf8")) as Record<string, unknown>;

describe("run --agent noop", () => {
  // tau2_airline__0 expects the initial DB (see evalsim audit); __7 expects a change.
  it("passes a scenario that expects no change, fails one that does, and calls only the end-of-call tool", async () => {
    const out = join(dir, "a");
    const r = await runCli(["run", "--agent", "noop", "--scenarios", "tau2_airline__0", "tau2_airline__7", "--min-agent-turns", "0", "--out", out, "--workers", "1", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    const runDir = join(out, RUN);
    expect(metricsOf(runDir, "tau2_airline__0")["is_successful"]).toBe(true);
    expect(metricsOf(runDir, "tau2_airline__7")["is_successful"]).toBe(false);
    expect(metricsOf(runDir, "tau2_airline__7")["db_state_match"]).toBe(false);
    const calls = readFileSync(join(runDir, "tau2_airline__0", "transcript.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; name?: string })
      .filter((e) => e.type === "tool_call");
    expect(calls.map((c) => c.name)).toEqual(["EndConversationTool"]);
    const config = JSON.parse(readFileSync(join(runDir, "run_config.json"), "utf8")) as { agent: string };
    expect(config.agent).toBe("noop");
    // The recorded agent kind reads back on resume.
    const again = await runCli(["run", "--resume", runDir, "--agent", "noop"]);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(1);
  });

  it("under the default --min-agent-turns 3 its two responses are too few", async () => {
    const out = join(dir, "b");
    const r = await runCli(["run", "--agent", "noop", "--scenarios", "tau2_airline__0", "--out", out, "--workers", "1"]);
    expect(r.code).toBe(1);
    const m = metricsOf(join(out, RUN), "tau2_airline__0");
    expect(m["insufficient_agent_turns"]).toBe(true);
    expect(m["is_successful"]).toBe(false);
  });

  it("an unknown agent kind is still refused, naming noop among the choices", async () => {
    const r = await runCli(["run", "--agent", "idle", "--scenarios", "tau2_airline__0", "--out", join(dir, "c")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("evalsim run: --agent must be one of oracle, llm, replay, noop, got 'idle'\n");
  });
});
