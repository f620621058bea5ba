import { describe, expect, it } from "vitest";
import { extractGlobals, globalOptionsHelp } from "../../src/cli/global-options.js";
import { UsageError } from "../../src/cli/io.js";

describe("extractGlobals", () => {
  it("takes global options out wherever they stand, up to --", () => {
    expect(extractGlobals(["--data-root", "/d", "gold", "--debug", "--domains=./a.js", "--domains", "./b.js", "--json", "--", "--debug"])).toEqual({
      globals: { "data-root": "/d", debug: true, domains: ["./a.js", "./b.js"] },
      rest: ["gold", "--json", "--", "--debug"],
    });
  });

  it("refuses a missing, empty or unexpected value", () => {
    expect(() => extractGlobals(["--data-root"])).toThrow(new UsageError("--data-root needs a value (--data-root DIR)"));
    expect(() => extractGlobals(["--data-root", "--debug"])).toThrow(new UsageError("--data-root needs a value (--data-root DIR)"));
    expect(() => extractGlobals(["--data-root="])).toThrow(new UsageError("--data-root needs a non-empty value (--data-root DIR)"));
    expect(() => extractGlobals(["--debug=yes"])).toThrow(new UsageError("--debug takes no value"));
  });
});

describe("globalOptionsHelp", () => {
  it("lists every global option in an aligned column, then help and version", () => {
    const lines = globalOptionsHelp().split("\n");
    expect(lines.map((l) => l.trim().split(/\s{2,}/)[0])).toEqual(["--data-root DIR", "--debug", "--max-input-mb N", "--domains MODULE", "--no-builtin", "--help, -h", "--version"]);
    // "--data-root DIR", "--max-input-mb N" and "--domains MODULE" are the widest usages (16): every help starts at column 20.
    for (const line of lines) expect(line.slice(18, 21), line).toMatch(/^  \S$/);
  });
});
