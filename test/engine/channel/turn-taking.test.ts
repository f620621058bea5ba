/** splitCallerTurn and cutAgentTurn: turn-taking as text shows it. */
import { describe, expect, it } from "vitest";
import { cutAgentTurn, splitCallerTurn, type TurnTaking } from "../../../src/engine/channel/turn-taking.js";
import { createRng } from "../../../src/engine/rng.js";

const NONE: TurnTaking = { fragment: 0, bargeIn: 0, sideRemark: 0, agentCut: 0, remarks: [] };
const SAID = "I need to change my flight, please help me today";

describe("splitCallerTurn", () => {
  it("leaves the utterance whole when no rate fires", () => {
    expect(splitCallerTurn(SAID, NONE, createRng(1))).toBeUndefined();
  });

  it("never splits an utterance of fewer than six words", () => {
    expect(splitCallerTurn("Change my flight, please", { ...NONE, fragment: 1, bargeIn: 1 }, createRng(1))).toBeUndefined();
  });

  it("a fragment splits at the pause, the rest arriving as a continuation", () => {
    expect(splitCallerTurn(SAID, { ...NONE, fragment: 1 }, createRng(7))).toEqual({
      first: "I need to change my flight,",
      firstEffects: [{ kind: "fragment", at: 27, end: 27, original: "please help me today" }],
      rest: [{ text: "please help me today", effects: [{ kind: "continuation", at: 0, end: 20 }] }],
    });
  });

  it("a side remark arrives as a message of its own after the whole utterance", () => {
    expect(splitCallerTurn("Yes", { ...NONE, sideRemark: 1, remarks: ["Hold on a second."] }, createRng(3))).toEqual({
      first: "Yes",
      firstEffects: [],
      rest: [{ text: "Hold on a second.", effects: [{ kind: "side_remark", at: 0, end: 17, heard: "Hold on a second." }] }],
    });
  });

  it("a barge-in cuts between inner words: never the first two or the last two", () => {
    for (let seed = 0; seed < 20; seed++) {
      const parts = splitCallerTurn("one two three four five six seven", { ...NONE, bargeIn: 1 }, createRng(seed));
      expect(["one two", "one two three", "one two three four"]).toContain(parts?.first);
      expect(`${parts?.first} ${parts?.rest[0]?.text}`).toBe("one two three four five six seven");
      expect(parts?.firstEffects[0]?.kind).toBe("barge_in");
    }
  });
});

describe("cutAgentTurn", () => {
  const REPLY = "one two three four five six seven eight nine ten";

  it("needs eight words and the rate", () => {
    expect(cutAgentTurn("one two three four five six seven", { ...NONE, agentCut: 1 }, createRng(1))).toBeUndefined();
    expect(cutAgentTurn(REPLY, NONE, createRng(1))).toBeUndefined();
  });

  it("keeps between 40 % and 80 % of the words, the rest recorded as cut off", () => {
    for (let seed = 0; seed < 20; seed++) {
      const cut = cutAgentTurn(REPLY, { ...NONE, agentCut: 1 }, createRng(seed));
      expect(["one two three four", "one two three four five", "one two three four five six", "one two three four five six seven"]).toContain(cut?.heard);
      const heard = cut?.heard ?? "";
      expect(cut?.effect).toEqual({ kind: "agent_cut", at: heard.length, end: REPLY.length, original: REPLY.slice(heard.length + 1) });
    }
  });
});
