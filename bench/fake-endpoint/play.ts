/**
 * What the benchmark's fake endpoint answers: a short agent conversation
 * that is valid for any scenario, built only from the request (the tools it
 * offers and how many times the assistant has spoken so far):
 *
 *   1. a greeting;
 *   2. one call of an offered tool, with arguments that fit its JSON schema
 *      (`lookups` calls, one per reply, when more are asked for: the bench
 *      measures what one more model turn costs by adding some; with
 *      `floats`, the arguments also hold an array of that many `1.0`);
 *   3. a sentence about the result;
 *   4. goodbye, with EndConversationTool.
 *
 * The tool is picked from the system prompt's length, so scenarios spread
 * over their domain's tools. Requests without EndConversationTool among the
 * tools (a user or a judge) get one plain sentence.
 */

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly default?: unknown;
}

export interface ChatRequest {
  readonly messages: readonly { readonly role: string; readonly content?: string | null }[];
  readonly tools?: readonly { readonly function: { readonly name: string; readonly parameters?: JsonSchema } }[];
}

const END_TOOL = "EndConversationTool";

/** The smallest value that fits `schema`: required properties only, first enum member, first alternative. */
export function sampleValue(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return sampleValue(alt);
  const type: string | undefined = typeof schema.type === "string" ? schema.type : schema.type?.[0];
  switch (type) {
    case "string":
      return "1";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "null":
      return null;
    default: {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleValue(schema.properties?.[key]);
      return out;
    }
  }
}

function toolCall(id: string, name: string, args: unknown, floats = 0): Record<string, unknown> {
  let text = JSON.stringify(args);
  // `1.0` written as a float: JSON.stringify would write `1`, and a float is what is measured.
  if (floats > 0 && text.endsWith("}")) text = `${text.slice(0, -1)}${text === "{}" ? "" : ","}"values":[${Array.from({ length: floats }, () => "1.0").join(",")}]}`;
  return { id, type: "function", function: { name, arguments: text } };
}

/** The chat completion body answering `req`; `floats` integral floats (`1.0`) are added to the lookup's arguments. */
export function answer(req: ChatRequest, lookups = 1, floats = 0): Record<string, unknown> {
  const tools = req.tools ?? [];
  const isAgent = tools.some((t) => t.function.name === END_TOOL);
  const spoken = req.messages.filter((m) => m.role === "assistant").length;
  let message: Record<string, unknown>;
  if (!isAgent) message = { role: "assistant", content: "Yes, that is right. Thank you." };
  else if (spoken === 0) message = { role: "assistant", content: "Thank you for calling. How can I help you today?" };
  else if (spoken <= lookups) {
    const usable = tools.filter((t) => t.function.name !== END_TOOL && !/transfer/i.test(t.function.name));
    const pick = usable[(req.messages[0]?.content?.length ?? 0) % Math.max(1, usable.length)];
    message = pick
      ? { role: "assistant", content: null, tool_calls: [toolCall(`call_lookup_${spoken}`, pick.function.name, sampleValue(pick.function.parameters), floats)] }
      : { role: "assistant", content: "Let me see what I can do." };
  } else if (spoken === lookups + 1) message = { role: "assistant", content: "I have looked into that for you. Is there anything else?" };
  else message = { role: "assistant", content: "Thank you for calling. Goodbye!", tool_calls: [toolCall("call_end", END_TOOL, {})] };
  const finish = Array.isArray(message["tool_calls"]) ? "tool_calls" : "stop";
  return {
    id: "chatcmpl-bench",
    object: "chat.completion",
    model: "bench-fake",
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  };
}
