import type { Domain } from "../../engine/domain.js";
import { domainsFor } from "../../engine/catalog.js";
import type { ToolTally, FuzzFailure } from "../../fuzz/run-fuzz.js";
import { fuzzDomain } from "../../fuzz/run-fuzz.js";
import { NoScenariosError } from "../../fuzz/worlds.js";
import { pluginModuleOf } from "../../plugins/load.js";
import { shellWord } from "./run-shared.js";
import { parse, parseIntFlag } from "../args.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const FUZZ_HELP = `evalsim fuzz [--domain D] [--calls N] [--seed S] [--max-calls L] [--path P]
  Property-test every tool of every registered domain (or only D) with generated
  call sequences: arguments from each tool's schema, ids from the scenarios' DBs.
  Checks: no call crashes, a failed call changes no DB and records nothing, a read
  records nothing, a write records one action, runs are deterministic, the replay
  path and replayed records rebuild the same DBs, DBs and results fit their declared
  schemas, the DB hash ignores key order, sync reaches a fixpoint and its applier
  is idempotent (a delta applied once more changes nothing).
  At least N calls per domain (default 1000), from seed S (default 1). A failure
  prints the seed and the shrunk call sequence; --seed S --path P replays one.
  Each domain's line is followed by its tools' calls / ok / error / crashed (crashed: the Python
  exception the reference raises for that call too, not a violation) and a warning for a tool whose
  calls never succeeded (map its id arguments onto DB fields with the domain's fuzz.hints.aliases).
  Exit 1 if any invariant is violated.`;

/** The command that replays one failure; a plugin domain's carries the --domains that loads it. */
function failureText(f: FuzzFailure, maxCalls: number, domain: Domain): string {
  const module = pluginModuleOf(domain);
  const plugin = module === undefined ? "" : ` --domains ${shellWord(module)}`;
  return (
    `${f.domain}: FAILED (seed ${f.seed}, path ${f.path})\n` +
    `  replay: evalsim fuzz${plugin} --domain ${f.domain} --max-calls ${maxCalls} --seed ${f.seed} --path ${f.path}\n` +
    `${f.report}\n`
  );
}

/**
 * What each tool's calls came to, so a tool the generated calls never get
 * through (ids that never name a record, two ids always equal) is seen
 * rather than hidden behind "0 violations".
 */
export function toolTable(tools: readonly ToolTally[]): string {
  const width = Math.max(4, ...tools.map((t) => t.side.length + 1 + t.tool.length));
  const lines = [`  ${"tool".padEnd(width)} ${"calls".padStart(6)} ${"ok".padStart(6)} ${"error".padStart(6)} ${"crashed".padStart(7)}`];
  for (const t of tools) lines.push(`  ${`${t.side} ${t.tool}`.padEnd(width)} ${String(t.calls).padStart(6)} ${String(t.ok).padStart(6)} ${String(t.error).padStart(6)} ${String(t.crashed).padStart(7)}`);
  lines.push("  (error: refused, or arguments rejected; crashed: raised the Python exception the reference raises for that call too, such as arguments that are not an object, delivered as {error}: a parity crash, not a violation)");
  for (const t of tools) {
    if (t.calls > 0 && t.ok === 0) lines.push(`  warning: ${t.side} ${t.tool} never succeeded in ${t.calls} calls: its arguments never reached a valid record; map its id arguments onto DB fields with fuzz.hints.aliases`);
  }
  return lines.join("\n") + "\n";
}

const FUZZ_OPTIONS = { domain: { type: "string" }, calls: { type: "string" }, seed: { type: "string" }, "max-calls": { type: "string" }, path: { type: "string" } } as const;

export function fuzzCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values } = parse(argv, FUZZ_OPTIONS, false);
  const domainFlag = values["domain"] as string | undefined;
  const calls = parseIntFlag(values["calls"] as string | undefined, "--calls", 1) ?? 1000;
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", -2147483648, 2147483647) ?? 1;
  const maxCalls = parseIntFlag(values["max-calls"] as string | undefined, "--max-calls", 1) ?? 12;
  const path = values["path"] as string | undefined;
  if (path !== undefined && (domainFlag === undefined || values["seed"] === undefined)) throw new UsageError("--path replays one failure: give it with --domain and --seed");
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) throw new UsageError(`--path expects a fast-check path such as 3:0:1, got '${path}'`);
  const domains: Domain[] = domainsFor(registry, { domain: domainFlag });
  const catalog = catalogFor(registry, io, ctx.dataRoot, { domain: domainFlag });
  io.out(`fuzz: seed ${seed}, ${calls} calls per domain, up to ${maxCalls} calls per sequence\n`);
  let total = 0;
  let violations = 0;
  for (const domain of domains) {
    let tally;
    try {
      tally = fuzzDomain(domain, catalog.entries, { calls, seed, maxCalls, ...(path === undefined ? {} : { path }) }, (f) => io.out(failureText(f, maxCalls, domain)));
    } catch (e) {
      if (e instanceof NoScenariosError) throw new UsageError(e.message);
      throw e;
    }
    const statuses = Object.entries(tally.statuses)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([status, n]) => `${status} ${n}`)
      .join(", ");
    io.out(`${domain.name}: ${tally.calls} calls, ${tally.failures.length} violations (${statuses})\n`);
    io.out(toolTable(tally.tools));
    total += tally.calls;
    violations += tally.failures.length;
  }
  io.out(`fuzz: ${total} calls, ${violations} violations\n`);
  return violations > 0 ? EXIT.failed : EXIT.ok;
}

export const command: Command = {
  defaults: { options: { domain: FUZZ_OPTIONS.domain, calls: FUZZ_OPTIONS.calls, seed: FUZZ_OPTIONS.seed, "max-calls": FUZZ_OPTIONS["max-calls"] } },
  name: "fuzz",
  summary: "property-test the tools of any registered domain with generated call sequences",
  help: FUZZ_HELP,
  run: fuzzCommand,
};
