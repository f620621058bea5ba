/**
 * The telecom agent's transfer_to_human_agents. Expected values
 * are the NeMo reference tools' outputs on the fixture DB (run through their
 * `invoke` with today = 2025-02-25), copied here as literals.
 */
import { describe, expect, it } from "vitest";
import { agent, session } from "../telecom-harness.js";

describe("transfer_to_human_agents", () => {
  it("records the summary and ends the conversation, even after a validation error", () => {
    const s = agent();
    const done = s.call("transfer_to_human_agents", { summary: "Customer wants a human." });
    expect(done.result).toBe("Transfer successful");
    expect(done.exit).toBe(true);
    expect(done.records.map((r) => r["result"])).toEqual([{ transferred: true }]);
    const bad = s.call("transfer_to_human_agents", {});
    expect(bad.status).toBe("invalid_arguments");
    expect(bad.exit).toBe(true);
  });

  it("works without a DB", () => {
    expect(session("agent", {}).call("transfer_to_human_agents", { summary: "no db" }).result).toBe("Transfer successful");
  });
});
