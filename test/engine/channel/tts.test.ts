import { describe, expect, it } from "vitest";
import { createRng } from "../../../src/engine/rng.js";
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

describe("what the caller mishears of the agent", () => {
  it("loses a short opening sentence whole, else the first word", () => {
    const r = ttsHear("Got it. I rebooked you on the early flight.", { firstWordsLost: 1, entityMisread: 0 }, createRng(1));
    expect(r.text).toBe("I rebooked you on the early flight.");
    expect(r.effects).toEqual([{ kind: "tts_first_words", at: 0, end: 8, original: "Got it. " }]);
    expect(ttsHear("I rebooked you on the early flight.", { firstWordsLost: 1, entityMisread: 0 }, createRng(1)).text).toBe("rebooked you on the early flight.");
    expect(ttsHear("Okay, thanks.", { firstWordsLost: 1, entityMisread: 0 }, createRng(1)).text).toBe("Okay, thanks.");
  });

  it("hears a said number as its sound-alike and a spelled letter as a confusable one, never the words A and I", () => {
    const r = ttsHear("I can move you to seat fifteen B on flight Sierra Kilo seven.", { firstWordsLost: 0, entityMisread: 1 }, createRng(3));
    expect(r.effects).toHaveLength(2);
    expect(r.effects[0]).toEqual({ kind: "tts_misread", at: 23, end: 30, original: "fifteen", heard: "fifty" });
    expect(r.effects[1]).toMatchObject({ kind: "tts_misread", at: 31, end: 32, original: "B" });
    // B is heard as one of its confusable letters (D or V), nothing else.
    expect(["D", "V"]).toContain((r.effects[1] as { heard: string }).heard);
    expect(r.text).toBe(`I can move you to seat fifty ${(r.effects[1] as { heard: string }).heard} on flight Sierra Kilo seven.`);
    expect(ttsHear("A seat is free and I can hold it.", { firstWordsLost: 0, entityMisread: 1 }, createRng(3)).effects).toEqual([]);
  });

  it("is a function of the seed: the same seed hears the same, seeds differ", () => {
    const text = "Perfect. Your flight leaves at nine fifteen from gate C nineteen, seat thirty F.";
    const heard = (seed: number): string => ttsHear(text, { firstWordsLost: 0.5, entityMisread: 0.3 }, createRng(seed)).text;
    expect(heard(7)).toBe(heard(7));
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(heard)).size).toBeGreaterThan(1);
  });
});
