import { toJsonText } from "../../json/stringify.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { catalogFor } from "../context.js";
import { EXIT } from "../io.js";

export const LIST_DOMAINS_HELP = `evalsim list-domains [--json]
  List buckets with their scenario counts.`;

export function listDomainsCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values } = parse(argv, COMMON, false);
  const catalog = catalogFor(registry, io, ctx.dataRoot, {});
  const counts = new Map<string, { domain: string; count: number }>();
  for (const e of catalog.entries) {
    const c = counts.get(e.scenario.bucket) ?? { domain: e.domain.name, count: 0 };
    c.count++;
    counts.set(e.scenario.bucket, c);
  }
  const rows = [...counts.entries()].map(([bucket, c]) => ({ bucket, domain: c.domain, scenarios: c.count }));
  if (values["json"]) io.out(toJsonText(rows, 2) + "\n");
  else for (const r of rows) io.out(`${r.bucket.padEnd(24)} ${String(r.scenarios).padStart(4)}  (domain ${r.domain})\n`);
  return EXIT.ok;
}

export const command: Command = {
  name: "list-domains",
  summary: "buckets and their scenario counts",
  help: LIST_DOMAINS_HELP,
  run: listDomainsCommand,
};
