/**
 * An endpoint that echoes the key in other spellings: JSON `\uXXXX` escapes
 * (in the reply body and, one level deeper, inside a tool call's arguments),
 * percent-encoding, and in an error body with whitespace that brings a key
 * cut at the scan window's edge into the snippet. No output file, cassette
 * entry or console line may hold the key in any spelling, nor a run of 12 of
 * its characters.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { endpointSnippet, redactSecrets, shownUrl, urlSecrets } from "../../src/llm/redact.js";
import type { MockAnswer, MockServer } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import { playEntries, scenarioOf } from "./scenario-script.js";
import { leaks, oneEscaped, percent, spellings, uEscaped } from "../helpers/secret-spellings.js";

const KEY = "evk-Q7m2Zx9PaL4tR8wN1cV6bH3";
const KEY_VAR = "EVALSIM_ENCODED_SECRET_TEST_KEY";

describe("redaction of encoded keys", () => {
  it("finds the key JSON-escaped, percent-encoded, partly escaped and escaped twice", () => {
    for (const s of spellings(KEY)) expect(redactSecrets(`a ${s} b`, [KEY])).toBe("a [REDACTED] b");
    const twice = JSON.stringify(JSON.stringify({ k: uEscaped(KEY) }));
    expect(leaks(redactSecrets(twice, [KEY]), KEY)).toBeUndefined();
    // What was JSON stays JSON, with the key replaced.
    const body = JSON.stringify({ content: `x ${KEY} y` }).replace(KEY, uEscaped(KEY));
    expect(JSON.parse(redactSecrets(body, [KEY]))).toEqual({ content: "x [REDACTED] y" });
  });

  it("redacts before it cuts: a key across the scan window leaves none of itself in the snippet", () => {
    for (let at = 1180; at <= 1205; at++) {
      const body = `${"\n".repeat(at)}${KEY} and more`;
      const out = endpointSnippet(body, [KEY]);
      expect(leaks(out, KEY), `key at ${at}: ${out}`).toBeUndefined();
      // A key that starts inside the window is shown redacted (or cut short); one after it not at all.
      if (at + "[REDACTED]".length <= 1200) expect(out.startsWith("[REDACTED]"), out).toBe(true);
    }
  });

  it("leaves text without the key as it was", () => {
    const t = `{"a": "\\u00e9t\\u00e9 50%25 off", "b": "%zz \\q"}`;
    expect(redactSecrets(t, [KEY])).toBe(t);
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
/** A completion whose JSON text spells the key `spell`ed (the body is written by hand, not by JSON.stringify). */
function spelled(answer: MockAnswer, spell: (raw: string) => string): MockAnswer {
  if (answer.kind !== "json") return answer;
  return { kind: "text", status: 200, text: spell(JSON.stringify(answer.body)), headers: { "content-type": "application/json" } };
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("an endpoint that echoes the key in other spellings", () => {
  it("no output file, cassette or console line holds it", async () => {
    const failing = NAMES[1];
    server = await startMockServer(
      playEntries(entries, (body) => {
        if (!isAgentRequest(body)) return undefined;
        const turn = assistantCount(body);
        if (turn === 0) {
          // The greeting: the key JSON-escaped, percent-encoded and one character escaped.
          return spelled(completion({ content: `Hello! keys: ${KEY} / ${percent(KEY)} / ${KEY}` }), (raw) => raw.replace(KEY, uEscaped(KEY)).replace(KEY, oneEscaped(KEY)));
        }
        if (scenarioOf(body) === failing) {
          // An error body where the key starts 20 characters before the 1,200-character scan window ends.
          return { kind: "text", status: 401, text: `${" ".repeat(1180)}${KEY} is not a valid key` };
        }
        if (turn === 1) {
          // A tool call whose arguments hold the key escaped (inside the arguments' own JSON text).
          const args = JSON.stringify({ reservation: uEscaped(KEY) }).replace(/\\\\/g, "\\");
          return completion({ calls: [{ name: "get_reservation", arguments: args }] });
        }
        return undefined;
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), "evalsim-secrets-enc-"));
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\napi_key_env: ${KEY_VAR}\nretries: 0\ntimeout_seconds: 5\n`);
    const io = bufferIo({ [KEY_VAR]: KEY });
    const out = join(dir, "out");
    const cassettes = join(dir, "cassettes");
    process.env[KEY_VAR] = KEY;
    try {
      const code = await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--cassettes", cassettes, "--out", out, "--workers", "1"], io);
      expect(code).toBe(1);
    } finally {
      delete process.env[KEY_VAR];
    }
    expect(server.headers[0]?.["authorization"]).toBe(`Bearer ${KEY}`);
    const files = [...filesUnder(out), ...filesUnder(cassettes)];
    for (const name of ["transcript.jsonl", "metrics.json", "all_metrics.json", "llm_context.json"]) expect(files.some((f) => f.endsWith(name)), name).toBe(true);
    for (const f of files) expect(leaks(readFileSync(f, "utf8"), KEY), f).toBeUndefined();
    expect(leaks(io.all(), KEY)).toBeUndefined();
    // What was said still arrives, the key replaced.
    const folder = readdirSync(out)[0] ?? "";
    const metrics = JSON.parse(readFileSync(join(out, folder, NAMES[0] ?? "", "metrics.json"), "utf8")) as { turns: { text: string }[] };
    expect(metrics.turns[0]?.text).toBe("Hello! keys: [REDACTED] / [REDACTED] / [REDACTED]");
  });
});

describe("a key in base_url's query", () => {
  it("is redacted in provenance and messages; other parameters stay as written", () => {
    expect(shownUrl("http://h/v1?api_key=abc123&api-version=2024-06-01#f")).toBe("http://h/v1?api_key=[REDACTED]&api-version=2024-06-01#f");
    expect(shownUrl("http://h/v1?x-api-key=abc&token=t&sig=s&code=1")).toBe("http://h/v1?x-api-key=[REDACTED]&token=[REDACTED]&sig=[REDACTED]&code=1");
    expect(shownUrl("http://127.0.0.1:8000/v1")).toBe("http://127.0.0.1:8000/v1");
    expect(urlSecrets("http://h/v1?api%5Fkey=a%2Bb&q=1")).toEqual(["a+b"]);
  });

  it("never reaches run_config.json, metrics or the console", async () => {
    server = await startMockServer(() => completion({ content: "unreachable" }));
    const dir = mkdtempSync(join(tmpdir(), "evalsim-secrets-url-"));
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}?api_key=${KEY}&api-version=7\nmodel: mock-model\nretries: 0\ntimeout_seconds: 5\n`);
    const io = bufferIo({});
    const out = join(dir, "out");
    await main(["run", "--scenarios", NAMES[0] ?? "", "--agent", "llm", "--agent-config", cfg, "--user", "scripted", "--out", out, "--workers", "1"], io);
    const files = filesUnder(out);
    const runConfig = files.find((f) => f.endsWith("run_config.json"));
    expect(runConfig).toBeDefined();
    expect(readFileSync(runConfig ?? "", "utf8")).toContain(`?api_key=[REDACTED]&api-version=7`);
    for (const f of files) expect(leaks(readFileSync(f, "utf8"), KEY), f).toBeUndefined();
    expect(leaks(io.all(), KEY)).toBeUndefined();
  });
});
