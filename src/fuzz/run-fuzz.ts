/**
 * The fuzz driver behind `evalsim fuzz`: generated call sequences for one
 * domain, judged by every invariant (see step.ts and sequence.ts), until at
 * least `calls` calls have run. A failing sequence is shrunk (by fast-check,
 * then by dropping calls that play no part) to a small counterexample and reported with the seed and path that replay
 * it; the run then goes on from the next seed. Same domain, entries and
 * options give the same report, byte for byte.
 */
import fc from "fast-check";
import type { CatalogEntry } from "../engine/catalog.js";
import type { Domain } from "../engine/domain.js";
import type { SequencePlan } from "./sequences.js";
import { familyOf, sequencePlanArb } from "./sequences.js";
import { judgeSequence } from "./verdict.js";
import type { Worlds } from "./worlds.js";
import { createWorlds } from "./worlds.js";

/** How much `evalsim fuzz` generates: calls at least, calls per sequence at most, the seed (and a recorded failure's path to replay). */
export interface FuzzOptions {
  /** At least this many calls are made (default 1000). */
  readonly calls?: number;
  /** The fast-check seed of the first batch (default 1). */
  readonly seed?: number;
  /** Calls per generated sequence, at most (default 12). */
  readonly maxCalls?: number;
  /** Replay (and shrink) only the recorded failure at this fast-check path of `seed`. */
  readonly path?: string;
}

/** A shrunk call sequence that broke an invariant, with the seed and path that replay it. */
export interface FuzzFailure {
  readonly domain: string;
  readonly seed: number;
  readonly path: string;
  /** The shrunk sequence: scenario, violations, and every resolved call. */
  readonly report: string;
}

/**
 * What the calls planned for one tool came to. `ok`: a result that is not an
 * error; `error`: a refusal, arguments the schema rejected, or a name no tool
 * answers to (the name variants); `crashed`: the tool raised the Python
 * exception the reference's tool raises on the same input (delivered as
 * `{error}`, as the reference delivers it; a parity crash, not a violation;
 * any other exception is a violation). A tool with no `ok` call was never
 * exercised past its checks.
 */
export interface ToolTally {
  readonly side: string;
  readonly tool: string;
  readonly calls: number;
  readonly ok: number;
  readonly error: number;
  readonly crashed: number;
}

/** What a fuzz run did: calls made and invariants violated. */
export interface FuzzTally {
  readonly domain: string;
  readonly calls: number;
  /** How many calls ended with each dispatch status. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Per tool of the domain (agent side first, in the domain's order), what its planned calls came to. */
  readonly tools: readonly ToolTally[];
  readonly failures: readonly FuzzFailure[];
}

function toolTallies(domain: Domain, counts: Readonly<Record<string, Readonly<Record<string, number>>>>): ToolTally[] {
  const sides = [["agent", domain.tools.agent], ["user", domain.tools.user ?? []]] as const;
  return sides.flatMap(([side, tools]) =>
    tools.map((t) => {
      const c = counts[`${side} ${t.name}`] ?? {};
      const n = (s: string): number => c[s] ?? 0;
      const calls = Object.values(c).reduce((a, b) => a + b, 0);
      return { side, tool: t.name, calls, ok: n("ok"), error: n("error") + n("invalid_arguments") + n("unknown_tool"), crashed: n("crashed") };
    }),
  );
}

/** What a failed `fc.check` says about its counterexample. */
interface FailedRun {
  readonly counterexample: readonly [SequencePlan] | null;
  readonly counterexamplePath: string | null;
  readonly errorInstance: unknown;
}

function failureText(out: FailedRun): string {
  const e = out.errorInstance;
  return e instanceof Error ? e.message : String(e);
}

/**
 * fast-check shrinks a list by cutting it from the front, so a failing call
 * followed by harmless ones stays as long as it was. Dropping single calls
 * while the sequence still fails finishes the job.
 */
function withoutBystanders(worlds: Worlds, seq: SequencePlan): SequencePlan {
  let current = seq;
  for (let i = 0; i < current.calls.length && current.calls.length > 1; ) {
    const candidate = { ...current, calls: current.calls.filter((_, j) => j !== i) };
    if (judgeSequence(worlds, candidate).violations.length > 0) current = candidate;
    else i++;
  }
  return current;
}

/** Fuzz `domain` from the scenarios among `entries`; `onFailure` sees each failure as it is found. */
export function fuzzDomain(domain: Domain, entries: readonly CatalogEntry[], opts: FuzzOptions = {}, onFailure?: (f: FuzzFailure) => void): FuzzTally {
  const calls = opts.calls ?? 1000;
  const maxCalls = opts.maxCalls ?? 12;
  const worlds = createWorlds(domain, entries);
  const arb = sequencePlanArb(domain, familyOf(domain), maxCalls);
  let made = 0;
  const statuses: Record<string, number> = {};
  const perTool: Record<string, Record<string, number>> = {};
  const failures: FuzzFailure[] = [];
  const property = fc.property(arb, (seq) => {
    const verdict = judgeSequence(worlds, seq);
    made += verdict.calls;
    for (const [status, n] of Object.entries(verdict.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    for (const [tool, byStatus] of Object.entries(verdict.tools)) {
      const into = (perTool[tool] ??= {});
      for (const [status, n] of Object.entries(byStatus)) into[status] = (into[status] ?? 0) + n;
    }
    if (verdict.violations.length > 0) throw new Error(verdict.report);
  });
  const fail = (seed: number, out: FailedRun): void => {
    const seq = out.counterexample?.[0];
    const report = seq ? judgeSequence(worlds, withoutBystanders(worlds, seq)).report : failureText(out);
    const f = { domain: domain.name, seed, path: out.counterexamplePath ?? "", report };
    failures.push(f);
    onFailure?.(f);
  };
  const seed0 = (opts.seed ?? 1) | 0;
  if (opts.path !== undefined) {
    const out = fc.check(property, { seed: seed0, path: opts.path, numRuns: 1 });
    if (out.failed) fail(seed0, out);
    return { domain: domain.name, calls: made, statuses, tools: toolTallies(domain, perTool), failures };
  }
  const avgCalls = (maxCalls + 1) / 2;
  let seed = seed0;
  while (made < calls) {
    const numRuns = Math.max(1, Math.ceil((calls - made) / avgCalls));
    const out = fc.check(property, { seed, numRuns });
    if (out.failed) fail(seed, out);
    seed = (seed + 1) | 0;
  }
  return { domain: domain.name, calls: made, statuses, tools: toolTallies(domain, perTool), failures };
}
