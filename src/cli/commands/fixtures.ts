import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { defaultFixturesDir, resolveDataRoot } from "../../loaders/data-root.js";
import { fixturesUrlFromEnv } from "../auto-fetch.js";
import { failureSummary, fetchPlan, fetchWithProgress, nothingReachable } from "../fetch-progress.js";
import { buildManifest, MANIFEST_FILE, readManifest, verifyDataRoot } from "../../loaders/manifest.js";
import { loadProvenance } from "../../loaders/provenance.js";
import { writeFileAtomic } from "../../json/atomic-write.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { COMMON, parse } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { didYouMean } from "../suggest.js";

export const FIXTURES_HELP = `evalsim fixtures manifest [--out FILE]
  Write the manifest (default data/fixtures.manifest.json): every file of the
  data root with its size, SHA-256 and pinned upstream URL.
evalsim fixtures verify [--manifest FILE] [--json]
  Check a data root against the manifest. Exit 1 if a file is missing or differs;
  entries marked optional (eva's recorded conversations) may be absent.
evalsim fixtures fetch [--to DIR] [--base-url URL] [--manifest FILE] [--json]
  Download every manifest file into DIR (default: the --data-root or EVAL_DATA_ROOT
  given, else data/fixtures; for an installed package $XDG_DATA_HOME/evalsim/fixtures or
  ~/.local/share/evalsim/fixtures), from its pinned URL, or <URL>/<path> with --base-url
  (or EVAL_FIXTURES_URL), verifying each hash before writing it atomically. Files
  already present with the right hash are kept. Exit 1 if any file failed (they are
  listed; when none was reachable, one line says so); an optional file that could
  not be had is listed but is no failure.`;

const json = (v: unknown): string => toJsonText(v as JsonValue, 2) + "\n";

function manifestCommand(argv: readonly string[], { io, dataRoot }: CommandContext): number {
  const { values } = parse(argv, { out: { type: "string" } }, false);
  const root = resolveDataRoot({ flag: dataRoot, env: io.env });
  const out = resolve((values["out"] as string | undefined) ?? MANIFEST_FILE);
  // Optional entries the data root lacks stay as the committed manifest lists them.
  const previous = existsSync(out) ? readManifest(out) : undefined;
  const manifest = buildManifest(root, loadProvenance(), previous);
  writeFileAtomic(out, json(manifest));
  io.out(`${manifest.files.length} files from ${root} -> ${out}\n`);
  return EXIT.ok;
}

function verifyCommand(argv: readonly string[], { io, dataRoot }: CommandContext): number {
  const { values } = parse(argv, { ...COMMON, manifest: { type: "string" } }, false);
  const root = resolveDataRoot({ flag: dataRoot, env: io.env });
  const result = verifyDataRoot(root, readManifest((values["manifest"] as string | undefined) ?? MANIFEST_FILE));
  if (values["json"]) io.out(json({ data_root: root, ...result }));
  else {
    for (const p of result.problems) io.out(`${p.problem.padEnd(8)} ${p.path}: ${p.detail}\n`);
    for (const p of result.unlisted) io.out(`unlisted ${p}: not in the manifest\n`);
    const absent = result.absent_optional.length > 0 ? ` (${result.absent_optional.length} optional files absent)` : "";
    io.out(`${result.checked} files checked in ${root}: ${result.problems.length} problems${absent}\n`);
  }
  return result.problems.length > 0 ? EXIT.failed : EXIT.ok;
}

async function fetchCommand(argv: readonly string[], { io, dataRoot }: CommandContext): Promise<number> {
  const { values } = parse(argv, { json: COMMON.json, to: { type: "string" }, "base-url": { type: "string" }, manifest: { type: "string" } }, false);
  const to = resolve((values["to"] as string | undefined) ?? dataRoot ?? io.env["EVAL_DATA_ROOT"] ?? defaultFixturesDir(io.env));
  const baseUrl = (values["base-url"] as string | undefined) ?? fixturesUrlFromEnv(io.env);
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url expects an http(s) URL, got '${baseUrl}'`);
  const manifest = readManifest((values["manifest"] as string | undefined) ?? MANIFEST_FILE);
  if (!values["json"]) io.err(`fetching ${fetchPlan(manifest, to)}\n`);
  const result = await fetchWithProgress(values["json"] ? { ...io, isTty: false } : io, manifest, to, baseUrl);
  if (values["json"]) io.out(json(result));
  else if (nothingReachable(result)) {
    io.out(`nothing reachable: ${failureSummary(result)}; put the fixture data in ${to} yourself (see "Getting the fixture data" in the README)\n`);
  } else {
    for (const f of result.failed) io.out(`failed ${f.path} (${f.url}): ${f.reason}\n`);
    for (const f of result.failed_optional) io.out(`optional ${f.path} not fetched (${f.url}): ${f.reason}\n`);
    const optional = result.failed_optional.length > 0 ? ` (${result.failed_optional.length} optional files not fetched)` : "";
    io.out(`${result.fetched.length} fetched, ${result.kept.length} already present, ${result.failed.length} failed${optional} -> ${to}\n`);
  }
  return result.failed.length > 0 ? EXIT.failed : EXIT.ok;
}

const SUBCOMMANDS = { manifest: manifestCommand, verify: verifyCommand, fetch: fetchCommand } as const;

export function fixturesCommand(argv: readonly string[], ctx: CommandContext): number | Promise<number> {
  const [sub, ...rest] = argv;
  const run = sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub as keyof typeof SUBCOMMANDS] : undefined;
  if (!run) {
    const hint = sub === undefined ? "" : didYouMean(sub, Object.keys(SUBCOMMANDS));
    throw new UsageError(`expected a subcommand (${Object.keys(SUBCOMMANDS).join(", ")}), got ${sub === undefined ? "none" : `'${sub}'`}${hint}`);
  }
  return run(rest, ctx);
}

export const command: Command = {
  name: "fixtures",
  summary: "write, verify or fetch the fixture manifest's files",
  help: FIXTURES_HELP,
  run: fixturesCommand,
};
