/**
 * A run of plugin domains records its plugin modules in run_config.json (a
 * run of built-in domains does not, so its file is unchanged): a run that
 * stopped partway is continued by `evalsim run --resume DIR` alone, which
 * loads them again, and the report of the partial run gives a resume command
 * with the plugin's --domains.
 */
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRunControl } from "../../src/run/control.js";
import { runSuite } from "../../src/run/suite.js";
import { buildRegistry } from "../../src/plugins/load.js";
import { evalsim, removeScratch, runFolder, scratch, treeDifferences } from "../run/run-helpers.js";
import { writePharmacy } from "./pharmacy/package.js";

const plugin = writePharmacy([]);
afterAll(() => {
  removeScratch();
  rmSync(dirname(plugin), { recursive: true, force: true });
});

const runConfig = (dir: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as Record<string, unknown>;
const NOW = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));

describe("a plugin run's modules in run_config.json", () => {
  it("are recorded, and --resume DIR alone loads them again and finishes a stopped run to the uninterrupted tree; the report's resume command carries them", async () => {
    const wholeOut = scratch("plugin-whole");
    const whole = await evalsim(["--domains", plugin, "run", "--domain", "pharmacy", "--agent", "oracle", "--workers", "1", "--out", wholeOut]);
    expect(whole.code, whole.err).toBe(0);
    const reference = runFolder(wholeOut);
    expect(runConfig(reference)["plugin_modules"]).toEqual([plugin]);

    // The same run, stopped (as by Ctrl-C) once its first scenario is done.
    const control = createRunControl();
    const stoppedOut = scratch("plugin-stopped");
    const stopped = await runSuite({
      registry: await buildRegistry([plugin]),
      settings: { domain: "pharmacy", agent: "oracle" },
      out: stoppedOut,
      workers: 1,
      maxConcurrency: 1,
      now: () => NOW,
      control,
      onEvent: (e) => {
        if (e.type === "finished") control.stop("SIGINT", "interrupted");
      },
    });
    expect(stopped.stopped?.cause).toBe("SIGINT");
    expect(stopped.report.totals).toMatchObject({ scenarios: 1 });
    const dir = stopped.runDir;

    const html = join(scratch("plugin-report"), "report.html");
    const report = await evalsim(["--domains", plugin, "report", dir, "--out", html]);
    expect(report.code, report.err).toBe(0);
    expect(readFileSync(html, "utf8")).toContain(`<code>evalsim run --resume ${dir} --domains ${plugin}</code> finishes it.`);

    // No --domains: the run's own plugin is loaded from its run_config.json.
    const resumed = await evalsim(["run", "--resume", dir]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toBe("");
    expect(resumed.out).toMatch(/^Scenarios: 2 \(passed 2, failed 0, errored 0\)$/m);
    expect(treeDifferences(reference, dir)).toEqual([]);
  }, 60_000);

  it("are not recorded for a run of built-in domains", async () => {
    const out = scratch("builtin-run");
    const r = await evalsim(["--domains", plugin, "run", "--scenarios", "tau2_retail__0", "--agent", "oracle", "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(Object.keys(runConfig(runFolder(out)))).not.toContain("plugin_modules");
  });
});
