/**
 * `--resume DIR` of a model-backed run needs nothing but the folder (and the
 * API key in the environment variable the config names): the model configs
 * of agent, user and judge, their wait and speech settings and the
 * cassettes come back from run_config.json. A run stopped by an outage and
 * resumed so finishes with the tree of a run that was never interrupted.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "../llm/mock-openai.js";
import { completion, isAgentRequest, startMockServer } from "../llm/mock-openai.js";
import { playEntries } from "../llm/scenario-script.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

const NAMES = PICK.slice(0, 5);
const entries = selectScenarios(loadCatalog(registry, {}), { scenarios: NAMES });
const userPrompts = new Map(entries.map((e) => [e.scenario.userPrompt(), e.scenario.name]));
/** The bots' endpoint goes down when the user of this scenario first speaks, and stays down. */
const OUTAGE_FROM = NAMES[2] as string;
const KEY_ENV = "EVALSIM_RESUME_TEST_KEY";
const KEY = "resume-test-secret-4f1c9a";
const env = { [KEY_ENV]: KEY };

let bots: MockServer;
let judge: MockServer;
let outageEnabled = false;
let down = false;
let botsCfg = "";
let judgeCfg = "";

beforeAll(async () => {
  // The clients read the key from the process's environment; the run checks it in the one it is given.
  process.env[KEY_ENV] = KEY;
  bots = await startMockServer(
    playEntries(entries, (body) => {
      if (outageEnabled && !isAgentRequest(body) && userPrompts.get(body.messages[0]?.content ?? "") === OUTAGE_FROM) down = true;
      return down ? { kind: "text", status: 503, text: "upstream connect error" } : undefined;
    }),
  );
  judge = await startMockServer(() => completion({ content: JSON.stringify({ score: 0.5, reason: "fine", nl_assertion_verdicts: [{ index: 1, passed: true, reason: "said so" }] }) }));
  const dir = scratch("resume-llm-cfg");
  botsCfg = join(dir, "bots.yaml");
  // Settings a resume must keep: the key's variable, waits that are not the defaults, what of a reply is spoken.
  writeFileSync(botsCfg, `base_url: ${bots.url}\nmodel: mock-model\napi_key_env: ${KEY_ENV}\ntemperature: 0\nretries: 0\nbackoff_seconds: 0.5\nmax_retry_after_seconds: 5\ntimeout_seconds: 10\nignore_strings: ["(pause)"]\n`);
  judgeCfg = join(dir, "judge.yaml");
  writeFileSync(judgeCfg, `base_url: ${judge.url}\nmodel: mock-judge\napi_key_env: ${KEY_ENV}\nretries: 0\ntimeout_seconds: 10\n`);
});

afterAll(async () => {
  delete process.env[KEY_ENV];
  await bots.stop();
  await judge.stop();
  removeScratch();
});

const args = (cassettes: string, out: string): string[] => [
  "run",
  "--scenarios",
  ...NAMES,
  "--seed",
  "2",
  "--agent",
  "llm",
  "--agent-config",
  botsCfg,
  "--user",
  "llm",
  "--user-config",
  botsCfg,
  "--judge-config",
  judgeCfg,
  "--cassettes",
  cassettes,
  "--cassette-mode",
  "record",
  "--workers",
  "1",
  "--max-concurrency",
  "1",
  "--max-endpoint-failures",
  "2",
  "--out",
  out,
];

const runConfig = (dir: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as Record<string, unknown>;

describe("--resume DIR of a model-backed run", () => {
  it("finishes a run stopped by an outage with nothing but the folder and the key's variable, to the uninterrupted run's tree", async () => {
    outageEnabled = false;
    down = false;
    const wholeCassettes = scratch("resume-llm-cassettes-whole");
    const wholeOut = scratch("resume-llm-whole");
    const whole = await evalsim(args(wholeCassettes, wholeOut), env);
    expect(whole.code, whole.err).toBe(0);
    const reference = runFolder(wholeOut);

    outageEnabled = true;
    const cassettes = scratch("resume-llm-cassettes");
    const out = scratch("resume-llm-stopped");
    const stopped = await evalsim(args(cassettes, out), env);
    expect(stopped.code, stopped.err).toBe(3);
    const dir = runFolder(out);
    const recorded = runConfig(dir);
    // What the resume reads back: the key's variable (never the key), the waits that are not the defaults, the speech settings, the cassettes.
    expect(recorded["agent_llm"]).toMatchObject({ base_url: bots.url, api_key_env: KEY_ENV, backoff_seconds: 0.5, max_retry_after_seconds: 5, ignore_strings: ["(pause)"] });
    expect(recorded["agent_llm"]).not.toHaveProperty("max_backoff_seconds");
    expect(recorded["judge_llm"]).toMatchObject({ base_url: judge.url, model: "mock-judge", api_key_env: KEY_ENV });
    expect(recorded["cassettes"]).toEqual({ dir: cassettes, mode: "record" });

    // Without the key in the environment: refused before anything runs, naming the variable.
    const noKey = await evalsim(["run", "--resume", dir]);
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain(`run_config.json: agent_llm: api_key_env names ${KEY_ENV}, which is not set in the environment`);

    outageEnabled = false;
    down = false;
    const botRequests = bots.requests.length;
    const judgeRequests = judge.requests.length;
    const resumed = await evalsim(["run", "--resume", dir], env);
    expect(resumed.code, resumed.err).toBe(0);
    expect(bots.requests.length).toBeGreaterThan(botRequests);
    expect(judge.requests.length).toBeGreaterThan(judgeRequests);
    // Every request of the resumed run carried the key from the variable the recorded config names.
    for (const h of bots.headers.slice(botRequests)) expect(h["authorization"]).toBe(`Bearer ${KEY}`);

    // The same tree; run_config.json differs only by where the cassettes are (and so does its signature, which covers its bytes).
    expect(treeDifferences(reference, dir)).toEqual([".evalsim-run.sig", "run_config.json"]);
    expect({ ...runConfig(dir), cassettes: null }).toEqual({ ...runConfig(reference), cassettes: null });
    // The resumed run went on recording into the run's cassettes, in its mode: they now hold what the uninterrupted run's hold.
    expect([...tree(cassettes).keys()]).toEqual([...tree(wholeCassettes).keys()]);
    for (const [path, text] of [...tree(dir), ...tree(cassettes)]) expect(text.includes(KEY), path).toBe(false);

    // A config file given again is used when it says what the run recorded; a different one is refused, saying how to resume.
    expect((await evalsim(["run", "--resume", dir, "--agent-config", botsCfg, "--user-config", botsCfg, "--judge-config", judgeCfg], env)).code).toBe(0);
    const other = join(scratch("resume-llm-other"), "other.yaml");
    writeFileSync(other, readFileSync(botsCfg, "utf8").replace("temperature: 0", "temperature: 0.7"));
    const refused = await evalsim(["run", "--resume", dir, "--agent-config", other], env);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("agent_llm is {");
    expect(refused.err).toContain("leave --agent-config out to use the run's own");
  }, 90_000);

});
