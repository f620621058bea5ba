import { writeFileAtomic } from "../../json/atomic-write.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { basename, resolve } from "node:path";
import { CrosscheckInputError, pinSurface, runCrosscheck } from "../../crosscheck/crosscheck.js";
import { FamilyError, parseFamilies } from "../../crosscheck/families.js";
import { PreflightError } from "../../crosscheck/preflight.js";
import { DEFAULT_DEADLINES, ReferenceFailedError, ReferenceStartError } from "../../crosscheck/reference-process.js";
import { consoleText, markdownText } from "../../crosscheck/report.js";
import { DEFAULT, QUICK } from "../../crosscheck/sizes.js";
import { parse, parseIntFlag } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const CROSSCHECK_HELP = `evalsim crosscheck --reference CHECKOUT [--only FAMILIES] [--quick] [--calls N] [--seeds A,B] [--domain D,...] [--json FILE] [--markdown FILE] [--python PATH] [--reference-start-timeout S] [--reference-timeout S]
  Run the NeMo Voice-Agent harness's own Python tools (a labs-Voice-Agent checkout; needs
  python3 with pydantic 2) beside evalsim and report every difference, grouped by tool or rule
  with its smallest reproducing example; data/known-divergences.json entries are listed apart.
  Families (--only, comma-separated; default all available):
    gold      every scenario's gold calls through the reference's tools: expected DB reached?
    calls     generated calls: text the model reads, exit, random draws, DB fields changed
    delivery  per call: results delivered (exactly one, under its tool_call_id), exits pushed
    surface   per scenario: the tool lists the bridge sends (against evalsim's) and its prompts
              (against evalsim's record of the reference's prompts, data/crosscheck/reference-surface.json)
  (scoring is not available in this version.)
  --quick         2,000 generated calls (CI size, under 5 minutes); default 20,000
  --calls N, --seeds A,B   other sizes; the same seeds give the same calls
  --json FILE / --markdown FILE   the report as JSON / as Markdown (e.g. $GITHUB_STEP_SUMMARY)
  --surface-record FILE   another record of the reference's prompts
  --write-surface-record FILE   write the checkout's prompts as such a record (digests only) and stop
  --reference-start-timeout S   seconds the reference may take to load its tools (default ${DEFAULT_DEADLINES.startSeconds})
  --reference-timeout S   seconds the reference may take to answer while a request waits (default ${DEFAULT_DEADLINES.requestSeconds})
  Exit 0 when nothing unexplained differs, 1 otherwise, 2 on bad input or a missing prerequisite
  (a reference that does not load, or not in time), 3 when the reference fails mid-run (exits,
  stops answering within --reference-timeout, or cannot run a request); it is stopped then.`;

const OPTIONS = {
  reference: { type: "string" },
  only: { type: "string" },
  quick: { type: "boolean" },
  calls: { type: "string" },
  seeds: { type: "string" },
  domain: { type: "string" },
  json: { type: "string" },
  markdown: { type: "string" },
  python: { type: "string" },
  "surface-record": { type: "string" },
  "write-surface-record": { type: "string" },
  "reference-start-timeout": { type: "string" },
  "reference-timeout": { type: "string" },
} as const;

/** The most seconds a Node timer holds (2^31-1 ms). */
const MAX_DEADLINE_SECONDS = 2_147_483;

function parseSeeds(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const seeds = text.split(",").map((s) => s.trim());
  if (seeds.length === 0 || seeds.some((s) => !/^\d{1,9}$/.test(s))) throw new UsageError(`--seeds: expected comma-separated non-negative integers, got '${text}'`);
  return seeds.map(Number);
}

export async function crosscheckCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const { values } = parse(argv, OPTIONS, false);
  const reference = values["reference"] as string | undefined;
  if (!reference) throw new UsageError("--reference CHECKOUT is required: the root of a labs-Voice-Agent checkout");
  const base = values["quick"] === true ? QUICK : DEFAULT;
  const calls = parseIntFlag(values["calls"] as string | undefined, "--calls", 1) ?? base.calls;
  const seeds = parseSeeds(values["seeds"] as string | undefined) ?? base.seeds;
  const domains = (values["domain"] as string | undefined)?.split(",").map((d) => d.trim());
  const deadlines = {
    startSeconds: parseIntFlag(values["reference-start-timeout"] as string | undefined, "--reference-start-timeout", 1, MAX_DEADLINE_SECONDS) ?? DEFAULT_DEADLINES.startSeconds,
    requestSeconds: parseIntFlag(values["reference-timeout"] as string | undefined, "--reference-timeout", 1, MAX_DEADLINE_SECONDS) ?? DEFAULT_DEADLINES.requestSeconds,
  };
  try {
    const families = parseFamilies(values["only"] as string | undefined);
    const opts = {
      reference,
      families,
      size: { ...base, calls, seeds },
      registry: ctx.registry,
      dataRoot: ctx.dataRoot,
      env: io.env,
      ...(domains ? { domains } : {}),
      ...(values["python"] ? { python: values["python"] as string } : {}),
      deadlines,
      surfacePin: values["surface-record"] as string | undefined,
      progress: (line: string) => io.err(`${line}\n`),
    };
    const record = values["write-surface-record"] as string | undefined;
    if (record) {
      const n = await pinSurface(opts, record, basename(resolve(reference)));
      io.out(`${record}: the prompts of ${n} scenario(s), as digests\n`);
      return EXIT.ok;
    }
    const report = await runCrosscheck(opts);
    const json = values["json"] as string | undefined;
    const markdown = values["markdown"] as string | undefined;
    if (json) writeFileAtomic(json, `${toJsonText(report as unknown as JsonValue, 2)}\n`);
    if (markdown) writeFileAtomic(markdown, markdownText(report));
    io.out(consoleText(report));
    return report.exit === 0 ? EXIT.ok : EXIT.failed;
  } catch (e) {
    if (e instanceof PreflightError || e instanceof FamilyError || e instanceof CrosscheckInputError || e instanceof ReferenceStartError) throw new UsageError(e.message);
    if (e instanceof ReferenceFailedError) {
      // One line: the reference and what it did (a Python trace, if any, only with --debug).
      const [first, ...trace] = e.message.split("\n");
      io.err(`${ctx.debug && trace.join("").trim() !== "" ? `${trace.join("\n").trim()}\n` : ""}evalsim crosscheck: ${first}\n`);
      return EXIT.endpointGone;
    }
    throw e;
  }
}

export const command: Command = {
  name: "crosscheck",
  summary: "run the reference harness's own tools beside evalsim and report every difference",
  help: CROSSCHECK_HELP,
  run: crosscheckCommand,
};
