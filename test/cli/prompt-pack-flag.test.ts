import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/io.js";
import { loadPromptPack } from "../../src/cli/prompt-pack-flag.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-pack-flag-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe("--prompt-pack FILE", () => {
  it("reads a well-formed pack", () => {
    const f = write("ok.json", JSON.stringify({ format: "evalsim-prompt-pack", version: 1, source: "evalsim", scenarios: { s: { agent_prompt: "A", user_prompt: "U", agent_tools: [], user_tools: [] } } }));
    const pack = loadPromptPack(f);
    expect(pack.source).toBe("evalsim");
    expect(pack.scenarios["s"]).toEqual({ agent_prompt: "A", user_prompt: "U", agent_tools: [], user_tools: [] });
  });

  it("turns a pack problem into bad usage naming the file and the JSON path", () => {
    const f = write("bad.json", JSON.stringify({ format: "evalsim-prompt-pack", version: 2 }));
    expect(() => loadPromptPack(f)).toThrow(UsageError);
    expect(() => loadPromptPack(f)).toThrow(`${f}: version: expected 1`);
    const g = write("entry.json", JSON.stringify({ format: "evalsim-prompt-pack", version: 1, source: "x", scenarios: { s: { agent_prompt: 3 } } }));
    expect(() => loadPromptPack(g)).toThrow(`${g}: scenarios["s"].agent_prompt: expected a string`);
  });

  it("a missing or non-JSON file is bad usage too", () => {
    expect(() => loadPromptPack(join(dir, "absent.json"))).toThrow(UsageError);
    const f = write("text.json", "not json");
    expect(() => loadPromptPack(f)).toThrow(new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: \\$: expected JSON`));
  });
});
