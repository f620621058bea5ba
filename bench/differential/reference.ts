/**
 * The reference's half: a python3 process running reference_driver.py
 * against a local checkout of the NeMo Voice-Agent repository. Requests are
 * JSON lines, answered in order; several may be in flight.
 */
import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Side } from "../../src/engine/types.js";
import type { SideHashes } from "./evalsim-side.js";

export const DRIVER = fileURLToPath(new URL("./reference_driver.py", import.meta.url));

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
}

export interface ReferenceAnswer {
  readonly id: number;
  readonly init: SideHashes;
  /** `draws`: how many uuid4 ids the call drew. */
  readonly calls: readonly { readonly text: string; readonly exit: boolean; readonly draws: number; readonly hash?: SideHashes }[];
  readonly final: SideHashes;
  readonly fatal?: string;
  readonly trace?: string;
}

export interface Reference {
  ask(req: ReferenceRequest): Promise<ReferenceAnswer>;
  close(): Promise<void>;
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
    child.on("exit", (code) => fail(new Error(`reference driver exited (${code}): ${stderr.trim().split("\n").slice(-5).join(" | ")}`)));
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
