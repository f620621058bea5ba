/**
 * Another harness's run as `evalsim import` reads it: per scenario, the
 * recorded tool calls and the source's own verdict and DB hash.
 */
import type { ToolCall } from "../engine/types.js";

/** The harnesses whose runs `evalsim import` reads. */
export const IMPORT_FORMATS = ["nemo", "tau2", "eva"] as const;
/** One of `IMPORT_FORMATS`. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How a recording names its scenario: evalsim's own name, or a bucket and the upstream task id. */
export type ScenarioKey = { readonly name: string } | { readonly bucket: string; readonly upstreamId: string };

export interface SourceScenario {
  /** The scenario's name in the source (NeMo scenario, tau2 task id, eva record id), for messages. */
  readonly sourceName: string;
  readonly key: ScenarioKey;
  readonly calls: readonly ToolCall[];
  /** The source's own verdict: NeMo `is_successful`, tau2 reward == 1; null when the source records none. */
  readonly verdict: boolean | "N/A" | null;
  /** The source's final DB hash, as the source computed it; null when it records none. */
  readonly hash: string | null;
  /** Why the source failed it, when it says (NeMo: the failed signals of its success_breakdown). */
  readonly reason?: string;
}

export interface SourceRun {
  readonly format: ImportFormat;
  readonly scenarios: readonly SourceScenario[];
}

/** Bad input to import: one line naming the path and what was expected. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}
