import { readFileSync } from "node:fs";
import { readConfig, type EvalsimConfig } from "../plugins/config.js";
import { checkConfigOptions, withConfigDefaults } from "./config-defaults.js";
import { buildRegistry, PluginError } from "../plugins/load.js";
import type { Command, CommandContext } from "./command.js";
import { command as cassettes } from "./commands/cassettes.js";
import { command as channel } from "./commands/channel.js";
import { command as audit } from "./commands/audit.js";
import { command as check } from "./commands/check.js";
import { command as compare } from "./commands/compare.js";
import { command as crosscheck } from "./commands/crosscheck.js";
import { command as config } from "./commands/config.js";
import { command as diagnose } from "./commands/diagnose.js";
import { command as diff } from "./commands/diff.js";
import { command as fixtures } from "./commands/fixtures.js";
import { command as fuzz } from "./commands/fuzz.js";
import { command as gold } from "./commands/gold.js";
import { command as hash } from "./commands/hash.js";
import { command as importCmd } from "./commands/import.js";
import { command as listDomains } from "./commands/list-domains.js";
import { command as list } from "./commands/list.js";
import { command as merge } from "./commands/merge.js";
import { command as prompts } from "./commands/prompts.js";
import { command as newDomain } from "./commands/new-domain.js";
import { command as replay } from "./commands/replay.js";
import { command as report } from "./commands/report.js";
import { command as run } from "./commands/run.js";
import { command as validateFixtures } from "./commands/validate-fixtures.js";
import { reportError } from "./errors.js";
import type { GlobalValues } from "./global-options.js";
import { extractGlobals, GLOBAL_OPTIONS, globalOptionsHelp } from "./global-options.js";
import { MAX_INPUT_ENV } from "../loaders/input-file.js";
import { escapeControls } from "../json/control-chars.js";
import type { CliIo } from "./io.js";
import { EXIT, UsageError } from "./io.js";
import { didYouMean } from "./suggest.js";
import { VERSION } from "./version.js";

/**
 * The command table, in the order `evalsim --help` lists them. A new command
 * is one file under src/cli/commands/ exporting a `Command`, and one entry here.
 */
export const COMMANDS: readonly Command[] = [check, run, merge, compare, report, diagnose, importCmd, gold, replay, list, listDomains, hash, diff, validateFixtures, prompts, audit, fixtures, fuzz, crosscheck, newDomain, config, cassettes, channel];

/** Looked up in a Map, so inherited names (`constructor`, `__proto__`) are unknown commands. */
const BY_NAME: ReadonlyMap<string, Command> = new Map(COMMANDS.map((c) => [c.name, c]));

/** The default job when no command is given. */
const DEFAULT_COMMAND = "check";

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `evalsim ${VERSION}: deterministic text-mode simulator and replay engine for agent evaluation suites

Usage: evalsim [GLOBAL OPTIONS] COMMAND [OPTIONS]   (no command: evalsim ${DEFAULT_COMMAND})

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

Global options (before or after the command):
${globalOptionsHelp()}

Exit codes: 0 ok, 1 verification failed (or a run stopped midway), 2 bad usage or bad input.
`;
}

export function processIo(): CliIo {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    env: process.env,
    isTty: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
    outColumns: process.stdout.isTTY ? process.stdout.columns : undefined,
    readStdin: () => readFileSync(0, "utf8"),
    // The one wall-clock read: it names the run folder, which is not part of the results.
    // eslint-disable-next-line no-restricted-syntax
    now: () => new Date(),
  };
}

/** One command's help, with a reminder of the global options. */
function commandHelp(c: Command): string {
  return `${c.help}\n\nGlobal options: ${Object.values(GLOBAL_OPTIONS).map((o) => o.usage).join(", ")} (evalsim --help)\n`;
}

function lookup(name: string): Command {
  const command = BY_NAME.get(name);
  if (command) return command;
  const hint = didYouMean(name, [...BY_NAME.keys(), "help"]);
  throw new UsageError(`unknown command '${name}'${hint} (evalsim --help lists the commands)`);
}

/** `--max-input-mb N`: through the environment, so the run's worker threads read with the same caps. */
function raiseInputCaps(text: string): void {
  const mb = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(mb >= 1) || mb > 1_048_576) throw new UsageError(`--max-input-mb expects a number of MiB from 1 to 1048576, got '${text}'`);
  process.env[MAX_INPUT_ENV] = String(mb);
}

/** `--help`/`-h` among a command's own arguments (before any `--`). */
function asksHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

/**
 * The registry every command uses: the built-in domains and the plugins of
 * evalsim.config.* and --domains, loaded the same way.
 */
async function contextFor(io: CliIo, globals: GlobalValues, onProblem: (message: string) => void, needed: readonly string[] = []): Promise<{ ctx: CommandContext; config: EvalsimConfig | undefined }> {
  try {
    const config = await readConfig(process.cwd());
    checkConfigOptions(config, COMMANDS);
    const builtin = globals["no-builtin"] !== true && config?.builtin !== false;
    const registry = await buildRegistry([...(config?.domains ?? []), ...(globals.domains ?? []), ...needed], process.cwd(), { builtin, onProblem });
    const dataRoot = globals["data-root"] ?? config?.dataRoot;
    return { ctx: { io, registry, dataRoot, debug: globals.debug === true }, config };
  } catch (e) {
    if (e instanceof PluginError) throw new UsageError(e.message);
    throw e;
  }
}

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let name = "";
  let debug = argv.includes("--debug");
  try {
    const { globals, rest } = extractGlobals(argv);
    debug = globals.debug === true;
    if (globals["max-input-mb"] !== undefined) raiseInputCaps(globals["max-input-mb"]);
    const [first, ...args] = rest;
    if (first === "--version" || first === "-V") {
      if (args.length > 0) throw new UsageError(`--version takes no arguments, got '${args[0]}'`);
      io.out(`evalsim ${VERSION}\n`);
      return EXIT.ok;
    }
    if (first === "--help" || first === "-h") {
      io.out(overview());
      return EXIT.ok;
    }
    if (first === "help") {
      if (args.length === 0) io.out(overview());
      else io.out(commandHelp(lookup(args[0] as string)));
      return EXIT.ok;
    }
    // No command, or options only (`npm start -- --workers 2`): the default job gets them.
    const defaulted = first === undefined || first.startsWith("-");
    const command = lookup(defaulted ? DEFAULT_COMMAND : first);
    name = command.name;
    const commandArgs = defaulted ? rest : args;
    if (asksHelp(commandArgs)) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    // A plugin that cannot be used is one line each and leaves the rest working; the exit is then 2.
    let problems = 0;
    const onProblem = (message: string): void => {
      problems++;
      io.err(`evalsim ${name}: ${message}\n`);
    };
    const { ctx, config } = await contextFor(io, globals, onProblem, command.pluginModules?.(commandArgs));
    const code = await command.run(withConfigDefaults(command, commandArgs, config), ctx);
    return problems > 0 ? Math.max(code, EXIT.usage) : code;
  } catch (e) {
    const { text, code } = reportError(e, name, debug);
    // A message may quote outside text (an endpoint's answer, a file's contents): shown, never obeyed.
    io.err(escapeControls(text));
    return code;
  }
}
