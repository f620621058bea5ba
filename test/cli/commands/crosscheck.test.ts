import { describe, expect, it } from "vitest";
import { crosscheckCommand } from "../../../src/cli/commands/crosscheck.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";

const run = (argv: string[]): Promise<number> => crosscheckCommand(argv, commandContext());

describe("evalsim crosscheck: its options", () => {
  it("requires --reference", async () => {
    await expect(run(["--quick"])).rejects.toThrow(new UsageError("--reference CHECKOUT is required: the root of a labs-Voice-Agent checkout"));
  });

  it("--seeds takes comma-separated non-negative integers", async () => {
    await expect(run(["--reference", "/nowhere", "--seeds", "1,x"])).rejects.toThrow(new UsageError("--seeds: expected comma-separated non-negative integers, got '1,x'"));
    await expect(run(["--reference", "/nowhere", "--seeds", "-1"])).rejects.toThrow(UsageError);
  });

  it("--only names known families", async () => {
    await expect(run(["--reference", "/nowhere", "--only", "gold,audio"])).rejects.toThrow(new UsageError("--only: unknown family 'audio' (expected gold, calls, delivery, scoring, surface)"));
  });

  it("a missing prerequisite is bad usage, one line", async () => {
    await expect(run(["--reference", "/nowhere", "--python", "/nonexistent/python3"])).rejects.toThrow(new UsageError("--reference /nowhere: no such folder"));
  });

  it("the reference's deadlines are whole seconds a timer holds", async () => {
    await expect(run(["--reference", "/nowhere", "--reference-timeout", "0"])).rejects.toThrow(new UsageError("--reference-timeout expects an integer from 1 to 2147483, got '0'"));
    await expect(run(["--reference", "/nowhere", "--reference-start-timeout", "1.5"])).rejects.toThrow(new UsageError("--reference-start-timeout expects an integer from 1 to 2147483, got '1.5'"));
  });

  it("an unknown option is refused", async () => {
    await expect(run(["--reference", "/nowhere", "--fast"])).rejects.toThrow(UsageError);
  });
});
