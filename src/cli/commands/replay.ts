import { readFileSync } from "node:fs";
import { parsePythonJson } from "../../json/parse.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonValue } from "../../json/types.js";
import { CallsFileError, parseCallsDocument } from "../../replay/calls-file.js";
import { replayCalls } from "../../replay/replay-calls.js";
import { COMMON, parse, parseDate, parseIntFlag } from "../args.js";
import { checkTodayApplies } from "../../engine/catalog.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { writeFileAtomic } from "../../json/atomic-write.js";

export const REPLAY_HELP = `evalsim replay --scenario NAME --calls FILE [--json] [--dump-db FILE] [--today YYYY-MM-DD] [--seed S]
  Run recorded tool calls against the scenario's initial state and print each
  call's result, then db_hash, user_db_hash and the recorded actions. FILE is a
  JSON array of {name, arguments, side?}, an OpenAI chat messages array, or an
  object with conversation_messages (eva audit_log.json). A call the tool
  rejects is printed like any other result.`;

const REPLAY_OPTIONS = { ...COMMON, scenario: { type: "string" }, calls: { type: "string" }, "dump-db": { type: "string" }, today: { type: "string" }, seed: { type: "string" } } as const;

export function replayCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values } = parse(argv, REPLAY_OPTIONS, false);
  const name = values["scenario"] as string | undefined;
  const file = values["calls"] as string | undefined;
  if (!name) throw new UsageError("replay needs --scenario NAME");
  if (!file) throw new UsageError("replay needs --calls FILE");
  const today = parseDate(values["today"] as string | undefined, "--today");
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;

  let doc: JsonValue;
  try {
    doc = parsePythonJson(file === "-" ? io.readStdin() : readFileSync(file, "utf8"));
  } catch (e) {
    throw new UsageError(`--calls ${file}: ${(e as Error).message}`);
  }
  let parsed;
  try {
    parsed = parseCallsDocument(doc);
  } catch (e) {
    if (e instanceof CallsFileError) throw new UsageError(`--calls ${file}: ${e.message}`);
    throw e;
  }
  const catalog = catalogFor(registry, io, ctx.dataRoot, { scenarios: [name] });
  const entry = catalog.byName.get(name);
  if (!entry) throw new UsageError(`unknown scenario '${name}'`);
  checkTodayApplies([entry], today);
  const result = replayCalls(entry, parsed.calls, { today, seed, names: parsed.names });

  const dump = values["dump-db"] as string | undefined;
  if (dump) {
    const dbs = result.state.dbs;
    writeFileAtomic(dump, toJsonText((dbs.user ? { db: dbs.agent ?? null, user_db: dbs.user } : (dbs.agent ?? null)), 2) + "\n");
  }
  const summary = { calls: result.calls.map(({ name: n, side, arguments: a, result: r }) => ({ name: n, side, arguments: a, result: r })), db_hash: result.db_hash, user_db_hash: result.user_db_hash, actions: result.actions };
  if (values["json"]) {
    io.out(toJsonText(summary as unknown as JsonValue, 2) + "\n");
  } else {
    result.calls.forEach((c, i) => io.out(`#${i + 1} [${c.side}] ${c.name} ${toJsonText(c.arguments)}\n    -> ${toJsonText(c.result)}\n`));
    io.out(`db_hash: ${result.db_hash ?? "null"}\nuser_db_hash: ${result.user_db_hash ?? "null"}\nactions: ${result.actions.length}\n`);
  }
  for (const w of result.warnings) io.err(`warning: ${w}\n`);
  return EXIT.ok;
}

export const command: Command = {
  defaults: { options: { json: REPLAY_OPTIONS.json, today: REPLAY_OPTIONS.today, seed: REPLAY_OPTIONS.seed } },
  name: "replay",
  summary: "re-execute recorded tool calls against a scenario",
  help: REPLAY_HELP,
  run: replayCommand,
};
