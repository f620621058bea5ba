import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, resolveDataRoot } from "../../../src/loaders/data-root.js";
import { runCli } from "../../helpers/cli.js";
import { runPython } from "../../helpers/python.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonValue } from "../../../src/json/types.js";
import { pySpelledJsonText } from "../../../src/python/spelled-json-text.js";

interface Gold {
  calls: { name: string; arguments: Record<string, unknown> }[];
}

const dir = mkdtempSync(join(tmpdir(), "evalsim-replay-"));
const write = (name: string, v: unknown): string => {
  const f = join(dir, name);
  writeFileSync(f, typeof v === "string" ? v : JSON.stringify(v));
  return f;
};

/** The dataset's expected DB hash, computed by the independent Python oracle. */
function expectedHash(evaId: string): string {
  const file = join(resolveDataRoot({ mustContain: "eva_airline" }), "eva_airline", "eva_airline_dataset.jsonl");
  const line = runPython("eva_expected_hashes.py", "", [file]).find((l) => l.startsWith(`${evaId} `));
  return line?.split(" ")[1] ?? "";
}

describe("evalsim replay", () => {
  const gold = JSON.parse(readFileSync(join(PROJECT_ROOT, "data", "eva_airline", "gold", "1.1.2.json"), "utf8")) as Gold;

  it("--json spells numbers as Python does, like the text output: each result reads the same in both", async () => {
    const calls = write("gold-calls.json", gold.calls);
    const text = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", calls]);
    const json = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", calls, "--json"]);
    const shown = [...text.stdout.matchAll(/^ {4}-> (.*)$/gm)].map((m) => m[1]);
    const results = (parsePythonJson(json.stdout) as { calls: { result: JsonValue }[] }).calls.map((c) => pySpelledJsonText(c.result));
    expect(shown.length).toBe(gold.calls.length);
    expect(results).toEqual(shown);
    // The fare the fixture holds as a Python float stays one.
    expect(shown.join("\n")).toContain("260.0");
    expect(json.stdout).toContain("260.0");
  });

  it("re-executes an OpenAI-format conversation's tool calls and lands on the expected DB", async () => {
    const messages = [
      { role: "system", content: "..." },
      { role: "user", content: "Hi, I need to change my flight." },
      ...gold.calls.flatMap((c, i) => [
        { role: "assistant", content: null, tool_calls: [{ id: `c${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] },
        { role: "tool", tool_call_id: `c${i}`, content: "{}" },
      ]),
    ];
    const r = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", write("messages.json", messages), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { calls: unknown[]; db_hash: string; actions: unknown[] };
    expect(out.calls).toHaveLength(gold.calls.length);
    expect(out.db_hash).toBe(expectedHash("1.1.2"));
    expect(out.actions.length).toBeGreaterThan(0);
  });

  it("accepts eva audit_log conversation_messages and plain call lists alike", async () => {
    const asAudit = { conversation_messages: gold.calls.map((c, i) => ({ role: "assistant", content: "", tool_calls: [{ id: `x${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] })) };
    const a = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", write("audit.json", asAudit), "--json"]);
    const b = await runCli(["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", write("calls.json", gold.calls), "--json"]);
    expect(a.code).toBe(0);
    expect((JSON.parse(a.stdout) as { db_hash: string }).db_hash).toBe((JSON.parse(b.stdout) as { db_hash: string }).db_hash);
  });

  it("prints a rejected call's error result like any other result", async () => {
    const r = await runCli(["replay", "--scenario", "tau2_retail__0", "--calls", write("bad-args.json", [{ name: "get_order_details", arguments: { order_id: "#W2378156", extra: 1 } }]), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { calls: { result: { error_type: string } }[] };
    expect(out.calls[0]?.result.error_type).toBe("validation_error");
  });

  it("bad input is exit code 2 with a clear message", async () => {
    const nonJsonArgs = [{ role: "assistant", tool_calls: [{ id: "1", function: { name: "GetReservationTool", arguments: "{not json" } }] }];
    const cases: [string[], string][] = [
      [["replay", "--scenario", "eva_airline__nope", "--calls", write("ok.json", [])], "unknown scenario"],
      [["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", write("broken.json", "[{")], "--calls"],
      [["replay", "--scenario", "eva_airline__voluntary_date_change", "--calls", write("nonjson.json", nonJsonArgs)], "not valid JSON"],
      [["replay", "--calls", write("ok2.json", [])], "--scenario"],
    ];
    for (const [argv, text] of cases) {
      const r = await runCli(argv);
      expect([argv.join(" "), r.code]).toEqual([argv.join(" "), 2]);
      expect(r.stderr).toContain(text);
    }
  });
});
