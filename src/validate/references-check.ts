/**
 * Check 5: every id a call names exists in the DB the call targets. Each
 * domain declares its rules (one per tool, init function or predicate that
 * names ids) and where its calls are (`fixtures.references`); this check
 * runs them in order, so ids a call creates resolve for the calls after it.
 */
import { reporter } from "../engine/data-checks/findings.js";
import { describeDangling, ruleFor } from "../engine/data-checks/reference-rules.js";
import type { ValidationContext, Finding } from "../engine/data-checks/types.js";
import type { Domain } from "../engine/domain.js";
import { domainDir } from "../engine/domain-data.js";
import { formatJsonPath } from "../loaders/schema-check.js";

export const referencesCheck = {
  name: "references",
  run(ctx: ValidationContext, domains: readonly Domain[]): Finding[] {
    const { findings, add } = reporter("references", ctx);
    for (const domain of domains) {
      const spec = domain.fixtures?.references;
      if (!spec) continue;
      for (const group of spec.groups(ctx, domainDir(domain, ctx.dataRoot), add)) {
        const created = new Set<string>();
        for (const call of group.calls) {
          for (const d of ruleFor(spec.rules, call.name)?.(call.args, group.dbs, created) ?? []) {
            add({
              severity: group.severity,
              file: group.file,
              path: formatJsonPath([...call.path, ...d.arg]),
              message: `${group.label}: ${describeDangling(call.name, d)}`,
              ...(group.severity === "warning" && group.defectPrefix !== undefined ? { defect: `${group.defectPrefix}:${d.table}:${d.id}` } : {}),
              ...(group.scenario === undefined ? {} : { scenario: group.scenario }),
            });
          }
        }
      }
    }
    return findings;
  },
};
