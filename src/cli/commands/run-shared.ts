/** What `run` and `check` share: run-engine errors as the CLI reports them, the summary text. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SUMMARY_TEXT_FILE } from "../../run/layout.js";
import { RunLockedError } from "../../run/folder/lock.js";
import { RunInterruptedError, RunSetupError } from "../../run/setup-error.js";
import { RunStoppedError } from "../errors.js";
import type { CliIo } from "../io.js";
import { EXIT, UsageError } from "../io.js";
import type { SuiteResult } from "../../run/suite.js";
import { commandLine } from "../../run/resume-command.js";

export { shellWord } from "../../run/resume-command.js";

/** A run that cannot start as asked is bad usage (exit 2); one that failed midway says how to resume (exit 1). */
export async function runErrorsAsUsage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RunSetupError || e instanceof RunLockedError) throw new UsageError(e.message);
    if (e instanceof RunInterruptedError) {
      const stopped = new RunStoppedError(e.message, e.runDir, { resumeCommand: commandLine(e.resumeArgs) });
      stopped.cause = e.cause;
      throw stopped;
    }
    throw e;
  }
}

export function summaryText(runDir: string): string {
  return readFileSync(join(runDir, SUMMARY_TEXT_FILE), "utf8");
}

/** A run that stopped before every scenario ran: the resume command on stderr, and its exit code (130 SIGINT, 143 SIGTERM, 3 endpoint gone); undefined when it did not stop. */
export function stoppedExit(result: SuiteResult, io: CliIo, command: string): number | undefined {
  const { stopped } = result;
  if (!stopped) return undefined;
  io.err(`evalsim ${command}: stopped (${stopped.message}); finished scenarios are kept. Continue with:\n  ${commandLine(result.resumeArgs)}\n`);
  return stopped.cause === "SIGINT" ? EXIT.interrupted : stopped.cause === "SIGTERM" ? EXIT.terminated : EXIT.endpointGone;
}
