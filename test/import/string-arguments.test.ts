/**
 * A recorded call's argument text is decoded once, as the harness decoded it
 * (pipecat `json.loads` the text; the tool then runs `_execute(**arguments)`):
 * text that is the JSON of a string gives a string, which the tool refuses
 * with Python's TypeError, as the recording's own run did. The import used to
 * decode it a second time, replaying an object call that passed, or (inner
 * text not JSON) to stop naming a temporary file and a `--calls` flag.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { importRun } from "../../src/import/import-run.js";
import { ImportError } from "../../src/import/types.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { removeScratch, scratch } from "../run/run-helpers.js";

afterAll(removeScratch);

const NAME = "tau2_retail__0";

/** A NeMo run whose agent made one call with this argument text. */
function nemoRun(label: string, argumentText: string): { run: string; context: string } {
  const run = join(scratch(label), "eval_2026-03-01_10-15-00");
  mkdirSync(join(run, NAME, "bot_logs_agent"), { recursive: true });
  writeFileSync(join(run, NAME, "metrics.json"), JSON.stringify({ scenario_name: NAME, is_successful: false }));
  const context = join(run, NAME, "bot_logs_agent", "llm_context.json");
  const messages = [
    { role: "system", content: "You are a retail agent." },
    { role: "assistant", content: null, tool_calls: [{ id: "call_0", type: "function", function: { name: "GetOrderDetailsTool", arguments: argumentText } }] },
    { role: "tool", tool_call_id: "call_0", content: "{}" },
  ];
  writeFileSync(context, JSON.stringify(messages));
  return { run, context };
}

const request = (path: string) => ({ registry, dataRoot: { flag: FIXTURES }, format: "nemo" as const, path, out: scratch("string-args-out"), now: () => new Date(Date.UTC(2026, 2, 1)), workers: 1 });

interface Event {
  type: string;
  name?: string;
  arguments?: unknown;
  status?: string;
  result?: unknown;
}
const callEvents = (runDir: string): Event[] =>
  readFileSync(join(runDir, NAME, "transcript.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event)
    .filter((e) => (e.type === "tool_call" || e.type === "tool_result") && e.name === "GetOrderDetailsTool");

describe("a recorded call whose arguments are the JSON text of a string", () => {
  for (const inner of ['{"order_id": "#W2378156"}', "not json"]) {
    it(`is replayed with that string, which the tool refuses as the reference does (${inner})`, async () => {
      const r = await importRun(request(nemoRun("string-args", JSON.stringify(inner)).run));
      const [call, result] = callEvents(r.runDir);
      expect(call?.arguments).toBe(inner);
      expect(result?.status).toBe("crashed");
      expect(JSON.stringify(result?.result)).toContain("argument after ** must be a mapping, not str");
    }, 60_000);
  }

  it("argument text that is not JSON stops the import naming the source file and the call", async () => {
    const { run, context } = nemoRun("bad-args", "not json");
    const err = await importRun(request(run)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toMatch(new RegExp(`^${context.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: messages\\[1\\]\\.tool_calls\\[0\\]\\.function\\.arguments: not valid JSON`));
    expect((err as Error).message).not.toContain("--calls");
  });
});
