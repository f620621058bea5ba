/**
 * Default options from evalsim.config.*: `options.<command>.<flag>` becomes
 * `--flag value` in front of the command's own arguments, unless the command
 * line gives that flag itself (a command-line flag always wins, a repeatable
 * one included), and `--no-FLAG` turns a boolean default off. Each key must
 * be an option the command lets a config default; anything else is one line
 * naming the file and the key, exit 2.
 */
import type { EvalsimConfig, OptionDefault } from "../plugins/config.js";
import type { OptionSpec } from "./args.js";
import type { Command } from "./command.js";
import { UsageError } from "./io.js";
import { didYouMean } from "./suggest.js";

/** The flags an argument list gives (up to `--`), without their dashes, with the value that follows (or is joined by `=`). */
function givenFlags(argv: readonly string[]): Map<string, string | undefined> {
  const given = new Map<string, string | undefined>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--") break;
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(a);
    if (m) given.set(m[1] as string, m[2] ?? argv[i + 1]);
  }
  return given;
}

function tokens(file: string, where: string, spec: OptionSpec[string], value: OptionDefault): string[] {
  const flag = `--${where.slice(where.lastIndexOf(".") + 1)}`;
  if (spec.type === "boolean") {
    if (typeof value !== "boolean") throw new UsageError(`${file}: ${where}: expected true or false (${flag} takes no value), got ${JSON.stringify(value)}`);
    return value ? [flag] : [];
  }
  if (typeof value === "boolean") throw new UsageError(`${file}: ${where}: expected a value for ${flag}, got ${value}`);
  if (Array.isArray(value)) {
    if (spec.multiple !== true) throw new UsageError(`${file}: ${where}: expected one value (${flag} is not repeatable), got a list`);
    return value.flatMap((v: string) => [`${flag}=${v}`]);
  }
  return [`${flag}=${String(value)}`];
}

/** Every command that takes defaults, for the message about an unknown one. */
function defaultable(commands: readonly Command[]): string[] {
  return commands.filter((c) => c.defaults !== undefined).map((c) => c.name);
}

/** Check every `options` entry of the config against the command table (so a typo is caught whatever command runs). */
export function checkConfigOptions(config: EvalsimConfig | undefined, commands: readonly Command[]): void {
  if (!config) return;
  for (const [name, entries] of Object.entries(config.options)) {
    const command = commands.find((c) => c.name === name);
    if (!command?.defaults) {
      const names = defaultable(commands);
      const known = command ? `evalsim ${name} takes no default options` : `no such command${didYouMean(name, names)}`;
      throw new UsageError(`${config.file}: options.${name}: ${known} (commands with defaults: ${names.join(", ")})`);
    }
    const spec = command.defaults.options;
    for (const [key, value] of Object.entries(entries)) {
      const where = `options.${name}.${key}`;
      const s = Object.hasOwn(spec, key) ? spec[key] : undefined;
      if (!s) throw new UsageError(`${config.file}: ${where}: evalsim ${name} has no such option a config may set${didYouMean(key, Object.keys(spec))} (it may set: ${Object.keys(spec).join(", ")})`);
      tokens(config.file, where, s, value);
    }
  }
}

/**
 * `--no-FLAG` for each boolean option a config may default: it turns a
 * configured `true` off, and with no such default it changes nothing (so a
 * script may always pass it). Returns the arguments without those tokens and
 * the flags they name.
 */
function takeNegations(command: Command, argv: readonly string[]): { rest: string[]; off: Set<string> } {
  const spec = command.defaults?.options ?? {};
  const rest: string[] = [];
  const off = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    const m = /^--no-([^=]+)(=.*)?$/s.exec(a);
    const name = m?.[1];
    const s = name !== undefined && Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!name || s?.type !== "boolean") {
      rest.push(a);
      continue;
    }
    if (m?.[2] !== undefined) throw new UsageError(`--no-${name} takes no value`);
    off.add(name);
  }
  const given = givenFlags(rest);
  for (const name of off) if (given.has(name)) throw new UsageError(`--${name} and --no-${name} are both given; give one`);
  return { rest, off };
}

/** `argv` with the config's defaults for `command` in front of it (and without its `--no-FLAG`s, which only drop defaults). */
export function withConfigDefaults(command: Command, commandArgv: readonly string[], config: EvalsimConfig | undefined): string[] {
  const { rest: argv, off } = takeNegations(command, commandArgv);
  const entries = config?.options[command.name];
  if (!config || !entries || !command.defaults) return argv;
  const given = givenFlags(argv);
  for (const name of off) given.set(name, "false");
  if ((command.defaults.ignoredWith ?? []).some((f) => given.has(f))) return argv;
  const { options: spec, requires = {} } = command.defaults;
  // What an option ends up as: the command line's value, else the config's.
  const effective = (option: string): string | undefined => (given.has(option) ? given.get(option) : entries[option] === undefined ? undefined : String(entries[option]));
  const front: string[] = [];
  for (const [key, value] of Object.entries(entries)) {
    if (given.has(key)) continue;
    const needs = Object.hasOwn(requires, key) ? requires[key] : undefined;
    if (needs && effective(needs.option) !== needs.value) continue;
    front.push(...tokens(config.file, `options.${command.name}.${key}`, spec[key] as OptionSpec[string], value));
  }
  return [...front, ...argv];
}
