/** textToolCallFormat: naming the form of tool calls a model wrote as text. */
import { describe, expect, it } from "vitest";
import { PARSER_FOR, textToolCallFormat } from "../../src/llm/text-tool-calls.js";

const TOOLS = new Set(["GetReservationTool", "TransferToAgentTool"]);

describe("textToolCallFormat", () => {
  it.each([
    ['<tool_call>\n{"name": "GetReservationTool", "arguments": {"confirmation_number": "ABC123"}}\n</tool_call>', "hermes"],
    ["<tool_call>\n<function=GetReservationTool>\n<parameter=confirmation_number>\nABC123\n</parameter>\n</function>\n</tool_call>", "qwen3_coder"],
    ['<|python_tag|>{"name": "GetReservationTool", "parameters": {"confirmation_number": "ABC123"}}', "llama3_json"],
    ['[TOOL_CALLS] [{"name": "GetReservationTool", "arguments": {"confirmation_number": "ABC123"}}]', "mistral"],
    ['{"name": "GetReservationTool", "arguments": {"confirmation_number": "ABC123"}}', "json"],
    ['  [{"name": "TransferToAgentTool", "parameters": {}}, {"name": "GetReservationTool", "arguments": {}}]\n', "json"],
  ])("%s is %s", (text, format) => {
    expect(textToolCallFormat(text, TOOLS)).toBe(format);
  });

  it("plain speech, JSON naming no offered tool, and JSON without arguments are no tool call", () => {
    expect(textToolCallFormat("Sure, let me look up your reservation.", TOOLS)).toBeUndefined();
    expect(textToolCallFormat('{"name": "DeleteEverything", "arguments": {}}', TOOLS)).toBeUndefined();
    expect(textToolCallFormat('{"name": "GetReservationTool"}', TOOLS)).toBeUndefined();
    expect(textToolCallFormat("[]", TOOLS)).toBeUndefined();
    expect(textToolCallFormat('[{"name": "GetReservationTool", "arguments": {}}, 3]', TOOLS)).toBeUndefined();
    expect(textToolCallFormat("<tool_call>not closed", TOOLS)).toBeUndefined();
  });

  it("names the vLLM parser for each form", () => {
    expect(PARSER_FOR.hermes).toBe("hermes");
    expect(PARSER_FOR.qwen3_coder).toBe("qwen3_coder");
    expect(PARSER_FOR.json).toMatch(/^the one for your model's chat template/);
  });
});
