/**
 * The reference's half: a python3 process running python/crosscheck_reference_driver.py
 * (shipped with the package) against a local checkout of the NeMo
 * Voice-Agent repository. Requests are JSON lines, answered in order;
 * several may be in flight.
 */
import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
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

/** The driver could not start: the checkout's tools did not import (its last error line says why). */
export class ReferenceStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReferenceStartError";
  }
}

export function startReference(nemoRoot: string, dataRoot: string, python = "python3"): Promise<Reference> {
  const child: ChildProcessWithoutNullStreams = spawn(python, [DRIVER, "--nemo", nemoRoot, "--data-root", dataRoot], { stdio: ["pipe", "pipe", "pipe"] });
  const waiting: { resolve: (a: ReferenceAnswer) => void; reject: (e: Error) => void }[] = [];
  let stderr = "";
  let failed: Error | undefined;
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString("utf8")).slice(-8000);
  });
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolveStart, rejectStart) => {
    let ready = false;
    const fail = (e: Error): void => {
      failed = e;
      if (!ready) rejectStart(e);
      for (const w of waiting.splice(0)) w.reject(e);
    };
    child.on("error", fail);
    child.on("exit", (code) => {
      const last = stderr.trim().split("\n").slice(-5);
      if (!ready) fail(new ReferenceStartError(`the reference's tools could not be loaded from ${nemoRoot}: ${last[last.length - 1] ?? `exit ${code}`}`));
      else fail(new Error(`reference driver exited (${code}): ${last.join(" | ")}`));
    });
    lines.on("line", (line) => {
      if (!ready) {
        ready = true;
        resolveStart({
          ask(req) {
            if (failed) return Promise.reject(failed);
            return new Promise((resolve, reject) => {
              waiting.push({ resolve, reject });
              child.stdin.write(`${JSON.stringify(req)}\n`);
            });
          },
          close() {
            return new Promise((done) => {
              child.removeAllListeners("exit");
              child.on("exit", () => done());
              child.stdin.end();
            });
          },
        });
        return;
      }
      const w = waiting.shift();
      if (w) w.resolve(JSON.parse(line) as ReferenceAnswer);
    });
  });
}
