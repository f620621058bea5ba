/** Inputs that cannot be merged (different options, conflicting folders, a bad output folder); the CLI exits 2. */
export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MergeError";
  }
}
