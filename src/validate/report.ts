/**
 * Grading and presentation. A warning whose defect id is listed in
 * `data/known-divergences.json` with evidence becomes `known`; errors are
 * never excused. The run fails on any error or any warning left unlisted.
 */
import type { KnownDivergence } from "../loaders/known-divergences.js";
import type { CheckName, Finding } from "../engine/data-checks/types.js";

export type Grade = "error" | "warning" | "known";

export interface GradedFinding extends Finding {
  readonly grade: Grade;
  /** The known-divergence entry that excuses it. */
  readonly known?: string;
}

/** The findings of a fixture validation, each graded error, warning or known. */
export interface ValidationReport {
  readonly dataRoot: string;
  readonly upstreamDir: string;
  readonly domains: readonly string[];
  readonly checks: readonly CheckName[];
  readonly findings: readonly GradedFinding[];
  readonly counts: Readonly<Record<Grade, number>>;
}

export function gradeFindings(findings: readonly Finding[], known: readonly KnownDivergence[]): GradedFinding[] {
  const byId = new Map(known.filter((k) => k.evidence.trim() !== "").map((k) => [k.id, k]));
  return findings.map((f) => {
    const entry = f.severity === "warning" && f.defect !== undefined ? byId.get(f.defect) : undefined;
    return entry ? { ...f, grade: "known", known: entry.id } : { ...f, grade: f.severity };
  });
}

export function countGrades(findings: readonly GradedFinding[]): Record<Grade, number> {
  const counts: Record<Grade, number> = { error: 0, warning: 0, known: 0 };
  for (const f of findings) counts[f.grade]++;
  return counts;
}

/** Whether a validation report has an error or a warning not listed as a known divergence (exit 1). */
export function reportFailed(report: ValidationReport): boolean {
  return report.counts.error > 0 || report.counts.warning > 0;
}

export function formatFinding(f: GradedFinding): string {
  const where = f.path ? `${f.file}: ${f.path}` : f.file;
  const tail = f.grade === "known" ? ` (known: ${f.known})` : f.grade === "warning" && f.defect ? ` (defect id: ${f.defect})` : "";
  return `${f.grade.padEnd(7)} ${f.check.padEnd(16)} ${where}: ${f.message}${tail}`;
}

/** A validation report as the text `evalsim validate-fixtures` prints. */
export function formatReport(report: ValidationReport): string {
  const lines = report.findings.map(formatFinding);
  const { error, warning, known } = report.counts;
  lines.push(`${report.checks.length} checks over ${report.domains.join(", ")}: ${error} errors, ${warning} warnings, ${known} known`);
  return lines.join("\n") + "\n";
}
