/**
 * One scenario whose model replies near the reply cap, turn after turn: its
 * context stops at the request cap (the scenario is errored, naming it), and
 * no file of its folder or of the run grows past its own cap.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_REQUEST_BYTES } from "../../src/llm/request-caps.js";
import { MAX_METRICS_BYTES, MAX_METRICS_ENTRY_BYTES } from "../../src/run/folder/metrics-caps.js";
import { runCli } from "../helpers/cli.js";
import { completion, isAgentRequest, startMockServer } from "../llm/mock-openai.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-context-growth-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SCENARIO = "tau2_retail__0";
const REPLY = 5_000_000;

describe("a conversation whose context keeps growing", () => {
  it("errors at the request cap; metrics, all_metrics and llm_context stay under their caps", async () => {
    let biggest = 0;
    const server = await startMockServer((body) => {
      biggest = Math.max(biggest, JSON.stringify(body).length);
      return isAgentRequest(body) ? completion({ content: "a".repeat(REPLY) }) : completion({ content: "Go on." });
    });
    try {
      const cfg = join(dir, "model.yaml");
      writeFileSync(cfg, `base_url: ${server.url}\nmodel: m\nretries: 0\ntimeout_seconds: 60\nmax_reply_bytes: 6000000\n`);
      const out = join(dir, "runs");
      const r = await runCli(["run", "--scenarios", SCENARIO, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--max-turns", "40", "--out", out]);
      // Only where the model requests go is said.
      expect(r.stderr).toBe(`model requests go to ${new URL(server.url).host} (agent), ${new URL(server.url).host} (user)\n`);
      expect(r.code).toBe(1);
      // Nothing larger than the cap ever reached the endpoint.
      expect(biggest).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
      expect(biggest).toBeGreaterThan(MAX_REQUEST_BYTES - 2 * REPLY);

      const [run] = readdirSync(out);
      const runDir = join(out, run ?? "");
      const scenarioDir = join(runDir, SCENARIO);
      const metrics = JSON.parse(readFileSync(join(scenarioDir, "metrics.json"), "utf8")) as Record<string, unknown>;
      expect(metrics["status"]).toBe("errored");
      const error = metrics["error"] as { side: string; message: string };
      expect(error.message).toContain("LLM endpoint error (request_too_large): the request is ");
      expect(error.message).toContain(" bytes, over the cap of 16000000 bytes for one model request (the conversation's context grew past it)");
      expect(metrics["turns"]).toEqual([]);
      expect(metrics["turns_omitted"]).toMatchObject({ reason: `the metrics are over the cap of ${MAX_METRICS_BYTES} bytes for metrics.json; the scenario's transcript.jsonl holds every turn` });
      expect(statSync(join(scenarioDir, "metrics.json")).size).toBeLessThan(100_000);
      expect(statSync(join(runDir, "all_metrics.json")).size).toBeLessThan(MAX_METRICS_ENTRY_BYTES);
      for (const side of ["agent", "user"]) expect(statSync(join(scenarioDir, `bot_logs_${side}`, "llm_context.json")).size).toBeLessThan(MAX_REQUEST_BYTES + 2 * REPLY);
      // The transcript keeps every turn (under its own 64 MB cap).
      expect(statSync(join(scenarioDir, "transcript.jsonl")).size).toBeGreaterThan(2 * REPLY);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
