import { selectScenarios } from "../../engine/catalog.js";
import { toJsonText } from "../../json/stringify.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { EXIT } from "../io.js";

export const LIST_HELP = `evalsim list [--domain D] [--json]
  List scenario names (D matches the name prefix D__, as in the reference).`;

const LIST_OPTIONS = { ...COMMON, domain: { type: "string" } } as const;

export function listCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values } = parse(argv, LIST_OPTIONS, false);
  const domain = values["domain"] as string | undefined;
  const catalog = catalogFor(registry, io, ctx.dataRoot, { domain });
  const picked = selectScenarios(catalog, { domain });
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
