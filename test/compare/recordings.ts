/**
 * Runs for the results tests: a baseline made by the oracle, and a candidate
 * made by `--agent replay` from the baseline's recordings with three edits:
 * tau2_retail__1 loses its write call (its DB no longer matches),
 * tau2_airline__2 makes 45 extra lookups so the conversation runs out of
 * turns before the clean exit, and tau2_retail__0 keeps its recording. The
 * oracle passes everything, so for a "fixed" scenario the baseline's
 * tau2_retail__0 folder comes from a run whose recording drops its exchange.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { evalsim, runFolder, scratch } from "../run/run-helpers.js";

export const SCENARIOS = ["eva_airline__cancellation_refund", "tau2_airline__1", "tau2_airline__2", "tau2_retail__0", "tau2_retail__1"];
export const DB_REGRESSION = "tau2_retail__1";
export const EXIT_REGRESSION = "tau2_airline__2";
export const FIXED = "tau2_retail__0";

interface Call {
  name: string;
  arguments: unknown;
  side: string;
}

function callsOf(run: string, name: string, trial?: number): Call[] {
  const file = trial === undefined ? join(run, name, "transcript.jsonl") : join(run, name, `trial_${trial}`, "transcript.jsonl");
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Call & { type: string })
    .filter((e) => e.type === "tool_call")
    .map(({ name: n, arguments: a, side }) => ({ name: n, arguments: a, side }));
}

const isWrite = (c: Call): boolean => /^(Exchange|Cancel|Modify|Return|Update|Book)/.test(c.name);

export interface ComparedRuns {
  readonly base: string;
  readonly cand: string;
}

/** Baseline and candidate folders for `SCENARIOS`, with `trials` trials each. */
export async function makeRuns(label: string, trials = 1): Promise<ComparedRuns> {
  const t = ["--trials", String(trials), "--workers", "1"];
  const baseOut = scratch(`${label}-base`);
  expect((await evalsim(["run", "--scenarios", ...SCENARIOS, ...t, "--out", baseOut])).code).toBe(0);
  const base = runFolder(baseOut);
  const first = trials > 1 ? 1 : undefined;

  const calls = scratch(`${label}-calls`);
  for (const name of SCENARIOS) {
    let list = callsOf(base, name, first);
    if (name === DB_REGRESSION) {
      expect(list.some(isWrite)).toBe(true);
      list = list.filter((c) => !isWrite(c));
    }
    if (name === EXIT_REGRESSION) list = [...list.slice(0, -1), ...Array.from({ length: 45 }, () => list[0] as Call), ...list.slice(-1)];
    writeFileSync(join(calls, `${name}.json`), JSON.stringify(list));
  }
  const candOut = scratch(`${label}-cand`);
  expect((await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", ...SCENARIOS, ...t, "--out", candOut])).code).toBe(1);

  const broken = scratch(`${label}-broken`);
  const fixedCalls = callsOf(base, FIXED, first);
  writeFileSync(join(broken, `${FIXED}.json`), JSON.stringify(fixedCalls.filter((c) => !isWrite(c))));
  const brokenOut = scratch(`${label}-broken-run`);
  expect((await evalsim(["run", "--agent", "replay", "--calls", broken, "--scenarios", FIXED, ...t, "--out", brokenOut])).code).toBe(1);
  rmSync(join(base, FIXED), { recursive: true });
  mkdirSync(join(base, FIXED));
  cpSync(join(runFolder(brokenOut), FIXED), join(base, FIXED), { recursive: true });
  return { base, cand: runFolder(candOut) };
}
