import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import type { LimiterClock } from "../../src/llm/limits.js";
import { createLimiter, createLimiterRegistry } from "../../src/llm/limits.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { createLlmParts } from "../../src/run/bots/llm.js";
import { runScenario } from "../../src/run/scenario/trial.js";
import type { MockServer } from "./mock-openai.js";
import { startMockServer } from "./mock-openai.js";
import { playEntries } from "./scenario-script.js";

function fakeClock(): LimiterClock {
  let now = 0;
  return { now: () => now, sleep: (ms) => ((now += ms), Promise.resolve()) };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("endpoint limiter", () => {
  it("never has more than max_connections tasks running, and runs every task", async () => {
    const limiter = createLimiter({ maxConnections: 3 }, fakeClock());
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const task = (i: number) => async (): Promise<number> => {
      running++;
      peak = Math.max(peak, running);
      for (let k = 0; k < (i % 4) + 1; k++) await tick();
      running--;
      done.push(i);
      return i;
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => limiter.run(task(i))));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(done).toHaveLength(20);
    expect(limiter.inFlight()).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createLimiter({ maxConnections: 1 }, fakeClock());
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(() => Promise.resolve("next"))).toBe("next");
  });

  it("spaces request starts 60/requests_per_minute seconds apart", async () => {
    // Time stands still while they wait, so each start's wait is its reserved offset.
    let now = 0;
    const sleeps: number[] = [];
    const limiter = createLimiter({ maxConnections: 10, requestsPerMinute: 120 }, { now: () => now, sleep: (ms) => (sleeps.push(ms), Promise.resolve()) });
    await Promise.all(Array.from({ length: 4 }, () => limiter.run(() => Promise.resolve())));
    expect(sleeps).toEqual([500, 1000, 1500]);
    // Once the clock has passed the last reserved start, the next one goes at once.
    now = 10_000;
    await limiter.run(() => Promise.resolve());
    expect(sleeps).toHaveLength(3);
  });

  it("one limiter per base_url + model, with the tightest settings given for it", () => {
    const reg = createLimiterRegistry(
      [
        { baseUrl: "http://a/v1", model: "m", maxConnections: 8 },
        { baseUrl: "http://a/v1", model: "m", maxConnections: 2, requestsPerMinute: 60 },
        { baseUrl: "http://a/v1", model: "other", maxConnections: 8 },
      ],
      fakeClock(),
    );
    const shared = reg.limiterFor({ baseUrl: "http://a/v1", model: "m", maxConnections: 8 });
    expect(reg.limiterFor({ baseUrl: "http://a/v1", model: "m", maxConnections: 2 })).toBe(shared);
    expect(reg.limiterFor({ baseUrl: "http://a/v1", model: "other", maxConnections: 8 })).not.toBe(shared);
  });
});

describe("max_connections against a live endpoint", () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("agent and user on one endpoint share its max_connections, however many conversations run", async () => {
    const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
    if (!evaDomain) throw new Error("eva_airline is not registered");
    const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), {}).slice(0, 8);
    const play = playEntries(entries);
    // Every answer is held back a little (longer for some), so requests overlap.
    server = await startMockServer((body, n) => ({ ...play(body, n), delayMs: 5 + (n % 3) * 5 }) as ReturnType<typeof play>);
    const base = { base_url: server.url, model: "mock-model", timeout_seconds: 10, retries: 0 };
    const agent = parseLlmConfig({ ...base, max_connections: 5 }, "agent.yaml");
    const user = parseLlmConfig({ ...base, max_connections: 3 }, "user.yaml");
    const bots = botFactory({ agent: "llm", user: "llm", llm: createLlmParts({ agent, user }).maker });
    const outs = await Promise.all(entries.map((e) => runScenario(e, 1, bots, { seed: 0, minAgentTurns: 0 })));
    expect(outs.every((o) => o.status !== "errored")).toBe(true);
    expect(server.requests.length).toBeGreaterThan(entries.length * 2);
    // The tighter of the two configs wins for the shared endpoint.
    expect(server.maxInFlight()).toBeLessThanOrEqual(3);
    expect(server.maxInFlight()).toBeGreaterThanOrEqual(2);
  });
});
