import { describe, expect, it } from "vitest";
import { runErrorsAsUsage, shellWord, stoppedExit } from "../../../src/cli/commands/run-shared.js";
import { RunStoppedError } from "../../../src/cli/errors.js";
import { UsageError, type CliIo } from "../../../src/cli/io.js";
import { RunInterruptedError, RunSetupError } from "../../../src/run/setup-error.js";
import type { SuiteResult } from "../../../src/run/suite.js";

describe("shellWord", () => {
  it("quotes a word only when a POSIX shell would split or expand it", () => {
    expect(shellWord("out/eval_1")).toBe("out/eval_1");
    expect(shellWord("--scenarios=a,b")).toBe("--scenarios=a,b");
    expect(shellWord("my run")).toBe("'my run'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord("$HOME")).toBe("'$HOME'");
  });
});

describe("runErrorsAsUsage", () => {
  it("makes a run that cannot start bad usage", async () => {
    await expect(runErrorsAsUsage(() => Promise.reject(new RunSetupError("--trials 0")))).rejects.toEqual(new UsageError("--trials 0"));
  });

  it("makes a run that failed midway say how to resume it", async () => {
    const cause = new Error("disk full");
    const err = await runErrorsAsUsage(() => Promise.reject(new RunInterruptedError("/r/my run", cause, ["run", "--resume", "/r/my run"]))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunStoppedError);
    expect((err as RunStoppedError).resumeCommand).toBe("evalsim run --resume '/r/my run'");
    expect((err as RunStoppedError).cause).toBe(cause);
  });

  it("passes a result and any other error through", async () => {
    expect(await runErrorsAsUsage(() => Promise.resolve(7))).toBe(7);
    const bug = new TypeError("bug");
    await expect(runErrorsAsUsage(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe("stoppedExit", () => {
  const io = (): CliIo & { errText: string } => {
    const out = { errText: "" } as CliIo & { errText: string };
    return Object.assign(out, { out: () => undefined, err: (t: string) => void (out.errText += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) });
  };
  const result = (cause: string | undefined) => ({ stopped: cause === undefined ? undefined : { cause, message: `${cause} received` }, resumeArgs: ["run", "--resume", "out/r"] }) as unknown as SuiteResult;

  it("is undefined for a run that finished", () => {
    expect(stoppedExit(result(undefined), io(), "run")).toBeUndefined();
  });

  it("exits 130, 143 or 3 by the cause, printing the resume command", () => {
    const i = io();
    expect(stoppedExit(result("SIGINT"), i, "run")).toBe(130);
    expect(i.errText).toBe("evalsim run: stopped (SIGINT received); finished scenarios are kept. Continue with:\n  evalsim run --resume out/r\n");
    expect(stoppedExit(result("SIGTERM"), io(), "run")).toBe(143);
    expect(stoppedExit(result("endpoint"), io(), "check")).toBe(3);
  });
});
