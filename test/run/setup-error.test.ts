import { describe, expect, it } from "vitest";
import { RunInterruptedError, RunSetupError } from "../../src/run/setup-error.js";

describe("RunSetupError", () => {
  it("is an Error named for the CLI's exit-2 branch, with the message as given", () => {
    const e = new RunSetupError("--trials: expected a positive integer");
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("RunSetupError");
    expect(e.message).toBe("--trials: expected a positive integer");
  });
});

describe("RunInterruptedError", () => {
  it("carries the cause's message and the cause, and by default resumes with run --resume DIR", () => {
    const cause = new Error("ENOSPC: no space left on device");
    const e = new RunInterruptedError("/runs/eval_1", cause);
    expect(e.name).toBe("RunInterruptedError");
    expect(e.message).toBe("ENOSPC: no space left on device");
    expect(e.cause).toBe(cause);
    expect(e.runDir).toBe("/runs/eval_1");
    expect(e.resumeArgs).toEqual(["run", "--resume", "/runs/eval_1"]);
  });

  it("takes a thrown non-Error's text, and keeps resume arguments given to it", () => {
    const e = new RunInterruptedError("/r", "lost", ["run", "--resume", "/r", "--plugin", "./shop.js"]);
    expect(e.message).toBe("lost");
    expect(e.resumeArgs).toEqual(["run", "--resume", "/r", "--plugin", "./shop.js"]);
  });
});
