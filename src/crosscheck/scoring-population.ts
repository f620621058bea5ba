/**
 * A seeded population of scenario outcomes for the scoring family, built to
 * cover every signal's edge: each signal passed, failed or not applicable
 * (no reference answer, no expected DB, a judge error, missing verdicts), a
 * whitelist no applicable signal is in ("N/A" composites), and agent turn
 * counts around `--min-agent-turns` (none, fewer, exactly, more).
 */
import type { AssertionVerdict } from "../engine/assertions.js";
import type { Rng } from "../engine/rng.js";
import { createRng } from "../engine/rng.js";
import type { SuccessSignal } from "../engine/scenario.js";
import { SUCCESS_SIGNALS } from "../engine/scenario.js";
import type { JsonObject } from "../json/types.js";
import type { SignalInputs } from "../scoring/signals.js";
import { scoreScenario } from "../scoring/signals.js";
import { tooFewAgentTurns } from "../run/scenario/agent-turns.js";
import type { ReferenceOutcome } from "./reference-process.js";

export type Verdict = boolean | null;

export interface Outcome {
  readonly name: string;
  readonly domain: string;
  readonly whitelist: readonly SuccessSignal[];
  /** Each signal's verdict as the reference's runner hands it to compute_is_successful. */
  readonly verdicts: Readonly<Record<SuccessSignal, Verdict>>;
  readonly agentTurns: number;
  /** The judge's per-assertion NL verdicts (null: none judged). */
  readonly nlVerdicts: readonly boolean[] | null;
  /** evalsim's composite for the verdicts (turn rule aside), and the metrics a run writes. */
  readonly composite: boolean | "N/A";
  readonly metrics: JsonObject;
}

const DOMAINS = ["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"] as const;

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(xs.length)] as T;
}

function verdicts(rng: Rng, n: number, pass: boolean): AssertionVerdict[] {
  const out = Array.from({ length: n }, (_, i): AssertionVerdict => ({ func_name: `assert_${i}`, side: "agent", passed: true, expected: true, actual: true, message: null, error: null }));
  if (!pass) (out[rng.int(n)] as AssertionVerdict).passed = false;
  return out;
}

/** evalsim's inputs that give `v` for each signal (clean_exit is always a boolean in a run). */
function inputsFor(rng: Rng, v: Record<SuccessSignal, Verdict>): SignalInputs {
  const s = v.db_state_match;
  const a = v.db_state_assertion;
  const nl = v.nl_assertion;
  return {
    isActionMatch: v.is_action_match ?? "N/A",
    ...(s === null ? {} : { dbState: { expectedHash: "e", actualHash: s ? "e" : rng.next() < 0.3 ? null : "x" } }),
    // Not applicable: no assertions, or (missing verdicts) an empty list.
    ...(a === null ? (rng.next() < 0.5 ? { assertionVerdicts: [] } : {}) : { assertionVerdicts: verdicts(rng, 1 + rng.int(3), a) }),
    ...(nl === null ? {} : { nlVerdicts: verdicts(rng, 1 + rng.int(3), nl).map((x) => ({ passed: x.passed })) }),
    ...(v.judge_passed === null ? {} : { judgePassed: v.judge_passed }),
    cleanExit: v.clean_exit === true,
  };
}

export function population(seed: number, count: number, minAgentTurns: number): Outcome[] {
  const rng = createRng(`scoring:${seed}:${minAgentTurns}`);
  const turns = [0, 1, 2, Math.max(0, minAgentTurns - 1), minAgentTurns, minAgentTurns + 1, 12];
  const out: Outcome[] = [];
  for (let i = 0; i < count; i++) {
    const v = Object.fromEntries(SUCCESS_SIGNALS.map((sig) => [sig, sig === "clean_exit" ? rng.next() < 0.7 : pick<Verdict>(rng, [true, false, null])])) as Record<SuccessSignal, Verdict>;
    const whitelist = SUCCESS_SIGNALS.filter(() => rng.next() < 0.4);
    if (whitelist.length === 0) whitelist.push(pick(rng, SUCCESS_SIGNALS));
    const agentTurns = pick(rng, turns);
    const inputs = inputsFor(rng, v);
    const name = `${pick(rng, DOMAINS)}__${i}`;
    const scored = scoreScenario(whitelist, inputs, tooFewAgentTurns(agentTurns, minAgentTurns), name);
    // A judge that graded leaves its score; one that failed leaves none (or null).
    const judge = v.judge_passed === null ? pick<JsonObject>(rng, [{}, { judge_score: null }]) : { judge_score: pick(rng, [0, 0.5, 1, 3, 5]) };
    const nl = inputs.nlVerdicts?.map((x) => x.passed) ?? null;
    const metrics: JsonObject = {
      scenario_name: name,
      domain: name.split("__")[0] as string,
      trial: 1,
      status: scored.is_successful === true ? "passed" : "failed",
      token_usage: { agent: { n_calls: agentTurns }, user: { n_calls: agentTurns } },
      ...(scored as unknown as JsonObject),
      ...judge,
      // A judged scenario's NL fields as a run writes them (llm/judge.ts).
      ...(nl ? { nl_assertion_verdicts: nl.map((passed, k) => ({ index: k + 1, passed })), nl_assertion_pass_count: nl.filter(Boolean).length, nl_assertion_total: nl.length } : {}),
    };
    out.push({ name, domain: metrics["domain"] as string, whitelist, verdicts: v, agentTurns, nlVerdicts: nl, composite: scoreScenario(whitelist, inputs, false, name).is_successful, metrics });
  }
  return out;
}

/** What the reference's scoring reads of an outcome. */
export const referenceOutcome = (o: Outcome): ReferenceOutcome => ({ domain: o.domain, whitelist: o.whitelist, signals: o.verdicts, metrics: o.metrics, nl_verdicts: o.nlVerdicts });
