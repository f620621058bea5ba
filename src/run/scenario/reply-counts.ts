/**
 * Counts of the model replies a transcript notes (`model_reply` events):
 * per scenario in metrics.json `model_replies`, and for the run in
 * summary.json and the console summary. Absent when no reply was noted, so
 * runs whose models never think, never cut off and call tools properly keep
 * their files as they were.
 *
 * - `with_thinking`: replies with thinking (think tokens or a reasoning field);
 * - `only_thinking`: of those, replies with nothing spoken and no tool call:
 *   dead air on a voice line;
 * - `tool_calls_in_text`: replies that wrote their tool calls as text (the
 *   server's tool-call parser is off), spoken as they are and never run;
 * - `cut_off`: replies that ended on `finish_reason: "length"`;
 * - `refusals`: replies with `refusal` set.
 */
import type { TranscriptEvent } from "../../engine/conversation/types.js";
import type { JsonObject } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import { PARSER_FOR, TEXT_TOOL_CALL_FORMATS } from "../../llm/text-tool-calls.js";
import type { TextToolCallFormat } from "../../llm/text-tool-calls.js";

const COUNTS = ["with_thinking", "only_thinking", "tool_calls_in_text", "cut_off", "refusals"] as const;
type Counts = Record<(typeof COUNTS)[number], number> & { tool_call_forms?: Partial<Record<TextToolCallFormat, number>> };

const zero = (): Counts => ({ with_thinking: 0, only_thinking: 0, tool_calls_in_text: 0, cut_off: 0, refusals: 0 });

/** A scenario's counts per side, or undefined when its transcript notes no reply. */
export function countReplies(transcript: readonly TranscriptEvent[]): JsonObject | undefined {
  const out: Partial<Record<"agent" | "user", Counts>> = {};
  for (const e of transcript) {
    if (e.type !== "model_reply") continue;
    const c = (out[e.side] ??= zero());
    if (e.thinking !== undefined || e.reasoning !== undefined) c.with_thinking++;
    if (e.only_thinking) c.only_thinking++;
    if (e.finish_reason === "length") c.cut_off++;
    if (e.refusal !== undefined) c.refusals++;
    if (e.tool_calls_in_text !== undefined) {
      c.tool_calls_in_text++;
      const forms = (c.tool_call_forms ??= {});
      forms[e.tool_calls_in_text] = (forms[e.tool_calls_in_text] ?? 0) + 1;
    }
  }
  return Object.keys(out).length > 0 ? (out) : undefined;
}

/** The run's counts, summed over its scenarios' metrics; undefined when none has any. */
export function totalReplies(all: readonly JsonObject[]): JsonObject | undefined {
  const out: Partial<Record<"agent" | "user", Counts>> = {};
  for (const m of all) {
    const per = m["model_replies"];
    if (!isJsonObject(per)) continue;
    for (const side of ["agent", "user"] as const) {
      const s = per[side];
      if (!isJsonObject(s)) continue;
      const c = (out[side] ??= zero());
      for (const k of COUNTS) c[k] += typeof s[k] === "number" ? s[k] : 0;
      const forms = s["tool_call_forms"];
      if (isJsonObject(forms)) {
        for (const f of TEXT_TOOL_CALL_FORMATS) if (typeof forms[f] === "number") (c.tool_call_forms ??= {})[f] = (c.tool_call_forms?.[f] ?? 0) + forms[f];
      }
    }
  }
  return Object.keys(out).length > 0 ? (out) : undefined;
}

/** The console summary's lines about the run's replies (none when there is nothing to say). */
export function formatReplies(totals: JsonObject | undefined): string[] {
  if (!totals) return [];
  const lines: string[] = [];
  for (const side of ["agent", "user"] as const) {
    const c = totals[side] as unknown as Counts | undefined;
    if (!c) continue;
    if (c.with_thinking > 0) lines.push(`${side} thinking: ${c.with_thinking} replies had thinking, ${c.only_thinking} were only thinking (nothing spoken)`);
    if (c.tool_calls_in_text > 0) {
      const forms = Object.entries(c.tool_call_forms ?? {}).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]));
      const top = (forms[0]?.[0] ?? "json") as TextToolCallFormat;
      lines.push(`the ${side} endpoint returned tool calls as text in ${c.tool_calls_in_text} replies: start vLLM with --enable-auto-tool-choice --tool-call-parser ${PARSER_FOR[top]}`);
    }
    if (c.cut_off > 0) lines.push(`${side}: ${c.cut_off} replies were cut off (finish_reason "length": raise max_tokens / max_completion_tokens)`);
    if (c.refusals > 0) lines.push(`${side}: ${c.refusals} replies were refusals`);
  }
  return lines.length > 0 ? ["", ...lines] : [];
}
