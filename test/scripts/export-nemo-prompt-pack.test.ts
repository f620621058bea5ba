/**
 * scripts/export_nemo_prompt_pack.py against a stand-in for the voice harness
 * (test/scripts/nemo-stand-in: the functions the script imports, with tiny
 * scenarios): the pack it writes is one evalsim reads, with the texts and
 * tool specs the stand-in gives.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readPromptPack } from "../../src/engine/prompt-pack.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = join(root, "scripts", "export_nemo_prompt_pack.py");
const standIn = join(root, "test", "scripts", "nemo-stand-in");
const dir = mkdtempSync(join(tmpdir(), "evalsim-nemo-pack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exportPack(args: string[], pythonPath = standIn): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync("python3", [script, ...args], { encoding: "utf8", env: { ...process.env, PYTHONPATH: pythonPath, PYTHONDONTWRITEBYTECODE: "1" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("export_nemo_prompt_pack.py", () => {
  it("writes every suite scenario's prompts and tool specs, skipping the harness's other scenarios", () => {
    const out = join(dir, "all.json");
    const r = exportPack(["--out", out]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const pack = readPromptPack(out);
    expect(pack.source).toBe("nemo_voice_agent");
    expect(Object.keys(pack.scenarios)).toEqual(["tau2_retail__7", "tau2_telecom__no_service"]);
    const retail = pack.scenarios["tau2_retail__7"];
    expect(retail?.agent_prompt).toBe("Agent prompt of tau2_retail__7.\n\nSecond paragraph.");
    expect(retail?.user_prompt).toBe("User prompt of tau2_retail__7.");
    expect(retail?.agent_tools).toEqual([
      { type: "function", function: { name: "LookupTool", description: "Look an order up.", parameters: { type: "object", properties: { order_id: { type: "string", description: "The order id, such as '#W0000000'." } }, required: ["order_id"] } } },
      { type: "function", function: { name: "EndConversationTool", description: "End the call.", parameters: { type: "object", properties: {}, required: [] } } },
    ]);
    expect(retail?.user_tools).toEqual([]);
    // Tools without a pipecat schema object: built from name, description, properties, required_properties.
    expect(pack.scenarios["tau2_telecom__no_service"]?.user_tools).toEqual([
      { type: "function", function: { name: "toggle_data", description: "Toggle mobile data.", parameters: { type: "object", properties: {}, required: [] } } },
    ]);
  });

  it("--domain selects by the name prefix, as the harness does", () => {
    const out = join(dir, "telecom.json");
    expect(exportPack(["--out", out, "--domain", "tau2_telecom"]).status).toBe(0);
    expect(Object.keys(readPromptPack(out).scenarios)).toEqual(["tau2_telecom__no_service"]);
    const none = exportPack(["--out", join(dir, "none.json"), "--domain", "tau2_air"]);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe("export_nemo_prompt_pack: no scenarios match --domain tau2_air\n");
  });

  it("says so in one line when the harness is not importable", () => {
    const r = exportPack(["--out", join(dir, "x.json")], join(dir, "empty"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^export_nemo_prompt_pack: cannot import the NeMo harness \(.+\); put its repository on PYTHONPATH\n$/);
  });
});
