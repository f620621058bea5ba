import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { CallsFileError } from "../../../src/replay/calls-file.js";
import { loadRecordings, transcriptCalls } from "../../../src/run/bots/recorded-calls.js";
import type { Job } from "../../../src/run/jobs.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-recorded-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const line = (v: object): string => JSON.stringify(v);
const call = (id: string, name: string, args: object, side = "agent"): string => line({ type: "tool_call", t: 1, side, id, name, arguments: args });
const transcript = (...lines: string[]): string => lines.join("\n") + "\n";
const job = (name: string, trial = 1): Job => ({ entry: { scenario: { name } } as unknown as CatalogEntry, trial, index: 0 });
const put = (rel: string, text: string): string => {
  const file = join(root, rel);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return file;
};

describe("transcriptCalls", () => {
  it("re-issues every tool_call with its side and arguments, in order, without what it returned", () => {
    const file = put(
      "one/transcript.jsonl",
      transcript(
        line({ type: "message", t: 0, side: "user", text: "hi" }),
        call("call_1", "get_user_details", { user_id: "u1" }),
        line({ type: "tool_result", t: 1, side: "agent", id: "call_1", status: "ok", result: { name: "Ann" } }),
        call("call_2", "toggle_airplane_mode", {}, "user"),
      ),
    );
    expect(transcriptCalls(file)).toEqual([
      { name: "get_user_details", arguments: { user_id: "u1" }, side: "agent" },
      { name: "toggle_airplane_mode", arguments: {}, side: "user" },
    ]);
  });
});

describe("loadRecordings from a run folder", () => {
  const run = join(root, "run");
  put("run/a__1/transcript.jsonl", transcript(call("call_1", "lookup", { id: 1 }), call("call_2", "end_conversation", {})));
  put("run/b__1/trial_1/transcript.jsonl", transcript(call("call_1", "lookup", { id: 2 })));
  put("run/b__1/trial_2/transcript.jsonl", transcript(call("call_1", "lookup", { id: 3 })));

  it("reads one recording per scenario, or one per trial folder; the recording's closing call is dropped", () => {
    const { recorded, missing } = loadRecordings(run, [job("a__1"), job("b__1", 1), job("b__1", 2)]);
    expect(recorded).toEqual({
      a__1: [[{ name: "lookup", arguments: { id: 1 }, side: "agent" }]],
      b__1: [[{ name: "lookup", arguments: { id: 2 }, side: "agent" }], [{ name: "lookup", arguments: { id: 3 }, side: "agent" }]],
    });
    expect(missing).toEqual([]);
  });

  it("names the scenarios and trials it has no recording for", () => {
    const { recorded, missing } = loadRecordings(run, [job("c__1"), job("c__1", 2), job("b__1", 3)]);
    expect(Object.keys(recorded)).toEqual(["b__1"]);
    expect(missing).toEqual(["c__1", "b__1 (trial 3)"]);
  });

  it("refuses a source that does not exist, and a single file for several scenarios", () => {
    expect(() => loadRecordings(join(root, "nope"), [job("a__1")])).toThrow(new CallsFileError(`${join(root, "nope")}: no such file or folder`));
    const file = join(run, "a__1", "transcript.jsonl");
    expect(() => loadRecordings(file, [job("a__1"), job("b__1")])).toThrow(`${file}: a calls file serves one scenario, but 2 are selected`);
  });
});
