/**
 * A key typed into a config's own fields (a base_url path segment or query
 * value, the model name, an extra_body field): evalsim read the key from the
 * environment, so it shows and stores those fields with `${api_key_env}`
 * (`config check`, run_config.json, cassette entries) while the requests
 * carry the key itself, also those of a resumed run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { parseLlmConfig } from "../../src/llm/config.js";
import { keyFilledConfig, keyShownConfig } from "../../src/llm/key-fields.js";
import type { MockServer } from "./mock-openai.js";
import { startMockServer } from "./mock-openai.js";
import { playEntries } from "./scenario-script.js";
import { leaksDecoded } from "../helpers/secret-spellings.js";

const KEY = "tenantkey-5Hq8Lw2Zr7Vn4Pc9";
const VAR = "EVALSIM_KEY_FIELDS_TEST_KEY";
const env = { [VAR]: KEY };
const dir = mkdtempSync(join(tmpdir(), "evalsim-key-fields-"));

function io(): CliIo & { text: () => string } {
  let text = "";
  return { out: (t) => void (text += t), err: (t) => void (text += t), env, isTty: false, readStdin: () => "", now: () => new Date(0), text: () => text };
}
function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let server: MockServer;
const NAME = "eva_airline__voluntary_date_change";
beforeAll(async () => {
  process.env[VAR] = KEY;
  server = await startMockServer(playEntries(selectScenarios(loadCatalog(registry, {}, registry.domains.filter((d) => d.name === "eva_airline")), { scenarios: [NAME] })));
});
afterAll(async () => {
  delete process.env[VAR];
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a key typed into the config's own fields", () => {
  it("shown as ${api_key_env} in base_url (path, query, percent-encoded), model and extra_body; filled in again to send", () => {
    const raw = { base_url: `https://h.example/v1/${KEY}/x?tenant=${encodeURIComponent(KEY)}&api-version=1`, model: `org/${KEY}`, api_key_env: VAR, extra_body: { route: { id: KEY.toUpperCase() } } };
    const config = parseLlmConfig(raw, "cfg.yaml");
    const shown = keyShownConfig(config, env);
    expect(shown.baseUrl).toBe(`https://h.example/v1/\${${VAR}}/x?tenant=\${${VAR}}&api-version=1`);
    expect(shown.model).toBe(`org/\${${VAR}}`);
    expect(shown.sampling?.extra_body).toEqual({ route: { id: `\${${VAR}}` } });
    const filled = keyFilledConfig(shown, env);
    expect(filled.baseUrl).toBe(config.baseUrl);
    expect(filled.model).toBe(config.model);
    // A config without the key in its fields is the same object.
    const plain = parseLlmConfig({ base_url: "http://h/v1", model: "m", api_key_env: VAR }, "p.yaml");
    expect(keyShownConfig(plain, env)).toBe(plain);
  });

  it("config check prints ${api_key_env}, never the key", async () => {
    const cfg = join(dir, "check.yaml");
    writeFileSync(cfg, `base_url: https://h.example/v1/${KEY}?tenant=${KEY}\nmodel: org/${KEY}\napi_key_env: ${VAR}\nextra_body:\n  route: ${KEY}\n`);
    const o = io();
    expect(await main(["config", "check", cfg], o)).toBe(0);
    expect(leaksDecoded(o.text(), KEY), o.text()).toBeUndefined();
    expect(o.text()).toContain(`"base_url": "https://h.example/v1/\${${VAR}}?tenant=\${${VAR}}"`);
    expect(o.text()).toContain(`"model": "org/\${${VAR}}"`);
    expect(o.text()).toContain(`"route": "\${${VAR}}"`);
  });

  it("run_config.json and the cassette entries hold ${api_key_env}; the requests, a resumed run's included, carry the key", async () => {
    const cfg = join(dir, "run.yaml");
    writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-${KEY}\napi_key_env: ${VAR}\nretries: 0\ntimeout_seconds: 5\nextra_body:\n  route: ${KEY}\n`);
    const out = join(dir, "out");
    const cassettes = join(dir, "cassettes");
    const o = io();
    const code = await main(["run", "--scenarios", NAME, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--cassettes", cassettes, "--out", out, "--workers", "1"], o);
    expect(code, o.text()).toBeLessThanOrEqual(1);
    expect(server.requests.length).toBeGreaterThan(0);
    for (const b of server.requests) {
      expect(b["model"]).toBe(`mock-${KEY}`);
      expect(b["route"]).toBe(KEY);
    }
    const files = [...filesUnder(out), ...filesUnder(cassettes)];
    expect(files.some((f) => f.startsWith(cassettes))).toBe(true);
    for (const f of files) expect(leaksDecoded(readFileSync(f, "utf8"), KEY), f).toBeUndefined();
    expect(leaksDecoded(o.text(), KEY)).toBeUndefined();
    const run = join(out, readdirSync(out)[0] as string);
    const recorded = JSON.parse(readFileSync(join(run, "run_config.json"), "utf8")) as { agent_llm: Record<string, unknown> };
    expect(recorded.agent_llm["model"]).toBe(`mock-\${${VAR}}`);
    expect(recorded.agent_llm["extra_body"]).toEqual({ route: `\${${VAR}}` });

    // A resume reads the recorded config, and fills the key in again.
    rmSync(join(run, NAME), { recursive: true, force: true });
    const before = server.requests.length;
    const resumed = io();
    expect(await main(["run", "--resume", run, "--cassette-mode", "record", "--cassettes", cassettes], resumed)).toBeLessThanOrEqual(1);
    const again = server.requests.slice(before);
    expect(again.length).toBeGreaterThan(0);
    for (const b of again) expect(b["model"]).toBe(`mock-${KEY}`);
    for (const f of [...filesUnder(run), ...filesUnder(cassettes)]) expect(leaksDecoded(readFileSync(f, "utf8"), KEY), f).toBeUndefined();
  });
});
