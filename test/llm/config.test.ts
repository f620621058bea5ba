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
    const path = file(
      "base_url: http://127.0.0.1:8000/v1/\nmodel: m\napi_key_env: MY_KEY\ntemperature: 0.2\nseed: 42\nmax_tokens: 256\ntimeout_seconds: 5\nretries: 1\nbackoff_seconds: 0.5\n" +
        "max_backoff_seconds: 8\nmax_retry_after_seconds: 30\nmax_connections: 4\nrequests_per_minute: 120\nmax_reply_bytes: 2048\nprice_per_million_input: 0.5\nprice_per_million_output: 1.5\n",
    );
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
      maxBackoffSeconds: 8,
      maxRetryAfterSeconds: 30,
      maxConnections: 4,
      requestsPerMinute: 120,
      maxReplyBytes: 2048,
      pricePerMillionInput: 0.5,
      pricePerMillionOutput: 1.5,
      source: path,
    });
  });

  it("fills the defaults and leaves unset sampling settings out", () => {
    const path = file("base_url: https://api.example.com/v1\nmodel: gpt\n");
    expect(loadLlmConfig(path)).toEqual({
      baseUrl: "https://api.example.com/v1",
      model: "gpt",
      timeoutSeconds: 60,
      retries: 3,
      backoffSeconds: 1,
      maxBackoffSeconds: 30,
      maxRetryAfterSeconds: 120,
      maxConnections: 16,
      maxReplyBytes: 1_000_000,
      source: path,
    });
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

  it("rejects a base_url holding a user name or password, without echoing it", () => {
    for (const url of ["http://user:sk-secret-123456@host/v1", "https://sk-secret-123456@host/v1"]) {
      const e = errorOf(file(`base_url: ${url}\nmodel: m\n`));
      expect(e.field).toBe("base_url");
      expect(e.message).toContain("must not hold a user name or password");
      expect(e.message).not.toContain("sk-secret-123456");
    }
  });

  it("bounds max_connections and max_reply_bytes", () => {
    expect(errorOf(file("base_url: http://x\nmodel: m\nmax_connections: 0\n")).field).toBe("max_connections");
    expect(errorOf(file("base_url: http://x\nmodel: m\nmax_connections: 1.5\n")).field).toBe("max_connections");
    expect(errorOf(file("base_url: http://x\nmodel: m\nmax_reply_bytes: 10\n")).field).toBe("max_reply_bytes");
  });

  it("reads the API key from the named environment variable only", () => {
    const cfg = loadLlmConfig(file("base_url: http://x\nmodel: m\napi_key_env: K\n"));
    expect(apiKeyFrom(cfg, { K: "secret" })).toBe("secret");
    expect(apiKeyFrom(cfg, {})).toBeUndefined();
    expect(apiKeyFrom(cfg, { K: "" })).toBeUndefined();
  });
});
