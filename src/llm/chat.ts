/**
 * The slice of the OpenAI Chat Completions wire format evalsim speaks:
 * messages and tool calls going out, one assistant message and its token
 * usage coming back.
 */
import type { RequestVolume } from "./request-caps.js";
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
  /** The prompt under the role a config's `system_role` names, for models without a system role. */
  | { readonly role: "developer"; readonly content: string }
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
  /** Not sent: the asking side's running total of request bytes in its scenario, checked against its cap and added to. */
  readonly volume?: RequestVolume;
}

/** Tokens of one reply as the endpoint reported them; `null` when it did not (never guessed as 0). */
export interface TokenUsage {
  readonly prompt: number | null;
  readonly completion: number | null;
  /** `completion_tokens_details.reasoning_tokens`, present only when the endpoint sent it (part of `completion`). */
  readonly reasoning?: number;
}

/** What else a reply said beside its message, present only when it is out of the ordinary. */
export interface ReplyExtras {
  /** `reasoning_content` (vLLM's reasoning parsers, DeepSeek) or `reasoning` (newer vLLM, OpenRouter): thinking kept apart from `content`. */
  readonly reasoning?: string;
  /** `finish_reason` when it is neither "stop" nor "tool_calls" (e.g. "length": the reply was cut off). */
  readonly finishReason?: string;
  /** The message's `refusal`, when set. */
  readonly refusal?: string;
  /** How many choices the reply held, when not one (only the first is used). */
  readonly choices?: number;
}

export interface ChatReply {
  readonly content: string | null;
  /** A call's `id` is "" when the server sent none. */
  readonly toolCalls: readonly ChatToolCall[];
  readonly usage: TokenUsage;
  readonly extras?: ReplyExtras;
  /** HTTP attempts of this request that failed before the one that answered; absent when none did. */
  readonly failedAttempts?: number;
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
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z.string().nullish(),
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
          refusal: z.string().nullish(),
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
    .min(1, "the reply has no choices (an empty choices list)"),
  usage: z
    .object({ prompt_tokens: count, completion_tokens: count, completion_tokens_details: z.object({ reasoning_tokens: count }).nullish().catch(undefined) })
    .nullish(),
});

/** The out-of-the-ordinary parts of a parsed response, or undefined when there are none. */
function extrasOf(data: z.output<typeof responseSchema>): ReplyExtras | undefined {
  const [choice] = data.choices;
  const m = choice?.message;
  const reasoning = m?.reasoning_content ?? m?.reasoning ?? undefined;
  const finish = choice?.finish_reason ?? undefined;
  const out: ReplyExtras = {
    ...(reasoning ? { reasoning } : {}),
    ...(finish !== undefined && finish !== "stop" && finish !== "tool_calls" ? { finishReason: finish } : {}),
    ...(m?.refusal ? { refusal: m.refusal } : {}),
    ...(data.choices.length !== 1 ? { choices: data.choices.length } : {}),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

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
  const reasoningTokens = usage?.completion_tokens_details?.reasoning_tokens;
  const extras = extrasOf(parsed.data);
  return {
    ok: true,
    reply: {
      content: message?.content ?? null,
      toolCalls,
      usage: { prompt: usage?.prompt_tokens ?? null, completion: usage?.completion_tokens ?? null, ...(typeof reasoningTokens === "number" ? { reasoning: reasoningTokens } : {}) },
      ...(extras ? { extras } : {}),
    },
  };
}
