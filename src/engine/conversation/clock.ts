/**
 * Virtual time. A conversation's clock advances by what would take time in a
 * voice call (speaking, tool latency), never by the machine's clock.
 */
export interface VirtualClock {
  now(): number;
  advance(seconds: number): void;
}

export function createVirtualClock(start = 0): VirtualClock {
  let t = start;
  return {
    now: () => t,
    advance: (s) => {
      t = Math.round((t + s) * 1000) / 1000;
    },
  };
}

/** Speaking time at about 150 words a minute, plus a short turn gap. */
export function speakingSeconds(text: string): number {
  const words = text.trim() === "" ? 0 : text.trim().split(/\s+/).length;
  return 0.5 + words * 0.4;
}

export const TOOL_CALL_SECONDS = 0.3;
