import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { executeJob } from "../../src/run/scenario/execute.js";
import { planJobs } from "../../src/run/jobs.js";
import { collectMetrics, writeRunFiles } from "../../src/run/folder/summary-files.js";
import { removeScratch, scratch, tree } from "./run-helpers.js";
import { discardItem } from "../fuzz/broken-tools.js";
import { tinyDomain } from "../helpers/tiny-domain.js";

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
    // Counted, and kept out of every rate (src/run/summary/rates.ts): with nothing else, the rate is N/A.
    expect(report.totals).toMatchObject({ scenarios: 1, passed: 0, failed: 0, errored: 1, success_rate: null });
  });
});


describe("a tool that raises an exception no reference behaviour accounts for", () => {
  it("errors the scenario with the stack in its metrics, stops it, and never shows the model a result", async () => {
    const domain = tinyDomain("stockroom", [discardItem]);
    const entry = { scenario: domain.scenarios("")[0]!, domain };
    const [job] = planJobs([entry], 1);
    const dir = scratch("tool-bug");
    // I3 holds 7: discard_item throws a RangeError (a bug); the restock after it must never run.
    const calls = [
      { name: "discard_item", arguments: { item_id: "I3" } },
      { name: "restock_item", arguments: { item_id: "I2", amount: 3 } },
    ];
    const result = await executeJob(job!, botFactory({ agent: "replay", user: "scripted", recorded: new Map([[entry.scenario.name, calls]]) }), options(dir));
    expect(result).toEqual({ status: "errored" });
    const folder = entry.scenario.name;
    expect([...tree(dir).keys()]).toEqual([join(folder, "metrics.json")]);
    const metrics = JSON.parse(readFileSync(join(dir, folder, "metrics.json"), "utf8")) as { status: string; error: { message: string; stack: string } };
    expect(metrics.status).toBe("errored");
    expect(metrics.error.message).toBe("tool discard_item (agent) raised an unexpected RangeError: cannot discard from a shelf of 7");
    const stack = metrics.error.stack.split("\n");
    expect(stack[0]).toBe(`ToolBugError: ${metrics.error.message}`);
    expect(stack[1]).toBe("RangeError: cannot discard from a shelf of 7");
    // The frames run from the throw in the tool down to dispatch, with no machine-specific path.
    expect(stack.some((l) => l.includes("broken-tools.ts"))).toBe(true);
    expect(stack[stack.length - 1]).toMatch(/\bat dispatch\b/);
    expect(metrics.error.stack).not.toContain(process.cwd());
  });
});

afterAll(removeScratch);
