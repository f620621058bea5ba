/**
 * The key's value is known, so every spelling that decodes to it is
 * redacted: base64 (standard and URL-safe, padded or not, also the key at
 * any byte offset inside a longer base64 text), hex in either case, HTML
 * numeric entities, another case, and zero-width splits. An endpoint that
 * echoes the key so spelled leaves no trace of it in the transcript,
 * llm_context.json, metrics, the cassette or the console (an HTTP 500 body
 * with base64(key) included).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { endpointSnippet, redactSecrets } from "../../src/llm/redact.js";
import type { MockServer } from "./mock-openai.js";
import { assistantCount, completion, isAgentRequest, startMockServer } from "./mock-openai.js";
import { playEntries, scenarioOf } from "./scenario-script.js";
import { decodedSpellings, leaksDecoded } from "../helpers/secret-spellings.js";

const KEY = "evk-Q7m2Zx9PaL4tR8wN1cV6bH3";
const KEY_VAR = "EVALSIM_DECODED_SECRET_TEST_KEY";
const SPELLINGS = decodedSpellings(KEY);

describe("redaction by value", () => {
  it.each(Object.entries(SPELLINGS))("finds the key spelled as %s", (_name, spelled) => {
    // The independent check sees the key in the spelling itself...
    expect(leaksDecoded(`a ${spelled} b`, KEY)).toBeDefined();
    const out = redactSecrets(`a ${spelled} b`, [KEY]);
    // ...and nothing of it once redacted.
    expect(leaksDecoded(out, KEY), out).toBeUndefined();
    expect(out).toContain("[REDACTED]");
    expect(out.startsWith("a ") && out.endsWith(" b")).toBe(true);
  });

  it("a base64 text holding the key at every byte offset keeps no 12 characters of it", () => {
    for (let pad = 0; pad < 9; pad++) {
      const text = Buffer.from(`${"p".repeat(pad)}{"authorization": "Bearer ${KEY}", "more": "text after it"}`).toString("base64");
      expect(leaksDecoded(redactSecrets(text, [KEY]), KEY), `offset ${pad}`).toBeUndefined();
    }
  });

  it("an error body with base64(key) is shown redacted", () => {
    const body = JSON.stringify({ error: { message: `invalid credentials ${SPELLINGS["base64"] as string}` } });
    expect(leaksDecoded(endpointSnippet(body, [KEY]), KEY)).toBeUndefined();
  });

  it("leaves ordinary text, hex digests and base64 of other things as they were", () => {
    const t = `sha256 ${"0123456789abcdef".repeat(4)} ${Buffer.from("some other text entirely").toString("base64")} &#233;t&#xE9; a\u200Bb EVK-`;
    expect(redactSecrets(t, [KEY])).toBe(t);
  });
});

const NAMES = ["eva_airline__voluntary_date_change", "eva_airline__1_1_3"];
const evaDomain = registry.domains.find((d) => d.name === "eva_airline");
if (!evaDomain) throw new Error("eva_airline is not registered");
const entries = selectScenarios(loadCatalog(registry, {}, [evaDomain]), { scenarios: NAMES });

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let server: MockServer | undefined;
const dir = mkdtempSync(join(tmpdir(), "evalsim-secrets-decoded-"));
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("an endpoint that echoes the key base64- or hex-encoded, as entities, upper-cased or split", () => {
  it("no output file, cassette or console line holds it", async () => {
    const failing = NAMES[1];
    const all = Object.values(SPELLINGS).join(" | ");
    server = await startMockServer(
      playEntries(entries, (body) => {
        if (!isAgentRequest(body)) return undefined;
        if (scenarioOf(body) === failing) return { kind: "text", status: 500, text: `{"error": "bad key ${SPELLINGS["base64"] as string}"}` };
        if (assistantCount(body) === 0) return completion({ content: `Hello! ${all}` });
        if (assistantCount(body) === 1) return completion({ calls: [{ name: "get_reservation", arguments: JSON.stringify({ reservation: SPELLINGS["base64url"] as string, note: SPELLINGS["split by U+200B"] as string }) }] });
        return undefined;
      }),
    );
    const cfg = join(dir, "model.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\napi_key_env: ${KEY_VAR}\nretries: 0\ntimeout_seconds: 5\n`);
    let text = "";
    const io: CliIo = { out: (t) => void (text += t), err: (t) => void (text += t), env: { [KEY_VAR]: KEY }, isTty: false, readStdin: () => "", now: () => new Date(0) };
    const out = join(dir, "out");
    const cassettes = join(dir, "cassettes");
    process.env[KEY_VAR] = KEY;
    try {
      expect(await main(["run", "--scenarios", ...NAMES, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--cassettes", cassettes, "--out", out, "--workers", "1"], io)).toBe(1);
    } finally {
      delete process.env[KEY_VAR];
    }
    const files = [...filesUnder(out), ...filesUnder(cassettes)];
    for (const name of ["transcript.jsonl", "metrics.json", "llm_context.json"]) expect(files.some((f) => f.endsWith(name)), name).toBe(true);
    expect(files.some((f) => f.startsWith(cassettes))).toBe(true);
    for (const f of files) expect(leaksDecoded(readFileSync(f, "utf8"), KEY), f).toBeUndefined();
    expect(leaksDecoded(text, KEY), text).toBeUndefined();
    // The failing scenario's HTTP 500 is reported, its body redacted.
    expect(text + files.map((f) => readFileSync(f, "utf8")).join("")).toContain("HTTP 500");
  }, 60_000);
});
