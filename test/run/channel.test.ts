/**
 * `evalsim run --channel`: clean changes nothing, a noisy channel never
 * touches tool calls or verdicts of the oracle agent, and its transcripts are
 * a function of the seed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

afterAll(removeScratch);

async function runWith(label: string, args: readonly string[]): Promise<string> {
  const out = scratch(label);
  const r = await evalsim(["run", "--workers", "1", "--out", out, ...args]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return runFolder(out);
}

/** Each scenario's tool calls and results, from its transcript. */
function toolTraffic(run: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(run)) {
    let text: string;
    try {
      text = readFileSync(join(run, name, "transcript.jsonl"), "utf8");
    } catch {
      continue;
    }
    const events = text.trim().split("\n").map((l) => JSON.parse(l) as { type: string });
    out.set(name, JSON.stringify(events.filter((e) => e.type === "tool_call" || e.type === "tool_result").map((e) => ({ ...e, t: 0 }))));
  }
  return out;
}

describe("evalsim run --channel", () => {
  it("clean writes byte for byte the tree of a run without a channel, and records nothing heard", async () => {
    const plain = await runWith("plain", ["--scenarios", ...PICK]);
    const clean = await runWith("clean", ["--channel", "clean", "--scenarios", ...PICK]);
    expect(treeDifferences(plain, clean)).toEqual([]);
    for (const [path, text] of tree(clean)) if (path.endsWith("transcript.jsonl")) expect(text).not.toContain('"heard"');
  });

  it("light keeps every scenario passing with the oracle agent, with the tool calls of a clean run", async () => {
    const clean = await runWith("all-clean", []);
    const light = await runWith("all-light", ["--channel", "light"]);
    const summary = JSON.parse(readFileSync(join(light, "summary.json"), "utf8")) as { totals: { scenarios: number; passed: number } };
    expect(summary.totals.passed).toBe(summary.totals.scenarios);
    expect(summary.totals.scenarios).toBe(442);
    expect(toolTraffic(light)).toEqual(toolTraffic(clean));
    // The channel acted: the scripted caller's spelled facts reached the agent changed somewhere.
    const transcripts = [...tree(light)].filter(([p]) => p.endsWith("transcript.jsonl")).map(([, t]) => t).join("\n");
    expect(transcripts).toContain('"kind":"number_words"');
    expect(transcripts).toContain('"heard"');
  });

  it("is the same for the same seed and differs between seeds", async () => {
    const a = await runWith("reg-a", ["--channel", "regular", "--seed", "5", "--scenarios", ...PICK]);
    const b = await runWith("reg-b", ["--channel", "regular", "--seed", "5", "--scenarios", ...PICK]);
    const c = await runWith("reg-c", ["--channel", "regular", "--seed", "6", "--scenarios", ...PICK]);
    expect(treeDifferences(a, b)).toEqual([]);
    expect(treeDifferences(a, c).some((p) => p.endsWith("transcript.jsonl"))).toBe(true);
  });

  it("refuses a channel it does not know, naming the ones it does", async () => {
    const r = await evalsim(["run", "--channel", "loud", "--scenarios", PICK[0] as string]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--channel must be one of clean, light, eva-asr, control");
  });
});
