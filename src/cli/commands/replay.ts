import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pySpelledJsonText } from "../../python/spelled-json-text.js";
import { escapeControls } from "../../json/control-chars.js";
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";
import { CallsFileError, parseCallsText } from "../../replay/calls-file.js";
import type { ReplayedCall } from "../../replay/call-list.js";
import { replayCalls } from "../../replay/replay-calls.js";
import { refuseLinksIn } from "../../run/folder/guard.js";
import { llmContextFile, TRANSCRIPT_FILE } from "../../run/layout.js";
import { COMMON, parse, parseDate, parseIntFlag } from "../args.js";
import { checkTodayApplies } from "../../engine/catalog.js";
import { catalogFor } from "../context.js";
import type { Command, CommandContext } from "../command.js";
import { EXIT, UsageError } from "../io.js";
import { readInputFile } from "../read-input.js";
import { writeFileAtomic } from "../../json/atomic-write.js";

export const REPLAY_HELP = `evalsim replay --scenario NAME --calls FILE [--json] [--dump-db FILE] [--today YYYY-MM-DD] [--seed S]
  Run recorded tool calls against the scenario's initial state and print each
  call's result, then db_hash, user_db_hash and the recorded actions. FILE is
  any recording evalsim reads, its format detected and printed: a JSON array
  of {name, arguments, side?}, an evalsim transcript.jsonl (or a run or
  scenario folder holding one), OpenAI chat messages, eva's audit_log.json
  (eva's own tool names), NeMo's llm_context.json, tau2 simulation messages.
  Where the recording holds each call's result, a column says whether
  evalsim's result is the same or differs (with the first difference). A
  call the tool rejects is printed like any other result; a recorded tool
  name that names no tool of the scenario is reported.`;

const REPLAY_OPTIONS = { ...COMMON, scenario: { type: "string" }, calls: { type: "string" }, "dump-db": { type: "string" }, today: { type: "string" }, seed: { type: "string" } } as const;

/**
 * A run folder's `<scenario>/transcript.jsonl`, a scenario folder's
 * transcript, a NeMo run or scenario folder's agent context, or the file itself.
 * A folder holding a symbolic link is refused (see run/folder/guard.ts).
 */
function recordingFile(path: string, scenario: string): string {
  if (!existsSync(path) || !statSync(path).isDirectory()) return path;
  refuseLinksIn(path);
  const agentContext = llmContextFile("agent");
  for (const f of [join(path, scenario, TRANSCRIPT_FILE), join(path, TRANSCRIPT_FILE), join(path, scenario, agentContext), join(path, agentContext)]) if (existsSync(f)) return f;
  throw new CallsFileError(`no ${scenario}/${TRANSCRIPT_FILE} or ${scenario}/${agentContext} in this folder`);
}

export function replayCommand(argv: readonly string[], ctx: CommandContext): number {
  const { io, registry } = ctx;
  const { values } = parse(argv, REPLAY_OPTIONS, false);
  const name = values["scenario"] as string | undefined;
  const file = values["calls"] as string | undefined;
  if (!name) throw new UsageError("replay needs --scenario NAME");
  if (!file) throw new UsageError("replay needs --calls FILE");
  const today = parseDate(values["today"] as string | undefined, "--today");
  const seed = parseIntFlag(values["seed"] as string | undefined, "--seed", 0) ?? 0;

  let parsed;
  try {
    const path = file === "-" ? file : recordingFile(file, name);
    parsed = parseCallsText(path === "-" ? io.readStdin() : readInputFile(path), path);
  } catch (e) {
    // Unreadable, not JSON, or not a recording: one line naming the file.
    if (e instanceof Error) throw new UsageError(`--calls ${file}: ${e.message}`);
    throw e;
  }
  const catalog = catalogFor(registry, io, ctx.dataRoot, { scenarios: [name] });
  const entry = catalog.byName.get(name);
  if (!entry) throw new UsageError(`unknown scenario '${name}'`);
  checkTodayApplies([entry], today);
  const result = replayCalls(entry, parsed.calls, { today, seed, names: parsed.names });

  const dump = values["dump-db"] as string | undefined;
  if (dump) {
    // The file is written into a folder that exists; a mistyped path must not create folders (/nonexistent/...).
    const folder = dirname(resolve(dump));
    if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`--dump-db ${dump}: the folder ${folder} does not exist; create it first or choose another path`);
    const dbs = result.state.dbs;
    writeFileAtomic(dump, toJsonText((dbs.user ? { db: dbs.agent ?? null, user_db: dbs.user } : (dbs.agent ?? null)), 2) + "\n");
  }
  const column = (c: ReplayedCall): JsonObject => (c.recorded ? { recorded: c.recorded.same ? "same" : "differs", ...(c.recorded.same ? {} : { recorded_diff: c.recorded.diff }) } : {});
  const differ = result.calls.filter((c) => c.recorded && !c.recorded.same).length;
  const compared = result.calls.filter((c) => c.recorded).length;
  const summary = {
    format: parsed.format,
    calls: result.calls.map((c) => ({ name: c.name, side: c.side, arguments: c.arguments, result: c.result, ...column(c) })),
    db_hash: result.db_hash,
    user_db_hash: result.user_db_hash,
    actions: result.actions,
    ...(result.unmapped.length > 0 ? { unmapped_tools: result.unmapped } : {}),
  };
  // Tool names, arguments and results come from the recording: shown, never obeyed by the terminal.
  const print = (text: string): void => io.out(escapeControls(text));
  if (values["json"]) {
    // Python's spelling, as the text output and the transcript: 260.0 stays 260.0.
    io.out(pySpelledJsonText(summary as unknown as JsonValue, false, 2) + "\n");
  } else {
    print(`format: ${parsed.format}\n`);
    result.calls.forEach((c, i) => {
      const rec = c.recorded ? `    recorded: ${c.recorded.same ? "same" : `differs at ${c.recorded.diff}`}\n` : "";
      // Python's spelling: the arguments and result as the model reads them (2.0 stays 2.0).
      print(`#${i + 1} [${c.side}] ${c.name} ${pySpelledJsonText(c.arguments, c.argumentsFloat === true)}\n    -> ${pySpelledJsonText(c.result)}\n${rec}`);
    });
    if (compared > 0) io.out(`recorded results: ${compared - differ} same, ${differ} differ\n`);
    io.out(`db_hash: ${result.db_hash ?? "null"}\nuser_db_hash: ${result.user_db_hash ?? "null"}\nactions: ${result.actions.length}\n`);
  }
  for (const u of result.unmapped) io.err(escapeControls(`warning: recorded tool ${u} names no tool of ${entry.domain.name}; it was replayed as an unknown tool\n`));
  for (const w of result.warnings) io.err(escapeControls(`warning: ${w}\n`));
  return EXIT.ok;
}

export const command: Command = {
  defaults: { options: { json: REPLAY_OPTIONS.json, today: REPLAY_OPTIONS.today, seed: REPLAY_OPTIONS.seed } },
  name: "replay",
  summary: "re-execute recorded tool calls against a scenario",
  help: REPLAY_HELP,
  run: replayCommand,
};
