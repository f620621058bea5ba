/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isTty: boolean;
  /** Width of the terminal stderr is, when it is one (the progress line fits it). */
  readonly columns?: number | undefined;
  /** Width of the terminal stdout is, when it is one (lists wrap to it); undefined for a pipe or file. */
  readonly outColumns?: number | undefined;
  readStdin(): string;
  /** Wall-clock time; used only to name a new run folder and to show progress. */
  now(): Date;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Exit codes used everywhere. */
export const EXIT = { ok: 0, failed: 1, usage: 2, endpointGone: 3, interrupted: 130, terminated: 143 } as const;
