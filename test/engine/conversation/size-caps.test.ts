import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Bot, BotInput, BotRun } from "../../../src/engine/conversation/types.js";
import { runConversation } from "../../../src/engine/conversation/conversation.js";
import { callIdSequence } from "../../../src/engine/conversation/recorder.js";
import { cappedLines, MAX_TOOL_RESULT_BYTES } from "../../../src/engine/conversation/size-caps.js";
import { initialRunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import { defineTool } from "../../../src/engine/types.js";
import { transcriptCalls } from "../../../src/run/bots/recorded-calls.js";
import { tinyDomain } from "../../helpers/tiny-domain.js";
import { tempDir } from "../../helpers/temp-data.js";
import { join } from "node:path";
import { writeFileSync } from "node:fs";

/** A tool that returns `bytes` characters: what listing a huge fixture whole looks like. */
const dump = defineTool({
  name: "dump_everything",
  description: "Return a text of the given size.",
  args: z.object({ bytes: z.number().int() }),
  kind: "read",
  run: (_db, { bytes }) => "x".repeat(bytes),
});

/** An agent that calls dump_everything(bytes) and then ends the call; it records what it was shown. */
function dumpingAgent(bytes: number, seen: BotInput[]): Bot {
  return {
    name: "dumper",
    start(first: BotInput, callIds = callIdSequence()): BotRun {
      return (async function* () {
        await Promise.resolve();
        seen.push(first);
        seen.push(yield { kind: "tool_calls", calls: [{ id: callIds(), name: "dump_everything", arguments: { bytes } }] });
        yield { kind: "end", text: "Bye." };
      })();
    },
  };
}
const silentUser: Bot = {
  name: "silent",
  start(): BotRun {
    return (async function* () {
      await Promise.resolve();
      for (;;) yield { kind: "say", text: "ok" };
    })();
  },
};

const domain = tinyDomain("stock", [dump]);
const run = (bytes: number, seen: BotInput[]) =>
  runConversation(dumpingAgent(bytes, seen), silentUser, {
    domain,
    state: initialRunState({ agent: { items: {} } }),
    env: { today: "2026-01-05", rng: createRng(1), names: "llm" },
  });

describe("the tool-result cap", () => {
  it("a result under the cap is shown to the model whole", async () => {
    const seen: BotInput[] = [];
    const conv = await run(MAX_TOOL_RESULT_BYTES - 10, seen);
    expect(conv.stopReason).toBe("agent_ended");
    const shown = seen[1];
    expect(shown?.kind === "tool_results" && shown.results[0]?.result).toBe("x".repeat(MAX_TOOL_RESULT_BYTES - 10));
  });

  it("a 20 MB result errors the conversation with a clear message; the model never sees it and the transcript stays small", async () => {
    const seen: BotInput[] = [];
    const conv = await run(20_000_000, seen);
    expect(conv.stopReason).toBe("bot_error");
    expect(conv.error?.message).toBe(`tool dump_everything returned 20000002 bytes, over the cap of ${MAX_TOOL_RESULT_BYTES} bytes for a tool result; the conversation stopped there`);
    expect(seen.filter((s) => s.kind === "tool_results")).toEqual([]);
    expect(JSON.stringify(conv.transcript).length).toBeLessThan(2_000);
    expect(conv.transcript.find((e) => e.type === "tool_result")).toMatchObject({ result: { evalsim_omitted: `a tool result of 20000002 bytes, over the cap of ${MAX_TOOL_RESULT_BYTES} bytes for tool results` } });
  });
});

describe("the transcript cap", () => {
  it("keeps whole lines up to the cap, then one line counting what was left out", () => {
    const lines = ['{"a":1}', '{"b":22}', '{"c":333}', '{"d":4}'];
    expect(cappedLines(lines, 1000)).toBe(lines.join("\n") + "\n");
    const text = cappedLines(lines, 17);
    expect(text).toBe('{"a":1}\n{"b":22}\n{"type":"omitted","events":2,"bytes":18,"reason":"the transcript is over its cap of 17 bytes"}\n');
  });

  it("a transcript cut at its cap is refused for replay, naming the line", () => {
    const file = join(tempDir("evalsim-capped-"), "transcript.jsonl");
    writeFileSync(file, cappedLines(['{"type":"tool_call","side":"agent","name":"a","arguments":{}}', '{"type":"tool_call","side":"agent","name":"b","arguments":{}}'], 70));
    expect(() => transcriptCalls(file)).toThrow(`${file}:2: the transcript was cut at its size cap, so its tool calls cannot all be replayed`);
  });
});
