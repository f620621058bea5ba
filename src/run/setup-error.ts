/** A run that cannot start as asked (bad options, a folder that is not a run, a locked folder); the CLI exits 2. */
export class RunSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RunSetupError";
  }
}

/**
 * A run that failed after its folder was opened: what is written is kept, and
 * `resumeArgs` (`run --resume runDir` with the run's inputs and the plugin
 * modules its domains came from) finishes it.
 */
export class RunInterruptedError extends Error {
  constructor(
    readonly runDir: string,
    cause: unknown,
    readonly resumeArgs: readonly string[] = ["run", "--resume", runDir],
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "RunInterruptedError";
  }
}
