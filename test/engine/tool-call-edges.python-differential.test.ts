/**
 * The edges of a tool call against python3 itself (test/oracles/tool_call_edges.py,
 * stdlib only): generated calls go through evalsim as a live run makes them
 * (planToolCall → dispatch → the tool message), and the text the model reads
 * is checked against what Python computes from the same argument text:
 * `_execute(**(arguments or {}))` binding (non-object arguments, a `self`
 * key), numbers echoed in error texts (repr, str, type name), ints read from
 * JSON numbers, and fixture floats in results (`json.dumps`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import { planToolCall } from "../../src/engine/bots/llm-tool-calls.js";
import { dispatch, initialRunState, type DispatchOutcome } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import type { Side } from "../../src/engine/types.js";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { loadDbArtifact } from "../../src/loaders/load-db.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { jsonValueArb } from "../helpers/json-arbitraries.js";
import { runPython } from "../helpers/python.js";

const SEED = 0xed9e5;
const TOOLS = "nemo_voice_agent.evaluation.tools";
const root = resolveDataRoot();
const telecomDbText = readFileSync(join(root, "tau2_telecom", "db.json"), "utf8");
const dbs: Record<string, Partial<Record<Side, JsonObject>>> = {
  tau2_telecom: { agent: parsePythonJson(telecomDbText) as JsonObject, user: {} },
};

/** The reference's `_execute` that Python names in its TypeErrors (from the reference's tool modules). */
function referenceExecute(domain: string, side: Side, tool: string): string {
  if (tool === "EndConversationTool") return `${TOOLS}.rtvi_control.SendExitMessageTool._execute`;
  if (domain === "eva_airline") return `${TOOLS}.eva_airline_tools.${tool}._execute`;
  const module = domain === "tau2_telecom" && side === "user" ? "tau2_telecom_user_tools" : `${domain}_tools`;
  const transfer = tool === "TransferToHumanAgentsTool" || tool === "transfer_to_human_agents";
  return `${TOOLS}.${module}.${transfer ? "TransferToHumanAgentsTool" : "_Tau2InvokeMixin"}._execute`;
}

function run(domainName: string, side: Side, tool: string, argsText: string): { text: string; out?: DispatchOutcome } {
  const domain = registry.domain(domainName);
  if (!domain) throw new Error(`no domain ${domainName}`);
  const planned = planToolCall(tool, argsText);
  if (planned.kind === "drop") return { text: `<dropped: ${planned.dropped.raised}>` };
  const state = initialRunState(dbs[domainName] ?? {});
  const out = dispatch(domain, state, side, planned.call, { today: "2025-02-15", rng: createRng(1), names: "llm" });
  return { text: toolMessage("c1", out.result).content, out };
}

type Answer = Record<string, JsonValue>;
const ask = (requests: JsonValue[][]): Answer[] => runPython("tool_call_edges.py", requests.map((r) => JSON.stringify(r)).join("\n") + "\n").map((l) => JSON.parse(l) as Answer);

const allTools = registry.domains.flatMap((d) => (["agent", "user"] as const).flatMap((side) => (d.tools[side] ?? []).map((t) => [d.name, side, t.name] as const)));

// Number texts: integral floats in every spelling, ints past 2^53 and 2^63, digit strings, fractions.
const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.constantFrom(".0", "e0", "e2", "E+3", "e18", "e19", "e300", "e308", ".5")).map(([m, s]) => `${m}${s}`),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.bigInt({ min: 2n ** 52n, max: 2n ** 64n }).map((b) => (b % 2n === 0n ? `-${b}` : `${b}`)),
  fc.constantFrom("0", "-0.0", "1e18", "9007199254740993", "12345678901234567890", "9.223372036854776e18", "2.5", "1e-7"),
);

describe("tool calls at their edges agree with python3 (differential)", () => {
  it("non-object arguments and a 'self' key bind as _execute(**(arguments or {})) does, on every tool", () => {
    const nonObject = jsonValueArb.filter((v) => v === null || typeof v !== "object" || Array.isArray(v)).map((v) => pyJsonDumps(v));
    const withSelf = fc.tuple(jsonValueArb, fc.dictionary(fc.string({ maxLength: 3 }), jsonValueArb, { maxKeys: 2 })).map(([v, rest]) => pyJsonDumps({ self: v, ...rest }));
    const argsArb = fc.oneof(fc.constantFrom("[]", '""', "0", "null", "false", "0.0", "{}", "[0]", '"x"', "1", "true", "2.5", "2.0", "1e3", " -5.0e0 ", "1E+2", "-0.0", "9007199254740993"), nonObject, withSelf);
    const cases = fc.sample(fc.tuple(fc.constantFrom(...allTools), argsArb), { numRuns: 1500, seed: SEED });
    const answers = ask(cases.map(([[d, side, tool], args]) => ["bind", referenceExecute(d, side, tool), args]));
    const mismatches: string[] = [];
    cases.forEach(([[d, side, tool], args], i) => {
      const answer = answers[i] as Answer;
      if (answer["ok"]) return; // binds: an ordinary call, not an edge
      const ours = run(d, side, tool, args);
      // Falsy arguments are no arguments at all: the call is the call with {}.
      const expected = answer["none"] ? run(d, side, tool, "{}").text : (answer["text"] as string);
      if (ours.text !== expected) mismatches.push(`${d} ${side} ${tool} ${args} → ${ours.text} | python ${expected}`);
      // The TypeError is raised before the tool runs: nothing ends, nothing is recorded.
      if (!answer["none"] && (ours.out?.exit || (ours.out?.records.length ?? 0) > 0)) mismatches.push(`${d} ${tool} ${args}: exits or records`);
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("numbers echoed in error texts are Python's repr, str and type name (telecom pydantic text, eva format errors)", () => {
    const keyArb = fc.constantFrom("k", "x.y", "a.b.c", "amount");
    const cases = fc.sample(fc.tuple(keyArb, numberText), { numRuns: 600, seed: SEED + 1 });
    const texts = cases.flatMap(([key, n]) => [`{${JSON.stringify(key)}: ${n}}`, `{"flight_number": "SK142", "flight_date": ${n}}`]);
    const answers = ask(cases.flatMap(([key], i) => [["value", texts[2 * i] as string, key], ["value", texts[2 * i + 1] as string, "flight_date"]]));
    const mismatches: string[] = [];
    cases.forEach(([key], i) => {
      const echo = answers[2 * i] as Answer;
      const loc = key.includes(".") ? `\`${key}\`` : key;
      const telecom = JSON.parse(run("tau2_telecom", "user", "toggle_airplane_mode", texts[2 * i] as string).text) as { message?: string };
      const block = `${loc}\n  Extra inputs are not permitted [type=extra_forbidden, input_value=${String(echo["repr"])}, input_type=${String(echo["type"])}]`;
      if (String(echo["repr"]).length <= 50 && !telecom.message?.includes(block)) mismatches.push(`${texts[2 * i]} → ${telecom.message} | python ${block}`);
      const date = answers[2 * i + 1] as Answer;
      const eva = JSON.parse(run("eva_airline", "agent", "GetFlightStatusTool", texts[2 * i + 1] as string).text) as { message?: string };
      const expected = `Invalid flight_date '${String(date["str"])}': must be YYYY-MM-DD`;
      if (eva.message !== expected) mismatches.push(`${texts[2 * i + 1]} → ${eva.message} | python ${expected}`);
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("an int field takes the JSON numbers pydantic's int takes, however large (telecom get_bills_for_customer limit)", () => {
    const db = dbs["tau2_telecom"]?.agent as JsonObject;
    const customer = (db["customers"] as JsonObject[]).find((c) => c["customer_id"] === "C1001") as JsonObject;
    const count = (customer["bill_ids"] as JsonValue[]).length;
    const cases = fc.sample(numberText, { numRuns: 600, seed: SEED + 2 });
    const texts = cases.map((n) => `{"customer_id": "C1001", "limit": ${n}}`);
    const answers = ask(texts.map((t) => ["int", t, "limit", count]));
    const mismatches: string[] = [];
    texts.forEach((t, i) => {
      const answer = answers[i] as Answer;
      const result = JSON.parse(run("tau2_telecom", "agent", "get_bills_for_customer", t).text) as JsonValue;
      if ("int" in answer) {
        // No bills at all is the framework's empty-result envelope, not an empty list.
        const got = Array.isArray(result) ? result.length : isObject(result) && Array.isArray(result["results"]) && result["count"] === 0 ? 0 : -1;
        if (got !== answer["len"]) mismatches.push(`${t} → ${JSON.stringify(result).slice(0, 200)} | python ${answer["len"]} bills`);
      } else if (!(isObject(result) && String(result["message"]).includes(`[type=${String(answer["err"])},`))) {
        mismatches.push(`${t} → ${JSON.stringify(result).slice(0, 300)} | python ${String(answer["err"])}`);
      }
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("a dict argument reaches the tool as given: telecom set_apn_settings stores, records and echoes its numbers as Python reads them", () => {
    const userDb = loadDbArtifact(join(root, "tau2_telecom", "user_db"));
    const keyArb = fc.constantFrom("mms_port", "apn_name", "mms_proxy", "reset_at_reboot", "id", "x.y");
    const entryText = fc.tuple(keyArb, numberText).map(([k, n]) => `${JSON.stringify(k)}: ${n}`);
    const cases = fc.sample(fc.uniqueArray(entryText, { minLength: 1, maxLength: 3, selector: (e) => e.split(":")[0] }), { numRuns: 300, seed: SEED + 3 });
    const texts = cases.map((entries) => `{"apn_settings": {${entries.join(", ")}}}`);
    const keys = cases.map((entries) => entries.map((e) => JSON.parse(e.split(": ")[0] as string) as string));
    const requests = texts.flatMap((t, i) => [["dumps", t, ["apn_settings"]], ...(keys[i] as string[]).map((k) => ["value", t.slice('{"apn_settings": '.length, -1), k])]);
    const answers = ask(requests);
    const mismatches: string[] = [];
    let at = 0;
    let stored = 0;
    texts.forEach((t, i) => {
      const dump = answers[at++] as Answer;
      const echoes = (keys[i] as string[]).map(() => answers[at++] as Answer);
      const domain = registry.domain("tau2_telecom");
      const planned = planToolCall("set_apn_settings", t);
      if (!domain || planned.kind !== "dispatch") throw new Error("setup");
      const out = dispatch(domain, initialRunState({ agent: {}, user: userDb }), "user", planned.call, { today: "2025-02-15", rng: createRng(1), names: "llm" });
      const record = out.records[0];
      if (record) {
        stored++;
        const recorded = pyJsonDumps((record["arguments"] as JsonObject)["apn_settings"] as JsonValue);
        if (recorded !== dump["text"]) mismatches.push(`${t} → recorded ${recorded} | python ${String(dump["text"])}`);
        return;
      }
      const message = String((out.result as JsonObject)["message"]);
      (keys[i] as string[]).forEach((k, j) => {
        const echo = echoes[j] as Answer;
        const loc = k.includes(".") ? `\`${k}\`` : k;
        // Each offending entry is reported with Python's repr and type of the value as given.
        const tail = `input_value=${String(echo["repr"])}, input_type=${String(echo["type"])}]`;
        if (message.includes(`\n${loc}\n`) && String(echo["repr"]).length <= 50 && !message.includes(tail)) mismatches.push(`${t} → ${message} | python ${tail}`);
      });
    });
    expect(stored).toBeGreaterThan(10);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("fixture floats stay floats in results: every telecom record by id reads as json.dumps of the fixture's record", () => {
    const db = JSON.parse(telecomDbText) as Record<string, Record<string, JsonValue>[]>;
    const ids: [string, string, number][] = [];
    for (const [table, key] of [["plans", "plan_id"], ["lines", "line_id"], ["bills", "bill_id"], ["customers", "customer_id"], ["devices", "device_id"]] as const) {
      (db[table] ?? []).forEach((rec, i) => ids.push([String(rec[key]), table, i]));
    }
    expect(ids.length).toBeGreaterThan(20);
    const answers = ask(ids.map(([, table, i]) => ["dumps", telecomDbText, [table, i]]));
    const mismatches = ids.flatMap(([id], i) => {
      const ours = run("tau2_telecom", "agent", "get_details_by_id", JSON.stringify({ id })).text;
      const expected = (answers[i] as Answer)["text"];
      return ours === expected ? [] : [`${id} → ${ours} | python ${String(expected)}`];
    });
    // The fixture does hold integral floats (15.0, 65.0, 0.0), so this is not a check of ints only.
    expect(telecomDbText).toMatch(/"data_limit_gb": \d+\.0\b/);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

const isObject = (v: JsonValue): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);
