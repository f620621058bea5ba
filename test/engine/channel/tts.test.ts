import { describe, expect, it } from "vitest";
import { ttsHear } from "../../../src/engine/channel/tts.js";

describe("the TTS side", () => {
  it("does not read Markdown markup: emphasis, headings, list markers, links, backticks", () => {
    expect(ttsHear("**Done.** Your `refund` is on its way.").text).toBe("Done. Your refund is on its way.");
    expect(ttsHear("# Summary\n- one bag\n2. a meal\nSee [the policy](https://example.com/p).").text).toBe("Summary\none bag\na meal\nSee the policy.");
  });

  it("reads a table's cells and not its rules or pipes", () => {
    const r = ttsHear("| Flight | Time |\n|---|---|\n| early | nine |");
    expect(r.text.split("\n").map((l) => l.trim())).toEqual(["Flight Time", "", "early nine"]);
    expect(r.effects.every((e) => e.kind === "tts_markup")).toBe(true);
  });

  it("skips emoji", () => {
    const r = ttsHear("All set 👍🏽 enjoy ✈️");
    expect(r.text).toBe("All set enjoy");
    expect(r.effects.filter((e) => e.kind === "tts_emoji")).toHaveLength(2);
  });

  it("reads an unspelled code as a synthesizer does, and leaves a spelled one alone", () => {
    const r = ttsHear("Your code is ZK3FFW.");
    expect(r.text).toBe("Your code is zk three ffw.");
    expect(r.effects).toEqual([{ kind: "tts_code", at: 13, end: 19, original: "ZK3FFW", heard: "zk three ffw" }]);
    const spelled = "Your code is Z, K, three, F, F, W.";
    expect(ttsHear(spelled)).toEqual({ text: spelled, effects: [] });
  });

  it("reads an ordinal as an ordinal, not as a number and two letters", () => {
    for (const text of ["Your flight is on March 14th.", "It leaves on the 22nd, the 1st or the 3RD."]) expect(ttsHear(text)).toEqual({ text, effects: [] });
  });

  it("hears plain prose verbatim", () => {
    const text = "Thank you for calling. How can I help you today?";
    expect(ttsHear(text)).toEqual({ text, effects: [] });
  });
});
