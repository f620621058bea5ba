/**
 * evalsim's own transcript.jsonl read back as a recording: each tool_call
 * event in order with its side, the tool_result of the same id as its
 * recorded value, a bare float argument marked, and a transcript cut at its
 * size cap refused (its calls cannot all be replayed).
 */
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../../src/python/json-dumps.js";
import { callsFromTranscript, looksLikeTranscript } from "../../../src/replay/formats/transcript-lines.js";
import { CallsFileError } from "../../../src/replay/formats/types.js";

describe("looksLikeTranscript", () => {
  it("is true when the first line opens with a transcript event's type", () => {
    expect(looksLikeTranscript('{"type":"message","t":0,"side":"agent","text":"hi"}\n')).toBe(true);
    expect(looksLikeTranscript('{"type":"omitted","events":3}')).toBe(true);
    expect(looksLikeTranscript('{"type":"chat","t":0}')).toBe(false);
    expect(looksLikeTranscript('{"t":0,"type":"message"}')).toBe(false);
    expect(looksLikeTranscript('[{"type":"message"}]')).toBe(false);
  });
});

describe("callsFromTranscript", () => {
  const lines = [
    '{"type":"message","t":0,"side":"user","text":"my phone has no data"}',
    '{"type":"tool_call","t":1,"side":"agent","id":"call_1","model_call_id":"chatcmpl-tool-9","name":"get_customer_by_phone","arguments":{"phone_number":"555"}}',
    '{"type":"tool_call","t":1,"side":"user","id":"call_2","name":"toggle_data","arguments":1.0}',
    '{"type":"tool_result","t":2,"side":"user","id":"call_2","name":"toggle_data","status":"ok","result":"Mobile data is now ON."}',
    '{"type":"tool_result","t":2,"side":"agent","id":"call_1","name":"get_customer_by_phone","status":"ok","result":{"customer_id":"C1","balance":12.0}}',
    "",
    '{"type":"tool_call","t":3,"side":"agent","id":"call_3","name":"transfer_to_human_agents"}',
    '{"type":"end","t":4,"reason":"[EXIT]","side":"agent"}',
  ].join("\n");

  it("reads each call with its side, its result by id, and a bare float argument marked", () => {
    const calls = callsFromTranscript(lines, "transcript.jsonl");
    expect(calls.map((c) => [c.name, c.side, c.arguments, c.argumentsFloat])).toStrictEqual([
      ["get_customer_by_phone", "agent", { phone_number: "555" }, undefined],
      ["toggle_data", "user", 1, true],
      ["transfer_to_human_agents", "agent", {}, undefined],
    ]);
    expect(calls.map((c) => (c.recorded && "value" in c.recorded ? pyJsonDumps(c.recorded.value) : undefined))).toStrictEqual([
      '{"customer_id": "C1", "balance": 12.0}',
      '"Mobile data is now ON."',
      undefined,
    ]);
  });

  it("refuses a transcript cut at its size cap, and names the line of anything unreadable", () => {
    expect(() => callsFromTranscript(`${lines}\n{"type":"omitted","events":12}`, "t.jsonl")).toThrow(
      new CallsFileError("t.jsonl:9: the transcript was cut at its size cap, so its tool calls cannot all be replayed"),
    );
    expect(() => callsFromTranscript('{"type":"tool_call","t":1,"side":"robot","id":"c","name":"x"}', "t.jsonl")).toThrow(new CallsFileError("t.jsonl:1: expected a tool_call event with a name and a side"));
    expect(() => callsFromTranscript('{"type":"message"}\n{"type":', "t.jsonl")).toThrow(/^t\.jsonl:2: /);
  });
});
