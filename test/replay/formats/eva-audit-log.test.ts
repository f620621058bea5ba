/**
 * Every shape of eva 0.1.3's `audit_log.json` replays its calls: a cascade
 * record (calls in conversation_messages and the transcript), a
 * speech-to-speech or realtime record (pipecat realtime, OpenAI realtime,
 * Gemini live: calls in the transcript only, through
 * `append_realtime_tool_call` / `append_tool_response`), and a record whose
 * two lists disagree (the transcript, what ran, wins). A record whose calls
 * cannot be read is an error naming it, never a record without calls.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { evaAirline } from "../../../src/domains/eva_airline/index.js";
import { registry } from "../../../src/domains/index.js";
import { loadCatalog, type CatalogEntry } from "../../../src/engine/catalog.js";
import { readEvaRecords } from "../../../src/import/eva.js";
import { ImportError } from "../../../src/import/types.js";
import type { JsonObject, JsonValue } from "../../../src/json/types.js";
import { parseCallsDocument } from "../../../src/replay/calls-file.js";
import { callsFromEvaAuditLog, callsFromEvaTranscript } from "../../../src/replay/formats/eva-audit-log.js";
import { CallsFileError } from "../../../src/replay/formats/types.js";
import { replayCalls } from "../../../src/replay/replay-calls.js";
import { cascadeLog, realtimeLog, toolCallEntry, toolResponseEntry, type LoggedCall } from "../../helpers/eva-audit-log.js";
import { runCli } from "../../helpers/cli.js";
import { tempDir } from "../../helpers/temp-data.js";

/** eva record 1.1.2's scenario: a voluntary date change, whose calls rebook a flight and assign a seat. */
const SCENARIO = "eva_airline__voluntary_date_change";
let entry: CatalogEntry;
let logged: LoggedCall[];
let goldHash: string | null;

beforeAll(() => {
  const found = loadCatalog(registry, {}, [evaAirline]).byName.get(SCENARIO);
  if (!found) throw new Error(`test setup: no scenario ${SCENARIO}`);
  entry = found;
  // The scenario's gold calls, with what each returns, are the conversation the records log.
  const gold = entry.scenario.goldCalls();
  const replayed = replayCalls(entry, gold, { seed: 0 });
  logged = replayed.calls.map((c) => ({ name: c.name, arguments: c.arguments as JsonObject, response: c.result }));
  goldHash = replayed.db_hash;
});

const names = (calls: readonly { name: string }[]): string[] => calls.map((c) => c.name);

describe("eva audit_log.json: which calls replay", () => {
  it("the scenario's calls change the DB (so equal hashes below say the calls ran)", () => {
    expect(logged.length).toBeGreaterThan(1);
    const none = replayCalls(entry, [], { seed: 0 });
    expect(goldHash).not.toBe(none.db_hash);
  });

  it("a realtime record (transcript tool_call / tool_response entries only) replays its calls and reaches the DB of the same conversation_messages record", () => {
    const realtime = parseCallsDocument(realtimeLog(logged));
    const cascade = parseCallsDocument(cascadeLog(logged));
    expect(realtime.format).toBe("eva audit_log.json");
    expect(names(realtime.calls)).toEqual(names(logged));
    expect(realtime.calls.map((c) => c.arguments)).toEqual(cascade.calls.map((c) => c.arguments));
    const a = replayCalls(entry, realtime.calls, { seed: 0 });
    const b = replayCalls(entry, cascade.calls, { seed: 0 });
    expect(a.db_hash).toBe(goldHash);
    expect(b.db_hash).toBe(goldHash);
    // Each tool_response is paired with its own call: every recorded result is the replayed one.
    expect(a.calls.map((c) => c.recorded)).toEqual(logged.map(() => ({ same: true })));
  });

  it("a record with only conversation_messages (the records evalsim read before) replays them", () => {
    const log = cascadeLog(logged);
    const calls = callsFromEvaAuditLog({ conversation_messages: log["conversation_messages"] as JsonValue });
    expect(names(calls)).toEqual(names(logged));
    expect(replayCalls(entry, calls, { seed: 0 }).db_hash).toBe(goldHash);
  });

  it("a cascade record, whose two lists hold the same calls, is read from conversation_messages (the text the model read)", () => {
    const calls = callsFromEvaAuditLog(cascadeLog(logged));
    expect(names(calls)).toEqual(names(logged));
    expect(calls.every((c) => c.recorded !== undefined && "text" in c.recorded)).toBe(true);
  });

  it("a mixed record whose lists disagree replays the transcript, what eva ran (transfer_to_agent ends the loop before a later call of the same message)", () => {
    const log = cascadeLog(logged.slice(0, 1));
    const messages = log["conversation_messages"] as JsonObject[];
    // The model asked for a second call in the same message; eva's AgenticSystem returned at the transfer and ran neither it nor its tool message.
    const asked = messages[1] as { tool_calls: JsonObject[] };
    asked.tool_calls.push({ id: "call_x", type: "function", function: { name: "cancel_reservation", arguments: '{"confirmation_number":"ZK3FFW"}' } });
    const calls = callsFromEvaAuditLog(log);
    expect(names(calls)).toEqual([logged[0]?.name]);
    expect(calls[0]?.recorded).toEqual({ value: logged[0]?.response });
  });

  it("a record without any call reads as no calls (a conversation can end without one)", () => {
    expect(callsFromEvaAuditLog(realtimeLog([]))).toEqual([]);
    expect(callsFromEvaAuditLog(cascadeLog([]))).toEqual([]);
  });

  it("each realtime server's arguments as execute_tool receives them: a dict (OpenAI and pipecat after json.loads, Gemini's dict(fc.args)), or {} when the text was not JSON", () => {
    const t = [toolCallEntry("get_reservation", { confirmation_number: "ZK3FFW", last_name: "Rodriguez" }, "1"), toolCallEntry("get_flight_status", {}, "2"), toolResponseEntry("get_flight_status", { status: "error" }, "3")];
    const calls = callsFromEvaTranscript(t, "transcript");
    expect(calls).toEqual([
      { name: "get_reservation", arguments: { confirmation_number: "ZK3FFW", last_name: "Rodriguez" }, side: "agent" },
      { name: "get_flight_status", arguments: {}, side: "agent", recorded: { value: { status: "error" } } },
    ]);
  });
});

describe("eva audit_log.json: a record whose calls cannot be read is an error naming it", () => {
  const bad: [string, JsonObject, RegExp][] = [
    ["a tool_call entry without parameters", { transcript: [{ value: { tool: "get_reservation" }, type: "tool_call", message_type: "tool_call" }], llm_prompts: [] }, /^transcript\[0\]\.value\.parameters: expected an object of arguments, found null$/],
    ["a tool_call entry whose value is not {tool, parameters}", { transcript: [{ value: "get_reservation", message_type: "tool_call" }], llm_prompts: [] }, /^transcript\[0\]\.value: expected \{tool, parameters\}/],
    ["a tool_response with no call before it", { transcript: [toolResponseEntry("get_reservation", {}, "1")], llm_prompts: [] }, /^transcript\[0\]: a tool_response of get_reservation with no tool_call/],
    ["a transcript that is not a list", { transcript: {}, conversation_messages: [] }, /^transcript: expected an array$/],
    ["neither conversation_messages nor a transcript", { records: [] }, /^expected eva's audit log/],
  ];
  for (const [what, doc, message] of bad) {
    it(what, () => {
      expect(() => callsFromEvaAuditLog(doc)).toThrow(CallsFileError);
      expect(() => callsFromEvaAuditLog(doc)).toThrow(message);
    });
  }

  it("import reads every shape from a records folder, and stops at an unreadable record, naming it (exit 2)", async () => {
    const dir = tempDir("evalsim-eva-records-");
    const write = (id: string, doc: JsonObject): void => {
      mkdirSync(join(dir, id));
      writeFileSync(join(dir, id, "audit_log.json"), JSON.stringify(doc));
      writeFileSync(join(dir, id, "result.json"), JSON.stringify({ record_id: id }));
    };
    write("1.1.2", realtimeLog(logged));
    write("1.1.3", cascadeLog(logged));
    const read = readEvaRecords(dir);
    expect(read.scenarios.map((s) => [s.sourceName, names(s.calls)])).toEqual([
      ["record 1.1.2", names(logged)],
      ["record 1.1.3", names(logged)],
    ]);
    write("1.2.1", { transcript: [{ value: { tool: "get_reservation" }, message_type: "tool_call" }], llm_prompts: [], conversation_messages: [] });
    expect(() => readEvaRecords(dir)).toThrow(ImportError);
    expect(() => readEvaRecords(dir)).toThrow(/^record 1\.2\.1: \S+audit_log\.json: transcript\[0\]\.value\.parameters: expected an object of arguments/);
    const r = await runCli(["import", "eva", dir, "--out", tempDir("evalsim-eva-out-")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/record 1\.2\.1: .*transcript\[0\]\.value\.parameters/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
