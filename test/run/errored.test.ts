import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { botFactory } from "../../src/run/bots.js";
import { executeJob } from "../../src/run/execute.js";
import { planJobs } from "../../src/run/jobs.js";
import { collectMetrics, writeRunFiles } from "../../src/run/run-files.js";
import { removeScratch, scratch, tree } from "./run-helpers.js";

const NAMES = ["tau2_retail__0", "tau2_retail__105"];
const jobs = planJobs(selectScenarios(loadCatalog(registry, {}, [registry.domain("tau2_retail")!]), { scenarios: NAMES }), 1);
const options = (runDir: string) => ({ runDir, trials: 1, seed: 0, minAgentTurns: 3 });

// The replay agent with no recording throws while the scenario is being set up.
const expectedMetrics = (name: string): unknown => ({
  scenario_name: name,
  domain: "tau2_retail",
  trial: 1,
  status: "errored",
  is_successful: false,
  error: { message: `no recorded calls for scenario '${name}'` },
});

describe("a scenario that throws", () => {
  it("is recorded as errored with its message, and counted in the run totals", async () => {
    const dir = scratch("errored");
    const job = jobs[0]!;
    const result = await executeJob(job, botFactory({ agent: "replay", user: "scripted", recorded: new Map() }), options(dir));
    expect(result).toEqual({ status: "errored" });
    expect([...tree(dir).keys()]).toEqual([join(NAMES[0]!, "metrics.json")]);
    expect(JSON.parse(readFileSync(join(dir, NAMES[0]!, "metrics.json"), "utf8"))).toEqual(expectedMetrics(NAMES[0]!));
    const report = writeRunFiles(dir, collectMetrics(dir, jobs, 1), 1);
    expect(report.totals).toMatchObject({ scenarios: 1, passed: 0, failed: 0, errored: 1, success_rate: 0 });
  });
});

afterAll(removeScratch);
