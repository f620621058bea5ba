/**
 * The import's own work, past the format readers (tested beside each reader):
 * matching recordings to scenarios, re-grading them, and writing the
 * verdicts side by side. The source here is a NeMo run folder in NeMo's
 * layout holding only each scenario's metrics.json (a recording without the
 * bots' contexts has no calls).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { importRun } from "../../src/import/import-run.js";
import { ImportError } from "../../src/import/types.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { removeScratch, scratch } from "../run/run-helpers.js";
import { nemoMetricsRun } from "./nemo-metrics-run.js";

afterAll(removeScratch);

const request = (path: string, out: string) => ({ registry, dataRoot: { flag: FIXTURES }, format: "nemo" as const, path, out, now: () => new Date(Date.UTC(2026, 2, 1)), workers: 1 });

describe("importRun", () => {
  it("re-grades what matches, keeps the source's verdict beside evalsim's, and lists what matched nothing", async () => {
    // tau2_retail__0 needs writes to pass: with no recorded calls evalsim fails it, where the source said passed.
    const src = nemoMetricsRun("import-run-src", { tau2_retail__0: true, tau2_retail__9999: true });
    const out = scratch("import-run-out");
    const r = await importRun(request(src, out));
    expect(r.format).toBe("nemo");
    expect(r.unmatched).toEqual(["tau2_retail__9999"]);
    expect(r.scenarios).toHaveLength(1);
    expect(r.scenarios[0]).toMatchObject({ scenario: "tau2_retail__0", source: "tau2_retail__0", source_verdict: true, source_hash: null, evalsim_verdict: false, agrees: false });
    expect(r.disagreements.map((d) => d.scenario)).toEqual(["tau2_retail__0"]);
    const m = JSON.parse(readFileSync(join(r.runDir, "tau2_retail__0", "metrics.json"), "utf8")) as Record<string, unknown>;
    expect(m["imported"]).toEqual({ format: "nemo", source: "tau2_retail__0", source_verdict: true, source_hash: null, agrees: false });
    const all = JSON.parse(readFileSync(join(r.runDir, "all_metrics.json"), "utf8")) as Record<string, unknown>[];
    expect(all[0]?.["imported"]).toEqual(m["imported"]);
    const summary = JSON.parse(readFileSync(join(r.runDir, "imported.json"), "utf8")) as Record<string, unknown>;
    expect(summary).toMatchObject({ format: "nemo", path: src, scenarios: 1, disagreements: 1, unmatched: ["tau2_retail__9999"] });
  }, 120_000);

  it("a source naming no scenario evalsim knows is an ImportError naming five, then how many more; nothing is written", async () => {
    const names = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`tau2_retail__99${i}0`, true]));
    const src = nemoMetricsRun("import-run-src", names);
    const out = join(scratch("import-run-none"), "out");
    const err = await importRun(request(src, out)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toBe(`${src}: names no scenario evalsim knows (tau2_retail__9900, tau2_retail__9910, tau2_retail__9920, tau2_retail__9930, tau2_retail__9940, and 2 more)`);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});
