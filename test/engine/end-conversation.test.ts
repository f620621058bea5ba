import { describe, expect, it } from "vitest";
import { endConversationTool } from "../../src/engine/end-conversation.js";
import { createRng } from "../../src/engine/rng.js";

describe("EndConversationTool", () => {
  it("answers as the reference's SendExitMessageTool does, ends the call always, and takes any arguments", () => {
    const ctx = { today: "2026-01-05", rng: createRng(1), nextCallIndex: () => 1, record: () => undefined };
    expect(endConversationTool.run({}, {}, ctx)).toEqual({ success: true, message: "Exit message sent." });
    expect([endConversationTool.name, endConversationTool.aliases, endConversationTool.exit, endConversationTool.ignoresArgs, endConversationTool.needsDb]).toEqual(["EndConversationTool", ["end_conversation"], "always", true, false]);
    expect(endConversationTool.description).toBe("End the conversation with the user.");
  });
});
