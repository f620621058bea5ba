/**
 * JUDGE_SCENARIO_PROMPT is the reference judge's `SCENARIO_PROMPT`
 * (nemo_voice_agent/evaluation/utils.py at NeMo 1a83139) verbatim: its length
 * and SHA-256 below were taken from that string as Python reads it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { JUDGE_SCENARIO_PROMPT } from "../../src/llm/judge-prompt.js";

describe("JUDGE_SCENARIO_PROMPT", () => {
  it("is the reference's SCENARIO_PROMPT, character for character", () => {
    expect(JUDGE_SCENARIO_PROMPT.length).toBe(6566);
    expect(createHash("sha256").update(JUDGE_SCENARIO_PROMPT, "utf8").digest("hex")).toBe("9071536bee23e8ccd003cf97192e3faf7c2654a9b480538e8bc8fdef83880f51");
  });

  it("opens and closes as the reference's does", () => {
    expect(JUDGE_SCENARIO_PROMPT.startsWith("You are a judge that evaluates voice agent performance in a conversational scenario.\n")).toBe(true);
    expect(JUDGE_SCENARIO_PROMPT.endsWith("quote the specific evidence from the conversation, don't paraphrase.")).toBe(true);
  });
});
