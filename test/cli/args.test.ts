import { describe, expect, it } from "vitest";
import { parse, parseDate, parseIntFlag, splitScenarioArgs, type OptionSpec } from "../../src/cli/args.js";
import { UsageError } from "../../src/cli/io.js";

const OPTIONS: OptionSpec = { domain: { type: "string" }, workers: { type: "string" }, json: { type: "boolean" } };

describe("parse", () => {
  it("joins a repeated list option with commas and keeps a negative number as a value", () => {
    expect(parse(["--domain", "a", "--domain=b", "--workers", "-1", "x"], OPTIONS)).toEqual({ values: { domain: "a,b", workers: "-1" }, positionals: ["x"] });
  });

  it("turns parseArgs's complaints into one usage line", () => {
    expect(() => parse(["--domian", "a"], OPTIONS)).toThrow(new UsageError("unknown option '--domian'; did you mean '--domain'? (--help lists the options)"));
    expect(() => parse(["x"], OPTIONS, false)).toThrow(new UsageError("unexpected argument 'x': this command takes options only (--help lists them)"));
    expect(() => parse(["--workers"], OPTIONS)).toThrow(new UsageError("--workers needs a value"));
    expect(() => parse(["--json=yes"], OPTIONS)).toThrow(new UsageError("--json takes no value"));
  });
});

describe("splitScenarioArgs", () => {
  it("collects names up to the next flag, split on commas", () => {
    expect(splitScenarioArgs(["--scenarios", "a,b", "c", "--json", "--scenarios", "d"])).toEqual({ rest: ["--json"], scenarios: ["a", "b", "c", "d"] });
    expect(splitScenarioArgs(["--json"])).toEqual({ rest: ["--json"], scenarios: undefined });
    expect(() => splitScenarioArgs(["--scenarios", "--json"])).toThrow(new UsageError("--scenarios needs at least one scenario name"));
  });
});

describe("parseDate", () => {
  it("accepts a real calendar date only", () => {
    expect(parseDate(undefined, "--today")).toBeUndefined();
    expect(parseDate("2024-02-29", "--today")).toBe("2024-02-29");
    expect(() => parseDate("2025-02-29", "--today")).toThrow(new UsageError("--today expects a real date as YYYY-MM-DD, got '2025-02-29'"));
    expect(() => parseDate("2025-2-1", "--today")).toThrow(UsageError);
  });
});

describe("parseIntFlag", () => {
  it("accepts a decimal integer in range and refuses the rest", () => {
    expect(parseIntFlag("16", "--workers", 1, 256)).toBe(16);
    expect(parseIntFlag(undefined, "--workers", 1)).toBeUndefined();
    for (const bad of ["0", "257", "1e3", "0x10", "2.5", "12345678901234567"]) {
      expect(() => parseIntFlag(bad, "--workers", 1, 256), bad).toThrow(new UsageError(`--workers expects an integer from 1 to 256, got '${bad}'`));
    }
    expect(() => parseIntFlag("-1", "--seed", 0)).toThrow(new UsageError("--seed expects an integer >= 0, got '-1'"));
  });
});
