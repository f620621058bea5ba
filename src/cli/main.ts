import { readFileSync } from "node:fs";
import { SelectionError } from "../engine/catalog.js";
import { DataRootError } from "../loaders/data-root.js";
import { FixtureError } from "../loaders/load-db.js";
import { registry } from "../domains/index.js";
import { CHECK_HELP, checkCommand } from "./commands/check.js";
import { DIFF_HELP, diffCommand } from "./commands/diff.js";
import { GOLD_HELP, goldCommand } from "./commands/gold.js";
import { HASH_HELP, hashCommand } from "./commands/hash.js";
import { LIST_HELP, listCommand, listDomainsCommand } from "./commands/list.js";
import { MERGE_HELP, mergeCommand } from "./commands/merge.js";
import { REPLAY_HELP, replayCommand } from "./commands/replay.js";
import { RUN_HELP, runCommand } from "./commands/run.js";
import { VALIDATE_FIXTURES_HELP, validateFixturesCommand } from "./commands/validate-fixtures.js";
import { FIXTURES_HELP, fixturesCommand } from "./commands/fixtures.js";
import type { CliIo } from "./io.js";
import { EXIT, UsageError } from "./io.js";

const HELP = `evalsim: deterministic text-mode simulator and replay engine for agent evaluation suites

Commands:
${[CHECK_HELP, RUN_HELP, MERGE_HELP, GOLD_HELP, REPLAY_HELP, LIST_HELP, HASH_HELP, DIFF_HELP, VALIDATE_FIXTURES_HELP, FIXTURES_HELP].join("\n\n")}

Global: --data-root DIR (else EVAL_DATA_ROOT, data/fixtures, ../shared/fixtures)
Exit codes: 0 ok, 1 verification failed, 2 bad usage or bad input.`;

type Command = (argv: readonly string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  hash: hashCommand,
  diff: diffCommand,
  list: (a, io) => listCommand(a, io, registry),
  "list-domains": (a, io) => listDomainsCommand(a, io, registry),
  gold: (a, io) => goldCommand(a, io, registry),
  replay: (a, io) => replayCommand(a, io, registry),
  run: (a, io) => runCommand(a, io, registry),
  check: (a, io) => checkCommand(a, io, registry),
  merge: (a, io) => mergeCommand(a, io, registry),
  "validate-fixtures": (a, io) => validateFixturesCommand(a, io, registry),
  fixtures: fixturesCommand,
};

export function processIo(): CliIo {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    env: process.env,
    isTty: Boolean(process.stderr.isTTY),
    readStdin: () => readFileSync(0, "utf8"),
    // The one wall-clock read: it names the run folder, which is not part of the results.
    // eslint-disable-next-line no-restricted-syntax
    now: () => new Date(),
  };
}

/** The default job when no command is given. */
const DEFAULT_ARGV = ["check"];

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv.length === 0 ? DEFAULT_ARGV : argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(HELP + "\n");
    return EXIT.ok;
  }
  const command = COMMANDS[name as string];
  if (!command) {
    io.err(`evalsim: unknown command '${name}'\n\n${HELP}\n`);
    return EXIT.usage;
  }
  try {
    return await Promise.resolve(command(rest, io));
  } catch (e) {
    if (e instanceof UsageError || e instanceof SelectionError || e instanceof DataRootError || e instanceof FixtureError) {
      io.err(`evalsim ${name}: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}
