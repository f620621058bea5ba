/** A Python exception raised while compiling an expression: its type and `str(exc)`. */
export class CompileError extends Error {
  constructor(
    readonly pyType: "SyntaxError" | "MemoryError",
    readonly pyMessage: string,
  ) {
    super(`${pyType}: ${pyMessage}`);
  }
}

/** A SyntaxError as `str()` shows it for `eval` input. */
export function syntaxError(message: string, line: number): CompileError {
  return new CompileError("SyntaxError", `${message} (<string>, line ${line})`);
}
