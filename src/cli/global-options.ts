import { UsageError } from "./io.js";

/**
 * Options every command accepts, before or after the command name
 * (`evalsim --data-root D gold` = `evalsim gold --data-root D`). To add one,
 * add an entry here and a field to CommandContext (command.ts, main.ts).
 */
export const GLOBAL_OPTIONS = {
  "data-root": { type: "string", usage: "--data-root DIR", help: "fixture data root (else EVAL_DATA_ROOT, then data/fixtures, then ../shared/fixtures)" },
  debug: { type: "boolean", usage: "--debug", help: "show the stack trace of an unexpected error" },
  "max-input-mb": { type: "string", usage: "--max-input-mb N", help: "raise every input file's size cap to at least N MiB (see docs/limits.md)" },
  domains: {
    type: "string",
    multiple: true,
    usage: "--domains MODULE",
    help: "add the domains a .js/.mjs (or, with tsx, .ts) module exports; repeatable; evalsim.config.{js,mjs,json} may list them too",
  },
  "no-builtin": { type: "boolean", usage: "--no-builtin", help: "leave the built-in domains out (run plugins alone, without the built-in fixtures); a config says \"!builtin\" in domains" },
} as const;

export type GlobalName = keyof typeof GLOBAL_OPTIONS;
type Spec = (typeof GLOBAL_OPTIONS)[GlobalName];
type ValueOf<S extends Spec> = S extends { multiple: true } ? string[] : S["type"] extends "string" ? string : boolean;
export type GlobalValues = { -readonly [K in GlobalName]?: ValueOf<(typeof GLOBAL_OPTIONS)[K]> };

const isGlobal = (name: string): name is GlobalName => Object.hasOwn(GLOBAL_OPTIONS, name);

/**
 * Take the global options out of an argument list wherever they are (up to a
 * `--`); what is left goes to the command. `--name value` and `--name=value`
 * both work.
 */
export function extractGlobals(argv: readonly string[]): { globals: GlobalValues; rest: string[] } {
  const globals: GlobalValues = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    const name = m?.[1];
    if (!m || name === undefined || !isGlobal(name)) {
      rest.push(arg);
      continue;
    }
    const spec = GLOBAL_OPTIONS[name];
    if (spec.type === "boolean") {
      if (m[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      (globals as Record<string, boolean>)[name] = true;
      continue;
    }
    let value = m[2];
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) throw new UsageError(`--${name} needs a value (${spec.usage})`);
      value = next;
      i++;
    }
    if (value === "") throw new UsageError(`--${name} needs a non-empty value (${spec.usage})`);
    if ("multiple" in spec) ((globals as Record<string, string[]>)[name] ??= []).push(value);
    else (globals as Record<string, string>)[name] = value;
  }
  return { globals, rest };
}

/** The lines of the overview that describe the global options. */
export function globalOptionsHelp(): string {
  const entries = [
    ...Object.values(GLOBAL_OPTIONS),
    { usage: "--help, -h", help: "this overview; evalsim COMMAND --help (or evalsim help COMMAND) for one command" },
    { usage: "--version", help: "the version" },
  ];
  const width = Math.max(...entries.map((e) => e.usage.length));
  return entries.map((e) => `  ${e.usage.padEnd(width)}  ${e.help}`).join("\n");
}
