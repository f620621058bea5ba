/**
 * The run-folder signature (src/run/folder/trust.ts): where the user's key
 * lives and with which permissions, what is signed, and what breaks it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataHome, DATA_HOME_ENV, needsTrust, runFolderProvenance, signRunConfig, SIGNATURE_FILE, untrustedAsks } from "../../../src/run/folder/trust.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-trust-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function runDir(config: Record<string, unknown>): string {
  const d = join(root, `run${n++}`);
  mkdirSync(d);
  writeFileSync(join(d, "run_config.json"), JSON.stringify(config, null, 2) + "\n");
  return d;
}
const LLM = { agent: "llm", user: "scripted", agent_llm: { model: "m", base_url: "http://h:8000/v1", api_key_env: "K" } };

describe("the signing key's folder", () => {
  it("is EVALSIM_DATA_HOME, else XDG_DATA_HOME/evalsim, else ~/.local/share/evalsim", () => {
    expect(dataHome({ [DATA_HOME_ENV]: "/a/b", XDG_DATA_HOME: "/x" })).toBe("/a/b");
    expect(dataHome({ XDG_DATA_HOME: "/x" })).toBe("/x/evalsim");
    // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
    expect(dataHome({ XDG_DATA_HOME: "rel" })).toBe(join(homedir(), ".local", "share", "evalsim"));
    expect(dataHome({})).toBe(join(homedir(), ".local", "share", "evalsim"));
  });

  it("holds a 0600 key made on the first signature, never written into the run folder", () => {
    const home = join(root, "home");
    const env = { [DATA_HOME_ENV]: home };
    const d = runDir(LLM);
    signRunConfig(d, LLM, env);
    const key = join(home, "run-signing.key");
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(readdirSync(d).sort()).toEqual([SIGNATURE_FILE, "run_config.json"]);
    expect(readFileSync(join(d, SIGNATURE_FILE), "utf8")).not.toContain(readFileSync(key, "utf8").trim());
    expect(runFolderProvenance(d, env)).toEqual({ trusted: true });
  });
});

describe("the signature", () => {
  const env = { [DATA_HOME_ENV]: join(root, "home2") };

  it("is written only when run_config.json names something to trust", () => {
    const plain = { agent: "oracle", user: "scripted", seed: 0 };
    expect(needsTrust(plain)).toBe(false);
    const d = runDir(plain);
    signRunConfig(d, plain, env);
    expect(readdirSync(d)).toEqual(["run_config.json"]);
  });

  it("breaks with any edit of run_config.json, and under another user's key", () => {
    const d = runDir(LLM);
    signRunConfig(d, LLM, env);
    expect(runFolderProvenance(d, env).trusted).toBe(true);
    expect(runFolderProvenance(d, { [DATA_HOME_ENV]: join(root, "someone-else") }).trusted).toBe(false);
    const file = join(d, "run_config.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("http://h:8000/v1", "http://attacker/v1"));
    expect(runFolderProvenance(d, env)).toMatchObject({ trusted: false, why: expect.stringContaining("does not match") as unknown });
  });

  it("a signature file that is not one is no signature", () => {
    const d = runDir(LLM);
    for (const text of ["", "null", "[]", '{"hmac_sha256": 1}', '{"hmac_sha256": "zz"}']) {
      writeFileSync(join(d, SIGNATURE_FILE), text);
      expect(runFolderProvenance(d, env).trusted).toBe(false);
    }
  });
});

describe("what an unsigned folder asks for", () => {
  const none = { modules: new Set<string>(), configs: {}, baseUrls: [], apiKeyEnvs: [] };
  it("a model config of a side that is not an LLM is never used, so never asked about", () => {
    expect(untrustedAsks({ ...LLM, agent: "oracle" }, "/r", none)).toEqual([]);
    expect(untrustedAsks(LLM, "/r", none)).toHaveLength(1);
    expect(untrustedAsks(LLM, "/r", { ...none, baseUrls: ["http://h:8000/v1"], apiKeyEnvs: ["K"] })).toEqual([]);
  });

  it("a cassette folder inside the run folder is not asked about", () => {
    expect(untrustedAsks({ cassettes: { dir: "/r/cassettes", mode: "record" } }, "/r", none)).toEqual([]);
    expect(untrustedAsks({ cassettes: { dir: "/r/../elsewhere", mode: "record" } }, "/r", none)).toHaveLength(1);
  });
});
