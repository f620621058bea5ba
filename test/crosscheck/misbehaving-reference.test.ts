/**
 * A reference that misbehaves, on a stand-in checkout: its code prints (its
 * modules share the driver's stdout), its process exits in the middle of the
 * run, a call hangs, its import hangs. Prints never reach the driver's answer
 * channel (file descriptor 3); every failure is an error naming the reference
 * and what it did, which the command prints as one line with exit 2 (it did
 * not load) or 3 (it failed mid-run), never a stack trace; and nothing the
 * reference started is left running.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ReferenceDeadlines, ReferenceRequest } from "../../src/crosscheck/reference-process.js";
import { ReferenceFailedError, ReferenceStartError, startReference } from "../../src/crosscheck/reference-process.js";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { buildStandIn } from "./stand-in.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const DELIVER = `        await params.result_callback({"status": "error", "message": "stand-in"})`;
const SHORT: ReferenceDeadlines = { startSeconds: 20, requestSeconds: 2 };
const CALL: ReferenceRequest = { id: 1, world: { kind: "eva", file: "eva_airline/1.1.2.json" }, calls: [{ side: "agent", name: "GetReservationTool", args: '{"confirmation_number": "ABC123"}', draws: [] }] };

/** Processes whose command line holds `text`. */
function running(text: string): string[] {
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(text) && !l.includes("ps -eo"));
}

function standIn(call: string): string {
  const root = buildStandIn({ call });
  made.push(root);
  return root;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("crosscheck against a misbehaving reference", () => {
  it("reads its answers past whatever the reference's code prints, even lines that look like answers", async () => {
    const ref = await startReference(standIn(`        print("the tool says hello")\n        print('{"id": 1}', flush=True)\n${DELIVER}`), FIXTURES, "python3", SHORT);
    try {
      const [a, b] = await Promise.all([ref.ask(CALL), ref.ask({ ...CALL, id: 2 })]);
      expect([a.id, b.id]).toEqual([1, 2]);
      expect(a.calls[0]).toMatchObject({ deliveries: 1, text: '{"status": "error", "message": "stand-in"}' });
    } finally {
      await ref.close();
    }
  }, 30_000);

  it("a reference that exits mid-run fails what waits, naming it and its exit code", async () => {
    const root = standIn("        import os\n        os._exit(7)");
    const ref = await startReference(root, FIXTURES, "python3", SHORT);
    const err = await ref.ask(CALL).catch((e: unknown) => e);
    await ref.close();
    expect(err).toBeInstanceOf(ReferenceFailedError);
    expect((err as Error).message).toBe(`the reference at ${root} exited with code 7 in the middle of the run`);
    await expect(ref.ask(CALL)).rejects.toBe(err);
  }, 30_000);

  it("a call that hangs is stopped at the request deadline, with everything it started", async () => {
    // The hanging call starts a process of its own, which must not outlive the reference either.
    const tag = `${process.pid}0${made.length}`;
    const root = standIn(`        import subprocess, time\n        subprocess.Popen(["sleep", "${300 + (Number(tag) % 97)}.${tag}"])\n        time.sleep(300)`);
    const ref = await startReference(root, FIXTURES, "python3", SHORT);
    const err = await ref.ask(CALL).catch((e: unknown) => e);
    await ref.close();
    expect(err).toBeInstanceOf(ReferenceFailedError);
    expect((err as Error).message).toBe(`the reference at ${root} gave no answer within 2 s (--reference-timeout); it was stopped`);
    await new Promise((r) => setTimeout(r, 200));
    expect(running(root)).toEqual([]);
    expect(running(`.${tag}`)).toEqual([]);
  }, 30_000);

  it("a reference whose import hangs is refused at the start-up deadline", async () => {
    const root = standIn(DELIVER);
    const tools = join(root, "nemo_voice_agent/evaluation/tools/__init__.py");
    writeFileSync(tools, `import time\ntime.sleep(300)\n${readFileSync(tools, "utf8")}`);
    const err = await startReference(root, FIXTURES, "python3", { startSeconds: 2, requestSeconds: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReferenceStartError);
    expect((err as Error).message).toBe(`the reference's tools did not load from ${root} within 2 s (--reference-start-timeout)`);
    await new Promise((r) => setTimeout(r, 200));
    expect(running(root)).toEqual([]);
  }, 30_000);

  it("the command prints a mid-run failure as one line and exits 3", async () => {
    const root = standIn("        import os\n        os._exit(7)");
    const r = await runCli(["crosscheck", "--reference", root, "--only", "delivery", "--domain", "eva_airline", "--calls", "120", "--seeds", "1"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`\\nevalsim crosscheck: the reference at ${escaped(root)} exited with code 7 in the middle of the run\\n$`));
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  }, 60_000);
});
