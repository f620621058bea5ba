/**
 * Spend in the run's totals: the tokens in summary.json and all_summary.txt
 * are the sums of what the endpoint reported, per side; what it did not
 * report is null, never 0; prices give the cost.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { computeSpend } from "../../src/run/summary/spend.js";
import { bufferIo } from "../helpers/buffer-io.js";
import type { MockAnswer, MockServer } from "./mock-openai.js";
import { isAgentRequest, startMockServer } from "./mock-openai.js";
import { playEntries } from "./scenario-script.js";

const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];
const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

type Reported = { side: "agent" | "user"; prompt: number; completion: number };

/** Plays the scenarios, giving every reply its own token counts (and dropping `usage` for the user when asked); notes what it reported. */
function reportingScript(reported: Reported[], userReports = true) {
  const play = playEntries(entries);
  return (body: Parameters<typeof play>[0], n: number): MockAnswer => {
    const answer = play(body, n);
    if (answer.kind !== "json") return answer;
    const side = isAgentRequest(body) ? "agent" : "user";
    const b = answer.body as Record<string, unknown>;
    if (side === "user" && !userReports) {
      delete b["usage"];
      return answer;
    }
    const usage = { prompt_tokens: 1000 + 7 * n, completion_tokens: 3 + (n % 5) };
    reported.push({ side, prompt: usage.prompt_tokens, completion: usage.completion_tokens });
    return { ...answer, body: { ...b, usage } };
  };
}

async function runWith(script: ReturnType<typeof reportingScript>, extra = ""): Promise<{ summary: Record<string, unknown>; text: string }> {
  server = await startMockServer(script);
  const dir = mkdtempSync(join(tmpdir(), "evalsim-spend-"));
  const cfg = join(dir, "m.yaml");
  writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 0\ntimeout_seconds: 5\n${extra}`);
  const out = join(dir, "out");
  const code = await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--out", out, "--workers", "1"], bufferIo());
  expect(code).toBe(0);
  const folder = join(out, readdirSync(out)[0] ?? "");
  return { summary: JSON.parse(readFileSync(join(folder, "summary.json"), "utf8")) as Record<string, unknown>, text: readFileSync(join(folder, "all_summary.txt"), "utf8") };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe("run spend totals", () => {
  it("equal the sums of what the endpoint reported, per side, with cost from the prices", async () => {
    const reported: Reported[] = [];
    const { summary, text } = await runWith(reportingScript(reported), "price_per_million_input: 2\nprice_per_million_output: 10\n");
    const of = (side: string) => reported.filter((r) => side === "total" || r.side === side);
    const spend = (summary["totals"] as { spend: Record<string, Record<string, unknown>> }).spend;
    for (const side of ["agent", "user", "total"]) {
      const rs = of(side);
      expect(rs.length).toBeGreaterThan(0);
      const prompt = sum(rs.map((r) => r.prompt));
      const completion = sum(rs.map((r) => r.completion));
      expect(spend[side]).toEqual({ requests: rs.length, prompt, completion, cost: Math.round(((prompt * 2 + completion * 10) / 1e6) * 1e6) / 1e6 });
    }
    expect(spend["judge"]).toBeUndefined();
    expect(text).toContain(`  agent  ${of("agent").length} requests, prompt tokens ${sum(of("agent").map((r) => r.prompt))}`);
  });

  it("a side whose endpoint reports no usage has null tokens, and so has the total; requests still count", async () => {
    const reported: Reported[] = [];
    const { summary, text } = await runWith(reportingScript(reported, false));
    const spend = (summary["totals"] as { spend: Record<string, Record<string, unknown>> }).spend;
    expect(spend["user"]).toMatchObject({ prompt: null, completion: null });
    expect(spend["user"]?.["requests"]).toBeGreaterThan(0);
    expect(spend["agent"]?.["prompt"]).toBe(sum(reported.map((r) => r.prompt)));
    expect(spend["total"]).toMatchObject({ prompt: null, completion: null });
    expect(text).toContain("prompt tokens not reported");
  });

  it("counts every HTTP attempt: failed and retried ones too, in summary.json and all_summary.txt", async () => {
    // Each request's first attempt is refused with a 503; the retry is answered.
    const play = playEntries(entries);
    const seen = new Set<string>();
    server = await startMockServer((body, n) => {
      const key = JSON.stringify(body);
      if (seen.has(key)) return play(body, n);
      seen.add(key);
      return { kind: "text", status: 503, text: "busy" };
    });
    const dir = mkdtempSync(join(tmpdir(), "evalsim-spend-"));
    const cfg = join(dir, "m.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 1\nbackoff_seconds: 0\ntimeout_seconds: 5\n`);
    const out = join(dir, "out");
    const io = bufferIo();
    const code = await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--out", out, "--workers", "1"], io);
    expect(code, io.stdout() + io.stderr()).toBe(0);
    const folder = join(out, readdirSync(out)[0] ?? "");
    const total = (JSON.parse(readFileSync(join(folder, "summary.json"), "utf8")) as { totals: { spend: Record<string, Record<string, unknown>> } }).totals.spend["total"];
    const made = server.requests.length;
    expect(made % 2).toBe(0);
    expect(total).toMatchObject({ requests: made / 2, failed_attempts: made / 2 });
    expect(readFileSync(join(folder, "all_summary.txt"), "utf8")).toContain(`  total  ${made} requests (${made / 2} answered, ${made / 2} failed), prompt tokens`);
  });

  it("counts the attempts of requests given up, where no reply came at all", async () => {
    server = await startMockServer(() => ({ kind: "text", status: 500, text: "down" }));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-spend-"));
    const cfg = join(dir, "m.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\nretries: 2\nbackoff_seconds: 0\ntimeout_seconds: 5\n`);
    const out = join(dir, "out");
    const io = bufferIo();
    await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--out", out, "--workers", "1"], io);
    const made = server.requests.length;
    expect(made).toBeGreaterThanOrEqual(3);
    const folder = join(out, readdirSync(out)[0] ?? "");
    const total = (JSON.parse(readFileSync(join(folder, "summary.json"), "utf8")) as { totals: { spend: Record<string, Record<string, unknown>> } }).totals.spend["total"];
    expect(total).toMatchObject({ requests: 0, failed_attempts: made });
    expect(readFileSync(join(folder, "all_summary.txt"), "utf8")).toContain(`  total  ${made} requests (0 answered, ${made} failed), prompt tokens`);
    expect(io.stdout()).toContain(`${made} requests (0 answered, ${made} failed)`);
  });

  it("is absent when no model played (so in-process runs keep their summary)", () => {
    expect(computeSpend([{ token_usage: { agent: { n_calls: 3, prompt: 0, completion: 0 }, user: { n_calls: 2, prompt: 0, completion: 0 } } }])).toBeUndefined();
  });
});
