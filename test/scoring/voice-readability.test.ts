/**
 * The voice-readability signal on real conversations: an agent bot that looks
 * a reservation up through the eva tools and then speaks, once breaking each
 * rule of the prompt and once following all of them.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { Bot, BotInput, BotRun } from "../../src/engine/conversation/types.js";
import { runConversation } from "../../src/engine/conversation/conversation.js";
import { callIdSequence } from "../../src/engine/conversation/recorder.js";
import { prepareInitialState } from "../../src/engine/initial-state.js";
import { createRng } from "../../src/engine/rng.js";
import { createScriptedUser } from "../../src/engine/bots/scripted-user.js";
import { gateReadability, voiceReadability } from "../../src/scoring/voice-readability.js";
import { scoreScenario } from "../../src/scoring/signals.js";

const eva = registry.domain("eva_airline");
if (!eva) throw new Error("eva_airline is not registered");
const [entry] = selectScenarios(loadCatalog(registry, {}, [eva]), { scenarios: ["eva_airline__voluntary_date_change"] });
if (!entry) throw new Error("eva_airline__voluntary_date_change is missing");

/** An agent that looks up reservation ZK3FFW (journey FL_SK621_20260320), then says each of `lines`. */
function agentSaying(lines: readonly string[]): Bot {
  return {
    name: "mock",
    async *start(_first: BotInput, callIds = callIdSequence()): BotRun {
      await Promise.resolve();
      yield { kind: "tool_calls", calls: [{ id: callIds(), name: "GetReservationTool", arguments: { confirmation_number: "ZK3FFW", last_name: "Rodriguez" } }] };
      for (const text of lines) yield { kind: "say", text };
      yield { kind: "tool_calls", text: "Goodbye!", calls: [{ id: callIds(), name: "EndConversationTool", arguments: {} }] };
    },
  };
}

async function readabilityOf(lines: readonly string[]) {
  const { scenario, domain } = entry as NonNullable<typeof entry>;
  const prepared = prepareInitialState(domain, scenario, { today: scenario.today });
  const conv = await runConversation(agentSaying(lines), createScriptedUser(scenario.user), {
    domain,
    state: prepared.state,
    env: { today: scenario.today, rng: createRng(2), names: "llm" },
  });
  return voiceReadability({ transcript: conv.transcript, dbs: Object.values(scenario.initialDbs()), voice: scenario.voice });
}

describe("voice_readability", () => {
  it("flags exactly the utterances that break the prompt's rules, each with its span and rule", async () => {
    const r = await readabilityOf([
      "I found your booking ZK3FFW.",
      "**Your flight** is on March 20.",
      "The journey is F, L, underscore, S, K, six, two, one, underscore, two, zero, two, six, zero, three, two, zero.",
      "Your code is ZK3FFW, that is Z, K, three, F, F, W.",
      "- window seat\n- one bag",
      "Have a great trip 🙂",
      "Your confirmation number is Z, K, three, F, F, W.",
      "I can help with that.",
    ]);
    // The eight lines plus the goodbye said with the final tool call.
    expect(r.utterances).toBe(9);
    expect(r.clean_utterances).toBe(3);
    expect(r.score).toBeCloseTo(3 / 9, 12);
    expect(r.violations.map((v) => [v.utterance, v.rule, v.found])).toEqual([
      [0, "unspelled_code", "ZK3FFW"],
      [1, "markdown", "**Your flight**"],
      [2, "internal_id", "F, L, underscore, S, K, six, two, one, underscore, two, zero, two, six, zero, three, two, zero"],
      [3, "canonical_with_spelled", "ZK3FFW"],
      [4, "markdown", "- w"],
      [4, "markdown", "- o"],
      [5, "emoji", "🙂"],
    ]);
    expect(r.violations[0]?.span).toEqual([21, 27]); // "I found your booking " is 21 characters
  });

  it("finds nothing in an agent that follows the rules", async () => {
    const r = await readabilityOf(["I found your booking, Z, K, three, F, F, W, for Samantha Rodriguez.", "Your flight from Austin leaves on March 20 at 11:05 in the morning.", "Is there anything else I can help you with?"]);
    expect(r).toEqual({ score: 1, utterances: 4, clean_utterances: 4, violations: [] });
  });

  it("gates success only when asked to", async () => {
    const r = await readabilityOf(["I found your booking ZK3FFW."]);
    const base = scoreScenario(["clean_exit"], { isActionMatch: "N/A", cleanExit: true }, false);
    expect(base.is_successful).toBe(true);
    const reported = gateReadability(base, r, false);
    expect(reported.is_successful).toBe(true);
    expect(reported.success_breakdown.excluded).toContain("voice_readability");
    const gated = gateReadability(base, r, true);
    expect(gated.is_successful).toBe(false);
    expect(gated.success_breakdown.failed).toEqual(["voice_readability"]);
  });
});
