/**
 * eva 0.1.3 ships one real recorded voice conversation,
 * `tests/artifacts/records/1.1.2/`: the agent's five tool calls under eva's
 * own tool names, what each returned, and the DB before and after. Replayed
 * on the port's eva_airline__voluntary_date_change, every result must be the
 * recorded one and the final DB the recorded one.
 *
 * The record is an optional manifest entry under the data root
 * (`upstream/eva-0.1.3/records/1.1.2/`, fetched by `evalsim fixtures fetch`);
 * where the data root lacks it, the tests that read it are skipped.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { findTool } from "../../src/engine/toolbox.js";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { parsePythonJson } from "../../src/json/parse.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { runCli } from "../helpers/cli.js";
import { runPython } from "../helpers/python.js";
import { FIXTURES, tempDir } from "../helpers/temp-data.js";

const RECORD = join(FIXTURES, "upstream", "eva-0.1.3", "records", "1.1.2");
const SCENARIO = "eva_airline__voluntary_date_change";
const present = existsSync(join(RECORD, "audit_log.json"));

/** A JSON file as one line for the Python oracle, as written (raw newlines in JSON text are only whitespace). */
const oneLine = (text: string): string => text.replace(/\r?\n/g, " ") + "\n";

interface Replayed {
  format: string;
  calls: { name: string; side: string; recorded?: string; recorded_diff?: string }[];
  db_hash: string;
  unmapped_tools?: string[];
}

describe("eva 0.1.3's tool names", () => {
  it("each of the 15 tools eva 0.1.3's airline agent declares maps to a port tool", () => {
    const config = parseDocument(readFileSync(join(FIXTURES, "upstream", "eva-0.1.3", "airline_agent.yaml"), "utf8")).toJS() as { tools: { id: string }[] };
    const names = config.tools.map((t) => t.id);
    expect(names).toHaveLength(15);
    expect(names.filter((n) => findTool(evaAirline, "agent", n, "records") === undefined)).toEqual([]);
  });

  it("a recorded name that maps to nothing is reported, and the call answers as an unknown tool", async () => {
    const audit = { conversation_messages: [{ role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{}" } }] }] };
    const file = join(tempDir("evalsim-eva-audit-"), "audit_log.json");
    writeFileSync(file, JSON.stringify(audit));
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", file, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("warning: recorded tool get_weather (agent) names no tool of eva_airline; it was replayed as an unknown tool\n");
    expect((JSON.parse(r.stdout) as Replayed).unmapped_tools).toEqual(["get_weather (agent)"]);
  });
});

describe.skipIf(!present)(`eva 0.1.3 record 1.1.2 (skipped when ${RECORD} is absent: \`evalsim fixtures fetch\` downloads it)`, () => {
  const result = (): { tools_called: string[]; final_scenario_db_hash: string } => JSON.parse(readFileSync(join(RECORD, "result.json"), "utf8")) as never;

  it("replays with every tool result equal to the recorded one and the final DB equal to final_scenario_db.json", async () => {
    const dump = join(tempDir("evalsim-eva-record-"), "final.json");
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", join(RECORD, "audit_log.json"), "--json", "--dump-db", dump]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as Replayed;
    expect(out.format).toBe("eva audit_log.json");
    expect(out.unmapped_tools).toBeUndefined();
    // eva's own names, as result.json lists them.
    expect([...new Set(out.calls.map((c) => c.name))]).toEqual(result().tools_called);
    expect(out.calls.map((c) => [c.name, c.recorded, c.recorded_diff])).toEqual([
      ["get_reservation", "same", undefined],
      ["search_rebooking_options", "same", undefined],
      ["search_rebooking_options", "same", undefined],
      ["rebook_flight", "same", undefined],
      ["assign_seat", "same", undefined],
    ]);
    // The hash as the reference computes it, by the independent Python oracle, of eva's final DB.
    const finalDb = readFileSync(join(RECORD, "final_scenario_db.json"), "utf8");
    const [expected] = runPython("canonical_hash.py", oneLine(finalDb));
    expect(out.db_hash).toBe(expected);
    expect(JSON.parse(readFileSync(dump, "utf8"))).toEqual(JSON.parse(finalDb));
  });

  it("the same record as a realtime server writes it (calls only in the transcript, via append_realtime_tool_call / append_tool_response) reaches the same final DB", async () => {
    // Read and written in Python's spelling, so the recorded responses keep their floats (260.0).
    const audit = parsePythonJson(readFileSync(join(RECORD, "audit_log.json"), "utf8")) as { conversation_messages: { role: string; content: string }[] };
    // A realtime server's conversation_messages hold the spoken turns only (append_assistant_output without tool_calls, no tool messages).
    audit.conversation_messages = audit.conversation_messages.filter((m) => m.role !== "tool").map(({ role, content }) => ({ role, content }));
    const file = join(tempDir("evalsim-eva-realtime-"), "audit_log.json");
    writeFileSync(file, pyJsonDumps(audit));
    const dump = join(tempDir("evalsim-eva-realtime-db-"), "final.json");
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", file, "--json", "--dump-db", dump]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Replayed;
    expect(out.format).toBe("eva audit_log.json");
    // Each call read from its transcript entry, each answered by its own tool_response. The transcript holds
    // the response dict itself, not its text at the time (append_tool_response), and the search result's
    // segment is the DB's own object: the rebooking's seat taken later shows in it when the log is saved.
    const seatTakenLater = "$.options[0].segments[0].available_seats.main_cabin: recorded 21, evalsim 22";
    expect(out.calls.map((c) => [c.name, c.recorded, c.recorded_diff])).toEqual([
      ["get_reservation", "same", undefined],
      ["search_rebooking_options", "differs", seatTakenLater],
      ["search_rebooking_options", "differs", seatTakenLater],
      ["rebook_flight", "same", undefined],
      ["assign_seat", "same", undefined],
    ]);
    expect(JSON.parse(readFileSync(dump, "utf8"))).toEqual(JSON.parse(readFileSync(join(RECORD, "final_scenario_db.json"), "utf8")));
  });

  it("result.json's final hash is eva's plain sort_keys digest of final_scenario_db.json (not the normalized one)", () => {
    const plain = runPython("canonical_hash.py", oneLine(readFileSync(join(RECORD, "final_scenario_db.json"), "utf8")), ["--plain"]);
    expect(plain).toEqual([result().final_scenario_db_hash]);
  });

  it("a differing result is named by its first JSON path", async () => {
    const audit = JSON.parse(readFileSync(join(RECORD, "audit_log.json"), "utf8")) as { conversation_messages: { role: string; content: string }[] };
    const tool = audit.conversation_messages.find((m) => m.role === "tool");
    if (!tool) throw new Error("the record has no tool message");
    tool.content = tool.content.replace('"fare_paid": 260.0', '"fare_paid": 260');
    const file = join(tempDir("evalsim-eva-edited-"), "audit_log.json");
    writeFileSync(file, JSON.stringify(audit));
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", file]);
    expect(r.stdout.split("\n")).toContain("    recorded: differs at $.reservation.bookings[0].fare_paid: recorded 260, evalsim 260.0");
    expect(r.stdout).toContain("recorded results: 4 same, 1 differ\n");
  });

  it("eva's own transcript.jsonl (no tool calls) is not a recording: one line listing the formats, exit 2", async () => {
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", join(RECORD, "transcript.jsonl")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evalsim replay: --calls \S+transcript\.jsonl: not a recording evalsim reads \(expected one of: evalsim call list, evalsim transcript\.jsonl, OpenAI messages, eva audit_log\.json, NeMo llm_context\.json, tau2 simulation messages\)\n$/);
  });
});
