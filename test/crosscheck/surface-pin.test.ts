/**
 * evalsim's record of the reference's prompts: digests only, and a prompt
 * checked against it names the first line the record does not know.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PackEntry } from "../../src/engine/prompt-pack.js";
import { checkPrompt, digest, pinOf, readPin, SURFACE_PIN_FILE, writePin } from "../../src/crosscheck/surface-pin.js";
import { FixtureError } from "../../src/loaders/load-db.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-pin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (agent: string, user: string): PackEntry => ({ agent_prompt: agent, user_prompt: user }) as unknown as PackEntry;
const scenarios = { eva_airline__1: entry("You are an agent.\nBe brief.", "You are a caller."), eva_airline__2: entry("You are an agent.\nBe kind.", "You are a caller.") };

describe("the surface record", () => {
  const pin = pinOf(scenarios, "1a83139");

  it("holds digests of lines and texts, never the text", () => {
    expect(pin.reference).toBe("1a83139");
    expect(pin.texts["eva_airline__1"]?.agent_prompt).toBe(digest("You are an agent.\nBe brief."));
    expect(pin.lines["eva_airline agent_prompt"]).toHaveLength(3);
    const file = join(dir, "pin.json");
    writePin(file, pin);
    expect(readFileSync(file, "utf8")).not.toContain("agent.");
    expect(readPin(file)).toEqual(pin);
  });

  it("checks a prompt: the same text, a new line (with its number), known lines in another order, an unknown scenario", () => {
    expect(checkPrompt(pin, "eva_airline__1", "agent_prompt", "You are an agent.\nBe brief.")).toEqual({ kind: "same" });
    expect(checkPrompt(pin, "eva_airline__1", "agent_prompt", "You are an agent.\nBe rude.")).toEqual({ kind: "new-line", line: 2, text: "Be rude." });
    expect(checkPrompt(pin, "eva_airline__1", "agent_prompt", "Be kind.\nYou are an agent.")).toEqual({ kind: "lines-moved", lines: 2 });
    expect(checkPrompt(pin, "eva_airline__9", "user_prompt", "x")).toEqual({ kind: "unpinned-scenario" });
  });

  it("reads no record where there is none, and refuses a file that is not one with the field named", () => {
    expect(readPin(join(dir, "absent.json"))).toBeUndefined();
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "other", version: 1 }));
    expect(() => readPin(bad)).toThrow(FixtureError);
    expect(() => readPin(bad)).toThrow(/format/);
  });

  it("the shipped record is a readable record of 1a83139's five suites, digests only", () => {
    const shipped = readPin(SURFACE_PIN_FILE);
    expect(shipped?.reference).toMatch(/1a83139/);
    const buckets = new Set(Object.keys(shipped?.texts ?? {}).map((n) => n.split("__")[0]));
    expect([...buckets].sort()).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "tau2_telecom_workflow"]);
    for (const d of Object.values(shipped?.lines ?? {}).flat()) expect(d).toMatch(/^[0-9a-f]{16}$/);
  });
});
