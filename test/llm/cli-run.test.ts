/**
 * `evalsim run` with LLM bots end to end: config files, a mock endpoint on
 * 127.0.0.1, cassettes recorded and then replayed with the endpoint stopped.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "./mock-openai.js";
import { completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import { playEntries } from "./scenario-script.js";

const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];
const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });

const tmp = (): string => mkdtempSync(join(tmpdir(), "evalsim-llm-cli-"));

function bufferIo(env: Record<string, string | undefined> = {}): CliIo & { stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env,
    isTty: false,
    readStdin: () => "",
    now: () => new Date(0),
    stdout: () => out,
    stderr: () => err,
  };
}

function configFile(dir: string, name: string, url: string, extra = ""): string {
  const path = join(dir, name);
  writeFileSync(path, `base_url: ${url}\nmodel: mock-model\ntemperature: 0\nseed: 3\nretries: 1\nbackoff_seconds: 0\ntimeout_seconds: 5\n${extra}`);
  return path;
}

/** Every file under `root`, relative path → content. */
function snapshotTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return files;
}

const RUN_FOLDER = "eval_19700101_000000";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("evalsim run --agent llm --user llm", () => {
  it("records cassettes, then replays them with the endpoint stopped: zero requests, byte-identical outputs", async () => {
    server = await startMockServer(playEntries(entries));
    const dir = tmp();
    const agentCfg = configFile(dir, "agent.yaml", server.url);
    const userCfg = configFile(dir, "user.yaml", server.url);
    const cassettes = join(dir, "cassettes");
    const args = (mode: string, out: string): string[] =>
      ["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", agentCfg, "--user", "llm", "--user-config", userCfg, "--cassettes", cassettes, "--cassette-mode", mode, "--out", out, "--workers", "1"];

    const recordIo = bufferIo();
    expect(await main(args("record", join(dir, "recorded")), recordIo)).toBe(0);
    const live = server.requests.length;
    expect(live).toBeGreaterThan(10);
    // One entry per distinct request body, under <dir>/<first two hex digits>/<key>.json.
    const stored = readdirSync(cassettes).flatMap((sub) => readdirSync(join(cassettes, sub)).map((f) => `${sub}/${f}`));
    expect(stored).toHaveLength(live);
    for (const f of stored) expect(f).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{62}\.json$/);

    await server.stop();
    server = undefined;
    const replayIo = bufferIo();
    expect(await main(args("replay", join(dir, "replayed")), replayIo)).toBe(0);

    const recorded = snapshotTree(join(dir, "recorded", RUN_FOLDER));
    const replayed = snapshotTree(join(dir, "replayed", RUN_FOLDER));
    expect([...replayed.keys()]).toEqual([...recorded.keys()]);
    // Identical but for the cassette mode run_config.json records for a resume.
    const config = (tree: Map<string, string>): string => (tree.get("run_config.json") ?? "").replace(/"mode": "(record|replay)"/, '"mode": "MODE"');
    expect(recorded.get("run_config.json")).toContain('"mode": "record"');
    expect(config(replayed)).toBe(config(recorded));
    // The signature covers run_config.json's bytes, so it differs with them.
    for (const [path, content] of recorded) if (path !== "run_config.json" && path !== ".evalsim-run.sig") expect(replayed.get(path), path).toBe(content);
    expect(recorded.has(`${NAMES[0]}/bot_logs_agent/llm_context.json`)).toBe(true);
    expect(recorded.has(`${NAMES[0]}/bot_logs_user/llm_context.json`)).toBe(true);
    const metrics = JSON.parse(recorded.get(`${NAMES[0]}/metrics.json`) ?? "{}") as Record<string, unknown>;
    expect(metrics["status"]).toBe("passed");
  });

  it("a scenario whose endpoint keeps failing is errored with the cause; the run goes on", async () => {
    const [failing, passing] = entries;
    const failingPrompt = failing?.scenario.userPrompt();
    server = await startMockServer(
      playEntries(entries, (body) => (!isAgentRequest(body) && body.messages[0]?.content === failingPrompt ? { kind: "text", status: 500, text: "user model down" } : undefined)),
    );
    const dir = tmp();
    const io = bufferIo();
    const code = await main(
      ["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", configFile(dir, "a.yaml", server.url), "--user", "llm", "--user-config", configFile(dir, "u.yaml", server.url), "--out", dir, "--workers", "1"],
      io,
    );
    expect(code).toBe(1);
    const read = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, RUN_FOLDER, name, "metrics.json"), "utf8")) as Record<string, unknown>;
    const bad = read(failing?.scenario.name ?? "");
    expect(bad["status"]).toBe("errored");
    expect(bad["stop_reason"]).toBe("bot_error");
    expect(bad["error"]).toEqual({ side: "user", message: `LLM endpoint error (http): ${server.url}/chat/completions: HTTP 500: user model down (gave up after 2 attempts)` });
    expect(read(passing?.scenario.name ?? "")["status"]).toBe("passed");
  });

  it("reports bad LLM flags and configs as usage errors (exit 2) naming the file and field", async () => {
    const dir = tmp();
    const good = configFile(dir, "good.yaml", "http://127.0.0.1:9/v1");
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "base_url: http://127.0.0.1:9/v1\nmodel: m\ntimeout_seconds: -5\n");
    const keyed = configFile(dir, "keyed.yaml", "http://127.0.0.1:9/v1", "api_key_env: EVALSIM_TEST_ABSENT_KEY\n");
    const cases: [string[], string][] = [
      [["--agent", "llm"], "--agent llm needs --agent-config FILE"],
      [["--agent-config", good], "--agent-config is used only with --agent llm"],
      [["--agent", "llm", "--agent-config", bad], `${bad}: timeout_seconds:`],
      [["--agent", "llm", "--agent-config", good, "--cassette-mode", "replay"], "--cassette-mode replay needs --cassettes DIR"],
      [["--agent", "llm", "--agent-config", good, "--cassettes", dir, "--cassette-mode", "rewind"], "--cassette-mode must be one of off, record, replay, auto"],
      [["--agent", "llm", "--agent-config", keyed], `${keyed}: api_key_env names EVALSIM_TEST_ABSENT_KEY, which is not set`],
    ];
    for (const [flags, message] of cases) {
      const io = bufferIo();
      expect(await main(["run", "--scenarios", NAMES[0] ?? "", "--out", dir, ...flags], io), flags.join(" ")).toBe(2);
      expect(io.stderr()).toContain(message);
    }
  });
});

describe("evalsim run --judge-config", () => {
  const retail = registry.domains.find((d) => d.name === "tau2_retail");
  if (!retail) throw new Error("tau2_retail is not registered");
  const name = "tau2_retail__36";
  const [entry] = selectScenarios(loadCatalog(registry, {}, [retail]), { scenarios: [name] });
  let lastDir = "";

  async function judged(answer: (n: number) => ReturnType<typeof completion>) {
    server = await startMockServer((_body, n) => answer(n));
    const dir = tmp();
    lastDir = dir;
    const code = await main(["run", "--scenarios", name, "--judge-config", configFile(dir, "judge.yaml", server.url), "--out", dir, "--workers", "1"], bufferIo());
    const folder = join(dir, RUN_FOLDER, name);
    return {
      code,
      metrics: JSON.parse(readFileSync(join(folder, "metrics.json"), "utf8")) as Record<string, unknown>,
      judge: JSON.parse(readFileSync(join(folder, "judge_result.json"), "utf8")) as Record<string, unknown>,
    };
  }

  it("grades each NL assertion and gates on them", async () => {
    const assertions = entry?.scenario.nlAssertions ?? [];
    expect(assertions.length).toBe(2);
    const verdicts = assertions.map((_a, i) => ({ index: i + 1, passed: true, reason: "said so" }));
    const { code, metrics, judge } = await judged(() => completion({ content: JSON.stringify({ score: 0.75, reason: "good", nl_assertion_verdicts: verdicts }) }));
    expect(code).toBe(0);
    // As the reference's metrics["judge_score"]: the judge's score beside the signals.
    expect(metrics["judge_score"]).toBe(0.75);
    expect(server?.requests[0]?.messages[1]?.content).toContain(`<nl_assertions>\n1. ${assertions[0]}\n2. ${assertions[1]}\n</nl_assertions>`);
    expect(metrics["nl_assertion_pass_rate"]).toBe(1);
    expect((metrics["success_breakdown"] as { passed: string[] }).passed).toContain("nl_assertion");
    expect(judge["nl_assertion_verdicts"]).toEqual(assertions.map((assertion, i) => ({ index: i + 1, assertion, passed: true, reason: "said so" })));
  });

  it("fails every NL verdict when the judge endpoint fails", async () => {
    const { code, metrics, judge } = await judged(() => ({ kind: "text", status: 500, text: "judge down" }));
    expect(code).toBe(1);
    expect(metrics["status"]).toBe("failed");
    expect(metrics["nl_assertion_pass_rate"]).toBe(0);
    expect((metrics["success_breakdown"] as { failed: string[] }).failed).toEqual(["nl_assertion"]);
    expect((judge["nl_assertion_verdicts"] as { passed: boolean; reason: string }[]).map((v) => v.passed)).toEqual([false, false]);
    expect(judge["score"]).toBe(0);
    expect(metrics["judge_score"]).toBe(0);
  });

  it("counts the attempts of a judge request given up in the scenario's and the run's spend", async () => {
    const { metrics } = await judged(() => ({ kind: "text", status: 500, text: "judge down" }));
    // retries: 1 in the config: each judge request is tried twice before it is given up.
    const made = server?.requests.length ?? 0;
    expect(made).toBe(2);
    expect((metrics["token_usage"] as Record<string, unknown>)["judge"]).toEqual({ prompt: 0, completion: 0, requests: 0, failed_attempts: made });
    const runDir = join(lastDir, RUN_FOLDER);
    const spend = (JSON.parse(readFileSync(join(runDir, "summary.json"), "utf8")) as { totals: { spend: Record<string, unknown> } }).totals.spend;
    expect(spend["judge"]).toEqual({ requests: 0, failed_attempts: made, prompt: 0, completion: 0 });
    expect(readFileSync(join(runDir, "all_summary.txt"), "utf8")).toContain(`  judge  ${made} requests (0 answered, ${made} failed)`);
  });
});
