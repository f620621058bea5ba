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
import { gradeFindings, reportFailed, type ValidationReport } from "../../src/validate/report.js";
import { validateFixtures } from "../../src/validate/validate-fixtures.js";
import type { Finding } from "../../src/engine/data-checks/types.js";
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
