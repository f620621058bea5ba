/**
 * The policy audit: every selected scenario's gold calls replayed with its
 * domain's policy rules watching. A gold list that reaches the expected DB
 * can still break the policy the agent is held to; each violation is listed
 * with the gold step and the facts the rule read, and a violation recorded in
 * the known divergences (kind "policy", id `<scenario>:policy:<rule>`) is
 * reported as known.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import type { PolicyRule } from "../engine/policy-rule.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import type { JsonValue } from "../json/types.js";
import type { KnownDivergence } from "../loaders/known-divergences.js";
import { loadKnownDivergences } from "../loaders/known-divergences.js";
import { goldReplay } from "../replay/gold.js";
import type { PolicyViolation } from "../scoring/policy/check.js";
import { goldListRules, watchPolicy } from "../scoring/policy/check.js";

/** One policy violation in a gold list, with the gold call's arguments. */
export interface PolicyAuditFinding extends PolicyViolation {
  readonly domain: string;
  /** The gold call's arguments. */
  readonly arguments: JsonValue;
  /** The known divergence that records it, when one does. */
  readonly known?: string;
}

/** What `auditPolicy` found, with per-domain counts. */
export interface PolicyAuditResult {
  readonly findings: readonly PolicyAuditFinding[];
  /** Per domain: scenarios audited, their rules, findings (known ones among them). */
  readonly counts: Readonly<Record<string, { scenarios: number; rules: number; findings: number; known: number }>>;
}

/** The id a known divergence gives a recorded policy finding: one entry covers the rule's findings in that scenario. */
export const policyDivergenceId = (scenario: string, rule: string): string => `${scenario}:policy:${rule}`;

function knownFor(v: PolicyViolation, list: readonly KnownDivergence[]): KnownDivergence | undefined {
  const id = policyDivergenceId(v.scenario, v.rule);
  return list.find((d) => d.kind === "policy" && d.id === id);
}

/** The rules a gold list can be held to: all but those that need the whole conversation (a gold list holds only graded calls). */
export const goldRules = (entry: CatalogEntry): readonly PolicyRule[] => goldListRules(entry.domain.policyRules ?? []);

/** Replay one scenario's gold calls with its domain's rules watching. */
export function goldPolicyViolations(entry: CatalogEntry, seed = 0): PolicyViolation[] {
  const { domain, scenario } = entry;
  const rules = goldRules(entry);
  if (rules.length === 0) return [];
  const env = { today: scenario.today, rng: createRng(seed).fork(`gold:${scenario.name}`) };
  const watch = watchPolicy(domain, scenario, rules);
  goldReplay(domain, scenario, env, prepareInitialState(domain, scenario, env), watch.observer);
  return watch.finish();
}

/** Replay every scenario's gold calls with its domain's policy rules watching: each violation, marked when a known divergence records it (`evalsim audit --policy`). */
export function auditPolicy(entries: readonly CatalogEntry[], known: readonly KnownDivergence[] = loadKnownDivergences()): PolicyAuditResult {
  const findings: PolicyAuditFinding[] = [];
  const counts: Record<string, { scenarios: number; rules: number; findings: number; known: number }> = {};
  for (const entry of entries) {
    const c = (counts[entry.domain.name] ??= { scenarios: 0, rules: goldRules(entry).length, findings: 0, known: 0 });
    c.scenarios++;
    const violations = goldPolicyViolations(entry);
    if (violations.length === 0) continue;
    const gold = entry.scenario.goldCalls();
    const list = [...known, ...(entry.domain.knownDivergences ?? [])];
    for (const v of violations) {
      const k = knownFor(v, list);
      c.findings++;
      if (k) c.known++;
      findings.push({ domain: entry.domain.name, ...v, arguments: gold[v.step]?.arguments ?? null, ...(k ? { known: k.id } : {}) });
    }
  }
  return { findings, counts };
}

/** The findings no known divergence records: these fail the audit. */
export const unknownFindings = (r: PolicyAuditResult): PolicyAuditFinding[] => r.findings.filter((f) => f.known === undefined);
