/**
 * Whether two runs can be compared. Runs scored under different rules
 * (`--strict-match`, `--min-agent-turns`) are refused: their verdicts do not
 * mean the same thing. Other differences are allowed and flagged: another
 * scenario set, another `--today`, or scenarios whose definition (expected
 * DB hash, signals, assertions: the fixtures) is not the same in both runs.
 */
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import type { RunFolder, TrialRecord } from "../results/read-run.js";
import { readTrialText } from "../results/read-run.js";
import { METADATA_FILE } from "../run/layout.js";

/** Two runs that cannot be compared (scored under different options), with the option that differs. */
export class CompareError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CompareError";
  }
}

/** run_config.json keys that change how a trial is scored. */
const SCORING_KEYS = ["strict_match", "min_agent_turns"];
/** Keys that change what a scenario is or what the models read; differences are flagged, with why they matter. */
const FLAGGED_KEYS: Readonly<Record<string, string>> = {
  today: "scenarios that use the date may differ for that reason",
  prompt_pack: "the models were sent different prompts or tool specs (--prompt-pack)",
};

export interface Comparability {
  /** One line each; empty when nothing is flagged. */
  readonly warnings: readonly string[];
  /** Domains with at least one scenario whose definition differs between the runs. */
  readonly fixture_differences: Readonly<Record<string, readonly string[]>>;
}

const text = (v: JsonValue | undefined): string => (v === undefined ? "(absent)" : toJsonText(v));

function firstTrials(run: RunFolder): Map<string, TrialRecord> {
  const out = new Map<string, TrialRecord>();
  for (const r of run.records) if (!out.has(r.name)) out.set(r.name, r);
  return out;
}

export function checkComparable(base: RunFolder, cand: RunFolder): Comparability {
  const refused = SCORING_KEYS.filter((k) => text(base.config[k]) !== text(cand.config[k]));
  if (refused.length > 0) {
    throw new CompareError(
      `the runs were scored under different options, so their verdicts are not comparable: ${refused.map((k) => `${k} is ${text(base.config[k])} in ${base.dir} and ${text(cand.config[k])} in ${cand.dir}`).join("; ")}`,
    );
  }
  const warnings: string[] = [];
  for (const [k, why] of Object.entries(FLAGGED_KEYS)) {
    if (text(base.config[k]) !== text(cand.config[k])) warnings.push(`${k} differs: ${text(base.config[k])} in base, ${text(cand.config[k])} in cand; ${why}`);
  }
  const b = firstTrials(base);
  const c = firstTrials(cand);
  const onlyBase = [...b.keys()].filter((n) => !c.has(n)).length;
  const onlyCand = [...c.keys()].filter((n) => !b.has(n)).length;
  if (onlyBase + onlyCand > 0) warnings.push(`the scenario sets differ: ${onlyBase} only in base, ${onlyCand} only in cand; rates cover the scenarios in both runs`);
  const fixtures: Record<string, string[]> = {};
  for (const [name, rb] of b) {
    const rc = c.get(name);
    if (!rc) continue;
    const mb = readTrialText(rb, METADATA_FILE);
    const mc = readTrialText(rc, METADATA_FILE);
    if (mb !== undefined && mc !== undefined && mb !== mc) (fixtures[rb.bucket] ??= []).push(name);
  }
  for (const [domain, names] of Object.entries(fixtures)) {
    warnings.push(`${domain}: ${names.length} scenario(s) are defined differently in the two runs (different fixture data), e.g. ${names[0]}`);
  }
  if (base.records.length === 0) warnings.push(`${base.dir} holds no finished scenario`);
  if (cand.records.length === 0) warnings.push(`${cand.dir} holds no finished scenario`);
  return { warnings, fixture_differences: fixtures };
}
