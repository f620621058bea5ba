import { describe, expect, it } from "vitest";
import { loadAudioDifficulty, taskVoice } from "../../../src/domains/tau2_common/audio-difficulty.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";

const root = resolveDataRoot({ mustContain: "tau2_airline" });

describe("tau2-bench's audio difficulty table", () => {
  const audio = loadAudioDifficulty(root, "tau2_airline");

  it("gives each task its caller's fields with the task's own difficulties", () => {
    // audio_difficulty.json tasks["0"]: user emma_kim_9957, field_difficulties user_id medium, names easy.
    expect(taskVoice(audio, "0").fields).toEqual([
      { value: "Emma", difficulty: "easy" },
      { value: "Kim", difficulty: "easy" },
      { value: "emma_kim_9957", difficulty: "medium" },
      { value: "emma.kim3947@example.com", difficulty: "easy" },
    ]);
  });

  it("merges the shared homophone table with the caller's own", () => {
    // tasks["20"]: mia_li_3668; Mia → Mya and Li → Lee, plus the shared table (Sofia → Sophia, ...).
    const h = taskVoice(audio, "20").homophones ?? {};
    expect(h["Mia"]).toEqual(["Mya"]);
    expect(h["Li"]).toEqual(["Lee"]);
    expect(h["Sofia"]).toEqual(["Sophia"]);
    expect(h["Gonzalez"]).toEqual(["Gonzales"]);
  });

  it("is optional: no file, no homophones and no fields", () => {
    expect(loadAudioDifficulty(root, "no_such_domain")).toBeUndefined();
    expect(taskVoice(undefined, "0")).toEqual({});
  });
});
