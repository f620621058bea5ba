/** Options every section sees. */
export interface BenchContext {
  /** Fewer samples, for a quick look; the README numbers come from a full run. */
  readonly quick: boolean;
  /** Run `npm run build` before timing the CLI (otherwise `dist/` is used as it is). */
  readonly build: boolean;
  /** The llm section measures `--max-concurrency 1` on every scenario (minutes) instead of a tenth of them. */
  readonly fullSerial?: boolean;
}
