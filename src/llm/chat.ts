/**
 * The slice of the OpenAI Chat Completions wire format evalsim speaks:
 * messages and tool calls going out, one assistant message and its token
 * usage coming back.
 */
import { z } from "zod";
import { toJsonText } from "../json/stringify.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { withoutMarks } from "../json/marks.js";

export interface ChatToolCall {
  readonly id: string;
  readonly type: "function";
  /** `arguments` is the JSON text exactly as the model wrote it. */
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: string }
  /** A reply's text, and apart from it each call of the reply, as the reference's context holds them (engine/bots/llm-context.ts). */
  | { readonly role: "assistant"; readonly content: string }
  | { readonly role: "assistant"; readonly tool_calls: readonly ChatToolCall[] }
  | ChatToolMessage;

export interface ChatToolMessage {
  readonly role: "tool";
  readonly content: string;
  readonly tool_call_id: string;
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  /** OpenAI `tools[]` entries; left out of the request when empty. */
  readonly tools?: readonly JsonObject[];
  /** Not sent: the seeded jitter source for this request's retry waits. */
  readonly random?: () => number;
}

/** Tokens of one reply as the endpoint reported them; `null` when it did not (never guessed as 0). */
export interface TokenUsage {
  readonly prompt: number | null;
  readonly completion: number | null;
}

export interface ChatReply {
  readonly content: string | null;
  /** A call's `id` is "" when the server sent none. */
  readonly toolCalls: readonly ChatToolCall[];
  readonly usage: TokenUsage;
}

/** What bots and the judge need from an endpoint. */
export interface ChatClient {
  complete(request: ChatRequest): Promise<ChatReply>;
}

const count = z.number().finite().nonnegative().nullish();

const responseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().nullish(),
                function: z.object({
                  name: z.string(),
                  // Some servers send the arguments as an object rather than JSON text.
                  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
                }),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: count, completion_tokens: count }).nullish(),
});

/** The first choice's message of a response body, or a description of why it is not one. */
export function parseChatResponse(raw: JsonValue): { ok: true; reply: ChatReply } | { ok: false; problem: string } {
  const parsed = responseSchema.safeParse(withoutMarks(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `not a chat completion: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}` };
  }
  const [choice] = parsed.data.choices;
  const message = choice?.message;
  const toolCalls: ChatToolCall[] = (message?.tool_calls ?? []).map((c) => ({
    id: c.id ?? "",
    type: "function",
    function: {
      name: c.function.name,
      arguments: typeof c.function.arguments === "string" ? c.function.arguments : c.function.arguments ? toJsonText(c.function.arguments as JsonValue) : "",
    },
  }));
  const usage = parsed.data.usage;
  return {
    ok: true,
    reply: {
      content: message?.content ?? null,
      toolCalls,
      usage: { prompt: usage?.prompt_tokens ?? null, completion: usage?.completion_tokens ?? null },
    },
  };
}
