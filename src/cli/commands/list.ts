import { selectScenarios } from "../../engine/catalog.js";
import { toJsonText } from "../../json/stringify.js";
import { COMMON, parse, parseIntFlag, splitScenarioArgs } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { EXIT } from "../io.js";

export const LIST_HELP = `evalsim list [--domain D[,D...]] [--scenarios N|GLOB...] [--limit N] [--sample N] [--seed S] [--json]
  List the scenario names a run with the same selection flags would run (D matches the name
  prefix D__, as in the reference; --scenarios takes names and globs, --limit N keeps the
  first N selected, --sample N draws N with --seed), so a selection can be checked first.`;

const LIST_OPTIONS = { ...COMMON, domain: { type: "string" }, limit: { type: "string" }, sample: { type: "string" }, seed: { type: "string" } } as const;

export function listCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { rest, scenarios } = splitScenarioArgs(argv);
  const { values } = parse(rest, LIST_OPTIONS, false);
  const str = (k: string): string | undefined => values[k] as string | undefined;
  // The selection `run` makes from the same flags, through the same module.
  const selection = {
    domain: str("domain"),
    scenarios,
    limit: parseIntFlag(str("limit"), "--limit", 1),
    sample: parseIntFlag(str("sample"), "--sample", 1),
    seed: parseIntFlag(str("seed"), "--seed", 0),
  };
  const catalog = catalogFor(registry, io, ctx.dataRoot, selection);
  const picked = selectScenarios(catalog, selection);
  if (values["json"]) {
    io.out(toJsonText(picked.map((e) => ({ name: e.scenario.name, domain: e.domain.name, bucket: e.scenario.bucket, upstream_id: e.scenario.upstreamId, description: e.scenario.description })), 2) + "\n");
  } else {
    for (const e of picked) io.out(`${e.scenario.name}\n`);
  }
  return EXIT.ok;
}

export const command: Command = {
  defaults: { options: LIST_OPTIONS },
  name: "list",
  summary: "list scenario names",
  help: LIST_HELP,
  run: listCommand,
};
