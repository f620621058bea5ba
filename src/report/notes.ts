/**
 * Lines the report shows for what a run's plain verdicts do not say: what a
 * model's reply held beyond what was spoken (`model_reply` transcript events:
 * thinking, a reply cut by its length, a refusal), and, for an imported run,
 * the source harness's verdict beside evalsim's.
 */
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";

/** One line for a `model_reply` event: what was unusual about the reply. */
export function replyNote(e: JsonObject): string {
  const parts: string[] = [];
  const finish = e["finish_reason"];
  if (finish === "length") parts.push("cut off at its length limit (finish_reason length)");
  else if (typeof finish === "string") parts.push(`finish_reason ${finish}`);
  if (e["only_thinking"] === true) parts.push("only thinking: nothing said, no tool call");
  if (typeof e["thinking"] === "string") parts.push(`thinking, not spoken (${e["thinking"].length} characters)`);
  if (typeof e["reasoning"] === "string") parts.push(`reasoning, not spoken (${e["reasoning"].length} characters)`);
  if (typeof e["refusal"] === "string") parts.push("a refusal");
  if (typeof e["choices"] === "number") parts.push(`${e["choices"]} choices, the first used`);
  if (typeof e["tool_calls_in_text"] === "string") parts.push(`tool calls written as text (${e["tool_calls_in_text"]}), not run`);
  return `${String(e["side"] ?? "?")} model reply: ${parts.length > 0 ? parts.join("; ") : "noted"}`;
}

/** The transcript's events, each `model_reply` with its line (`note`). */
export function withReplyNotes(events: readonly JsonValue[]): JsonValue[] {
  return events.map((e) => (isJsonObject(e) && e["type"] === "model_reply" ? { ...e, note: replyNote(e) } : e));
}

const verdictText = (v: JsonValue | undefined): string => (v === true ? "passed" : v === false ? "failed" : v === "N/A" ? "N/A" : "no verdict");

export interface ImportedView {
  readonly agrees: boolean | null;
  readonly text: string;
}

/** For a scenario of an imported run (`metrics.imported`): the source's verdict beside evalsim's, or null. */
export function importedView(metrics: JsonObject): ImportedView | null {
  const imp = metrics["imported"];
  if (!isJsonObject(imp)) return null;
  const agrees = typeof imp["agrees"] === "boolean" ? imp["agrees"] : null;
  const evalsim = verdictText(metrics["is_successful"]);
  const source = verdictText(imp["source_verdict"]);
  const from = `imported from ${String(imp["format"] ?? "?")} (${String(imp["source"] ?? "?")})`;
  const verdicts = agrees === false ? `the source harness says ${source}, evalsim ${evalsim}: they disagree` : agrees === true ? `the source harness and evalsim agree: ${evalsim}` : "the source recorded no verdict";
  const reason = typeof imp["source_reason"] === "string" ? ` (the source's reason: ${imp["source_reason"]})` : "";
  return { agrees, text: `${from}: ${verdicts}${reason}` };
}
