/**
 * SIGINT / SIGTERM during a run: the first stops the starting of scenarios
 * and gives those in flight a grace period; a second one (or the end of the
 * grace period) abandons them. The run then writes its run-level files and
 * the command exits 130 / 143 with the resume command.
 */
import type { RunControl } from "../../run/control.js";
import type { CliIo } from "../io.js";

export const GRACE_SECONDS = 10;

export async function withStopSignals<T>(control: RunControl, io: CliIo, fn: () => Promise<T>): Promise<T> {
  const on = (signal: "SIGINT" | "SIGTERM") => (): void => {
    if (control.stopped) {
      io.err(`\n${signal} again: abandoning the scenarios in flight\n`);
      control.abandon();
      return;
    }
    control.stop(signal, `${signal} received`, GRACE_SECONDS * 1000);
    io.err(`\n${signal}: no new scenarios start; those in flight get ${GRACE_SECONDS} s to finish (${signal === "SIGINT" ? "Ctrl-C" : "the signal"} again abandons them)\n`);
  };
  const onInt = on("SIGINT");
  const onTerm = on("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  try {
    return await fn();
  } finally {
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
    // Abandoned conversations may still hold the event loop (an open request); they must not keep the process alive.
    if (control.abandoned) setImmediate(() => process.exit());
  }
}
