/**
 * eva 0.1.3 tests/unit/assistant/test_audit_log.py (ServiceNow/eva tag 0.1.3,
 * commit 58637852d0694b34b26630dc78c104dfc6dc5fd5). The file tests eva's
 * writer, `AuditLog`. evalsim only reads what it writes, so the cases
 * translated here are the ones that fix the layout of a saved log. Each
 * builds the entries the upstream test makes (with the fields
 * `audit_log.py` writes) and checks that evalsim reads from them the calls
 * the upstream test counts. The rest are n/a: timestamps, LLM-call entries,
 * the writer's counters and its in-memory copies (docs/reference-cases.md).
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/json/types.js";
import { callsFromEvaAuditLog } from "../../src/replay/formats/eva-audit-log.js";
import { toolCallEntry, toolResponseEntry } from "../helpers/eva-audit-log.js";

const saved = (transcript: JsonObject[], conversation: JsonObject[] = []): JsonObject => ({ transcript, llm_prompts: [], conversation_messages: conversation });

describe("eva 0.1.3 tests/unit/assistant/test_audit_log.py", () => {
  it("test_append_assistant_output_with_tool_calls_skips_transcript", () => {
    // The assistant message with tool_calls is in conversation_messages only; with no transcript entry for the call, that list is read.
    const tool_calls = [{ id: "1", function: { name: "f", arguments: "{}" } }];
    const calls = callsFromEvaAuditLog(saved([], [{ role: "assistant", content: "", tool_calls }]));
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([["f", {}]]);
  });

  it("test_append_tool_call_without_response", () => {
    const calls = callsFromEvaAuditLog(saved([toolCallEntry("search", { query: "test" }, "1")]));
    expect(calls).toEqual([{ name: "search", arguments: { query: "test" }, side: "agent" }]);
  });

  it("test_append_tool_call_with_response", () => {
    const calls = callsFromEvaAuditLog(saved([toolCallEntry("search", { query: "test" }, "1"), toolResponseEntry("search", { results: [] }, "2")]));
    expect(calls).toEqual([{ name: "search", arguments: { query: "test" }, side: "agent", recorded: { value: { results: [] } } }]);
  });

  it("test_tool_call_deduplicates_tools_called", () => {
    // eva's tools_called lists search once; its count, 2, is the calls evalsim reads.
    const calls = callsFromEvaAuditLog(saved([toolCallEntry("search", { q: "a" }, "1"), toolCallEntry("search", { q: "b" }, "2")]));
    expect(calls.map((c) => c.arguments)).toEqual([{ q: "a" }, { q: "b" }]);
  });

  it("test_append_realtime_tool_call", () => {
    const calls = callsFromEvaAuditLog(saved([toolCallEntry("get_flight", { id: "123" }, "1")]));
    expect(calls).toEqual([{ name: "get_flight", arguments: { id: "123" }, side: "agent" }]);
  });

  it("test_save", () => {
    // save() writes transcript, llm_prompts and conversation_messages: a log with those keys is an eva audit log, with or without calls.
    expect(callsFromEvaAuditLog(saved([{ value: "Hello", displayName: "Bot", type: "text", isBotMessage: true, timestamp: "1000", message_type: "assistant" }]))).toEqual([]);
  });
});
