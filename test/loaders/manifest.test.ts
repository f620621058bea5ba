/**
 * The committed manifest describes the shared fixtures exactly, and
 * `verifyDataRoot` notices a changed, resized or missing file.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildManifest, ManifestSchema, readManifest, verifyDataRoot } from "../../src/loaders/manifest.js";
import { loadProvenance } from "../../src/loaders/provenance.js";
import { sourceUrl, UnknownSourceError } from "../../src/loaders/upstream-sources.js";
import { copyFixtures, FIXTURES } from "../helpers/temp-data.js";

const RECORD = "upstream/eva-0.1.3/records/1.1.2/";

describe("fixtures manifest", () => {
  const manifest = readManifest();

  const records = manifest.files.filter((f) => f.path.startsWith(RECORD));
  const recordPresent = existsSync(join(FIXTURES, RECORD));

  it("lists every fixture file (the data root's README aside) and verifies against them", () => {
    // `find shared/fixtures -type f` counts 158 files, one of them its README.md; eva's record adds 6 optional ones.
    expect(manifest.files).toHaveLength(163);
    const absent = recordPresent ? [] : records.map((f) => f.path);
    expect(verifyDataRoot(FIXTURES, manifest)).toEqual({ checked: 163 - absent.length, problems: [], unlisted: [], absent_optional: absent });
  });

  it("is what `evalsim fixtures manifest` generates from the shared fixtures, optional entries kept", () => {
    expect(buildManifest(FIXTURES, loadProvenance(), manifest).files).toEqual(manifest.files);
    if (!recordPresent) expect(buildManifest(FIXTURES, loadProvenance()).files).toEqual(manifest.files.filter((f) => f.optional !== true));
  });

  it("lists eva 0.1.3's recorded conversation 1.1.2 as optional, pinned to the tag", () => {
    // sha256sum / stat -c %s of `git show 0.1.3:tests/artifacts/records/1.1.2/<file>` in ServiceNow/eva.
    expect(records.map((f) => [f.path.slice(RECORD.length), f.size, f.sha256, f.optional])).toEqual([
      ["audit_log.json", 488842, "b5c93729fac3ce056730f8411b74531f06a2d6642af35c83d54b474ccc4b2b73", true],
      ["elevenlabs_events.jsonl", 13225, "10c009fdfc6b63041acbd172d0b9d9eea6b543f3e503700835982adfb146b6c8", true],
      ["final_scenario_db.json", 13023, "541b536308e77ad886f4f86d3f1c3d22516e1269b67c6aede31273b5b986a7a9", true],
      ["initial_scenario_db.json", 12587, "7aec3c57af0957d70eddeadaf28611d1b53f63195403acaa30c81cfe27f93fea", true],
      ["result.json", 1917, "2cb77931c10a894caaea8c25c94d885c611829f25e856970d1ee25619460e664", true],
      ["transcript.jsonl", 8313, "3c03738079a0950befd5a5146e977005a5f4b9c697b6797fe09feb6822b7a84f", true],
    ]);
    expect(manifest.files.filter((f) => f.optional === true)).toEqual(records);
  });

  it("an absent optional file is no problem; a present one that differs is", () => {
    const root = copyFixtures(["eva_airline"]);
    const entry = records[0]!;
    const subset = { files: [...manifest.files.filter((f) => f.path.startsWith("eva_airline/")), entry] };
    expect(verifyDataRoot(root, subset)).toMatchObject({ problems: [], absent_optional: [entry.path] });
    mkdirSync(join(root, RECORD), { recursive: true });
    writeFileSync(join(root, entry.path), "{}");
    expect(verifyDataRoot(root, subset).problems.map((p) => `${p.problem} ${p.path}`)).toEqual([`size ${entry.path}`]);
  });

  it("pins sizes and SHA-256 digests computed outside evalsim", () => {
    // sha256sum / stat -c %s on shared/fixtures.
    const byPath = new Map(manifest.files.map((f) => [f.path, f]));
    expect(byPath.get("eva_airline/airline_agent.yaml")).toMatchObject({
      size: 18380,
      sha256: "58631672139be47f767c367894919d64091832b0113b099443dcd645609209bd",
    });
    expect(byPath.get("upstream/eva-0.1.3/airline_agent.yaml")).toMatchObject({
      size: 18451,
      sha256: "ea27be8276a61059370df8041396da4b2cdc06aaa354f09d921937e07f338258",
    });
    expect(byPath.get("upstream/nemo-1a83139/server_configs/agent.yaml")).toMatchObject({
      size: 7518,
      sha256: "31c91051c242bdd02b5599a750dd81c330e061b3b574b3265ecd8c995da2d331",
    });
    expect(byPath.get("upstream/eva-main-997ae97/judge_validation_datasets/key_entity_transcription.jsonl")).toMatchObject({
      size: 189950,
      sha256: "ce96b72c243f0c95bb35d58b412871596fd661c8225daa8d665fed994b1f9084",
    });
  });

  it("reports a changed, a resized and a missing file, and files it does not list", () => {
    const root = copyFixtures(["eva_airline", "tau2_telecom"]);
    const subset = { files: manifest.files.filter((f) => f.path.startsWith("eva_airline/") || f.path.startsWith("tau2_telecom/")) };
    const yaml = join(root, "eva_airline", "airline_agent.yaml");
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace("Airline Agent", "Airline Agenz"));
    writeFileSync(join(root, "tau2_telecom", "db.json"), "{}");
    rmSync(join(root, "eva_airline", "7.4.1.json"));
    writeFileSync(join(root, "tau2_telecom", "notes.txt"), "x");
    const result = verifyDataRoot(root, subset);
    expect(result.problems.map((p) => `${p.problem} ${p.path}`)).toEqual([
      "missing eva_airline/7.4.1.json",
      "sha256 eva_airline/airline_agent.yaml",
      "size tau2_telecom/db.json",
    ]);
    expect(result.problems[2]?.detail).toBe("2 bytes, expected 14141");
    expect(result.unlisted).toEqual(["tau2_telecom/notes.txt"]);
  });

  it("rejects entries that could point outside the data root", () => {
    const entry = { path: "../x.json", size: 1, sha256: "0".repeat(64), source: "https://example.org/x.json" };
    for (const path of ["../x.json", "a/../b.json", "/etc/passwd", "a//b", "./a"]) {
      expect(ManifestSchema.safeParse({ files: [{ ...entry, path }] }).success, path).toBe(false);
    }
    expect(ManifestSchema.safeParse({ files: [{ ...entry, path: "tau2_airline/db/users.json" }] }).success).toBe(true);
  });
});

describe("sourceUrl", () => {
  const sources = loadProvenance().sources;

  it("maps laid-out fixtures to NeMo at the pinned commit", () => {
    expect(sourceUrl("tau2_airline/db/users.json", sources)).toBe(
      "https://raw.githubusercontent.com/NVIDIA-NeMo/labs-Voice-Agent/1a8313992250c39ca1c1e5e7fd2b85e3c862615e/nemo_voice_agent/evaluation/data/tau2_airline/db/users.json",
    );
  });

  it("maps tau2-bench's audio difficulty tables, which NeMo does not ship, to tau2-bench", () => {
    expect(sourceUrl("tau2_retail/audio_difficulty.json", sources)).toBe(
      "https://raw.githubusercontent.com/sierra-research/tau2-bench/voice-user-sim-v1.0/data/tau2/domains/retail/audio_difficulty.json",
    );
    expect(readManifest().files.find((f) => f.path === "tau2_retail/audio_difficulty.json")?.sha256).toBe(
      // sha256sum shared/fixtures/tau2_retail/audio_difficulty.json
      "e979ab09c8b0d09ece5a2812713c00c0c7320faca303a1547e53afba7f23333c",
    );
  });

  it("maps upstream copies to eva 0.1.3 and tau2-bench voice-user-sim-v1.0", () => {
    expect(sourceUrl("upstream/eva-0.1.3/airline_agent.yaml", sources)).toBe("https://raw.githubusercontent.com/ServiceNow/eva/0.1.3/configs/agents/airline_agent.yaml");
    expect(sourceUrl("upstream/eva-0.1.3/airline_dataset.jsonl", sources)).toBe("https://raw.githubusercontent.com/ServiceNow/eva/0.1.3/data/airline_dataset.jsonl");
    expect(sourceUrl("upstream/eva-0.1.3/airline_scenarios/1.1.2.json", sources)).toBe(
      "https://raw.githubusercontent.com/ServiceNow/eva/0.1.3/data/airline_scenarios/1.1.2.json",
    );
    expect(sourceUrl("upstream/eva-0.1.3/records/1.1.2/audit_log.json", sources)).toBe(
      "https://raw.githubusercontent.com/ServiceNow/eva/0.1.3/tests/artifacts/records/1.1.2/audit_log.json",
    );
    expect(sourceUrl("upstream/tau2-bench-voice-user-sim-v1.0/telecom/db.toml", sources)).toBe(
      "https://raw.githubusercontent.com/sierra-research/tau2-bench/voice-user-sim-v1.0/data/tau2/domains/telecom/db.toml",
    );
  });

  it("maps NeMo's shipped server configs and eva's real-call datasets to their pinned commits", () => {
    expect(sourceUrl("upstream/nemo-1a83139/server_configs/agent.yaml", sources)).toBe(
      "https://raw.githubusercontent.com/NVIDIA-NeMo/labs-Voice-Agent/1a8313992250c39ca1c1e5e7fd2b85e3c862615e/evaluation/server_configs/agent.yaml",
    );
    expect(sourceUrl("upstream/nemo-1a83139/llm_configs/qwen3-8B_think.yaml", sources)).toBe(
      "https://raw.githubusercontent.com/NVIDIA-NeMo/labs-Voice-Agent/1a8313992250c39ca1c1e5e7fd2b85e3c862615e/examples/generic_voice_agent/server/server_configs/llm_configs/qwen3-8B_think.yaml",
    );
    expect(sourceUrl("upstream/eva-main-997ae97/judge_validation_datasets/agent_speech_fidelity.jsonl", sources)).toBe(
      "https://raw.githubusercontent.com/ServiceNow/eva/997ae977d942f67d67e9a778c93f5a27258cf7b9/docs/metrics/judge_validation_datasets/agent_speech_fidelity.jsonl",
    );
  });

  it("refuses an upstream file it cannot place", () => {
    expect(() => sourceUrl("upstream/eva-0.1.3/README.md", sources)).toThrow(UnknownSourceError);
    expect(() => sourceUrl("upstream/other/x.json", sources)).toThrow(UnknownSourceError);
    expect(() => sourceUrl("upstream/nemo-1a83139/other/x.yaml", sources)).toThrow(UnknownSourceError);
  });
});
