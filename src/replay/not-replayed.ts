/**
 * A replayed recording is never cut short in silence: when a conversation
 * limit stops the replay agent before its recorded calls are spent, the
 * scenario's metrics.json says how many were left out (this key, written
 * only then), and the run, the reason line and an import's disagreement line
 * print this phrase.
 */
export const NOT_REPLAYED_KEY = "recorded_calls_not_replayed";

export function notReplayedText(calls: number, stopReason: string): string {
  return `${calls} recorded call${calls === 1 ? "" : "s"} not replayed (the conversation stopped by ${stopReason})`;
}
