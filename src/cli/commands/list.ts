import { selectScenarios } from "../../engine/catalog.js";
import type { Registry } from "../../engine/registry.js";
import { toJsonText } from "../../json/stringify.js";
import { COMMON, parse } from "../args.js";
import { catalogFor } from "../context.js";
import type { CliIo } from "../io.js";
import { EXIT } from "../io.js";

export const LIST_HELP = `evalsim list [--domain D] [--json] [--data-root DIR]
  List scenario names (D matches the name prefix D__, as in the reference).
evalsim list-domains [--json] [--data-root DIR]
  List buckets with their scenario counts.`;

export function listCommand(argv: readonly string[], io: CliIo, registry: Registry): number {
  const { values } = parse(argv, { ...COMMON, domain: { type: "string" } }, false);
  const domain = values["domain"] as string | undefined;
  const catalog = catalogFor(registry, io, values["data-root"] as string | undefined, { domain });
  const picked = selectScenarios(catalog, { domain });
  if (values["json"]) {
    io.out(toJsonText(picked.map((e) => ({ name: e.scenario.name, domain: e.domain.name, bucket: e.scenario.bucket, upstream_id: e.scenario.upstreamId, description: e.scenario.description })), 2) + "\n");
  } else {
    for (const e of picked) io.out(`${e.scenario.name}\n`);
  }
  return EXIT.ok;
}

export function listDomainsCommand(argv: readonly string[], io: CliIo, registry: Registry): number {
  const { values } = parse(argv, COMMON, false);
  const catalog = catalogFor(registry, io, values["data-root"] as string | undefined, {});
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
