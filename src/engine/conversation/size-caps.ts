/**
 * Caps on what a conversation holds, so one runaway tool (a huge fixture
 * listed whole) or one runaway reply cannot fill the memory or the disk. The
 * defaults are far above anything the suites produce (their largest tool
 * result is a few KB), so they change nothing a normal run shows the model.
 */
import { toJsonText } from "../../json/stringify.js";
import type { ToolResult } from "../types.js";

/** A tool result whose JSON text is larger errors the scenario; the model is never shown a cut result. */
export const MAX_TOOL_RESULT_BYTES = 1_000_000;

/** Bytes of a result's JSON text when it is over `cap`, else undefined (cheap for small results). */
export function oversizeResult(result: ToolResult, cap: number): number | undefined {
  if (typeof result === "string" && result.length * 6 + 2 <= cap) return undefined;
  const bytes = Buffer.byteLength(toJsonText(result));
  return bytes > cap ? bytes : undefined;
}

/** What stands in the transcript for a result over the cap. */
export function omittedResult(bytes: number, cap: number): ToolResult {
  return { evalsim_omitted: `a tool result of ${bytes} bytes, over the cap of ${cap} bytes for tool results` };
}

/** A transcript file stops at this size, with a last line saying how much was left out. */
export const MAX_TRANSCRIPT_BYTES = 64_000_000;

/**
 * The JSON-lines text of `events` (one JSON text each), kept under `cap`
 * bytes: past it, one `{"type": "omitted", ...}` line counts what is left out.
 */
export function cappedLines(lines: Iterable<string>, cap: number = MAX_TRANSCRIPT_BYTES): string {
  const kept: string[] = [];
  let bytes = 0;
  let omitted = 0;
  let omittedBytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (omitted === 0 && bytes + size <= cap) {
      kept.push(line);
      bytes += size;
    } else {
      omitted++;
      omittedBytes += size;
    }
  }
  if (omitted > 0) kept.push(toJsonText({ type: "omitted", events: omitted, bytes: omittedBytes, reason: `the transcript is over its cap of ${cap} bytes` }));
  return kept.join("\n") + "\n";
}
