import { describe, expect, it } from "vitest";
import { EXIT, UsageError } from "../../src/cli/io.js";

describe("exit codes", () => {
  it("are the ones docs/commands.md documents", () => {
    expect(EXIT).toEqual({ ok: 0, failed: 1, usage: 2, endpointGone: 3, interrupted: 130, terminated: 143 });
  });
});

describe("UsageError", () => {
  it("is an Error named UsageError carrying the one line to show", () => {
    const e = new UsageError("--trials expects an integer");
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("UsageError");
    expect(e.message).toBe("--trials expects an integer");
  });
});
