/**
 * sourceUrl: the pinned download URL of each data-root file. The repository
 * paths below are ones that exist at the pinned refs (checked with
 * `git ls-tree` in the NeMo and eva repositories).
 */
import { describe, expect, it } from "vitest";
import { isOptionalFixture, sourceUrl, UnknownSourceError } from "../../src/loaders/upstream-sources.js";

const SOURCES = {
  nemo: { repo: "NVIDIA-NeMo/labs-Voice-Agent", ref: "1a83139", commit: "1".repeat(40) },
  eva: { repo: "ServiceNow/eva", ref: "0.1.3", commit: "2".repeat(40) },
  eva_main: { repo: "ServiceNow/eva", ref: "997ae97", commit: "3".repeat(40) },
  tau2: { repo: "sierra-research/tau2-bench", ref: "voice-user-sim-v1.0", commit: "4".repeat(40) },
};
const RAW = "https://raw.githubusercontent.com";

describe("sourceUrl", () => {
  it("laid-out fixtures come from NeMo's evaluation data", () => {
    expect(sourceUrl("tau2_retail/tasks.json", SOURCES)).toBe(`${RAW}/NVIDIA-NeMo/labs-Voice-Agent/1a83139/nemo_voice_agent/evaluation/data/tau2_retail/tasks.json`);
  });

  it("tau2's difficulty tables come from tau2-bench beside the domain's tasks", () => {
    expect(sourceUrl("tau2_telecom/audio_difficulty.json", SOURCES)).toBe(`${RAW}/sierra-research/tau2-bench/voice-user-sim-v1.0/data/tau2/domains/telecom/audio_difficulty.json`);
  });

  it("upstream copies map to their repositories' paths", () => {
    expect(sourceUrl("upstream/eva-0.1.3/airline_agent.yaml", SOURCES)).toBe(`${RAW}/ServiceNow/eva/0.1.3/configs/agents/airline_agent.yaml`);
    expect(sourceUrl("upstream/eva-0.1.3/airline_scenarios/1.1.2.json", SOURCES)).toBe(`${RAW}/ServiceNow/eva/0.1.3/data/airline_scenarios/1.1.2.json`);
    expect(sourceUrl("upstream/nemo-1a83139/server_configs/agent.yaml", SOURCES)).toBe(`${RAW}/NVIDIA-NeMo/labs-Voice-Agent/1a83139/evaluation/server_configs/agent.yaml`);
    expect(sourceUrl("upstream/tau2-bench-voice-user-sim-v1.0/retail/db.json", SOURCES)).toBe(`${RAW}/sierra-research/tau2-bench/voice-user-sim-v1.0/data/tau2/domains/retail/db.json`);
  });

  it("percent-encodes each path segment", () => {
    expect(sourceUrl("upstream/eva-0.1.3/records/a b/c#d.json", SOURCES)).toBe(`${RAW}/ServiceNow/eva/0.1.3/tests/artifacts/records/a%20b/c%23d.json`);
  });

  it("refuses an upstream file of no known origin", () => {
    expect(() => sourceUrl("upstream/eva-0.1.3/notes.txt", SOURCES)).toThrow(UnknownSourceError);
    expect(() => sourceUrl("upstream/other/x.json", SOURCES)).toThrow("no upstream source is known for upstream/other/x.json");
  });
});

describe("isOptionalFixture", () => {
  it("only eva's recorded conversations may be missing", () => {
    expect(isOptionalFixture("upstream/eva-0.1.3/records/r1/transcript.jsonl")).toBe(true);
    expect(isOptionalFixture("upstream/eva-0.1.3/airline_agent.yaml")).toBe(false);
    expect(isOptionalFixture("eva_airline/1.1.2.json")).toBe(false);
  });
});
