/**
 * The differential harness's own TypeScript parts (no reference checkout
 * needed): the argument texts it sends and how it sorts mismatches. The
 * reference texts below are as the Python reference printed them.
 */
import { describe, expect, it } from "vitest";
import { NOT_JSON_TEXTS, argsText, raw } from "../../../src/crosscheck/calls/args-text.js";
import { classify, floatsAsInts, sameUpToKeyOrder } from "../../../src/crosscheck/calls/classify.js";
import { bendCall } from "../../../src/crosscheck/calls/generate.js";
import { createRng } from "../../../src/engine/rng.js";

const base = { domain: "tau2_airline", tool: "T", bend: "plan", stateSides: [], cascade: false } as const;

describe("argument texts", () => {
  it("writes raw number tokens verbatim and JSON otherwise, keys in order", () => {
    expect(argsText({ b: raw("25.0"), a: [raw("9007199254740993"), 1.5, -0, "é\ud800"], c: null, d: { x: true } })).toBe('{"b":25.0,"a":[9007199254740993,1.5,-0.0,"é\\ud800"],"c":null,"d":{"x":true}}');
  });
  it("writes non-finite numbers as Python's json module reads them", () => {
    expect(argsText([NaN, Infinity, -Infinity, 1e21])).toBe("[NaN,Infinity,-Infinity,1e+21]");
  });
  it("keeps an object whose only key is raw an object", () => {
    expect(argsText({ raw: "x" })).toBe('{"raw":"x"}');
  });
  it("bends calls deterministically for a seed", () => {
    const a = Array.from({ length: 50 }, (_, i) => bendCall(createRng(i), undefined, "T", "agent", { id: "x" }));
    const b = Array.from({ length: 50 }, (_, i) => bendCall(createRng(i), undefined, "T", "agent", { id: "x" }));
    expect(a).toEqual(b);
    expect(new Set(a.map((c) => c.bend)).size).toBeGreaterThan(3);
    // A non-object argument value is sent as its JSON text, never as an empty text.
    expect(bendCall(createRng(1), undefined, "T", "agent", "").args).toBe('""');
    // Texts that are not JSON: one of the fixed list, or the call's own text cut short.
    const own = '{"id":"x1"}';
    const notJson = Array.from({ length: 400 }, (_, i) => bendCall(createRng(i), undefined, "T", "agent", { id: "x1" })).filter((c) => c.bend === "not-json");
    expect(notJson.length).toBeGreaterThan(3);
    for (const c of notJson) expect((NOT_JSON_TEXTS as readonly string[]).includes(c.args) || (c.args.length > 0 && c.args.length < own.length && own.startsWith(c.args))).toBe(true);
    expect(notJson.some((c) => c.args.startsWith('{"id"'))).toBe(true);
    expect(notJson.some((c) => (NOT_JSON_TEXTS as readonly string[]).includes(c.args))).toBe(true);
  });
});

describe("mismatch classes", () => {
  it("prints integral floats as ints outside strings only", () => {
    expect(floatsAsInts('{"a": 25.0, "m": "$25.0 x", "b": [1e+22, -0.0, 2.5, 1.5e-07, 1.5e+300]}')).toBe('{"a": 25, "m": "$25.0 x", "b": [10000000000000000000000, 0, 2.5, 1.5e-07, 15' + "0".repeat(299) + ']}');
  });
  it("tells key order from value differences, number texts included", () => {
    expect(sameUpToKeyOrder('{"9": 1, "10": 2}', '{"10": 2, "9": 1}')).toBe(true);
    expect(sameUpToKeyOrder('{"9": 1.0}', '{"9": 1}')).toBe(false);
  });
  it("sorts the reference's integral float results apart from domain differences", () => {
    const ref = '{"line_id": "L1009", "data_used_gb": 0.0, "data_limit_gb": 15.0}';
    const ours = '{"line_id": "L1009", "data_used_gb": 0, "data_limit_gb": 15}';
    expect(classify({ ...base, args: '{"line_id":"L1009"}', reference: { text: ref, exit: false }, evalsim: { text: ours, exit: false } }).cls).toBe("integral float in result printed as int");
    expect(classify({ ...base, args: '{"line_id":"L1009"}', reference: { text: ref, exit: false }, evalsim: { text: ref.replace("L1009", "L1008"), exit: false } }).group).toBe("domain");
  });
  it("counts a text where only some integral floats print as ints as the float class", () => {
    const ref = '{"fare": 169.0, "taxes": 20.0, "m": "2.0 GB"}';
    const ours = '{"fare": 169, "taxes": 20.0, "m": "2.0 GB"}';
    expect(classify({ ...base, args: '{"origin":"SEA"}', reference: { text: ref, exit: false }, evalsim: { text: ours, exit: false } }).cls).toBe("integral float in result printed as int");
  });
  it("names the argument edge cases", () => {
    const t = (args: string): string => classify({ ...base, args, reference: { text: '{"error": "x"}', exit: false }, evalsim: { text: '{"error": "y"}', exit: false } }).cls;
    expect(classify({ ...base, bend: "not-json", args: "", reference: { text: "<call not run: JSONDecodeError>", exit: false }, evalsim: { text: '{"ok": 1}', exit: false } }).cls).toBe("argument text that is not JSON (or empty)");
    expect(t("[]")).toBe("non-object arguments");
    expect(t('{"order_id":"#W1","self":"x"}')).toBe("a 'self' argument");
    expect(t('{"amount":1e18}')).toMatch(/^big integer/);
    expect(t('{"amount":9007199254740993}')).toMatch(/^big integer/);
    expect(t('{"amount":25.0}')).toMatch(/^integral float argument/);
    expect(t('{"amount":25}')).toMatch(/^tau2_airline T: text/);
  });
  it("knows the calculator's int that the reference cannot hold (known divergence calculate:ints-past-memory)", () => {
    const ref = '{"status": "error", "error_type": "value_error", "message": "Invalid expression: "}';
    const ours = '{"status": "error", "error_type": "value_error", "message": "Invalid expression: int too large to convert to float"}';
    const call = { ...base, domain: "tau2_retail", tool: "CalculateTool", args: '{"expression":"2**82**8"}' };
    expect(classify({ ...call, reference: { text: ref, exit: false }, evalsim: { text: ours, exit: false } })).toEqual({ cls: "calculate:ints-past-memory", group: "known" });
    // Any other calculator difference is the domain's.
    expect(classify({ ...call, reference: { text: ref, exit: false }, evalsim: { text: ref.replace(": ", ": x"), exit: false } }).group).toBe("domain");
  });
  it("sees a missing enum field reported as an invalid choice", () => {
    const ref = '{"status": "error", "details": [{"field": "cabin", "error": "Field required", "type": "missing"}]}';
    const ours = '{"status": "error", "details": [{"field": "cabin", "error": "Input should be \'business\', \'economy\' or \'basic_economy\'", "type": "enum"}]}';
    expect(classify({ ...base, args: '{"reservation_id":"EJMQI7"}', reference: { text: ref, exit: false }, evalsim: { text: ours, exit: false } }).cls).toBe("missing enum field reported as an invalid choice");
  });
  it("counts calls after a state difference as a cascade", () => {
    expect(classify({ ...base, cascade: true, args: "{}", reference: { text: "1", exit: false }, evalsim: { text: "2", exit: false } }).group).toBe("cascade");
  });
});

describe("random ids and state", () => {
  it("a refuel whose state differs is a domain difference (both sides mint the same bill id)", () => {
    const text = '{"message": "Successfully added 2.0 GB of data for line L1009 for $4.00", "new_data_refueling_gb": 2.0, "charge": 4.0}';
    const r = { ...base, domain: "tau2_telecom", tool: "refuel_data", args: '{"customer_id":"C1003","line_id":"L1009","gb_amount":2}', stateSides: ["agent"] };
    expect(classify({ ...r, reference: { text, exit: false, draws: 1 }, evalsim: { text, exit: false, draws: 1 } }).cls).toBe("tau2_telecom refuel_data: state agent");
  });
  it("names a call that drew a different number of random ids", () => {
    const text = '{"message": "ok"}';
    const r = { ...base, domain: "tau2_telecom", tool: "refuel_data", args: '{"customer_id":"C1003"}' };
    expect(classify({ ...r, reference: { text, exit: false, draws: 2 }, evalsim: { text, exit: false, draws: 1 } }).cls).toBe("tau2_telecom refuel_data: random draws reference=2 evalsim=1");
  });
  it("a cascade keeps the class the call itself explains", () => {
    expect(classify({ ...base, cascade: true, args: "[]", reference: { text: "1", exit: false }, evalsim: { text: "2", exit: false } }).cls).toBe("non-object arguments");
  });
});
