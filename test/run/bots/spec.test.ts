import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../../src/engine/catalog.js";
import { parsePythonJson } from "../../../src/json/parse.js";
import { packRecorded, prepareBots, recordedFor } from "../../../src/run/bots/spec.js";
import type { Job } from "../../../src/run/jobs.js";

const call = (n: number) => ({ name: "lookup", arguments: { n } });
const job = (trial: number): Job => ({ entry: { scenario: { name: "a__1" } } as unknown as CatalogEntry, trial, index: trial - 1 });

describe("packRecorded", () => {
  it("adds each call's arguments as text in Python's number spelling, so a float like 2.0 survives a structured clone", () => {
    const args = parsePythonJson('{"x": "y", "n": 2.0, "f": [1.5, true, null]}');
    const packed = packRecorded({ a__1: [[{ name: "f", arguments: args, side: "user" }]] });
    // python3: json.dumps(json.loads('{"x": "y", "n": 2.0, "f": [1.5, true, null]}'), separators=(",", ":"))
    expect(packed["a__1"]?.[0]?.[0]).toMatchObject({ name: "f", side: "user", argumentsText: '{"x":"y","n":2.0,"f":[1.5,true,null]}' });
  });
});

describe("recordedFor", () => {
  const recorded = { one: [[call(1)]], three: [[call(1)], [call(2)], [call(3)]], none: [] };

  it("a single recording serves every trial; several serve their own trial", () => {
    expect(recordedFor(recorded, "one", 5)).toEqual([call(1)]);
    expect(recordedFor(recorded, "three", 2)).toEqual([call(2)]);
  });

  it("is undefined for a scenario or trial with no recording", () => {
    expect(recordedFor(recorded, "three", 4)).toBeUndefined();
    expect(recordedFor(recorded, "none", 1)).toBeUndefined();
    expect(recordedFor(recorded, "absent", 1)).toBeUndefined();
    expect(recordedFor(undefined, "one", 1)).toBeUndefined();
  });
});

describe("prepareBots", () => {
  it("builds the bots once per thread, and for the replay agent once per trial", async () => {
    const oracle = await prepareBots({ agent: "oracle", user: "scripted" });
    expect(oracle(job(1))).toBe(oracle(job(2)));
    const replay = await prepareBots({ agent: "replay", user: "scripted", recorded: structuredClone(packRecorded({ a__1: [[call(1)], [call(2)]] })) });
    expect(replay(job(1))).toBe(replay(job(1)));
    expect(replay(job(1))).not.toBe(replay(job(2)));
  });
});
