import { parseArgs } from "node:util";
import { GLOBAL_OPTIONS } from "./global-options.js";
import { UsageError } from "./io.js";
import { didYouMean } from "./suggest.js";
import { MAX_TRIALS } from "../run/folder/config.js";

export type OptionSpec = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

/** `parseArgs` with strict checking, turning its errors into usage errors. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** `--workers -1` is a (bad) value, not an option: pass it as `--workers=-1` so the number check can say so. */
function joinNegativeValues(argv: readonly string[], options: OptionSpec): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    const name = a.startsWith("--") ? a.slice(2) : undefined;
    if (name !== undefined && Object.hasOwn(options, name) && options[name]?.type === "string" && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** One clear line for each of parseArgs's complaints. */
function usageMessage(e: Error & { code?: string }, options: OptionSpec): string {
  const known = [...Object.keys(options), ...Object.keys(GLOBAL_OPTIONS), "help"].map((k) => `--${k}`);
  const quoted = /'([^']+)'/.exec(e.message)?.[1];
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const option = quoted ?? "?";
      return `unknown option '${option}'${didYouMean(option.split("=")[0] as string, known)} (--help lists the options)`;
    }
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument '${quoted ?? "?"}': this command takes options only (--help lists them)`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const option = /--[\w-]+/.exec(e.message)?.[0] ?? "an option";
      return /argument missing|ambiguous/.test(e.message) ? `${option} needs a value` : `${option} takes no value`;
    }
    default:
      return e.message.split("\n")[0] as string;
  }
}

/** Options that take a list: given several times (`--domain a --domain b`), their values join with commas (`a,b`). */
const LIST_OPTIONS: readonly string[] = ["domain"];

function joinRepeated(argv: readonly string[], options: OptionSpec): string[] {
  const out: string[] = [];
  const at = new Map<string, number>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const m = /^--([\w-]+)(?:=(.*))?$/s.exec(a);
    const name = m?.[1];
    if (name === undefined || !LIST_OPTIONS.includes(name) || options[name]?.type !== "string" || options[name]?.multiple) {
      out.push(a);
      continue;
    }
    const next = argv[i + 1];
    if (m?.[2] === undefined && (next === undefined || next.startsWith("--"))) {
      out.push(a);
      continue;
    }
    const value = m?.[2] ?? argv[++i];
    const seen = at.get(name);
    if (seen === undefined) {
      at.set(name, out.length);
      out.push(`--${name}=${value}`);
    } else out[seen] = `${out[seen] as string},${value}`;
  }
  return out;
}

export function parse(argv: readonly string[], options: OptionSpec, allowPositionals = true): ParsedArgs {
  try {
    return parseArgs({ args: joinNegativeValues(joinRepeated(argv, options), options), options, allowPositionals, strict: true }) as ParsedArgs;
  } catch (e) {
    throw new UsageError(usageMessage(e as Error, options));
  }
}

/** Options many commands accept (`--data-root` is global: see global-options.ts). */
export const COMMON = {
  json: { type: "boolean" },
} as const;

/** `--scenarios a b c` and `--scenarios a,b`: collect names until the next flag. */
export function splitScenarioArgs(argv: readonly string[]): { rest: string[]; scenarios: string[] | undefined } {
  const rest: string[] = [];
  let scenarios: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--scenarios") {
      scenarios ??= [];
      while (i + 1 < argv.length && !(argv[i + 1] as string).startsWith("--")) {
        scenarios.push(...(argv[++i] as string).split(",").filter(Boolean));
      }
      if (scenarios.length === 0) throw new UsageError("--scenarios needs at least one scenario name");
    } else rest.push(a);
  }
  return { rest, scenarios };
}

/** A real calendar date as YYYY-MM-DD (2025-02-30 is refused). */
export function parseDate(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (!m || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    throw new UsageError(`${flag} expects a real date as YYYY-MM-DD, got '${value}'`);
  }
  return value;
}

/** Upper bounds of the count options: beyond them a value is a typo, not a plan. */
export const LIMITS = { trials: MAX_TRIALS, workers: 256, maxConcurrency: 1024 } as const;

/** A decimal integer within [min, max]; anything else (1e3, 0x10, 2.5, 20 digits) is refused. */
export function parseIntFlag(value: string | undefined, flag: string, min: number, max: number = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = /^-?\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag} expects an integer ${range}, got '${value}'`);
  }
  return n;
}
