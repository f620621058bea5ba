/**
 * The real fixtures pass: every finding is a known divergence. The expected
 * defects were found independently (Python over the same files, see the
 * evidence in data/known-divergences.json): one eva policy whitespace change,
 * 31 telecom fields written out from model defaults (25 in db.json, 6 in
 * user_db.json, listed by re-running NeMo's pydantic round-trip), 10
 * dangling ids in tau2 tasks, and the inaction audit's scenarios whose
 * expected DB is the initial DB (6 eva, 24 tau2_airline, 11 tau2_retail:
 * counted from the task files, see the evidence of each entry).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { gradeFindings, reportFailed, type ValidationReport } from "../../src/validate/report.js";
import { validateFixtures } from "../../src/validate/validate-fixtures.js";
import type { Finding } from "../../src/engine/data-checks/types.js";
import { bufferIo } from "../helpers/buffer-io.js";
import { FIXTURES } from "../helpers/temp-data.js";

describe("validate-fixtures on the shared fixtures", () => {
  let report: ValidationReport;
  beforeAll(() => {
    report = validateFixtures({ dataRoot: FIXTURES });
  });

  it("runs every check over every domain", () => {
    expect(report.checks).toEqual(["schemas", "eva-upstream", "env-sides", "airline-shards", "telecom-toml", "telecom-upstream", "references", "inaction"]);
    expect(report.domains).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"]);
  });

  it("finds only known divergences", () => {
    expect(report.findings.filter((f) => f.grade !== "known")).toEqual([]);
    expect(report.counts).toEqual({ error: 0, warning: 0, known: 83 });
  });

  it("finds each documented defect, as many times as it occurs", () => {
    const perDefect: Record<string, number> = {};
    for (const f of report.findings) perDefect[f.known ?? "?"] = (perDefect[f.known ?? "?"] ?? 0) + 1;
    expect(perDefect).toEqual({
      "eva_airline:instructions-trailing-whitespace": 1,
      "tau2_telecom:model-defaults-materialized": 31,
      "tau2_retail:products:6086499569": 3,
      "tau2_retail:orders:#9502126": 2,
      "tau2_retail:orders:#9502127": 2,
      "tau2_telecom:bills:B1234321": 3,
      "eva_airline:expected-db-is-initial": 6,
      "tau2_airline:expected-db-is-initial": 24,
      "tau2_retail:expected-db-is-initial": 11,
    });
  });

  it("names the inaction scenarios one by one", () => {
    const names = (defect: string): string[] => report.findings.filter((f) => f.defect === defect).map((f) => f.scenario ?? "?");
    // Those whose gold actions only read, and task 105, whose only write fails.
    expect(names("tau2_retail:expected-db-is-initial")).toEqual([10, 12, 24, 25, 50, 57, 62, 65, 67, 68, 105].map((i) => `tau2_retail__${i}`));
    expect(names("eva_airline:expected-db-is-initial")).toEqual(["5_2_5", "7_1_1", "7_2_2", "7_2_8", "7_3_1", "7_4_1"].map((i) => `eva_airline__${i}`));
    const first = report.findings.find((f) => f.check === "inaction");
    expect(first).toMatchObject({ severity: "warning", grade: "known", file: "eva_airline", path: "eva_airline__5_2_5" });
    // tau2_telecom gates on its assertions, not on the DB: no finding without the do-nothing run.
    expect(names("tau2_telecom:expected-db-is-initial")).toEqual([]);
  });

  it("without the known-divergence entries the inaction findings are warnings, and fail the run", () => {
    const bare = validateFixtures({ dataRoot: FIXTURES, domains: ["tau2_airline"], checks: ["inaction"], knownDivergences: [] });
    expect(bare.counts).toEqual({ error: 0, warning: 24, known: 0 });
    expect(reportFailed(bare)).toBe(true);
  });
});

describe("grading", () => {
  const warning: Finding = { check: "references", severity: "warning", file: "f", message: "m", defect: "d:1" };
  const error: Finding = { check: "schemas", severity: "error", file: "f", message: "m", defect: "d:1" };
  const entry = { id: "d:1", kind: "reference_data", what: "w", evidence: "e", decision: "x" };

  it("excuses a warning whose defect is listed with evidence", () => {
    expect(gradeFindings([warning], [entry])).toEqual([{ ...warning, grade: "known", known: "d:1" }]);
  });

  it("never excuses an error, nor a warning listed without evidence or under another id", () => {
    expect(gradeFindings([error], [entry])[0]?.grade).toBe("error");
    expect(gradeFindings([warning], [{ ...entry, evidence: "  " }])[0]?.grade).toBe("warning");
    expect(gradeFindings([warning], [{ ...entry, id: "d:2" }])[0]?.grade).toBe("warning");
  });
});

describe("evalsim validate-fixtures", () => {
  it("exits 0 on the shared fixtures of one domain and reports the known findings as JSON", async () => {
    const io = bufferIo();
    const code = await main(["validate-fixtures", "--domain", "tau2_retail", "--json", "--data-root", FIXTURES], io);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout()) as { counts: unknown; checks: unknown; findings: { known: string }[] };
    expect(out.counts).toEqual({ error: 0, warning: 0, known: 18 });
    expect(out.checks).toEqual(["schemas", "env-sides", "references", "inaction"]);
  });

  it("--audit runs the do-nothing agent too: tau2_telecom's 40 no-service scenarios pass on inaction", async () => {
    const io = bufferIo();
    const code = await main(["validate-fixtures", "--domain", "tau2_telecom", "--audit", "--json", "--data-root", FIXTURES], io);
    expect(io.stderr()).toBe("");
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout()) as { checks: string[]; findings: { check: string; known?: string; scenario: string; message: string }[] };
    expect(out.checks.slice(-2)).toEqual(["inaction", "inaction-run"]);
    const run = out.findings.filter((f) => f.check === "inaction-run");
    expect(run).toHaveLength(40);
    expect(new Set(run.map((f) => f.known))).toEqual(new Set(["tau2_telecom:passes-on-inaction"]));
    expect(run.filter((f) => f.scenario.startsWith("tau2_telecom_workflow__"))).toHaveLength(20);
    expect(run[0]?.message).toBe("an agent that greets and ends the call passes: db_state_assertion, clean_exit (see evalsim audit)");
  });

  it("exits 2 on an unknown domain", async () => {
    const io = bufferIo();
    expect(await main(["validate-fixtures", "--domain", "tau2_mock", "--data-root", FIXTURES], io)).toBe(2);
    expect(io.stderr()).toContain("--domain expects one of eva_airline, tau2_airline, tau2_retail, tau2_telecom, got 'tau2_mock'");
  });

  it("exits 2 on an unknown option", async () => {
    expect(await main(["validate-fixtures", "--strict"], bufferIo())).toBe(2);
  });
});
