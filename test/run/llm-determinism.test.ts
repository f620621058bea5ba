/**
 * LLM-backed runs against a mock endpoint that holds each answer back for a
 * pseudo-random time, so conversations finish in a different order at each
 * concurrency: the output tree must not change with `--max-concurrency` or
 * `--workers`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "../llm/mock-openai.js";
import { isAgentRequest, startMockServer } from "../llm/mock-openai.js";
import { playEntries, scenarioOf } from "../llm/scenario-script.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, treeDifferences } from "./run-helpers.js";

const entries = selectScenarios(loadCatalog(registry, {}), { scenarios: PICK });

/** A small linear congruential generator: delays vary from request to request, the same in every test run. */
function delays(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % 25;
  };
}

let server: MockServer;
/** The scenario of each request, in arrival order, for the current run. */
let arrivals: string[] = [];
const userPrompts = new Map(entries.map((e) => [e.scenario.userPrompt(), e.scenario.name]));
let agentCfg = "";
let userCfg = "";

beforeAll(async () => {
  const play = playEntries(entries);
  const delay = delays(7);
  server = await startMockServer((body, n) => {
    arrivals.push(isAgentRequest(body) ? (scenarioOf(body) ?? "(greeting)") : (userPrompts.get(body.messages[0]?.content ?? "") ?? "?"));
    return { ...play(body, n), delayMs: delay() } as ReturnType<typeof play>;
  });
  const dir = scratch("llm-det-cfg");
  agentCfg = join(dir, "agent.yaml");
  userCfg = join(dir, "user.yaml");
  writeFileSync(agentCfg, `base_url: ${server.url}\nmodel: mock-agent\ntemperature: 0\nretries: 0\ntimeout_seconds: 10\n`);
  writeFileSync(userCfg, `base_url: ${server.url}\nmodel: mock-user\ntemperature: 0\nretries: 0\ntimeout_seconds: 10\n`);
});

afterAll(async () => {
  await server.stop();
  removeScratch();
});

async function runWith(extra: readonly string[]): Promise<{ dir: string; order: string[] }> {
  arrivals = [];
  const out = scratch("llm-det");
  const r = await evalsim(["run", "--scenarios", ...PICK, "--seed", "4", "--agent", "llm", "--agent-config", agentCfg, "--user", "llm", "--user-config", userCfg, ...extra, "--out", out]);
  expect(r.code === 0 || r.code === 1, r.err).toBe(true);
  return { dir: runFolder(out), order: arrivals.filter((s) => s !== "(greeting)") };
}

describe("--agent llm --user llm against an endpoint with random delays", () => {
  it("gives byte-identical trees at --max-concurrency 1, 32 and --workers 2 --max-concurrency 8", async () => {
    const one = await runWith(["--workers", "1", "--max-concurrency", "1"]);
    // One at a time: each scenario's requests arrive together, in job order.
    const blocks = one.order.filter((s, i) => s !== one.order[i - 1]);
    expect(blocks).toEqual(PICK);

    const many = await runWith(["--workers", "1", "--max-concurrency", "32"]);
    expect(server.maxInFlight()).toBeGreaterThan(4);
    // The conversations really interleaved (so completion order differed from the sequential run's).
    expect(many.order.filter((s, i) => s !== many.order[i - 1]).length).toBeGreaterThan(PICK.length);
    expect(treeDifferences(one.dir, many.dir)).toEqual([]);
    // The eva and retail scenarios pass on their gold calls; telecom needs the user's own tool calls, which this mock user never makes.
    expect(readFileSync(join(one.dir, "all_summary.txt"), "utf8")).toContain("Scenarios: 8 (passed 5, failed 3, errored 0)");

    const threads = await runWith(["--workers", "2", "--max-concurrency", "8"]);
    expect(threads.order.filter((s, i) => s !== threads.order[i - 1]).length).toBeGreaterThan(PICK.length);
    expect(treeDifferences(one.dir, threads.dir)).toEqual([]);
  }, 60_000);
});
