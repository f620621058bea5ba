/** ttsErrorEdits: what a caller mishears of the agent's speech. */
import { describe, expect, it } from "vitest";
import { EditList } from "../../../src/engine/channel/edits.js";
import { ttsErrorEdits } from "../../../src/engine/channel/tts-errors.js";
import { createRng } from "../../../src/engine/rng.js";

function heard(text: string, firstWordsLost: number, entityMisread: number) {
  const edits = new EditList();
  ttsErrorEdits(text, { firstWordsLost, entityMisread }, edits, createRng(11));
  return edits.apply(text);
}

describe("ttsErrorEdits", () => {
  it("changes nothing at zero rates", () => {
    expect(heard("Got it. Your flight is booked.", 0, 0)).toEqual({ text: "Got it. Your flight is booked.", effects: [] });
  });

  it("loses a short opening sentence whole", () => {
    expect(heard("Got it. Your flight is booked.", 1, 0)).toEqual({
      text: "Your flight is booked.",
      effects: [{ kind: "tts_first_words", at: 0, end: 8, original: "Got it. " }],
    });
  });

  it("loses only the first word of a long opening sentence, and nothing of a reply under four words", () => {
    expect(heard("I have rebooked your flight to Boston.", 1, 0).text).toBe("have rebooked your flight to Boston.");
    expect(heard("Got it. Thanks.", 1, 0).text).toBe("Got it. Thanks.");
  });

  it("hears teens as tens and tens as teens, keeping the capital", () => {
    expect(heard("Your gate is fifteen, row Forty.", 0, 1)).toEqual({
      text: "Your gate is fifty, row Fourteen.",
      effects: [
        { kind: "tts_misread", at: 13, end: 20, original: "fifteen", heard: "fifty" },
        { kind: "tts_misread", at: 26, end: 31, original: "Forty", heard: "Fourteen" },
      ],
    });
  });

  it("never misreads the words A and I", () => {
    expect(heard("I booked seat A for you", 0, 1).text).toBe("I booked seat A for you");
  });
});
