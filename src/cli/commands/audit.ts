import { counted, auditInaction } from "../../audit/inaction.js";
import type { PolicyAuditResult } from "../../audit/policy.js";
import { auditPolicy, unknownFindings } from "../../audit/policy.js";
import { factsJson, factsText } from "../../engine/policy-rule.js";
import type { InactionResult } from "../../audit/inaction.js";
import { selectScenarios } from "../../engine/catalog.js";
import { toJsonText } from "../../json/stringify.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { EXIT } from "../io.js";

export const AUDIT_HELP = `evalsim audit [--domain D] [--json]
  Run every selected scenario with an agent that does nothing (greets, ends
  the call) and the scripted caller, and list the scenarios whose gating
  signals pass anyway, and those whose expected DB equals the initial DB
  (under a DB gate, an idle agent passes them). Every scenario the counts
  include is named; a declared refusal (mustNotCall) is marked as such: doing
  nothing to the DB is its point, so it is no finding. Informational: exit 0.

evalsim audit --policy [--domain D[,D...]] [--json]
  Replay every selected scenario's gold calls with its domain's policy rules
  watching (docs/policy.md) and list each violation: scenario, gold step and
  call, rule, and the facts the rule read. Exit 1 when a violation is not
  recorded in data/known-divergences.json (kind "policy", id
  <scenario>:policy:<rule>), 0 otherwise.`;

function describe(r: InactionResult): string {
  const parts: string[] = [];
  if (r.passesOnInaction) parts.push(`passes on inaction (${r.passedSignals.join(", ")})`);
  if (r.expectedDbIsInitial === true) parts.push("expected DB equals the initial DB");
  if (r.refusal === true) parts.push("a declared refusal, not a finding");
  return `${r.name}: ${parts.join("; ")}`;
}

function counts(results: readonly InactionResult[]): Record<string, { scenarios: number; passes_on_inaction: number; expected_db_is_initial: number }> {
  const out: Record<string, { scenarios: number; passes_on_inaction: number; expected_db_is_initial: number }> = {};
  for (const r of results) {
    const c = (out[r.bucket] ??= { scenarios: 0, passes_on_inaction: 0, expected_db_is_initial: 0 });
    c.scenarios++;
    if (r.passesOnInaction) c.passes_on_inaction++;
    if (r.expectedDbIsInitial === true) c.expected_db_is_initial++;
  }
  return out;
}

function printPolicy(result: PolicyAuditResult, json: boolean, io: CommandContext["io"]): number {
  const failing = unknownFindings(result);
  if (json) {
    const findings = result.findings.map((f) => ({
      scenario: f.scenario,
      step: f.step,
      tool: f.tool,
      arguments: f.arguments,
      rule: f.rule,
      facts: factsJson(f.facts),
      known: f.known ?? null,
    }));
    io.out(toJsonText({ findings, counts: result.counts, unknown: failing.length }, 2) + "\n");
    return failing.length > 0 ? EXIT.failed : EXIT.ok;
  }
  for (const f of result.findings) {
    const known = f.known ? ` [known: ${f.known}]` : "";
    io.out(`${f.scenario} step ${f.step} ${f.tool}: ${f.rule} (${factsText(f.facts)})${known}\n`);
  }
  for (const [domain, c] of Object.entries(result.counts)) {
    io.out(`${domain}: ${c.scenarios} scenarios, ${c.rules} rules, ${c.findings} violation${c.findings === 1 ? "" : "s"} in gold calls (${c.known} known)\n`);
  }
  return failing.length > 0 ? EXIT.failed : EXIT.ok;
}

export async function auditCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { values } = parse(argv, { ...COMMON, domain: { type: "string" }, policy: { type: "boolean" } }, false);
  const domain = values["domain"] as string | undefined;
  const entries = selectScenarios(catalogFor(registry, io, ctx.dataRoot, { domain }), { domain });
  if (values["policy"]) return printPolicy(auditPolicy(entries), values["json"] === true, io);
  const results = await auditInaction(entries);
  const byBucket = counts(results);
  if (values["json"]) {
    const scenarios = counted(results).map((r) => ({
      name: r.name,
      bucket: r.bucket,
      passes_on_inaction: r.passesOnInaction,
      passed_signals: [...r.passedSignals],
      expected_db_is_initial: r.expectedDbIsInitial,
      refusal: r.refusal === true,
    }));
    io.out(toJsonText({ scenarios, counts: byBucket }, 2) + "\n");
    return EXIT.ok;
  }
  for (const r of counted(results)) io.out(describe(r) + "\n");
  for (const [bucket, c] of Object.entries(byBucket)) {
    io.out(`${bucket}: ${c.passes_on_inaction} of ${c.scenarios} pass on inaction, ${c.expected_db_is_initial} of ${c.scenarios} expect the initial DB\n`);
  }
  return EXIT.ok;
}

export const command: Command = {
  name: "audit",
  summary: "list scenarios a do-nothing agent passes; with --policy, gold calls that break their domain's policy",
  help: AUDIT_HELP,
  run: auditCommand,
};
