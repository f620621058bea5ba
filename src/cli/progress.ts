/**
 * The one-line progress display of a run on a terminal (stderr): how many
 * scenario trials are done, which are in flight, the failures so far and a
 * smoothed ETA. It is redrawn on each run event and writes nothing when
 * stderr is not a terminal, so logs and the run folder never depend on it.
 */
import type { RunEvent } from "../run/events.js";

export interface ProgressOptions {
  readonly write: (text: string) => void;
  /** False: the display writes nothing (not a terminal, or --json). */
  readonly enabled: boolean;
  /** Milliseconds; injected so the ETA can be tested. */
  readonly now: () => number;
  /** Terminal width; the line is cut to fit. */
  readonly columns?: number | undefined;
}

export interface Progress {
  /** Feed every run event here. */
  event(e: RunEvent): void;
  /** Print a message on its own line, keeping the display below it. */
  log(text: string): void;
  /** End the display (its last state stays on screen). */
  finish(): void;
}

/** Weight of the newest completion interval in the smoothed per-trial time. */
const SMOOTHING = 0.3;
const BAR = 20;
const DEFAULT_COLUMNS = 100;

/** `75s`, `3m05s`, `2h07m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * Completions in a row are spaced by the time a trial takes divided by how
 * many run at once, so the smoothed spacing times what is left is the ETA;
 * it counts down between completions.
 */
export class EtaEstimator {
  private last: number;
  private spacing: number | undefined;
  constructor(start: number) {
    this.last = start;
  }
  completed(at: number): void {
    const gap = Math.max(0, at - this.last);
    this.spacing = this.spacing === undefined ? gap : SMOOTHING * gap + (1 - SMOOTHING) * this.spacing;
    this.last = at;
  }
  /** Seconds left for `remaining` more completions, or undefined before the first. */
  secondsLeft(remaining: number, at: number): number | undefined {
    if (this.spacing === undefined) return undefined;
    return Math.max(0, (this.spacing * remaining - (at - this.last)) / 1000);
  }
}

const label = (j: { scenario: string; trial: number }, trials: boolean): string => (trials ? `${j.scenario}#${j.trial}` : j.scenario);

export function createProgress(opts: ProgressOptions): Progress {
  const { write, enabled, now } = opts;
  const columns = Math.max(40, opts.columns ?? DEFAULT_COLUMNS);
  let total = 0;
  let done = 0;
  let failed = 0;
  let errored = 0;
  let planned = false;
  let shown = false;
  let stopping: string | undefined;
  const inFlight = new Map<string, { scenario: string; trial: number }>();
  let trials = false;
  const eta = new EtaEstimator(now());

  const line = (): string => {
    const filled = total === 0 ? BAR : Math.round((done / total) * BAR);
    const left = eta.secondsLeft(total - done, now());
    const parts = [
      `[${"#".repeat(filled)}${".".repeat(BAR - filled)}] ${done}/${total}`,
      failed + errored === 0 ? "no failures" : [failed > 0 ? `${failed} failed` : "", errored > 0 ? `${errored} errored` : ""].filter(Boolean).join(", "),
      stopping ?? (done === total ? "done" : `eta ${left === undefined ? "?" : formatDuration(left)}`),
    ];
    let text = parts.join(" | ");
    if (inFlight.size > 0) {
      // As many names as fit, then "+N" for the rest; only the count when not even one fits.
      const names = [...inFlight.values()].map((j) => label(j, trials));
      const head = `${inFlight.size} in flight`;
      const room = columns - 1 - text.length - 3;
      let list = "";
      let listed = 0;
      for (const name of names) {
        const next = `${list}${listed > 0 ? ", " : ": "}${name}`;
        const rest = names.length - listed - 1;
        if ((head + next + (rest > 0 ? ` +${rest}` : "")).length > room) break;
        list = next;
        listed++;
      }
      const rest = names.length - listed;
      text += ` | ${head}${list}${listed > 0 && rest > 0 ? ` +${rest}` : ""}`;
    }
    return text.length > columns - 1 ? `${text.slice(0, columns - 2)}…` : text;
  };
  const render = (): void => {
    if (!enabled || !planned) return;
    write(`\r${line()}\x1b[K`);
    shown = true;
  };

  return {
    event(e) {
      if (e.type === "planned") {
        total = e.toRun;
        planned = true;
      } else if (e.type === "started") {
        if (e.job.trial > 1) trials = true;
        inFlight.set(`${e.job.scenario}\0${e.job.trial}`, e.job);
      } else if (e.type === "finished") {
        inFlight.delete(`${e.job.scenario}\0${e.job.trial}`);
        done++;
        if (e.status === "failed") failed++;
        else if (e.status === "errored") errored++;
        eta.completed(now());
      } else if (e.type === "endpoints") {
        this.log(`model requests go to ${e.endpoints.map((x) => `${x.host} (${x.role})`).join(", ")}`);
        return;
      } else if (e.type === "stopping") {
        stopping = "stopping";
        this.log(e.message);
        return;
      } else {
        this.log(`warning: ${e.message}`);
        return;
      }
      render();
    },
    log(text) {
      if (enabled && shown) write(`\r\x1b[K`);
      write(`${text}\n`);
      render();
    },
    finish() {
      if (enabled && shown) write("\n");
      shown = false;
    },
  };
}
