import { resolve } from "node:path";
import { compareJunit, compareMarkdown } from "../../compare/ci.js";
import type { FailOn } from "../../compare/compare.js";
import { compareRuns, gateFails } from "../../compare/compare.js";
import { CompareError } from "../../compare/comparable.js";
import { formatComparison } from "../../compare/format.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { readRunFolder, RunFolderError } from "../../results/read-run.js";
import { parse, parseIntFlag } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { ciOutputsOf, CI_OUTPUT_OPTIONS, writeCiOutputs } from "../results-output.js";

export const COMPARE_HELP = `evalsim compare BASE CAND [--fail-on regressions|any|never] [--seed S] [--junit FILE] [--markdown FILE] [--json]
  Compare two run folders (or merged shard folders): each scenario as regressed, errored_now,
  fixed, still_failing, errored_before, still_passing, only_in_base or only_in_cand (with
  trials, by pass fraction); pass rates per domain and per signal with their difference,
  pass^k, and a 95% paired-bootstrap interval of each domain's difference (seeded by
  --seed, default 0). Errored trials are listed apart and never counted in a rate. Refuses
  runs scored with different --strict-match or --min-agent-turns; flags a different --today,
  scenario set or fixture data. Exit 1 when a scenario regressed or errored now (default),
  with --fail-on any when any candidate scenario did not pass, never with --fail-on never.`;

const FAIL_ON: readonly FailOn[] = ["regressions", "any", "never"];

const COMPARE_OPTIONS = { json: { type: "boolean" }, "fail-on": { type: "string" }, seed: { type: "string" }, ...CI_OUTPUT_OPTIONS } as const;

export function compareCommand(argv: readonly string[], { io }: CommandContext): number {
  const { values, positionals } = parse(argv, COMPARE_OPTIONS);
  if (positionals.length !== 2) throw new UsageError(`compare needs two run folders, BASE and CAND (got ${positionals.length})`);
  const failOn = (values["fail-on"] as string | undefined) ?? "regressions";
  if (!(FAIL_ON as readonly string[]).includes(failOn)) throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(", ")}, got '${failOn}'`);
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;
  let comparison;
  try {
    const [base, cand] = positionals.map((p) => readRunFolder(resolve(p)));
    comparison = compareRuns(base as NonNullable<typeof base>, cand as NonNullable<typeof cand>, { seed });
  } catch (e) {
    if (e instanceof RunFolderError || e instanceof CompareError) throw new UsageError(e.message);
    throw e;
  }
  const c = comparison;
  writeCiOutputs(ciOutputsOf(values), { junit: () => compareJunit(c), markdown: () => compareMarkdown(c) });
  if (values["json"]) io.out(toJsonText(c as unknown as JsonValue, 2) + "\n");
  else io.out(formatComparison(c, { columns: io.outColumns }));
  return gateFails(c, failOn as FailOn) ? EXIT.failed : EXIT.ok;
}

export const command: Command = {
  defaults: { options: COMPARE_OPTIONS },
  name: "compare",
  summary: "compare two run folders: regressions, fixes, rates with intervals (exit 1 on regressions)",
  help: COMPARE_HELP,
  run: compareCommand,
};
