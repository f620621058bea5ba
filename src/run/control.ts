/**
 * Stopping a run from outside the job loop (a signal, or the endpoint gone):
 * `stop` ends the starting of scenarios, and in-flight ones may finish within
 * a grace period; `abandon` (a second signal, or the grace period over) stops
 * waiting for them, and their results are not written. The timer is
 * injected, so tests decide when a grace period ends.
 */
import type { StopCause } from "./events.js";

/** Stops a run from outside (a signal, a failing endpoint): no new scenario starts, those in flight finish or are abandoned. */
export interface RunControl {
  readonly stopped: { readonly cause: StopCause; readonly message: string } | undefined;
  readonly abandoned: boolean;
  /** Resolves when the run is abandoned. */
  readonly whenAbandoned: Promise<void>;
  /** Stop starting scenarios; with `graceMs`, abandon the in-flight ones after that long. Later calls only abandon. */
  stop(cause: StopCause, message: string, graceMs?: number): void;
  abandon(): void;
  /** Called once on the first stop. */
  onStop(listener: (cause: StopCause, message: string) => void): void;
}

export type SetTimer = (ms: number, fire: () => void) => { cancel(): void };

const realTimer: SetTimer = (ms, fire) => {
  const t = setTimeout(fire, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
};

/** A control for one run. */
export function createRunControl(setTimer: SetTimer = realTimer): RunControl {
  let stopped: RunControl["stopped"];
  let abandoned = false;
  let timer: { cancel(): void } | undefined;
  let resolveAbandoned = (): void => undefined;
  const whenAbandoned = new Promise<void>((r) => (resolveAbandoned = r));
  const listeners: ((cause: StopCause, message: string) => void)[] = [];
  const control: RunControl = {
    get stopped() {
      return stopped;
    },
    get abandoned() {
      return abandoned;
    },
    whenAbandoned,
    stop(cause, message, graceMs) {
      if (stopped) {
        control.abandon();
        return;
      }
      stopped = { cause, message };
      for (const l of listeners) l(cause, message);
      if (graceMs !== undefined) timer = setTimer(graceMs, () => control.abandon());
    },
    abandon() {
      if (abandoned) return;
      abandoned = true;
      timer?.cancel();
      resolveAbandoned();
    },
    onStop(listener) {
      listeners.push(listener);
    },
  };
  return control;
}
