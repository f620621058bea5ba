import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { runJunit } from "../../src/results/junit.js";
import { readRunFolder } from "../../src/results/read-run.js";
import { botFactory } from "../../src/run/bots/factory.js";
import { executeJob } from "../../src/run/scenario/execute.js";
import { planJobs } from "../../src/run/jobs.js";
import { collectMetrics, writeRunFiles } from "../../src/run/folder/summary-files.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";
import type { ComparedRuns } from "../compare/recordings.js";
import { DB_REGRESSION, EXIT_REGRESSION, makeRuns, SCENARIOS } from "../compare/recordings.js";

interface Failure {
  "@_type": string;
  "@_message": string;
  "#text": string;
}
interface Case {
  "@_name": string;
  "@_classname": string;
  failure?: Failure;
  error?: Failure;
}
interface Suite {
  "@_name": string;
  "@_tests": number;
  "@_failures": number;
  "@_errors": number;
  testcase: Case[];
}
interface Doc {
  testsuites: { "@_tests": number; "@_failures": number; "@_errors": number; testsuite: Suite[] };
}
interface Totals {
  scenarios: number;
  passed: number;
  failed: number;
  errored: number;
}

/** Parse a JUnit file and check the structure CI readers rely on: counts on every level agree with the test cases. */
function parseJunit(xml: string): Doc {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, parseAttributeValue: true, isArray: (name) => name === "testsuite" || name === "testcase" }).parse(xml) as Doc;
  const suites = doc.testsuites.testsuite;
  for (const s of suites) {
    expect(s["@_tests"], s["@_name"]).toBe(s.testcase.length);
    expect(s["@_failures"], s["@_name"]).toBe(s.testcase.filter((c) => c.failure).length);
    expect(s["@_errors"], s["@_name"]).toBe(s.testcase.filter((c) => c.error).length);
    for (const c of s.testcase) expect(c["@_classname"]).toBe(s["@_name"]);
  }
  const sum = (k: "@_tests" | "@_failures" | "@_errors"): number => suites.reduce((a, s) => a + s[k], 0);
  expect([doc.testsuites["@_tests"], doc.testsuites["@_failures"], doc.testsuites["@_errors"]]).toEqual([sum("@_tests"), sum("@_failures"), sum("@_errors")]);
  return doc;
}

const totals = (run: string): Totals => (JSON.parse(readFileSync(join(run, "summary.json"), "utf8")) as { totals: Totals }).totals;
const cases = (doc: Doc): Map<string, Case> => new Map(doc.testsuites.testsuite.flatMap((s) => s.testcase.map((c) => [c["@_name"], c] as const)));

afterAll(removeScratch);

describe("--junit and --markdown", () => {
  let runs: ComparedRuns;
  let files: string;
  beforeAll(async () => {
    runs = await makeRuns("ci");
    files = scratch("ci-files");
  });

  it("run --junit writes one suite per domain and one case per scenario, counted as summary.json counts", async () => {
    const out = scratch("ci-run");
    const junit = join(files, "run.xml");
    const md = join(files, "run.md");
    const r = await evalsim(["run", "--agent", "replay", "--calls", runs.cand, "--scenarios", ...SCENARIOS, "--out", out, "--junit", junit, "--markdown", md]);
    expect(r.code).toBe(1);
    const doc = parseJunit(readFileSync(junit, "utf8"));
    const t = totals(runs.cand);
    expect(doc.testsuites["@_tests"]).toBe(t.scenarios);
    expect(doc.testsuites["@_failures"]).toBe(t.failed);
    expect(doc.testsuites["@_errors"]).toBe(t.errored);
    expect(doc.testsuites.testsuite.map((s) => s["@_name"])).toEqual(["eva_airline", "tau2_airline", "tau2_retail"]);
    const db = cases(doc).get(DB_REGRESSION)?.failure;
    expect(db?.["@_type"]).toBe("db_state_match");
    // The type names the failing signal; the message leads with the diagnosis, then that signal's evidence.
    expect(db?.["@_message"]).toMatch(/^decisive: missing write ExchangeDeliveredOrderItemsTool\(.*\); db_state_match: orders\./);
    expect(cases(doc).get(EXIT_REGRESSION)?.failure?.["@_type"]).toBe("clean_exit");
    // The console names each failure with the same reason line, then where the outputs are.
    const line = r.out.split("\n").find((l) => l.includes(` ${DB_REGRESSION} `));
    expect(line?.trim().split(/\s{2,}/)).toEqual(["FAILED", DB_REGRESSION, db?.["@_message"]]);
    expect(r.out.trimEnd().split("\n").slice(-2)).toEqual([`outputs are in ${runFolder(out)} (and JUnit ${junit}, Markdown ${md})`, `see them in a browser: evalsim report ${runFolder(out)}`]);

    const text = readFileSync(md, "utf8");
    expect(text).toMatch(/^### evalsim run: success 60\.0% of 5 trials; 3 passed, 2 failed, 0 errored/);
    expect(text).toContain("| tau2_retail | 2 | 1 | 1 | 0 | 50.0% (1/2) |");
    expect(text).toContain(`| ${DB_REGRESSION} | failed | decisive: missing write ExchangeDeliveredOrderItemsTool(`);
    expect(text).toMatch(new RegExp(`\\| ${DB_REGRESSION} \\| failed \\| decisive: [^|]*; db_state_match: orders\\.`));
  });

  it("an errored scenario is an <error> with its cause, apart from the failures", async () => {
    const dir = scratch("ci-errored");
    const jobs = planJobs(selectScenarios(loadCatalog(registry, {}, [registry.domain("tau2_retail")!]), { scenarios: ["tau2_retail__0", "tau2_retail__105"] }), 1);
    const opts = { runDir: dir, trials: 1, seed: 0, minAgentTurns: 3 };
    expect(await executeJob(jobs[0]!, botFactory({ agent: "replay", user: "scripted", recorded: new Map() }), opts)).toEqual({ status: "errored" });
    expect(await executeJob(jobs[1]!, botFactory({ agent: "oracle", user: "scripted" }), opts)).toEqual({ status: "passed" });
    writeRunFiles(dir, collectMetrics(dir, jobs, 1), 1);
    writeFileSync(join(dir, "run_config.json"), "{}\n");
    const doc = parseJunit(runJunit(readRunFolder(dir).records));
    expect([doc.testsuites["@_tests"], doc.testsuites["@_failures"], doc.testsuites["@_errors"]]).toEqual([totals(dir).scenarios, totals(dir).failed, totals(dir).errored]);
    expect(cases(doc).get("tau2_retail__0")?.error?.["@_message"]).toBe("errored: no recorded calls for scenario 'tau2_retail__0'");
  });

  it("compare --junit fails the regressions; --markdown lists the changes", async () => {
    const junit = join(files, "compare.xml");
    const md = join(files, "compare.md");
    expect((await evalsim(["compare", runs.base, runs.cand, "--junit", junit, "--markdown", md])).code).toBe(1);
    const doc = parseJunit(readFileSync(junit, "utf8"));
    expect([doc.testsuites["@_tests"], doc.testsuites["@_failures"], doc.testsuites["@_errors"]]).toEqual([5, 2, 0]);
    expect(cases(doc).get(DB_REGRESSION)?.failure?.["@_message"]).toMatch(/^regressed: passed → failed: decisive: missing write .*; db_state_match: /);
    const text = readFileSync(md, "utf8");
    expect(text).toMatch(/^### evalsim compare: 2 regressed, 0 errored now, 1 fixed/);
    expect(text).toContain(`| ${DB_REGRESSION} | regressed | passed → failed | decisive: missing write `);
  });
});
