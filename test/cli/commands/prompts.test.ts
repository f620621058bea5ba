/**
 * Prompt packs end to end: export what evalsim sends, diff a changed pack,
 * refuse bad packs in one line naming the JSON path.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readPromptPack } from "../../../src/engine/prompt-pack.js";
import { runCli } from "../../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-prompts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const packFile = join(dir, "retail.json");

describe("evalsim prompts", () => {
  it("export writes every selected scenario's prompts and tool lists; diff of an untouched pack is clean", async () => {
    const r = await runCli(["prompts", "export", "--domain", "tau2_retail", "--out", packFile]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const pack = readPromptPack(packFile);
    expect(Object.keys(pack.scenarios)).toHaveLength(114);
    const first = pack.scenarios["tau2_retail__0"];
    expect(first?.agent_prompt).toContain("## Additional Notes to Follow");
    expect(first?.agent_tools.map((t) => (t["function"] as { name: string }).name).slice(0, 2)).toEqual(["FindUserIdByNameZipTool", "FindUserIdByEmailTool"]);
    expect(first?.user_tools).toEqual([]);
    const d = await runCli(["prompts", "diff", packFile, "--domain", "tau2_retail"]);
    expect(d.stdout).toBe("0 of 114 scenario(s) differ from the built-in prompts\n");
    expect(d.code).toBe(0);
  });

  it("diff names the scenario, the field and the first differing line; exit 1", async () => {
    const raw = JSON.parse(readFileSync(packFile, "utf8")) as { scenarios: Record<string, { agent_prompt: string; agent_tools: { function: { description: string } }[] }> };
    const s = raw.scenarios["tau2_retail__3"];
    if (!s) throw new Error("no tau2_retail__3");
    s.agent_prompt = "A different first line\n" + s.agent_prompt;
    const tool = s.agent_tools[0];
    if (tool) tool.function.description = "changed";
    const changed = join(dir, "changed.json");
    writeFileSync(changed, JSON.stringify(raw));
    const d = await runCli(["prompts", "diff", changed, "--domain", "tau2_retail"]);
    expect(d.code).toBe(1);
    expect(d.stdout).toMatch(/^tau2_retail__3: agent_prompt: line 1: pack "A different first line", evalsim "# Retail agent policy" \(\d+ vs \d+ lines\)\n/);
    expect(d.stdout).toContain("tau2_retail__3: agent_tools: spec differs: FindUserIdByNameZipTool\n");
    expect(d.stdout).toContain("1 of 114 scenario(s) differ from the built-in prompts\n");
  });

  it("refuses a malformed pack in one line naming the JSON path (exit 2)", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "evalsim-prompt-pack", version: 1, source: "x", scenarios: { a__1: { agent_prompt: "p", user_prompt: "u", agent_tools: [{ type: "function", function: { name: "T", description: "d", parameters: [] } }], user_tools: [] } } }));
    const r = await runCli(["prompts", "diff", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim prompts: ${bad}: scenarios["a__1"].agent_tools[0].function.parameters: expected a JSON schema object with "type": "object"\n`);
  });
});
