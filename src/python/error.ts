/** A Python exception: `pyType` is its class name, `message` is `str(exc)`. */
export class PyError extends Error {
  constructor(
    readonly pyType: "KeyError" | "TypeError" | "ValueError" | "AttributeError" | "IndexError" | "OverflowError",
    message: string,
  ) {
    super(message);
    // The class name doubles as the Python exception type, so generic
    // `${e.name}: ${e.message}` formatting prints what Python prints.
    this.name = pyType;
  }
}

/** `"<ExceptionType>: <message>"`, as the reference formats caught exceptions. */
export function describeException(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return `Exception: ${String(e)}`;
}
