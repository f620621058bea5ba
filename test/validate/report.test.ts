import { describe, expect, it } from "vitest";
import { countGrades, formatFinding, formatReport, gradeFindings, reportFailed } from "../../src/validate/report.js";

type Known = Parameters<typeof gradeFindings>[1][number];
const known = (id: string, evidence: string): Known => ({ id, kind: "fixture", what: "w", evidence, decision: "d" });

const FINDINGS: Parameters<typeof gradeFindings>[0] = [
  { check: "schemas", severity: "error", file: "tau2_retail/db.json", path: "users.u1.email", message: "expected a string", defect: "listed-error" },
  { check: "references", severity: "warning", file: "tau2_airline/tasks.json", path: "[2].user_id", message: "no such user", defect: "dangling-user" },
  { check: "references", severity: "warning", file: "tau2_airline/tasks.json", message: "no such flight", defect: "dangling-flight" },
  { check: "inaction", severity: "warning", file: "eva_airline/1.1.2.json", message: "an idle agent passes" },
];

describe("gradeFindings", () => {
  it("excuses a warning listed with evidence, never an error or an entry without evidence", () => {
    const graded = gradeFindings(FINDINGS, [known("dangling-user", "Python walk over tasks.json"), known("dangling-flight", "  "), known("listed-error", "x")]);
    expect(graded.map((f) => [f.grade, f.known])).toEqual([
      ["error", undefined],
      ["known", "dangling-user"],
      ["warning", undefined],
      ["warning", undefined],
    ]);
    expect(countGrades(graded)).toEqual({ error: 1, warning: 2, known: 1 });
  });
});

describe("reportFailed", () => {
  const report = (counts: { error: number; warning: number; known: number }) => ({ dataRoot: "d", upstreamDir: "u", domains: [], checks: [], findings: [], counts });
  it("fails on any error or unlisted warning, not on known findings", () => {
    expect(reportFailed(report({ error: 0, warning: 0, known: 5 }))).toBe(false);
    expect(reportFailed(report({ error: 0, warning: 1, known: 0 }))).toBe(true);
    expect(reportFailed(report({ error: 1, warning: 0, known: 0 }))).toBe(true);
  });
});

describe("formatting", () => {
  it("puts grade, check, file and JSON path, message and the defect id on one line", () => {
    const [error, knownOne, warning] = gradeFindings(FINDINGS, [known("dangling-user", "evidence")]);
    expect(formatFinding(error!)).toBe("error   schemas          tau2_retail/db.json: users.u1.email: expected a string");
    expect(formatFinding(knownOne!)).toBe("known   references       tau2_airline/tasks.json: [2].user_id: no such user (known: dangling-user)");
    expect(formatFinding(warning!)).toBe("warning references       tau2_airline/tasks.json: no such flight (defect id: dangling-flight)");
  });

  it("ends the report with the counts", () => {
    const findings = gradeFindings(FINDINGS.slice(0, 1), []);
    const text = formatReport({ dataRoot: "d", upstreamDir: "u", domains: ["tau2_retail", "tau2_airline"], checks: ["schemas", "references"], findings, counts: countGrades(findings) });
    expect(text).toBe("error   schemas          tau2_retail/db.json: users.u1.email: expected a string\n2 checks over tau2_retail, tau2_airline: 1 errors, 0 warnings, 0 known\n");
  });
});
