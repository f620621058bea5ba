/**
 * Recorded tool calls as the formats evalsim reads hand them over: each call
 * with the result the recording says it got, when it says.
 */
import type { NameSpace } from "../../engine/toolbox.js";
import type { ToolCall } from "../../engine/types.js";
import type { JsonValue } from "../../json/types.js";

/** The recordings evalsim reads, by the name it prints for them. */
export const CALL_FORMATS = [
  "evalsim call list",
  "evalsim transcript.jsonl",
  "OpenAI messages",
  "eva audit_log.json",
  "NeMo llm_context.json",
  "tau2 simulation messages",
] as const;
/** The recording formats `evalsim replay` and `--agent replay` read. */
export type CallsFormat = (typeof CALL_FORMATS)[number];

/**
 * What a recording says a call returned: the text the model read (chat
 * formats), or the result value itself (evalsim transcripts).
 */
export type RecordedResult = { readonly text: string } | { readonly value: JsonValue };

export interface RecordedCall extends ToolCall {
  readonly recorded?: RecordedResult;
}

/** A recording read: its format, its calls (with the recorded results where it has them) and which tool names it uses. */
export interface ParsedCalls {
  readonly format: CallsFormat;
  readonly calls: RecordedCall[];
  /** Chat transcripts of pipecat bots hold model calls (LLM names only); other recordings may use record names. */
  readonly names: NameSpace;
}

/** A `--calls` file that is not a recording evalsim reads, named with the JSON path of the problem. */
export class CallsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallsFileError";
  }
}
