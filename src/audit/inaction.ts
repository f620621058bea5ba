/**
 * The inaction audit: every scenario run with an agent that does nothing
 * (greets, ends the call) against the scripted caller. A scenario whose
 * gating signals pass anyway cannot tell a working agent from an idle one;
 * so can a scenario whose expected DB is its initial DB, under a DB gate.
 */
import type { CatalogEntry } from "../engine/catalog.js";
import { createNoopAgent } from "../engine/bots/noop.js";
import { createScriptedUser } from "../engine/bots/scripted-user.js";
import { prepareInitialState } from "../engine/initial-state.js";
import { createRng } from "../engine/rng.js";
import type { SuccessSignal } from "../engine/scenario.js";
import type { JsonObject } from "../json/types.js";
import { dbHash } from "../hash/db/index.js";
import type { BotFactory } from "../run/bots/factory.js";
import { expectedFor } from "../run/scenario/expected.js";
import { runScenario } from "../run/scenario/trial.js";

/** One scenario run with the do-nothing agent: whether it passes anyway, and whether its expected DB is its initial DB. */
export interface InactionResult {
  readonly name: string;
  readonly bucket: string;
  readonly domain: string;
  /** The do-nothing agent's run is successful under the scenario's gating signals. */
  readonly passesOnInaction: boolean;
  /** The gating signals that passed in that run. */
  readonly passedSignals: readonly SuccessSignal[];
  /** The expected agent DB hashes like the DB after initialization; null without an expected DB. */
  readonly expectedDbIsInitial: boolean | null;
  /**
   * The scenario declares tools the agent must not call: a refusal, where
   * doing nothing to the DB is the point, so neither finding above flags it.
   */
  readonly refusal?: true;
}

const noopBots: BotFactory = {
  agent: () => createNoopAgent(),
  user: (entry) => createScriptedUser(entry.scenario.user),
};

/** Does the expected end DB equal the DB the scenario starts from (after its initialization actions)? */
export function expectedDbIsInitial(entry: CatalogEntry, seed = 0): boolean | null {
  const env = { today: entry.scenario.today, rng: createRng(seed).fork(`${entry.scenario.name}#audit`) };
  const prepared = prepareInitialState(entry.domain, entry.scenario, env);
  const expected = expectedFor(entry, env, prepared).db;
  if (!expected) return null;
  const initial = prepared.state.dbs.agent;
  return initial !== undefined && dbHash(expected) === dbHash(initial);
}

/** Run one scenario with the do-nothing agent and the scripted caller, and say what it passes on inaction. */
export async function auditScenario(entry: CatalogEntry, seed = 0): Promise<InactionResult> {
  // No turn minimum: the audit asks what the gating signals say, not whether the call was long enough.
  const outcome = await runScenario(entry, 1, noopBots, { seed, minAgentTurns: 0 });
  const breakdown = outcome.metrics["success_breakdown"] as JsonObject | undefined;
  return {
    name: entry.scenario.name,
    bucket: entry.scenario.bucket,
    domain: entry.domain.name,
    passesOnInaction: outcome.metrics["is_successful"] === true,
    passedSignals: ((breakdown?.["passed"] ?? []) as SuccessSignal[]).slice(),
    expectedDbIsInitial: expectedDbIsInitial(entry, seed),
    ...((entry.scenario.checks?.mustNotCall.length ?? 0) > 0 ? { refusal: true as const } : {}),
  };
}

/** Audit scenarios one after another, in catalog order. */
export async function auditInaction(entries: readonly CatalogEntry[], seed = 0): Promise<InactionResult[]> {
  const out: InactionResult[] = [];
  for (const entry of entries) out.push(await auditScenario(entry, seed));
  return out;
}

/** The scenarios worth a warning: they pass on inaction, or expect no change at all, and are not declared refusals. */
export function flagged(results: readonly InactionResult[]): InactionResult[] {
  return results.filter((r) => r.refusal !== true && (r.passesOnInaction || r.expectedDbIsInitial === true));
}

/**
 * Every scenario the audit's counts include: it passes on inaction, or expects
 * no change. Declared refusals are among them (marked `refusal`), so each count
 * can be traced to the scenarios it counts.
 */
export function counted(results: readonly InactionResult[]): InactionResult[] {
  return results.filter((r) => r.passesOnInaction || r.expectedDbIsInitial === true);
}
