/**
 * The calls of a reply as they enter the model's context, against python3
 * itself (test/oracles/context_shape.py, stdlib only): generated argument
 * texts (numbers in every spelling, non-ASCII and escaped text, repeated and
 * numeric keys, values that are not objects, texts Python refuses) go
 * through the LLM bot as a reply's calls; the context must hold, for each
 * call that runs, one assistant message whose arguments are Python's
 * `json.dumps(json.loads(text or "{}"), ensure_ascii=False)`, and nothing
 * for a dropped call.
 */
import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { createLlmBot } from "../../../src/engine/bots/llm-bot.js";
import type { ToolOutcome } from "../../../src/engine/conversation/types.js";
import { defineTool } from "../../../src/engine/types.js";
import type { ChatClient, ChatRequest } from "../../../src/llm/chat.js";
import { runPython } from "../../helpers/python.js";
import { runs } from "../../properties/settings.js";

const anyTool = defineTool({ name: "AnyTool", description: "Takes anything.", args: z.object({}).passthrough(), kind: "read", run: () => ({ ok: true }) });

const numberText = fc.constantFrom("0", "-0", "7", "-3", "1.0", "-0.0", "2.50", "1e2", "1E+2", "1e-7", "0.1", "5e-324", "1e308", "1e309", "-1e309", "1.7976931348623157e308", "9007199254740993", "-9223372036854775809", "123456789012345678901234567890", "NaN", "Infinity", "-Infinity");
const stringText = fc.constantFrom('"a"', '""', '"é"', '"\\u00e9"', '"📶⁴"', '"\\ud83d\\udcf6"', '"\\ud800"', '"a\\nb\\t"', '"\\u0000"', '"\\/"', '"\\"q\\""', '"\\u2028"');
const keyText = fc.constantFrom('"id"', '"a"', '"b"', '"10"', '"0"', '"3631875806"', '"__proto__"', '"é"', '"\\u0061"', '""');
const leafText = fc.oneof(numberText, stringText, fc.constantFrom("true", "false", "null"));
const sep = fc.constantFrom(",", ", ", " ,\n ");
const colon = fc.constantFrom(":", ": ", " : ");
const valueText: fc.Arbitrary<string> = fc.letrec<{ v: string; obj: string; arr: string }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, leafText, tie("obj"), tie("arr")),
  arr: fc.tuple(fc.array(tie("v"), { maxLength: 3 }), sep).map(([xs, s]) => `[${xs.join(s)}]`),
  obj: fc.tuple(fc.array(fc.tuple(keyText, colon, tie("v")), { maxLength: 5 }), sep).map(([kvs, s]) => `{${kvs.map(([k, c, v]) => `${k}${c}${v}`).join(s)}}`),
})).v;
/** Whole argument texts: objects mostly, any value, padding, and texts json.loads refuses. */
const argumentsText = fc.oneof(
  { weight: 6, arbitrary: valueText.filter((t) => t.startsWith("{")) },
  { weight: 2, arbitrary: valueText },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(" ", "\n", "\t"), valueText).map(([p, t]) => `${p}${t}${p}`) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "{", "nan", "{'a': 1}", "{}{}", "[1,]", '{"a": 1,}', "1" + "0".repeat(4300)) },
);

/** The assistant call messages of a reply's context, after its results arrive. */
async function contextOf(texts: readonly string[]): Promise<unknown[]> {
  const requests: ChatRequest[] = [];
  const client: ChatClient = {
    complete: (r) => {
      requests.push(r);
      if (requests.length > 1) return Promise.resolve({ content: "ok", toolCalls: [], usage: { prompt: null, completion: null } });
      return Promise.resolve({ content: null, toolCalls: texts.map((a, i) => ({ id: `c${i}`, type: "function" as const, function: { name: "AnyTool", arguments: a } })), usage: { prompt: null, completion: null } });
    },
  };
  const run = createLlmBot({ name: "llm", side: "agent", systemPrompt: "S", tools: [anyTool], client }).start({ kind: "start" });
  const first = await run.next({ kind: "start" });
  if (!first.done && first.value.kind === "tool_calls") {
    const results: ToolOutcome[] = first.value.calls.map((call, i) => ({ id: `call_${i + 1}`, call, result: { ok: true }, status: "ok" }));
    await run.next({ kind: "tool_results", results });
  } else await run.next({ kind: "message", text: "hi" });
  return requests[1]?.messages.slice(2).filter((m) => m.role === "assistant" && "tool_calls" in m) ?? [];
}

type Answer = (string | { dropped: string })[] | { step: string };

/** What Python's answer says the context holds: one call message per call that runs. */
function expected(answer: Answer): unknown[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((a, i) => (typeof a === "string" ? [{ role: "assistant", tool_calls: [{ id: `c${i}`, function: { name: "AnyTool", arguments: a }, type: "function" }] }] : []));
}

describe("a reply's calls in the model's context, against python3", () => {
  it("each call that runs is its own assistant message, its arguments re-written by json.dumps(ensure_ascii=False)", async () => {
    const replies = fc.sample(fc.array(argumentsText, { minLength: 1, maxLength: 3 }), runs(400));
    const answers = runPython("context_shape.py", replies.map((r) => JSON.stringify(r)).join("\n") + "\n").map((l) => JSON.parse(l) as Answer);
    expect(answers).toHaveLength(replies.length);
    let rewritten = 0;
    for (const [i, texts] of replies.entries()) {
      const want = expected(answers[i] as Answer);
      rewritten += want.filter((m, j) => (m as { tool_calls: { function: { arguments: string } }[] }).tool_calls[0]?.function.arguments !== texts[j]).length;
      const got = await contextOf(texts);
      // Compared as JSON text, so key order counts too.
      expect(JSON.stringify(got), JSON.stringify(texts)).toBe(JSON.stringify(want));
    }
    // The sample exercises the re-writing, not only texts that come back unchanged.
    expect(rewritten).toBeGreaterThan(100);
  });
});
