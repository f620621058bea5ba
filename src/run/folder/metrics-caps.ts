/**
 * Caps on the metrics files. A scenario's `turns` repeat every utterance, so a
 * model that talks in megabytes makes `metrics.json` (and every run-level file
 * that gathers them) as large as its transcript. Past a cap the turns are left
 * out, with a note saying how many and where they are (`transcript.jsonl`);
 * every verdict, signal and count stays. The suites' metrics are a few KB.
 */
import { toJsonText } from "../../json/stringify.js";
import type { JsonObject, JsonValue } from "../../json/types.js";

/** A scenario's `metrics.json`. */
export const MAX_METRICS_BYTES = 8_000_000;

/** One scenario's entry in `all_metrics.json` (so the file is at most this times the trials, plus a little). */
export const MAX_METRICS_ENTRY_BYTES = 1_000_000;

/** `metrics` as JSON text (indent 2), with its turns left out when the text would be over `cap` bytes. */
export function cappedMetricsText(metrics: JsonObject, cap: number, where: string): string {
  const text = toJsonText(metrics, 2);
  const turns = metrics["turns"];
  if (Buffer.byteLength(text) <= cap || !Array.isArray(turns)) return text;
  return toJsonText(withoutTurns(metrics, turns, text, cap, where), 2);
}

/** The metrics of every scenario as one JSON text (indent 2), each entry held to `entryCap` bytes. */
export function cappedAllMetricsText(all: readonly JsonObject[], entryCap: number): string {
  return toJsonText(
    all.map((m): JsonValue => {
      const turns = m["turns"];
      if (!Array.isArray(turns)) return m;
      const text = toJsonText(m, 2);
      return Buffer.byteLength(text) <= entryCap ? m : withoutTurns(m, turns, text, entryCap, "a scenario's entry in all_metrics.json");
    }),
    2,
  );
}

function withoutTurns(metrics: JsonObject, turns: readonly JsonValue[], text: string, cap: number, where: string): JsonObject {
  return {
    ...metrics,
    turns: [],
    turns_omitted: {
      turns: turns.length,
      bytes: Buffer.byteLength(text),
      reason: `the metrics are over the cap of ${cap} bytes for ${where}; the scenario's transcript.jsonl holds every turn`,
    },
  };
}
