/**
 * A key set through `api_key_env` reaches the endpoint and nothing else: an
 * endpoint that echoes it (in an error body, in a reply) gets it redacted
 * from every output file, cassette entry and message.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { endpointSnippet, redactSecrets } from "../../src/llm/redact.js";
import type { MockServer } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import { playEntries, scenarioOf } from "./scenario-script.js";

const KEY = "sk-evalsim-test-4f9c2a7e1b";
const KEY_VAR = "EVALSIM_SECRETS_TEST_KEY";

describe("redaction", () => {
  it("removes the configured key, bearer tokens, sk-style keys and key=value pairs", () => {
    expect(redactSecrets(`denied for custom-key-value-123 (Authorization: Bearer abc.def-ghi)`, ["custom-key-value-123"])).toBe("denied for [REDACTED] (Authorization: Bearer [REDACTED])");
    expect(redactSecrets(`{"error": "Incorrect API key provided: sk-proj-AbC123xyz789"}`)).toBe(`{"error": "Incorrect API key provided: [REDACTED]"}`);
    expect(redactSecrets(`url?api_key=hunter2&x=1 "x-api-key": "abc123"`)).toBe(`url?api_key=[REDACTED]&x=1 "x-api-key": "[REDACTED]"`);
    expect(redactSecrets("nvapi-ABCDEFGH12345678 and hf_abcdefghijklmnopqrstu")).toBe("[REDACTED] and [REDACTED]");
    expect(redactSecrets("an ordinary error: model not found")).toBe("an ordinary error: model not found");
  });

  it("truncates long endpoint text after redacting, so no key survives in part", () => {
    const body = `${"x".repeat(290)} ${KEY} ${"y".repeat(5000)}`;
    const out = endpointSnippet(body, [KEY]);
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out.endsWith("...")).toBe(true);
    expect(out).not.toContain("sk-evalsim");
  });
});

const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];
const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });

function bufferIo(env: Record<string, string | undefined>): CliIo & { all: () => string } {
  let text = "";
  return { out: (t) => void (text += t), err: (t) => void (text += t), env, isTty: false, readStdin: () => "", now: () => new Date(0), all: () => text };
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  delete process.env[KEY_VAR];
});

describe("an endpoint that echoes the key", () => {
  it("test_run_args_redacts_judge_api_key: sees the key in its Authorization header; no output file, cassette or message holds it", async () => {
    const failing = NAMES[1];
    server = await startMockServer(
      playEntries(entries, (body) => {
        if (!isAgentRequest(body)) return undefined;
        // The greeting quotes the key back; the second scenario's endpoint then fails, echoing it.
        if (assistantCount(body) === 0) return completion({ content: `Hello! (debug: you sent Bearer ${KEY}, key ${KEY})` });
        if (scenarioOf(body) === failing) return { kind: "text", status: 401, text: `{"error": "invalid api key ${KEY}", "echo": {"authorization": "Bearer ${KEY}"}}`, headers: { "x-echo-key": KEY } };
        return undefined;
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), "evalsim-secrets-"));
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\napi_key_env: ${KEY_VAR}\nretries: 0\ntimeout_seconds: 5\n`);
    process.env[KEY_VAR] = KEY;
    const io = bufferIo({ [KEY_VAR]: KEY });
    const out = join(dir, "out");
    const cassettes = join(dir, "cassettes");
    const code = await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--cassettes", cassettes, "--out", out, "--workers", "1"], io);
    expect(code).toBe(1);
    expect(server.headers[0]?.["authorization"]).toBe(`Bearer ${KEY}`);

    const files = [...filesUnder(out), ...filesUnder(cassettes)];
    expect(files.some((f) => f.endsWith("metrics.json"))).toBe(true);
    expect(files.some((f) => f.startsWith(cassettes))).toBe(true);
    for (const f of files) expect(readFileSync(f, "utf8").includes(KEY), f).toBe(false);
    expect(io.all().includes(KEY)).toBe(false);

    // What was said still arrives, with the key replaced, and the failure says what happened.
    const metricsOf = (name: string | undefined): Record<string, unknown> => {
      const folder = readdirSync(out)[0] ?? "";
      return JSON.parse(readFileSync(join(out, folder, name ?? "", "metrics.json"), "utf8")) as Record<string, unknown>;
    };
    const bad = metricsOf(failing);
    expect(bad["status"]).toBe("errored");
    expect((bad["error"] as { message: string }).message).toContain(`HTTP 401: {"error": "invalid api key [REDACTED]"`);
    const turns = metricsOf(NAMES[0])["turns"] as { text: string }[];
    expect(turns[0]?.text).toBe("Hello! (debug: you sent Bearer [REDACTED], key [REDACTED])");
  });
});
