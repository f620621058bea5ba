import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiKeyFrom, LlmConfigError, loadLlmConfig } from "../../src/llm/config.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-llm-config-"));
let n = 0;
function file(text: string): string {
  const path = join(dir, `c${++n}.yaml`);
  writeFileSync(path, text);
  return path;
}

function errorOf(path: string): LlmConfigError {
  try {
    loadLlmConfig(path);
  } catch (e) {
    if (e instanceof LlmConfigError) return e;
    throw e;
  }
  throw new Error("expected an LlmConfigError");
}

describe("loadLlmConfig", () => {
  it("reads every setting and strips the trailing slash of base_url", () => {
    const path = file("base_url: http://127.0.0.1:8000/v1/\nmodel: m\napi_key_env: MY_KEY\ntemperature: 0.2\nseed: 42\nmax_tokens: 256\ntimeout_seconds: 5\nretries: 1\nbackoff_seconds: 0.5\n");
    expect(loadLlmConfig(path)).toEqual({
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "m",
      apiKeyEnv: "MY_KEY",
      temperature: 0.2,
      seed: 42,
      maxTokens: 256,
      timeoutSeconds: 5,
      retries: 1,
      backoffSeconds: 0.5,
      source: path,
    });
  });

  it("fills the defaults and leaves unset sampling settings out", () => {
    const path = file("base_url: https://api.example.com/v1\nmodel: gpt\n");
    expect(loadLlmConfig(path)).toEqual({ baseUrl: "https://api.example.com/v1", model: "gpt", timeoutSeconds: 60, retries: 3, backoffSeconds: 1, source: path });
  });

  it("names the file and the field of a bad value", () => {
    const path = file("base_url: http://x/v1\nmodel: m\nretries: -1\n");
    const e = errorOf(path);
    expect(e.file).toBe(path);
    expect(e.field).toBe("retries");
    expect(e.message).toContain(`${path}: retries:`);
    expect(e.message).toContain("found -1");
  });

  it("rejects a missing required field, a non-URL, unknown keys, duplicate keys and non-mappings", () => {
    expect(errorOf(file("model: m\n")).field).toBe("base_url");
    expect(errorOf(file("base_url: ftp://x\nmodel: m\n")).message).toContain("expected an http(s) URL");
    const unknown = errorOf(file("base_url: http://x\nmodel: m\ntemprature: 1\n"));
    expect(unknown.field).toBe("temprature");
    expect(unknown.message).toContain("unknown setting");
    expect(errorOf(file("base_url: http://x\nmodel: m\nmodel: n\n")).message).toContain("invalid YAML");
    expect(errorOf(file("- a\n- b\n")).message).toContain("expected a mapping of settings, found a list");
    expect(errorOf(join(dir, "absent.yaml")).message).toContain("cannot read the file (ENOENT)");
  });

  it("reads the API key from the named environment variable only", () => {
    const cfg = loadLlmConfig(file("base_url: http://x\nmodel: m\napi_key_env: K\n"));
    expect(apiKeyFrom(cfg, { K: "secret" })).toBe("secret");
    expect(apiKeyFrom(cfg, {})).toBeUndefined();
    expect(apiKeyFrom(cfg, { K: "" })).toBeUndefined();
  });
});
