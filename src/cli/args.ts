import { parseArgs } from "node:util";
import { UsageError } from "./io.js";

type OptionSpec = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

/** `parseArgs` with strict checking, turning its errors into usage errors. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function parse(argv: readonly string[], options: OptionSpec, allowPositionals = true): ParsedArgs {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true }) as ParsedArgs;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** Options every command accepts. */
export const COMMON = {
  "data-root": { type: "string" },
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

export function parseDate(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new UsageError(`${flag} expects a date as YYYY-MM-DD, got '${value}'`);
  }
  return value;
}

export function parseIntFlag(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) throw new UsageError(`${flag} expects an integer >= ${min}, got '${value}'`);
  return Number(value);
}
