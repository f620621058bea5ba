/**
 * The reference's half: a python3 process running python/crosscheck_reference_driver.py
 * (shipped with the package) against a local checkout of the NeMo
 * Voice-Agent repository. Requests are JSON lines, answered in order;
 * several may be in flight.
 */
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";
import { join } from "node:path";
import type { Side } from "../engine/types.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { PROJECT_ROOT } from "../loaders/data-root.js";
import type { SideHashes } from "./calls/evalsim-side.js";

/** From the sources and from the built package alike (package.json ships python/, outside src/, which the package does not ship). */
export const DRIVER = join(PROJECT_ROOT, "python", "crosscheck_reference_driver.py");

export type ReferenceWorld =
  | { readonly kind: "eva"; readonly file: string }
  | { readonly kind: "tau2"; readonly domain: string }
  | { readonly kind: "telecom"; readonly task: string; readonly today: string };

export interface ReferenceRequest {
  readonly id: number;
  readonly world: ReferenceWorld;
  /** `draws`: the hex strings evalsim's RNG drew for the call, which the reference's uuid4 then returns. */
  readonly calls: readonly { readonly side: Side; readonly name: string; readonly args: string; readonly draws: readonly string[] }[];
  readonly hash_each?: boolean;
  /** Answer with each side's DB after the last call. */
  readonly return_dbs?: boolean;
  /** Answer with this scenario's db_state_assertions judged by the reference's predicates after the last call. */
  readonly assertions_of?: string;
}

/** The prompts and tool lists the reference's bridge sends, per scenario of the buckets named. */
export interface SurfaceRequest {
  readonly id: number;
  readonly op: "surface";
  readonly buckets: readonly string[];
}

/** One generated outcome as the reference's scoring reads it. */
export interface ReferenceOutcome {
  readonly domain: string;
  readonly whitelist: readonly string[];
  readonly signals: Readonly<Record<string, boolean | null>>;
  readonly metrics: JsonObject;
  /** The judge's per-assertion verdicts (null: no NL assertions judged). */
  readonly nl_verdicts: readonly boolean[] | null;
}

/** Values through the reference's scoring code (python/crosscheck_reference_scoring.py). */
export type ScoringRequest =
  | { readonly id: number; readonly op: "scoring" | "summary"; readonly min_agent_turns: number; readonly outcomes: readonly ReferenceOutcome[] }
  | { readonly id: number; readonly op: "signal_passes"; readonly values: readonly JsonValue[] }
  | { readonly id: number; readonly op: "action_match"; readonly pairs: readonly { readonly reference: string; readonly prediction: string; readonly flags: Readonly<Record<string, boolean>> }[] }
  | { readonly id: number; readonly op: "reference_answers"; readonly buckets: readonly string[] }
  | { readonly id: number; readonly op: "predicates_available" };

/** One call as the reference ran it. */
export interface ReferenceCall {
  readonly text: string;
  readonly exit: boolean;
  /** How many uuid4 ids the call drew. */
  readonly draws: number;
  /** Results delivered through the framework's callback, and the tool_call_id of each. */
  readonly deliveries: number;
  readonly ids: readonly string[];
  /** `<exit>` messages pushed. */
  readonly exits: number;
  readonly hash?: SideHashes;
}

export interface ReferenceAnswer {
  readonly id: number;
  readonly init: SideHashes;
  readonly calls: readonly ReferenceCall[];
  readonly final: SideHashes;
  readonly dbs?: Partial<Record<Side, JsonObject | null>>;
  readonly verdicts?: readonly JsonObject[];
  readonly fatal?: string;
  readonly trace?: string;
}

export interface Reference {
  /** A surface request is answered with `{scenarios}` (see SurfaceRequest), a session with a ReferenceAnswer. */
  ask(req: ReferenceRequest | SurfaceRequest | ScoringRequest): Promise<ReferenceAnswer>;
  close(): Promise<void>;
}

/** The driver could not start: the checkout's tools did not import, or not in time (its last error line says why). */
export class ReferenceStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReferenceStartError";
  }
}

/**
 * The reference failed in the middle of the run: its process exited, stopped
 * answering within the deadline, wrote something that is not an answer on
 * the driver's channel, or the driver could not run a request. The first
 * line names the reference and what it did; a Python trace, when there is
 * one, follows on the next lines.
 */
export class ReferenceFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReferenceFailedError";
  }
}

/** How long the reference may take (seconds): to import the checkout and say it is ready; to answer while a request waits. */
export interface ReferenceDeadlines {
  readonly startSeconds: number;
  readonly requestSeconds: number;
}

export const DEFAULT_DEADLINES: ReferenceDeadlines = { startSeconds: 300, requestSeconds: 600 };

/** How long a closing driver may take to finish before its process group is killed. */
const CLOSE_GRACE_MS = 5000;

const lastLine = (tail: string): string | undefined => tail.trim().split("\n").slice(-1)[0] || undefined;
const snippet = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * Start the driver. Answers come on file descriptor 3, a channel of their
 * own: the reference's modules share the driver's stdout and stdin, so its
 * prints land on stdout (drained, never read as answers) and its reads see
 * nothing. The driver is the leader of its own process group, which is killed
 * whenever it fails (and when evalsim exits), so nothing it started is left
 * behind; a start or a request past its deadline is such a failure.
 */
export function startReference(nemoRoot: string, dataRoot: string, python = "python3", deadlines: ReferenceDeadlines = DEFAULT_DEADLINES): Promise<Reference> {
  const child = spawn(python, [DRIVER, "--nemo", nemoRoot, "--data-root", dataRoot], { stdio: ["pipe", "pipe", "pipe", "pipe"], detached: true });
  const channel = child.stdio[3] as Readable;
  const waiting: { resolve: (a: ReferenceAnswer) => void; reject: (e: Error) => void }[] = [];
  let stderr = "";
  let failed: Error | undefined;
  let ready = false;
  let closing: (() => void) | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const killGroup = (): void => {
    if (child.pid === undefined || closed) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  process.on("exit", killGroup);
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString("utf8")).slice(-8000);
  });
  // What the reference prints is no answer; it is read only so that a full pipe never blocks it.
  child.stdout.on("data", () => undefined);
  child.stdin.on("error", () => undefined);
  const words = (): string => {
    const last = lastLine(stderr);
    return last ? ` (its last error line: ${last})` : "";
  };
  return new Promise((resolveStart, rejectStart) => {
    const fail = (e: Error): void => {
      if (failed || closing) return;
      failed = e;
      clearTimeout(timer);
      killGroup();
      if (!ready) rejectStart(e);
      for (const w of waiting.splice(0)) w.reject(e);
    };
    const arm = (): void => {
      clearTimeout(timer);
      if (failed || closing) return;
      if (!ready) {
        timer = setTimeout(() => fail(new ReferenceStartError(`the reference's tools did not load from ${nemoRoot} within ${deadlines.startSeconds} s (--reference-start-timeout)${words()}`)), deadlines.startSeconds * 1000);
      } else if (waiting.length > 0) {
        timer = setTimeout(() => fail(new ReferenceFailedError(`the reference at ${nemoRoot} gave no answer within ${deadlines.requestSeconds} s (--reference-timeout); it was stopped${words()}`)), deadlines.requestSeconds * 1000);
      }
    };
    arm();
    child.on("error", (e) => fail(new ReferenceStartError(`the reference driver could not be started with ${python}: ${e.message}`)));
    // Whatever the driver left running in its group goes with it, so that its pipes close.
    child.on("exit", killGroup);
    child.on("close", (code, signal) => {
      closed = true;
      process.off("exit", killGroup);
      clearTimeout(timer);
      if (closing) return closing();
      const how = code !== null ? `exited with code ${code}` : `was killed by ${signal}`;
      if (!ready) fail(new ReferenceStartError(`the reference's tools could not be loaded from ${nemoRoot}: ${lastLine(stderr) ?? how}`));
      else fail(new ReferenceFailedError(`the reference at ${nemoRoot} ${how} in the middle of the run${words()}`));
    });
    const lines = createInterface({ input: channel });
    lines.on("line", (line) => {
      if (failed || closing) return;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        const what = `the reference at ${nemoRoot} wrote ${snippet(line)} on the driver's answer channel, which is not an answer`;
        return fail(ready ? new ReferenceFailedError(what) : new ReferenceStartError(what));
      }
      if (!ready) {
        if ((message as { ready?: unknown } | null)?.ready !== true) return fail(new ReferenceStartError(`the reference at ${nemoRoot} started with ${snippet(line)}, not the driver's ready line`));
        ready = true;
        arm();
        resolveStart({
          ask(req) {
            if (failed) return Promise.reject(failed);
            return new Promise((resolve, reject) => {
              waiting.push({ resolve, reject });
              // The deadline runs from the last answer; a request sent to an idle driver starts it.
              if (waiting.length === 1) arm();
              child.stdin.write(`${JSON.stringify(req)}\n`);
            });
          },
          close() {
            return new Promise((done) => {
              clearTimeout(timer);
              if (closed) return done();
              const grace = setTimeout(() => {
                killGroup();
                done();
              }, CLOSE_GRACE_MS);
              closing = () => {
                clearTimeout(grace);
                done();
              };
              child.stdin.end();
            });
          },
        });
        return;
      }
      const w = waiting.shift();
      if (!w) return fail(new ReferenceFailedError(`the reference at ${nemoRoot} answered a request it was not sent: ${snippet(line)}`));
      w.resolve(message as ReferenceAnswer);
      arm();
    });
  });
}
