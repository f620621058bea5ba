/**
 * One generated sequence, run and judged: the per-call invariants on every
 * step, then the whole-sequence ones. The report names the scenario and the
 * resolved calls, so a failure can be read (and replayed) without rerunning.
 */
import type { SequencePlan } from "./sequences.js";
import type { Worlds } from "./worlds.js";
import { runPlans, sequenceProblems } from "./sequence.js";
import type { Violation } from "./step.js";

export interface SequenceVerdict {
  readonly calls: number;
  /** How many calls ended with each dispatch status (a crash here is a documented parity crash). */
  readonly statuses: Readonly<Record<string, number>>;
  /** The same per planned tool, keyed `<side> <tool name>`. */
  readonly tools: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly violations: readonly Violation[];
  readonly report: string;
}

export function judgeSequence(worlds: Worlds, seq: SequencePlan, wholeSequence = true): SequenceVerdict {
  const world = worlds.at(seq.world);
  const live = runPlans(world, seq.calls);
  const violations = [...live.violations, ...(wholeSequence && live.violations.length === 0 ? sequenceProblems(world, seq, live) : [])];
  const lines = [
    `${worlds.domain.name} scenario ${world.entry.scenario.name}: ${violations.length} violation(s)`,
    ...violations.map((v) => `  [${v.invariant}]${v.step === undefined ? "" : ` step ${v.step}`}: ${v.detail}`),
    "  calls:",
    ...live.steps.map((s, i) => `    ${i}. ${s.call.side ?? "agent"} ${JSON.stringify(s.call.name)} ${truncate(JSON.stringify(s.call.arguments))} -> ${s.status}`),
  ];
  const statuses: Record<string, number> = {};
  const tools: Record<string, Record<string, number>> = {};
  live.steps.forEach((step, i) => {
    statuses[step.status] = (statuses[step.status] ?? 0) + 1;
    const plan = seq.calls[i];
    if (plan === undefined) return;
    const key = `${plan.side} ${plan.tool}`;
    const t = (tools[key] ??= {});
    t[step.status] = (t[step.status] ?? 0) + 1;
  });
  return { calls: seq.calls.length, statuses, tools, violations, report: lines.join("\n") };
}

function truncate(s: string | undefined, max = 400): string {
  if (s === undefined) return "undefined";
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}
