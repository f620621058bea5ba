/**
 * `run --prompt-pack FILE` end to end: a pack whose prompts and tool lists
 * differ from evalsim's own is what the models receive (a mock endpoint
 * records every request, on the main thread and on a worker thread alike),
 * what the run folder records, and what a resume reads again (or refuses).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import type { Body, MockAnswer, MockServer } from "../llm/mock-openai.js";
import { completion, isAgentRequest, startMockServer } from "../llm/mock-openai.js";

const EVA = "eva_airline__1_1_3";
const TELECOM = "tau2_telecom__mobile_data_issue__airplane_mode_on__data_mode_off";
const dir = mkdtempSync(join(tmpdir(), "evalsim-pack-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface Cli {
  code: number;
  out: string;
  err: string;
}

async function cli(argv: string[]): Promise<Cli> {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
  const code = await main(argv, io);
  return { code, out, err };
}

type Spec = { type: string; function: { name: string; description: string; parameters: unknown } };
interface Entry {
  agent_prompt: string;
  user_prompt: string;
  agent_tools: Spec[];
  user_tools: Spec[];
}

/** evalsim's own pack for the two scenarios, then changed in every field. */
async function changedPack(): Promise<{ file: string; pack: { scenarios: Record<string, Entry> }; builtIn: Record<string, Entry> }> {
  const exported = join(dir, "exported.json");
  for (const [domain, name] of [["eva_airline", "eva.json"], ["tau2_telecom", "telecom.json"]] as const) {
    const r = await cli(["prompts", "export", "--domain", domain, "--out", join(dir, name)]);
    expect(r.code, r.err).toBe(0);
  }
  const read = (f: string): { scenarios: Record<string, Entry> } => JSON.parse(readFileSync(join(dir, f), "utf8")) as { scenarios: Record<string, Entry> };
  const builtIn: Record<string, Entry> = { [EVA]: read("eva.json").scenarios[EVA] as Entry, [TELECOM]: read("telecom.json").scenarios[TELECOM] as Entry };
  const scenarios: Record<string, Entry> = {};
  for (const [name, e] of Object.entries(builtIn)) {
    const copy = JSON.parse(JSON.stringify(e)) as Entry;
    copy.agent_prompt = `Pack agent prompt for ${name}.\nSecond line.`;
    copy.user_prompt = `Pack caller prompt for ${name}.`;
    // One tool fewer, the order reversed, one description rewritten.
    copy.agent_tools = copy.agent_tools.slice(1).reverse();
    (copy.agent_tools[0] as Spec).function.description = "Described by the pack.";
    if (copy.user_tools.length > 0) copy.user_tools = [{ ...(copy.user_tools[0] as Spec), function: { ...(copy.user_tools[0] as Spec).function, description: "Pack phone tool." } }];
    scenarios[name] = copy;
  }
  const pack = { format: "evalsim-prompt-pack", version: 1, source: "test", scenarios };
  writeFileSync(exported, JSON.stringify(pack));
  return { file: exported, pack, builtIn };
}

/**
 * Agent: one line; the caller hangs up at once. The first reply (the job the
 * main thread takes) is held back until a second request arrives, so that
 * second request can only come from the other job, on the worker thread
 * (however slowly the thread starts on a busy machine).
 */
function holdFirstReply(): (body: Body, n: number) => MockAnswer {
  let second: () => void = () => undefined;
  const secondArrived = new Promise<void>((resolve) => (second = resolve));
  return (body, n) => {
    if (n === 1) second();
    const answer = isAgentRequest(body) ? completion({ content: "Hello, goodbye." }) : completion({ content: "###STOP###" });
    return n === 0 && answer.kind === "json" ? { ...answer, until: secondArrived } : answer;
  };
}

describe("run --prompt-pack", () => {
  it("sends the pack's prompts and tool specs to both models on every thread, and records them", async () => {
    const { file, pack, builtIn } = await changedPack();
    // The pack really differs from what evalsim would send.
    for (const name of [EVA, TELECOM]) {
      expect(pack.scenarios[name]?.agent_prompt).not.toBe(builtIn[name]?.agent_prompt);
      expect(pack.scenarios[name]?.agent_tools.length).toBe((builtIn[name]?.agent_tools.length ?? 0) - 1);
    }
    expect(builtIn[TELECOM]?.user_tools.length).toBeGreaterThan(1);
    server = await startMockServer(holdFirstReply());
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\ntemperature: 0\nretries: 0\ntimeout_seconds: 30\n`);
    const out = join(dir, "runs");
    // Two threads with one conversation each: one scenario runs on the worker thread.
    const args = ["run", "--scenarios", EVA, TELECOM, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--prompt-pack", file, "--workers", "2", "--max-concurrency", "2", "--min-agent-turns", "0"];
    const r = await cli([...args, "--out", out]);
    // Only where the model requests go is said.
    const hosts = `model requests go to ${new URL(server.url).host} (agent), ${new URL(server.url).host} (user)\n`;
    expect(r.err).toBe(hosts);
    expect([0, 1]).toContain(r.code);

    const systemOf = (b: Body): string | null | undefined => b.messages[0]?.content;
    for (const name of [EVA, TELECOM]) {
      const want = pack.scenarios[name] as Entry;
      const agentReqs = server.requests.filter((b) => systemOf(b) === want.agent_prompt);
      const userReqs = server.requests.filter((b) => systemOf(b) === want.user_prompt);
      expect(agentReqs.length, name).toBeGreaterThan(0);
      expect(userReqs.length, name).toBeGreaterThan(0);
      for (const b of agentReqs) expect(b.tools).toEqual(want.agent_tools);
      for (const b of userReqs) expect(b.tools ?? []).toEqual(want.user_tools);
      // The run folder records exactly what was sent.
      const cfgDir = join(out, "eval_19700101_000000", name, "scenario_config");
      expect(readFileSync(join(cfgDir, "agent_prompt.txt"), "utf8")).toBe(want.agent_prompt);
      expect(readFileSync(join(cfgDir, "user_prompt.txt"), "utf8")).toBe(want.user_prompt);
      expect(JSON.parse(readFileSync(join(cfgDir, "agent_tools.json"), "utf8"))).toEqual(want.agent_tools);
      expect(JSON.parse(readFileSync(join(cfgDir, "user_tools.json"), "utf8"))).toEqual(want.user_tools);
    }
    // The second request came from the other scenario while the first waited: two threads ran them.
    const first = systemOf(server.requests[0] as Body);
    const second = systemOf(server.requests[1] as Body);
    expect([first, second].sort()).toEqual([pack.scenarios[EVA]?.agent_prompt, pack.scenarios[TELECOM]?.agent_prompt].sort());
    // Nothing built-in reached the endpoint.
    const builtInPrompts = new Set(Object.values(builtIn).flatMap((e) => [e.agent_prompt, e.user_prompt]));
    expect(server.requests.filter((b) => builtInPrompts.has(systemOf(b) ?? ""))).toEqual([]);
    expect(server.requests).toHaveLength(4);

    const runDir = join(out, "eval_19700101_000000");
    const config = JSON.parse(readFileSync(join(runDir, "run_config.json"), "utf8")) as Record<string, { source: string; sha256: string; scenarios: number }>;
    expect(config["prompt_pack"]?.source).toBe("test");
    expect(config["prompt_pack"]?.scenarios).toBe(2);
    expect(config["prompt_pack"]?.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The pack's own path is recorded beside its digest: a resume reads it again by itself.
    expect(config["prompt_pack_file"]).toBe(resolve(file));
    const original = readFileSync(file, "utf8");
    rmSync(join(runDir, EVA), { recursive: true, force: true });
    const before = server.requests.length;
    const resumed = await cli(["run", "--resume", runDir]);
    expect(resumed.err).toBe(hosts);
    expect([0, 1]).toContain(resumed.code);
    const again = server.requests.slice(before);
    const want = pack.scenarios[EVA] as Entry;
    expect(again.filter((b) => systemOf(b) === want.agent_prompt).length).toBeGreaterThan(0);
    for (const b of again.filter((b) => systemOf(b) === want.agent_prompt)) expect(b.tools).toEqual(want.agent_tools);
    expect(again.filter((b) => builtInPrompts.has(systemOf(b) ?? ""))).toEqual([]);
    expect(readFileSync(join(runDir, EVA, "scenario_config", "agent_prompt.txt"), "utf8")).toBe(want.agent_prompt);

    // The recorded pack changed since the run started, or gone: refused in one line naming it.
    const changedText = JSON.parse(original) as { scenarios: Record<string, Entry> };
    (changedText.scenarios[EVA] as Entry).agent_prompt += " Changed.";
    writeFileSync(file, JSON.stringify(changedText));
    rmSync(join(runDir, EVA), { recursive: true, force: true });
    const changed = await cli(["run", "--resume", runDir]);
    expect(changed.code).toBe(2);
    expect(changed.err).toBe(`evalsim run: --prompt-pack ${resolve(file)}: changed since the run started (its digest differs from ${join(runDir, "run_config.json")}: prompt_pack.sha256); restore it, or start a new run\n`);
    // Another pack given on the command line is refused as before.
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify(changedText));
    const given = await cli(["run", "--resume", runDir, "--prompt-pack", other]);
    expect(given.code).toBe(2);
    expect(given.err).toMatch(/^evalsim run: .*run_config\.json: prompt_pack is \{.*\}, but this resume gives \{.*\}; give the run's --prompt-pack again, or leave it out to read the one the run recorded \(none, if it had none\)\n$/);
    rmSync(file);
    const gone = await cli(["run", "--resume", runDir]);
    expect(gone.code).toBe(2);
    expect(gone.err).toBe(`evalsim run: --prompt-pack ${resolve(file)}: gone since the run started (${join(runDir, "run_config.json")}: prompt_pack_file); give --prompt-pack with the run's pack again\n`);
    // The same pack given again, from anywhere, is read.
    const moved = join(dir, "moved.json");
    writeFileSync(moved, original);
    const same = await cli(["run", "--resume", runDir, "--prompt-pack", moved]);
    expect(same.err).toBe(hosts);
    expect([0, 1]).toContain(same.code);
    expect(readFileSync(join(runDir, EVA, "scenario_config", "agent_prompt.txt"), "utf8")).toBe(want.agent_prompt);
  });

  it("refuses a pack without an entry for a selected scenario, or a malformed one, before the run starts (exit 2)", async () => {
    const { file } = await changedPack();
    const out = join(dir, "refused");
    const missing = await cli(["run", "--scenarios", "tau2_retail__0", "--prompt-pack", file, "--out", out]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`evalsim run: --prompt-pack ${file}: scenarios: expected an entry for every selected scenario; missing: tau2_retail__0\n`);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "evalsim-prompt-pack", version: 1, source: "x", scenarios: { [EVA]: { agent_prompt: 1 } } }));
    const r = await cli(["run", "--scenarios", EVA, "--prompt-pack", bad, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim run: --prompt-pack ${bad}: scenarios["${EVA}"].agent_prompt: expected a string\n`);
  });

  it("with the oracle agent, records the pack's texts in scenario_config and keeps the verdict", async () => {
    const { file, pack } = await changedPack();
    const out = join(dir, "oracle");
    const r = await cli(["run", "--scenarios", TELECOM, "--prompt-pack", file, "--out", out, "--workers", "1"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const cfgDir = join(out, "eval_19700101_000000", TELECOM, "scenario_config");
    expect(readFileSync(join(cfgDir, "agent_prompt.txt"), "utf8")).toBe(pack.scenarios[TELECOM]?.agent_prompt);
    expect(JSON.parse(readFileSync(join(cfgDir, "user_tools.json"), "utf8"))).toEqual(pack.scenarios[TELECOM]?.user_tools);
    // compare flags a run with a pack against one without.
    const plain = join(dir, "plain");
    expect((await cli(["run", "--scenarios", TELECOM, "--out", plain, "--workers", "1"])).code).toBe(0);
    const c = await cli(["compare", join(out, "eval_19700101_000000"), join(plain, "eval_19700101_000000")]);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/\n  prompt_pack differs: \{"source":"test","sha256":"[0-9a-f]{64}","scenarios":2\} in base, \(absent\) in cand; the models were sent different prompts or tool specs \(--prompt-pack\)\n/);
  });
});
