import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/io.js";
import { checkLlmFlags } from "../../src/cli/llm-flags.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-llm-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("checkLlmFlags", () => {
  it("has nothing to check for a run without a model", () => {
    expect(() => checkLlmFlags({ agent: "oracle", user: "scripted" }, {})).not.toThrow();
  });

  it("makes a missing flag or an unreadable config a usage error before anything runs", () => {
    expect(() => checkLlmFlags({ agent: "llm", user: "scripted" }, {})).toThrow(new UsageError("--agent llm needs --agent-config FILE"));
    expect(() => checkLlmFlags({ agent: "oracle", user: "scripted", cassetteMode: "record" }, {})).toThrow(new UsageError("--cassette-mode record needs --cassettes DIR"));
    const missing = join(dir, "agent.yaml");
    expect(() => checkLlmFlags({ agent: "llm", user: "scripted", agentConfig: missing }, {})).toThrow(new UsageError(`${missing}: cannot read the file (ENOENT): no such file or folder`));
  });

  it("reads a config that names its key by an environment variable, and refuses it when the variable is unset", () => {
    const config = join(dir, "judge.yaml");
    writeFileSync(config, "model: m\nbase_url: http://127.0.0.1:9/v1\napi_key_env: JUDGE_KEY\n");
    const spec = { agent: "oracle", user: "scripted", judgeConfig: config } as const;
    expect(() => checkLlmFlags(spec, { JUDGE_KEY: "k" })).not.toThrow();
    expect(() => checkLlmFlags(spec, {})).toThrow(UsageError);
    expect(() => checkLlmFlags(spec, {})).toThrow(/JUDGE_KEY/);
  });
});
