/**
 * The real fixtures pass: every finding is a known divergence. The expected
 * defects were found independently (Python over the same files, see the
 * evidence in data/known-divergences.json): one eva policy whitespace change,
 * 31 telecom fields written out from model defaults (25 in db.json, 6 in
 * user_db.json, listed by re-running NeMo's pydantic round-trip), and 10
 * dangling ids in tau2 tasks.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { gradeFindings, type ValidationReport } from "../../src/validate/report.js";
import { validateFixtures } from "../../src/validate/run.js";
import type { Finding } from "../../src/engine/data-checks/types.js";
import { bufferIo } from "../helpers/buffer-io.js";
import { FIXTURES } from "../helpers/temp-data.js";

describe("validate-fixtures on the shared fixtures", () => {
  let report: ValidationReport;
  beforeAll(() => {
    report = validateFixtures({ dataRoot: FIXTURES });
  });

  it("runs every check over every domain", () => {
    expect(report.checks).toEqual(["schemas", "eva-upstream", "env-sides", "airline-shards", "telecom-toml", "telecom-upstream", "references"]);
    expect(report.domains).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"]);
  });

  it("finds only known divergences", () => {
    expect(report.findings.filter((f) => f.grade !== "known")).toEqual([]);
    expect(report.counts).toEqual({ error: 0, warning: 0, known: 42 });
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
    });
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
    expect(out.counts).toEqual({ error: 0, warning: 0, known: 7 });
    expect(out.checks).toEqual(["schemas", "env-sides", "references"]);
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
