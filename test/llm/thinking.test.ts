/**
 * What of a reply is spoken: evalsim's splitThinking against the voice
 * harness's own `_handle_think_tokens` / `_drop_special_tokens` (taken from
 * the NeMo mirror at 1a83139 when it is on the machine), on hand-picked and
 * generated texts.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitThinking } from "../../src/llm/thinking.js";
import { PYTHON_DIR } from "../helpers/python.js";

const MIRROR = "/work/.mirror/NVIDIA-NeMo+labs-Voice-Agent/repo";
const PAIR: [string, string] = ["<think>", "</think>"];

describe("splitThinking", () => {
  it.each([
    ["<think>weigh the options</think>Sure, one moment.", "Sure, one moment.", "<think>weigh the options</think>"],
    ["Hello <think>hmm</think>there", "there", "Hello <think>hmm</think>"],
    ["Let me check.<think>the fare rules say", "Let me check.", "<think>the fare rules say"],
    ["<think>only thinking</think>", "", "<think>only thinking</think>"],
    ["<think>a</think>b<think>c</think>d", "b<think>c</think>d", "<think>a</think>"],
    ["plain words", "plain words", undefined],
    // Only the close token (a template that opens the thinking itself): the harness speaks it as it is.
    ["reasoning...</think>Answer", "reasoning...</think>Answer", undefined],
  ])("%j → spoken %j", (text, spoken, thinking) => {
    const out = splitThinking(text);
    expect(out.spoken).toBe(spoken);
    expect(out.thinking).toBe(thinking);
  });

  it("think_tokens null strips nothing; ignore_strings are removed from what is spoken", () => {
    expect(splitThinking("<think>x</think>y", { thinkTokens: null })).toEqual({ spoken: "<think>x</think>y" });
    expect(splitThinking("<think>*x*</think>**Hi** <unk>there", { ignoreStrings: ["*", "<unk>"] })).toEqual({ spoken: "Hi there", thinking: "<think>*x*</think>" });
    expect(splitThinking("[[a]]b[[/a]]c", { thinkTokens: ["[[a]]", "[[/a]]"] })).toEqual({ spoken: "c", thinking: "[[a]]b[[/a]]" });
  });

  const python = existsSync(MIRROR) ? "python3" : undefined;
  it.skipIf(python === undefined)("agrees with the harness's TTS on generated replies", () => {
    const piece = fc.constantFrom("<think>", "</think>", "Hello", " ", "*", "<unk>", "ok.", "\n", "x");
    const cases = fc.sample(
      fc.record({
        text: fc.array(piece, { maxLength: 8 }).map((a) => a.join("")),
        think_tokens: fc.constantFrom<[string, string] | null>(PAIR, null),
        ignore_strings: fc.constantFrom<string[] | null>(null, ["*"], ["*", "<unk>"]),
      }),
      { numRuns: 400, seed: 30 },
    );
    const res = spawnSync(python ?? "python3", [join(PYTHON_DIR, "nemo_tts_think.py"), MIRROR, "1a83139"], { input: cases.map((c) => JSON.stringify(c)).join("\n") + "\n", encoding: "utf8" });
    expect(res.status, res.stderr).toBe(0);
    const expected = res.stdout.trim().split("\n").map((l) => JSON.parse(l) as string);
    expect(expected).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      expect(splitThinking(c.text, { thinkTokens: c.think_tokens, ...(c.ignore_strings ? { ignoreStrings: c.ignore_strings } : {}) }).spoken, JSON.stringify(c)).toBe(expected[i]);
    });
  });
});
