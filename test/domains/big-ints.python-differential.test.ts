/**
 * Ints of any size through the tools that compute with them, against python3
 * (test/oracles/tool_call_edges.py, stdlib only): generated calls go through
 * evalsim as a live run makes them (planToolCall → dispatch → the tool
 * message); Python runs the reference's arithmetic on the same argument
 * text and DB and prints the result, the DB and its canonical hash.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { toolMessage } from "../../src/engine/bots/llm-context.js";
import { planToolCall } from "../../src/engine/bots/llm-tool-calls.js";
import { dispatch, initialRunState, type DispatchOutcome } from "../../src/engine/dispatch.js";
import { createRng } from "../../src/engine/rng.js";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { dbHash } from "../../src/hash/db/index.js";
import { runPython } from "../helpers/python.js";
import { scenarioDb } from "./eva_airline/harness.js";

const SEED = 0xb16_1e7;
type Answer = Record<string, JsonValue>;
const ask = (requests: JsonValue[][]): Answer[] => runPython("tool_call_edges.py", requests.map((r) => JSON.stringify(r)).join("\n") + "\n").map((l) => JSON.parse(l) as Answer);

function call(domainName: string, db: JsonObject, tool: string, argsText: string, today = "2024-05-15"): { text: string; out: DispatchOutcome } {
  const domain = registry.domain(domainName);
  if (!domain) throw new Error(`no domain ${domainName}`);
  const planned = planToolCall(tool, argsText);
  if (planned.kind !== "dispatch") throw new Error(`not dispatched: ${argsText}`);
  const out = dispatch(domain, initialRunState({ agent: db }), "agent", planned.call, { today, rng: createRng(1), names: "llm" });
  return { text: toolMessage("c1", out.result).content, out };
}

// An exact int, far from any double past 2^53.
const bigInt = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(BigInt),
  fc.bigInt({ min: 2n ** 53n - 2n, max: 2n ** 53n + 2n }),
  fc.bigInt({ min: -(2n ** 53n) - 2n, max: -(2n ** 53n) + 2n }),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  fc.constantFrom(123456789012345678901234567890n, -9007199254740993n, 18446744073709551616n),
);
/** How an int argument is written: a JSON int, a numeric string with spaces around, or (inside i64, when a double holds it) an integral float. */
const intText = (n: bigint, form: number): string => {
  if (form === 1) return JSON.stringify(` ${n} `);
  if (form === 2 && Number.isSafeInteger(Number(n))) return `${n}.0`;
  if (form === 3 && n === 10n ** 18n) return "1e18";
  return String(n);
};
const intArg = fc.tuple(fc.oneof(bigInt, fc.constant(10n ** 18n)), fc.integer({ min: 0, max: 3 })).map(([n, f]) => ({ n, text: intText(n, f) }));
/** A stored number: an int of any size, or a float (integral or not). */
const storedNumber = fc.oneof(bigInt.map(String), fc.constantFrom("120.0", "57.5", "0.0", "1e18", "3.0", "9007199254740993"));

const PAYMENT_IDS = ["gift_card_1", "credit_card_1", "certificate_1", "missing_9"] as const;
const airlineUser = (giftCard: string, certificate: string) =>
  `{"payment_methods": {"gift_card_1": {"source": "gift_card", "id": "gift_card_1", "amount": ${giftCard}}, "credit_card_1": {"source": "credit_card", "id": "credit_card_1", "brand": "visa"}, "certificate_1": {"source": "certificate", "id": "certificate_1", "amount": ${certificate}}}}`;

describe("big ints through computing tools agree with python3 (differential)", () => {
  it("tau2_airline UpdateReservationBaggagesTool: charge, gift-card balance, stored counts, result, DB and hash", () => {
    const cases = fc.sample(fc.record({ stored: fc.option(storedNumber, { nil: undefined }), balance: storedNumber, nonfree: intArg, total: intArg, pay: fc.constantFrom(...PAYMENT_IDS) }), { numRuns: 400, seed: SEED });
    const dbTexts = cases.map(({ stored, balance }) => {
      const nonfree = stored === undefined ? "" : `, "nonfree_baggages": ${stored}`;
      return `{"reservations": {"R1": {"reservation_id": "R1", "user_id": "u1", "payment_history": [{"payment_id": "credit_card_1", "amount": 100}], "total_baggages": 1${nonfree}}}, "users": {"u1": ${airlineUser(balance, "50.0")}}}`;
    });
    const argTexts = cases.map(({ nonfree, total, pay }) => `{"reservation_id": "R1", "total_baggages": ${total.text}, "nonfree_baggages": ${nonfree.text}, "payment_id": "${pay}"}`);
    const answers = ask(cases.map((_, i) => ["baggages", dbTexts[i] as string, argTexts[i] as string]));
    const mismatches: string[] = [];
    cases.forEach((_, i) => {
      const py = answers[i] as Answer;
      const { text, out } = call("tau2_airline", parsePythonJson(dbTexts[i] as string) as JsonObject, "UpdateReservationBaggagesTool", argTexts[i] as string);
      const db = out.state.dbs["agent"] as JsonObject;
      const record = out.records[0];
      const got = { text, db: pyJsonDumps(db), hash: dbHash(db), charged: record ? pyJsonDumps(record["result"] as JsonValue) : undefined };
      const want = { text: py["text"], db: py["db"], hash: py["hash"], charged: record ? `{"reservation_id": "R1", "charged": ${String(py["charged"])}}` : undefined };
      if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${dbTexts[i]} ${argTexts[i]} → ${JSON.stringify(got)} | python ${JSON.stringify(want)}`);
    });
    // Some calls must succeed and charge, or this checks error texts only.
    expect(answers.filter((a) => String(a["text"]).startsWith('{"reservation_id"') && a["charged"] !== "0").length).toBeGreaterThan(20);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it("tau2_airline BookReservationTool: the price and payment checks, the 'does not add up' text, balances and payment history", () => {
    const caseArb = fc.record({
      passengers: fc.integer({ min: 1, max: 3 }),
      insurance: fc.constantFrom("yes", "no"),
      nonfree: intArg,
      pays: fc.array(fc.tuple(fc.constantFrom(...PAYMENT_IDS), bigInt), { minLength: 1, maxLength: 3 }),
      addsUp: fc.boolean(),
      balance: storedNumber,
      certificate: storedNumber,
      form: fc.integer({ min: 0, max: 1 }),
    });
    const cases = fc.sample(caseArb, { numRuns: 400, seed: SEED + 1 });
    const dbTexts = cases.map((c) => `{"reservations": {}, "flights": {}, "users": {"u1": ${airlineUser(c.balance, c.certificate)}}}`);
    const argTexts = cases.map((c) => {
      const pays = c.pays.map(([id, amount]) => [id, amount] as [string, bigint]);
      if (c.addsUp) {
        // The last amount makes the payments add up to the price (the test's own sum, an input).
        const total = (c.insurance === "yes" ? 30n * BigInt(c.passengers) : 0n) + 50n * c.nonfree.n;
        const others = pays.slice(0, -1).reduce((s, [, a]) => s + a, 0n);
        (pays[pays.length - 1] as [string, bigint])[1] = total - others;
      }
      const methods = pays.map(([id, amount]) => `{"payment_id": "${id}", "amount": ${intText(amount, c.form)}}`).join(", ");
      const people = Array.from({ length: c.passengers }, (_, k) => `{"first_name": "A${k}", "last_name": "B", "dob": "1990-01-0${k + 1}"}`).join(", ");
      return `{"user_id": "u1", "origin": "SFO", "destination": "JFK", "flight_type": "one_way", "cabin": "economy", "flights": [], "passengers": [${people}], "payment_methods": [${methods}], "total_baggages": 0, "nonfree_baggages": ${c.nonfree.text}, "insurance": "${c.insurance}"}`;
    });
    const answers = ask(cases.map((_, i) => ["book_payment", dbTexts[i] as string, argTexts[i] as string]));
    const mismatches: string[] = [];
    cases.forEach((_, i) => {
      const py = answers[i] as Answer;
      const { text, out } = call("tau2_airline", parsePythonJson(dbTexts[i] as string) as JsonObject, "BookReservationTool", argTexts[i] as string);
      let got: JsonValue;
      if (py["text"] !== undefined) got = text;
      else {
        const users = (out.state.dbs["agent"] as JsonObject)["users"] as JsonObject;
        got = { user: pyJsonDumps(users["u1"] as JsonValue), history: pyJsonDumps((out.result as JsonObject)["payment_history"] as JsonValue) };
      }
      const want = py["text"] ?? { user: py["user"] as string, history: py["history"] as string };
      if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${dbTexts[i]} ${argTexts[i]} → ${JSON.stringify(got)} | python ${JSON.stringify(want)}`);
    });
    expect(answers.filter((a) => a["history"] !== undefined).length).toBeGreaterThan(20);
    expect(answers.filter((a) => String(a["text"]).includes("does not add up")).length).toBeGreaterThan(20);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it("tau2_airline SendCertificateTool: float(amount) stored, the int in the message and the record, OverflowError past the largest double", () => {
    const amounts = fc.sample(fc.tuple(fc.oneof(bigInt, fc.bigInt({ min: 2n ** 1023n, max: 2n ** 1030n })), fc.integer({ min: 0, max: 2 })), { numRuns: 300, seed: SEED + 2 });
    const argTexts = amounts.map(([n, f]) => `{"user_id": "u1", "amount": ${intText(n, f)}}`);
    const answers = ask(argTexts.map((t) => ["certificate", t]));
    const mismatches: string[] = [];
    argTexts.forEach((args, i) => {
      const py = answers[i] as Answer;
      const { text, out } = call("tau2_airline", parsePythonJson('{"users": {"u1": {"payment_methods": {}}}}') as JsonObject, "SendCertificateTool", args);
      const methods = (((out.state.dbs["agent"] as JsonObject)["users"] as JsonObject)["u1"] as JsonObject)["payment_methods"] as JsonObject;
      const stored = methods["certificate_3221322"];
      const got = { text, stored: stored === undefined ? undefined : pyJsonDumps(stored), result: out.records[0] ? pyJsonDumps(out.records[0]["result"] as JsonValue) : undefined };
      const want = {
        text: py["text"],
        stored: py["stored"] === undefined ? undefined : `{"source": "certificate", "id": "certificate_3221322", "amount": ${String(py["stored"])}}`,
        result: py["result"],
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${args} → ${JSON.stringify(got)} | python ${JSON.stringify(want)}`);
    });
    expect(answers.filter((a) => String(a["text"]).includes("int too large")).length).toBeGreaterThan(5);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it("eva_airline ProcessRefundTool and IssueTravelCreditTool: float() of a big int in the result, the message and the DB hash", () => {
    const base = scenarioDb("5.1.1");
    const cases = fc.sample(fc.tuple(fc.oneof(bigInt, fc.bigInt({ min: 10n ** 200n, max: 10n ** 300n })), fc.integer({ min: 0, max: 2 }), fc.boolean()), { numRuns: 200, seed: SEED + 3 });
    const argTexts = cases.map(([n, f, refund]) =>
      refund
        ? `{"confirmation_number": "8JVSDF", "refund_amount": ${intText(n, f)}, "refund_type": "full_fare"}`
        : `{"confirmation_number": "8JVSDF", "passenger_id": "PAX001", "amount": ${intText(n, f)}, "credit_reason": "goodwill"}`,
    );
    const answers = ask(argTexts.map((t, i) => ["float", t, cases[i]?.[2] ? "refund_amount" : "amount"]));
    const mismatches: string[] = [];
    const storedDumps: string[] = [];
    const storedHashes: string[] = [];
    cases.forEach(([n, , refund], i) => {
      const py = answers[i] as Answer;
      const { text, out } = call("eva_airline", structuredClone(base), refund ? "ProcessRefundTool" : "IssueTravelCreditTool", argTexts[i] as string, "2026-05-20");
      if (n <= 0n) {
        if (!text.includes("Input should be greater than 0")) mismatches.push(`${argTexts[i]} → ${text}`);
        return;
      }
      const key = refund ? "refund_amount" : "amount";
      const message = refund ? `$${String(py["str"])} refund initiated` : `$${String(py["str"])} travel credit issued`;
      if (!text.includes(`"${key}": ${String(py["dumps"])}`) || !text.includes(message)) mismatches.push(`${argTexts[i]} → ${text} | python ${String(py["dumps"])}`);
      // The DB holds the float; the hash normalizes an integral one to Python's int(f), digits exact.
      const db = out.state.dbs["agent"] as JsonObject;
      const stored = refund ? Object.values(db["refunds"] as JsonObject)[0] : Object.values(db["travel_credits"] as JsonObject)[0];
      storedDumps.push(pyJsonDumps({ v: stored as JsonValue }));
      storedHashes.push(dbHash({ v: stored as JsonValue }));
    });
    const hashes = runPython("canonical_hash.py", storedDumps.join("\n") + "\n");
    storedDumps.forEach((d, i) => {
      if (hashes[i] !== storedHashes[i]) mismatches.push(`hash of ${d}`);
    });
    expect(storedDumps.length).toBeGreaterThan(100);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});
