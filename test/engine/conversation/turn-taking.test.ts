/**
 * Turn-taking through the channel: a caller utterance split at a pause, and a
 * side remark sent as a message of its own. An agent that acts on the first
 * fragment, or takes the side remark for an answer, gets the stock wrong, and
 * the transcript shows where; one that waits for the whole utterance does not.
 */
import { describe, expect, it } from "vitest";
import { createChannel } from "../../../src/engine/channel/channel.js";
import type { ChannelProfile } from "../../../src/engine/channel/profile.js";
import type { TurnTaking } from "../../../src/engine/channel/turn-taking.js";
import { runConversation } from "../../../src/engine/conversation/conversation.js";
import { callIdSequence } from "../../../src/engine/conversation/recorder.js";
import type { Bot, BotInput, BotRun, TranscriptEvent, Turn } from "../../../src/engine/conversation/types.js";
import { initialRunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import type { JsonObject } from "../../../src/json/types.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3 };
const itemIn = (t: string): string | undefined => /item (I\d)/.exec(t)?.[1];
const amountIn = (t: string): number | undefined => NUMBERS[/\b(one|two|three)\b/.exec(t)?.[1] ?? ""];
const GREETING = "Stock room, how can I help?";
const textOf = (input: BotInput): string => (input.kind === "message" ? input.text : "");

/** Restocks as soon as a message names an item; the amount it was told, else one. */
function eagerAgent(): Bot {
  return {
    name: "eager",
    start(_first: BotInput, callIds = callIdSequence()): BotRun {
      return (async function* (): AsyncGenerator<Turn, void, BotInput> {
        await Promise.resolve();
        let input = yield { kind: "say", text: GREETING };
        for (;;) {
          const item = itemIn(textOf(input));
          if (item) {
            yield { kind: "tool_calls", calls: [{ id: callIds(), name: "restock_item", arguments: { item_id: item, amount: amountIn(textOf(input)) ?? 1 } }] };
            input = yield { kind: "say", text: "Done." };
          } else input = yield { kind: "say", text: "Anything else?" };
        }
      })();
    },
  };
}

/** Listens until it has both the item and the amount, then restocks. */
function patientAgent(): Bot {
  return {
    name: "patient",
    start(_first: BotInput, callIds = callIdSequence()): BotRun {
      return (async function* (): AsyncGenerator<Turn, void, BotInput> {
        await Promise.resolve();
        let heard = "";
        let input = yield { kind: "say", text: GREETING };
        let done = false;
        for (;;) {
          heard += ` ${textOf(input)}`;
          const item = itemIn(heard);
          const amount = amountIn(heard);
          if (!done && item && amount) {
            done = true;
            yield { kind: "tool_calls", calls: [{ id: callIds(), name: "restock_item", arguments: { item_id: item, amount } }] };
            input = yield { kind: "say", text: "Done." };
          } else input = yield { kind: "say", text: done ? "Anything else?" : "Mm-hm." };
        }
      })();
    },
  };
}

/** Asks before it acts; `patient` keeps waiting through anything that is not a yes or a no, the other takes it for a no. */
function confirmingAgent(patient: boolean): Bot {
  return {
    name: patient ? "confirming-patient" : "confirming-eager",
    start(_first: BotInput, callIds = callIdSequence()): BotRun {
      return (async function* (): AsyncGenerator<Turn, void, BotInput> {
        await Promise.resolve();
        const request = textOf(yield { kind: "say", text: GREETING });
        let input = yield { kind: "say", text: `Shall I restock ${amountIn(request) ?? 1} of ${itemIn(request) ?? "?"}?` };
        for (;;) {
          const answer = textOf(input);
          if (/\byes\b/i.test(answer)) {
            yield { kind: "tool_calls", calls: [{ id: callIds(), name: "restock_item", arguments: { item_id: itemIn(request) ?? "", amount: amountIn(request) ?? 1 } }] };
            input = yield { kind: "say", text: "Done." };
          } else if (/\bno\b/i.test(answer) || !patient) {
            yield { kind: "end", text: "Okay, I will leave the stock as it is. Goodbye." };
            return;
          } else input = yield { kind: "say", text: "Sure, take your time." };
        }
      })();
    },
  };
}

/** Says its lines in order, then ends the call. */
function caller(lines: readonly string[], heard: string[] = []): Bot {
  return {
    name: "caller",
    start(first: BotInput): BotRun {
      return (async function* (): AsyncGenerator<Turn, void, BotInput> {
        await Promise.resolve();
        heard.push(textOf(first));
        for (const text of lines) heard.push(textOf(yield { kind: "say", text }));
        yield { kind: "end", text: "Bye." };
      })();
    },
  };
}

const OFF: TurnTaking = { fragment: 0, bargeIn: 0, sideRemark: 0, agentCut: 0, remarks: ["Hold on a second."] };
const profile = (turns: Partial<TurnTaking>): ChannelProfile => ({ name: "turns", source: "preset", tts: false, turns: { ...OFF, ...turns } });
const domain = tinyDomain("stock");

async function call(agent: Bot, user: Bot, turns: Partial<TurnTaking> | undefined): Promise<{ count: number; transcript: readonly TranscriptEvent[] }> {
  const conv = await runConversation(agent, user, {
    domain,
    state: initialRunState({ agent: { items: { I2: { item_id: "I2", name: "desk", count: 0 } } } }),
    env: { today: "2026-01-05", rng: createRng(1), names: "llm" },
    ...(turns ? { channel: createChannel(profile(turns), undefined, createRng(5)) } : {}),
  });
  const items = (conv.state.dbs.agent as JsonObject)["items"] as Record<string, { count: number }>;
  return { count: items["I2"]?.count ?? -1, transcript: conv.transcript };
}

/** The transcript as lines a person reads: who said what (and what was heard), who called what. */
const readable = (t: readonly TranscriptEvent[]): string[] =>
  t.flatMap((e) => (e.type === "message" ? [`${e.side}: ${e.text}${e.effects ? ` [${e.effects.map((x) => x.kind).join(",")}]` : ""}`] : e.type === "tool_call" ? [`${e.side} calls ${e.name} ${JSON.stringify(e.arguments)}`] : []));

describe("a caller utterance split at a pause", () => {
  const request = ["Please restock item I2, and add three of them to the shelf today."];

  it("makes an agent that acts on the first fragment restock the wrong amount, right after the fragment", async () => {
    expect((await call(eagerAgent(), caller(request), undefined)).count).toBe(3);
    const split = await call(eagerAgent(), caller(request), { fragment: 1 });
    expect(split.count).toBe(1);
    expect(readable(split.transcript).slice(1, 6)).toEqual([
      "user: Please restock item I2, [fragment]",
      'agent calls restock_item {"item_id":"I2","amount":1}',
      "agent: Done.",
      "user: and add three of them to the shelf today. [continuation]",
      "agent: Anything else?",
    ]);
  });

  it("does not trouble an agent that waits for the whole utterance; the caller hears both replies together", async () => {
    const heard: string[] = [];
    const r = await call(patientAgent(), caller(request, heard), { fragment: 1 });
    expect(r.count).toBe(3);
    expect(heard).toEqual([GREETING, "Mm-hm. Done."]);
    expect(readable(r.transcript).slice(1, 5)).toEqual(["user: Please restock item I2, [fragment]", "agent: Mm-hm.", "user: and add three of them to the shelf today. [continuation]", 'agent calls restock_item {"item_id":"I2","amount":3}']);
  });

  it("cut mid-sentence by a barge-in works the same way", async () => {
    const r = await call(eagerAgent(), caller(request), { bargeIn: 1 });
    const first = r.transcript.find((e) => e.type === "message" && e.side === "user");
    expect(first?.type === "message" && first.effects?.[0]?.kind).toBe("barge_in");
    expect(r.transcript.filter((e) => e.type === "message" && e.effects?.some((x) => x.kind === "continuation"))).toHaveLength(1);
  });
});

describe("a side remark sent as a message of its own", () => {
  const lines = ["Please restock item I2 with three more of them.", "Yes, please."];

  it("makes an agent that takes it for an answer give up on the restock, and the transcript shows the remark it acted on", async () => {
    expect((await call(confirmingAgent(false), caller(lines), undefined)).count).toBe(3);
    const r = await call(confirmingAgent(false), caller(lines), { sideRemark: 1 });
    expect(r.count).toBe(0);
    expect(readable(r.transcript)).toEqual([
      `agent: ${GREETING}`,
      "user: Please restock item I2 with three more of them.",
      "agent: Shall I restock 3 of I2?",
      "user: Hold on a second. [side_remark]",
      "agent: Okay, I will leave the stock as it is. Goodbye.",
    ]);
  });

  it("does not trouble an agent that waits through it", async () => {
    const r = await call(confirmingAgent(true), caller(lines), { sideRemark: 1 });
    expect(r.count).toBe(3);
    expect(readable(r.transcript).slice(1, 6)).toEqual([
      "user: Please restock item I2 with three more of them.",
      "agent: Shall I restock 3 of I2?",
      "user: Hold on a second. [side_remark]",
      "agent: Sure, take your time.",
      "user: Yes, please.",
    ]);
  });
});

describe("an agent reply cut short by the caller", () => {
  it("is heard only up to the barge-in, and the record says what was not heard", async () => {
    const seen: string[] = [];
    const listener: Bot = {
      name: "listener",
        start(first: BotInput): BotRun {
        return (async function* (): AsyncGenerator<Turn, void, BotInput> {
          await Promise.resolve();
          seen.push(textOf(first));
          yield { kind: "end", text: "Bye." };
        })();
      },
    };
    const talker: Bot = {
      name: "talker",
      start(): BotRun {
        return (async function* (): AsyncGenerator<Turn, void, BotInput> {
          await Promise.resolve();
          yield { kind: "say", text: "Certainly, I can help with your order, but first I need your full name and your order number." };
          yield { kind: "say", text: "Goodbye." };
        })();
      },
    };
    const r = await call(talker, listener, { agentCut: 1 });
    const said = r.transcript.find((e) => e.type === "message" && e.side === "agent");
    expect(said?.type === "message" && said.effects?.[0]?.kind).toBe("agent_cut");
    expect(seen[0]?.length).toBeGreaterThan(0);
    expect("Certainly, I can help with your order, but first I need your full name and your order number.".startsWith(seen[0] ?? "x")).toBe(true);
    expect(seen[0]).not.toBe("Certainly, I can help with your order, but first I need your full name and your order number.");
  });
});
