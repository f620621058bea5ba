/** provenanceOf: what run_config.json records about a model. */
import { describe, expect, it } from "vitest";
import { parseLlmConfig } from "../../src/llm/config.js";
import { provenanceOf } from "../../src/llm/provenance.js";

describe("provenanceOf", () => {
  it("a minimal config records the model, the URL and the defaults, in that order", () => {
    const p = provenanceOf(parseLlmConfig({ base_url: "http://llm.test/v1", model: "m" }, "t.yaml"));
    expect(Object.keys(p)).toEqual(["model", "base_url", "max_connections", "timeout_seconds", "retries", "max_reply_bytes"]);
    expect(p).toEqual({ model: "m", base_url: "http://llm.test/v1", max_connections: 16, timeout_seconds: 60, retries: 3, max_reply_bytes: 1000000 });
  });

  it("records the optional settings under their config names, the key variable by name, and never a key", () => {
    const p = provenanceOf(
      parseLlmConfig(
        {
          base_url: "http://llm.test/v1?api_key=SECRET1234&x=1",
          model: "m",
          api_key_env: "MY_KEY",
          temperature: 0,
          seed: 7,
          max_tokens: 256,
          system_role: "developer",
          requests_per_minute: 60,
          price_per_million_input: 0.5,
          price_per_million_output: 1.5,
        },
        "t.yaml",
      ),
    );
    expect(p).toMatchObject({ base_url: "http://llm.test/v1?api_key=[REDACTED]&x=1", temperature: 0, seed: 7, max_tokens: 256, system_role: "developer", requests_per_minute: 60, price_per_million_input: 0.5, price_per_million_output: 1.5 });
    // The variable's name is recorded (a resume reads the key from it again); the key itself never is.
    expect(p["api_key_env"]).toBe("MY_KEY");
    expect(JSON.stringify(p)).not.toMatch(/SECRET1234/);
  });
});
