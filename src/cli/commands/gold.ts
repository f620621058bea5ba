import { checkTodayApplies, selectScenarios } from "../../engine/catalog.js";
import { parsePythonJson } from "../../json/parse.js";
import { toJsonText } from "../../json/stringify.js";
import { isJsonObject } from "../../json/types.js";
import type { GoldRow } from "../../replay/gold-verify.js";
import { rowFailed, verifyGold } from "../../replay/gold-verify.js";
import { COMMON, parse, parseDate, parseIntFlag, splitScenarioArgs } from "../args.js";
import { catalogFor } from "../context.js";
import { formatDiff } from "../format-diff.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { readInputFile } from "../read-input.js";

export const GOLD_HELP = `evalsim gold [--domain D] [--scenarios N...] [--verify-against FILE] [--today YYYY-MM-DD] [--seed S] [--diff] [--json]
  Replay each scenario's gold calls and compare the end DB with the expected one.
  eva ships expected DBs; tau2 scenarios compare against --verify-against {name: db_hash}
  (match is null without it, and the last line counts them as not verified; docs/gold-hashes.md
  shows how to make the file from the reference). Telecom scenarios also evaluate their
  DB-state assertions.
  --diff shows how a mismatching end DB differs from the shipped expected DB.
  Exit 1 if any scenario fails and no entry of data/known-divergences.json explains it.`;

function readVerifyMap(file: string): Record<string, string> {
  const text = readInputFile(file, "--verify-against");
  let value;
  try {
    value = parsePythonJson(text);
  } catch (e) {
    throw new UsageError(`--verify-against ${file}: ${(e as Error).message}`);
  }
  if (!isJsonObject(value) || Object.values(value).some((v) => typeof v !== "string")) {
    throw new UsageError(`--verify-against ${file}: expected a JSON object mapping scenario names to hex hashes`);
  }
  return value as Record<string, string>;
}

export interface GoldCommandResult {
  rows: GoldRow[];
}

const GOLD_OPTIONS = { ...COMMON, domain: { type: "string" }, "verify-against": { type: "string" }, today: { type: "string" }, seed: { type: "string" }, diff: { type: "boolean" } } as const;

export function goldCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { rest, scenarios } = splitScenarioArgs(argv);
  const { values } = parse(rest, GOLD_OPTIONS, false);
  const domain = values["domain"] as string | undefined;
  const verifyFile = values["verify-against"] as string | undefined;
  const verifyAgainst = verifyFile ? readVerifyMap(verifyFile) : undefined;
  const today = parseDate(values["today"] as string | undefined, "--today");
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;
  const catalog = catalogFor(registry, io, ctx.dataRoot, { domain, scenarios });
  const picked = selectScenarios(catalog, { domain, scenarios });
  checkTodayApplies(picked, today);
  const diff = values["diff"] === true;
  const rows = picked.map((e) => verifyGold(e, { today, seed, verifyAgainst, diff }));
  if (values["json"]) io.out(toJsonText(rows as never, 2) + "\n");
  else io.out(formatGoldTable(rows));
  return rows.some(rowFailed) ? EXIT.failed : EXIT.ok;
}

const mark = (m: boolean | null): string => (m === null ? "-" : m ? "ok" : "MISMATCH");

/** What was verified and what was not: a replay with no hash to compare against verifies nothing about its end DB. */
export function goldSummaryLine(rows: readonly GoldRow[]): string {
  const failed = rows.filter(rowFailed).length;
  const matched = rows.filter((r) => r.match === true).length;
  const compared = rows.filter((r) => r.match !== null).length;
  const asserted = rows.filter((r) => r.match === null && r.assertions !== undefined).length;
  const unverified = rows.length - compared;
  const head = `${rows.length} scenarios replayed: ${matched}/${compared} end-DB hashes match`;
  if (unverified === 0) return `${head}, ${failed} failed`;
  const assertions = asserted > 0 ? ` (${asserted} of them checked by their DB assertions only)` : "";
  return `${head}; ${unverified} not verified against a reference hash${assertions}: pass --verify-against FILE (see docs/gold-hashes.md); ${failed} failed`;
}

export function formatGoldTable(rows: readonly GoldRow[]): string {
  const lines: string[] = [];
  for (const r of rows) {
    if (r.error !== undefined) {
      lines.push(`${"ERROR".padEnd(8)} ${r.name}  ${r.error}`);
      continue;
    }
    const asserts = r.assertions ? ` assertions ${r.assertions.filter((a) => a.passed).length}/${r.assertions.length}` : "";
    const known = r.known_divergence ? ` (known: ${r.known_divergence})` : "";
    lines.push(`${mark(r.match).padEnd(8)} ${r.name}  db ${(r.db_hash ?? "null").slice(0, 12)} actions ${r.actions}${asserts}${known}`);
    for (const w of r.warnings) lines.push(`         warning: ${w}`);
    if (r.diff) lines.push(...formatDiff(r.diff).trimEnd().split("\n").map((l) => `         ${l}`));
  }
  lines.push(goldSummaryLine(rows));
  return lines.join("\n") + "\n";
}

export const command: Command = {
  defaults: { options: GOLD_OPTIONS },
  name: "gold",
  summary: "replay gold calls and verify the end DBs (and telecom assertions)",
  help: GOLD_HELP,
  run: goldCommand,
};
