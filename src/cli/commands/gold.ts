import { checkTodayApplies, selectScenarios, type CatalogEntry } from "../../engine/catalog.js";
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
  // An authored (plugin) domain's gold list must go through; the built-in tau2 lists hold the reference's own refused look-ups.
  const authored = (e: CatalogEntry): boolean => registry.loadPolicy?.checked(e.domain) ?? false;
  const rows = picked.map((e) => verifyGold(e, { today, seed, verifyAgainst, diff, authored: authored(e) }));
  if (values["json"]) io.out(toJsonText(rows as never, 2) + "\n");
  else io.out(formatGoldTable(rows, { hashMapApplies: (r) => !picked.some((e) => e.scenario.name === r.name && authored(e)) }));
  return rows.some(rowFailed) ? EXIT.failed : EXIT.ok;
}

/** Which rows an expected-hash map (`--verify-against`) could verify: the others have no reference hash to get. */
export interface GoldTableOptions {
  readonly hashMapApplies?: (row: GoldRow) => boolean;
}

/** What was verified and what was not: a replay with no hash to compare against verifies nothing about its end DB. */
export function goldSummaryLine(rows: readonly GoldRow[], opts: GoldTableOptions = {}): string {
  const failed = rows.filter(rowFailed).length;
  const matched = rows.filter((r) => r.match === true).length;
  const compared = rows.filter((r) => r.match !== null).length;
  const head = `${rows.length} scenarios replayed: ${matched}/${compared} end-DB hashes match`;
  const open = rows.filter((r) => r.match === null);
  const applies = opts.hashMapApplies ?? (() => true);
  const mappable = open.filter(applies);
  const own = open.length - mappable.length;
  if (open.length === 0) return `${head}, ${failed} failed`;
  const parts: string[] = [];
  if (mappable.length > 0) {
    const asserted = mappable.filter((r) => r.assertions !== undefined).length;
    const assertions = asserted > 0 ? ` (${asserted} of them checked by their DB assertions only)` : "";
    parts.push(`${mappable.length} not verified against a reference hash${assertions}: pass --verify-against FILE (see docs/gold-hashes.md)`);
  }
  if (own > 0) parts.push(`${own} with no shipped expected DB (the gold replay's end DB is their expected DB; their assertions and checks verify them)`);
  return `${head}; ${parts.join("; ")}; ${failed} failed`;
}

function statusWord(r: GoldRow): string {
  if (r.error !== undefined) return "ERROR";
  if (rowFailed(r)) return r.match === false ? "MISMATCH" : "FAILED";
  if (r.known_divergence) return "known";
  return r.match === null ? "-" : "ok";
}

const json = (v: unknown): string => JSON.stringify(v) ?? "undefined";

/** Every check's verdict for a row that failed (or is excused): refused calls first, then the hash, the assertions, the call checks. */
export function goldDetailLines(r: GoldRow): string[] {
  const lines: string[] = [];
  for (const c of r.refused_calls ?? []) lines.push(`goldCalls[${c.index}] ${c.name} (${c.side}) refused: ${c.message}`);
  if (r.match === false) lines.push(`end DB hash ${(r.db_hash ?? "null").slice(0, 12)} differs from the expected ${(r.expected_hash ?? "null").slice(0, 12)}${r.diff ? "" : " (--diff shows where)"}`);
  else if (r.match === true) lines.push("end DB hash matches the expected DB");
  (r.assertions ?? []).forEach((a, i) => {
    const what = `assertion[${i}] ${String(a.func_name)} (${String(a.side)})`;
    if (a.error !== null) lines.push(`${what}: FAILED, error: ${a.error}`);
    else lines.push(`${what}: ${a.passed ? "passed" : "FAILED"}, expected ${json(a.expected)}, actual ${json(a.actual)}`);
  });
  for (const v of r.checks?.must_call ?? []) lines.push(`mustCall ${v.name}${v.arguments ? ` ${json(v.arguments)}` : ""}: ${v.met ? "made by the gold calls" : "FAILED, no gold call makes it with success"}`);
  for (const v of r.checks?.must_not_call ?? []) lines.push(`mustNotCall ${v.name}${v.arguments ? ` ${json(v.arguments)}` : ""}: ${v.met ? "not made" : "FAILED, a gold call makes it"}`);
  return lines;
}

export function formatGoldTable(rows: readonly GoldRow[], opts: GoldTableOptions = {}): string {
  const lines: string[] = [];
  for (const r of rows) {
    if (r.error !== undefined) {
      lines.push(`${"ERROR".padEnd(8)} ${r.name}  ${r.error}`);
      continue;
    }
    const asserts = r.assertions ? ` assertions ${r.assertions.filter((a) => a.passed).length}/${r.assertions.length}` : "";
    const known = r.known_divergence ? ` (known: ${r.known_divergence})` : "";
    lines.push(`${statusWord(r).padEnd(8)} ${r.name}  db ${(r.db_hash ?? "null").slice(0, 12)} actions ${r.actions}${asserts}${known}`);
    const details = rowFailed(r) || r.known_divergence ? goldDetailLines(r) : (r.refused_calls ?? []).map((c) => `goldCalls[${c.index}] ${c.name} (${c.side}) refused: ${c.message}${r.refusals_fail ? "" : " (a built-in gold list's own refused call: it does not fail the row)"}`);
    for (const d of details) lines.push(`         ${d}`);
    for (const w of r.warnings) lines.push(`         warning: ${w}`);
    if (r.diff) lines.push(...formatDiff(r.diff).trimEnd().split("\n").map((l) => `         ${l}`));
  }
  lines.push(goldSummaryLine(rows, opts));
  return lines.join("\n") + "\n";
}

export const command: Command = {
  defaults: { options: GOLD_OPTIONS },
  name: "gold",
  summary: "replay gold calls and verify the end DBs (and telecom assertions)",
  help: GOLD_HELP,
  run: goldCommand,
};
