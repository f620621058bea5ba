/** parseChatResponse: the first choice of an OpenAI chat completion body. */
import { describe, expect, it } from "vitest";
import { parseChatResponse } from "../../src/llm/chat.js";

describe("parseChatResponse", () => {
  it("reads content, tool calls and usage", () => {
    expect(
      parseChatResponse({
        choices: [
          {
            finish_reason: "tool_calls",
            message: { content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "GetReservationTool", arguments: '{"confirmation_number":"ABC123"}' } }] },
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 9, completion_tokens_details: { reasoning_tokens: 4 } },
      }),
    ).toEqual({
      ok: true,
      reply: {
        content: null,
        toolCalls: [{ id: "call_1", type: "function", function: { name: "GetReservationTool", arguments: '{"confirmation_number":"ABC123"}' } }],
        usage: { prompt: 120, completion: 9, reasoning: 4 },
      },
    });
  });

  it("takes arguments sent as an object, and a call without id or arguments", () => {
    const out = parseChatResponse({ choices: [{ message: { tool_calls: [{ function: { name: "T", arguments: { b: 1, a: "x" } } }, { function: { name: "U" } }] } }] });
    expect(out.ok && out.reply.toolCalls).toEqual([
      { id: "", type: "function", function: { name: "T", arguments: '{"b":1,"a":"x"}' } },
      { id: "", type: "function", function: { name: "U", arguments: "" } },
    ]);
    expect(out.ok && out.reply.usage).toEqual({ prompt: null, completion: null });
  });

  it("keeps reasoning, a cut-off finish, a refusal and extra choices as extras", () => {
    const out = parseChatResponse({
      choices: [
        { finish_reason: "length", message: { content: "Hel", reasoning_content: "think", refusal: "no" } },
        { message: { content: "other" } },
      ],
    });
    expect(out.ok && out.reply.extras).toEqual({ reasoning: "think", finishReason: "length", refusal: "no", choices: 2 });
    const plain = parseChatResponse({ choices: [{ finish_reason: "stop", message: { content: "Hi" } }] });
    expect(plain.ok && plain.reply.extras).toBeUndefined();
    expect(parseChatResponse({ choices: [{ message: { reasoning: "r" } }] })).toMatchObject({ ok: true, reply: { extras: { reasoning: "r" } } });
  });

  it("names the first problem of a body that is not a chat completion", () => {
    expect(parseChatResponse({ choices: [] })).toEqual({ ok: false, problem: "not a chat completion: choices: the reply has no choices (an empty choices list)" });
    expect(parseChatResponse("oops")).toMatchObject({ ok: false, problem: expect.stringMatching(/^not a chat completion: \(root\): /) as unknown });
    expect(parseChatResponse({ choices: [{ message: { tool_calls: [{ function: {} }] } }] })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^not a chat completion: choices\.0\.message\.tool_calls\.0\.function\.name: /) as unknown,
    });
  });
});
