import { resolveDataRoot } from "../../loaders/data-root.js";
import { formatReport, reportFailed } from "../../validate/report.js";
import { validateFixtures, validateFixturesWithAudit } from "../../validate/validate-fixtures.js";
import { resolveDomainRoot } from "../../engine/domain-data.js";
import { loadCatalog } from "../../engine/catalog.js";
import type { Registry } from "../../engine/registry.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";

export const VALIDATE_FIXTURES_HELP = `evalsim validate-fixtures [--domain D] [--audit] [--json] [--upstream DIR]
  Check the fixtures: schemas, byte-equality with the upstream copies (eva),
  TOML conversion and task filtering (telecom), env_type translation, the
  sharded airline DB, and that every id the tasks and gold trajectories name
  exists. D is any registered domain (plugins too; see list-domains);
  DIR defaults to <data root>/upstream. Scenarios gated on db_state_match whose
  expected DB equals the initial DB are warned about (an agent that does nothing
  passes them); --audit also runs every scenario with that do-nothing agent and
  warns about the others it passes (as evalsim audit does).
  Findings are graded error, warning or known (a warning listed in
  data/known-divergences.json). Exit 1 on any error or unlisted warning.`;

function parseDomain(value: string | undefined, registry: Registry): string | undefined {
  if (value === undefined) return undefined;
  if (!registry.domain(value)) throw new UsageError(`--domain expects one of ${registry.domains.map((d) => d.name).join(", ")}, got '${value}'`);
  return value;
}

const VALIDATE_OPTIONS = { ...COMMON, domain: { type: "string" }, upstream: { type: "string" }, audit: { type: "boolean" } } as const;

export async function validateFixturesCommand(argv: readonly string[], ctx: CommandContext): Promise<number> {
  const { io, registry } = ctx;
  const { values } = parse(argv, VALIDATE_OPTIONS, false);
  const domain = parseDomain(values["domain"] as string | undefined, registry);
  const chosen = domain === undefined ? undefined : registry.domain(domain);
  const opts = { flag: ctx.dataRoot, env: io.env };
  // A chosen domain may carry its own data, or none: it needs no shared data root then.
  const dataRoot = chosen ? resolveDomainRoot(chosen, opts) : resolveDataRoot(opts);
  // A plugin domain is loaded as every other command loads it first, so its authoring mistakes are the same lines (exit 2).
  const plugins = registry.domains.filter((d) => registry.loadPolicy?.checked(d) === true && (chosen === undefined || d === chosen));
  if (plugins.length > 0) loadCatalog(registry, opts, plugins, { named: true });
  const upstream = values["upstream"] as string | undefined;
  const request = {
    dataRoot,
    registry,
    ...(upstream === undefined ? {} : { upstreamDir: upstream }),
    ...(domain ? { domains: [domain] } : {}),
  };
  const report = values["audit"] === true ? await validateFixturesWithAudit(request) : validateFixtures(request);
  if (values["json"]) {
    const { dataRoot, upstreamDir, ...rest } = report;
    io.out(toJsonText({ data_root: dataRoot, upstream: upstreamDir, ...rest } as unknown as JsonValue, 2) + "\n");
  } else io.out(formatReport(report));
  return reportFailed(report) ? EXIT.failed : EXIT.ok;
}

export const command: Command = {
  defaults: { options: VALIDATE_OPTIONS },
  name: "validate-fixtures",
  summary: "check the fixture port against the upstream copies",
  help: VALIDATE_FIXTURES_HELP,
  run: validateFixturesCommand,
};
