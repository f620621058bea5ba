/**
 * `max_connections` holds across the whole run: with `--workers 2` each
 * thread builds its own clients, and the endpoint still never sees more
 * requests in flight than the config allows.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "../llm/mock-openai.js";
import { startMockServer } from "../llm/mock-openai.js";
import { playEntries } from "../llm/scenario-script.js";
import { evalsim, removeScratch, runFolder, scratch, treeDifferences } from "./run-helpers.js";

const eva = registry.domains.filter((d) => d.name === "eva_airline");
// Enough scenarios that the worker thread, once booted, still finds work beside this one.
const entries = selectScenarios(loadCatalog(registry, {}, eva), {}).slice(0, 24);
const NAMES = entries.map((e) => e.scenario.name);
let server: MockServer | undefined;

afterAll(async () => {
  await server?.stop();
  removeScratch();
});

describe("max_connections with --workers 2", () => {
  it("is never exceeded by the two threads together; the tree is the one of a single thread", async () => {
    const play = playEntries(entries);
    // Held back long enough that both threads' conversations overlap.
    server = await startMockServer((body, n) => ({ ...play(body, n), delayMs: 40 + (n % 4) * 10 }) as ReturnType<typeof play>);
    const cfg = join(scratch("shared-limits-cfg"), "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\ntemperature: 0\nretries: 0\ntimeout_seconds: 20\nmax_connections: 3\n`);
    const run = async (extra: string[]): Promise<string> => {
      const out = scratch("shared-limits");
      const r = await evalsim(["run", "--scenarios", ...NAMES, "--seed", "1", "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, ...extra, "--out", out]);
      expect(r.code, r.err).toBe(0);
      return runFolder(out);
    };
    const two = await run(["--workers", "2", "--max-concurrency", "10"]);
    expect(server.maxInFlight()).toBe(3);
    const one = await run(["--workers", "1", "--max-concurrency", "10"]);
    expect(treeDifferences(one, two)).toEqual([]);
  }, 60_000);
});
