/** What `run` and `check` share: run-engine errors as the CLI reports them, the summary text. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SUMMARY_TEXT_FILE } from "../../run/layout.js";
import { RunLockedError } from "../../run/run-lock.js";
import { RunInterruptedError, RunSetupError } from "../../run/run-setup-error.js";
import { RunStoppedError } from "../errors.js";
import { UsageError } from "../io.js";

/** A run that cannot start as asked is bad usage (exit 2); one that failed midway says how to resume (exit 1). */
export async function runErrorsAsUsage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RunSetupError || e instanceof RunLockedError) throw new UsageError(e.message);
    if (e instanceof RunInterruptedError) {
      const stopped = new RunStoppedError(e.message, e.runDir);
      stopped.cause = e.cause;
      throw stopped;
    }
    throw e;
  }
}

export function summaryText(runDir: string): string {
  return readFileSync(join(runDir, SUMMARY_TEXT_FILE), "utf8");
}
