/**
 * src/python against python3 itself: generated inputs go to
 * test/oracles/python_semantics.py and every answer (value or exception
 * text) must be Python's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonValue } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { describeException, pyEquals, pyFloat, pyInt, pyRepr, pyStr, pyTypeName, truthy } from "../../src/python/semantics.js";
import { pyStrip } from "../../src/python/strip.js";
import { pyFloatStr } from "../../src/python/float.js";
import { floatArb, jsonValueArb } from "../helpers/json-arbitraries.js";
import { runPython } from "../helpers/python.js";

const SEED = 0x0f10a7;

/** JSON text Python reads as the same value: integral numbers as ints, others as float literals. */
function exactText(v: JsonValue): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      if (Number.isNaN(v)) return "NaN";
      if (!Number.isFinite(v)) return v > 0 ? "Infinity" : "-Infinity";
      if (Object.is(v, -0)) return "-0.0";
      return Number.isInteger(v) ? BigInt(v).toString() : v.toExponential();
    case "bigint":
      return v.toString();
    case "string":
    case "boolean":
      return JSON.stringify(v);
    default:
      break;
  }
  if (Array.isArray(v)) return `[${v.map(exactText).join(",")}]`;
  return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${exactText(v[k] as JsonValue)}`).join(",")}}`;
}

type Outcome = { ok: JsonValue } | { err: string };

function outcome(f: () => JsonValue): Outcome {
  try {
    return { ok: f() };
  } catch (e) {
    return { err: describeException(e) };
  }
}

function pyRepr2(x: number | bigint): string {
  return typeof x === "bigint" ? x.toString() : pyRepr(x);
}

const OPS: Record<string, (...args: JsonValue[]) => JsonValue> = {
  float: (x) => pyFloatStr(pyFloat(x)),
  int: (x) => pyRepr2(pyInt(x)),
  bool: (x) => truthy(x),
  eq: (a, b) => pyEquals(a, b),
  repr: (x) => pyRepr(x),
  str: (x) => pyStr(x),
  strip: (s) => pyStrip(s as string),
  type: (x) => pyTypeName(x),
};

function differential(requests: [string, ...JsonValue[]][]): string[] {
  const lines = requests.map((r) => `[${JSON.stringify(r[0])},${r.slice(1).map((a) => exactText(a)).join(",")}]`);
  const answers = runPython("python_semantics.py", lines.join("\n") + "\n").map((l) => JSON.parse(l) as Outcome);
  expect(answers).toHaveLength(requests.length);
  const mismatches: string[] = [];
  requests.forEach(([op, ...args], i) => {
    // Read back from the same text, as evalsim reads its inputs (a float literal stays a float).
    const read = args.map((a) => parsePythonJson(exactText(a)));
    const ours = outcome(() => (OPS[op] as (...a: JsonValue[]) => JsonValue)(...read));
    if (JSON.stringify(ours) !== JSON.stringify(answers[i])) mismatches.push(`${lines[i] ?? ""} → ours ${JSON.stringify(ours)}, python ${JSON.stringify(answers[i])}`);
  });
  // The first few, each cut short: enough to see what differs.
  return mismatches.slice(0, 5).map((m) => (m.length > 600 ? `${m.slice(0, 600)}…` : m));
}

// Characters around number texts: Python whitespace of both kinds, U+FEFF and other look-alikes.
const SPACES = [" ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1f", "\x85", "\xa0", "\u1680", "\u2000", "\u2028", "\u3000", "\ufeff", "\u200b", "\0"];
// ASCII and non-ASCII decimal digits (Arabic-Indic, Devanagari, fullwidth, mathematical), and near misses.
const DIGIT_CHARS = [..."0123456789", "\u0661", "\u0660", "\u096f", "\uff15", "\u{1d7ce}", "\u{1d7d7}", "\u00b2", "\u2155", "\u{16130}", "\u{11f50}"];

const spaceArb = fc.array(fc.constantFrom(...SPACES), { maxLength: 2 }).map((xs) => xs.join(""));
const digitsArb = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...DIGIT_CHARS) }, { weight: 1, arbitrary: fc.constant("_") }), { minLength: 1, maxLength: 6 })
  .map((xs) => xs.join(""));
const numberTextArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(spaceArb, fc.constantFrom("", "+", "-"), digitsArb, fc.option(fc.tuple(fc.constantFrom(".", ".", "_."), fc.option(digitsArb))), fc.option(fc.tuple(fc.constantFrom("e", "E", "e+", "e-", "e_"), digitsArb)), spaceArb)
      .map(([a, sign, int, frac, exp, b]) => `${a}${sign}${int}${frac ? frac[0] + (frac[1] ?? "") : ""}${exp ? exp[0] + exp[1] : ""}${b}`),
  },
  { weight: 2, arbitrary: fc.tuple(spaceArb, fc.constantFrom("", "+", "-"), fc.constantFrom("inf", "INF", "Infinity", "nan", "NaN", "infinit", "infinityy", "in f"), spaceArb).map((xs) => xs.join("")) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("1.5", ".5", "5.", "1e5", "", ".", "e5", "1_000", "0x10", "1__0"), fc.constantFrom(...SPACES)).map(([n, s]) => n + s) },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
);

const scalarForNumbers: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 4, arbitrary: numberTextArb },
  { weight: 2, arbitrary: floatArb },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>(NaN, Infinity, -Infinity, true, false, null, [], {}, [1], 1e308, -1e300) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 1030n), max: 2n ** 1030n }).map((b) => (Number.isSafeInteger(Number(b)) ? Number(b) : b)) },
);

describe("src/python against python3 (differential)", () => {
  it("float() and int() agree on 4000 generated inputs each", () => {
    const inputs = fc.sample(scalarForNumbers, { numRuns: 4000, seed: SEED });
    expect(differential([...inputs.map((x): [string, JsonValue] => ["float", x]), ...inputs.map((x): [string, JsonValue] => ["int", x])])).toEqual([]);
  });

  it("truthiness, repr, str and type names agree on 3000 generated values", () => {
    const values = fc.sample(jsonValueArb, { numRuns: 3000, seed: SEED + 1 });
    const ops = ["bool", "repr", "str", "type"];
    expect(differential(values.flatMap((v) => ops.map((op): [string, JsonValue] => [op, v])))).toEqual([]);
  });

  it("== agrees on 3000 generated pairs (equal, numerically equal and unrelated values)", () => {
    const twin = (v: JsonValue): fc.Arbitrary<JsonValue> =>
      fc.constantFrom<JsonValue>(v, typeof v === "number" && Number.isSafeInteger(v) ? BigInt(v) : v, v === 1 ? true : v === 0 ? false : v, structuredClone(v));
    const pairArb = fc.oneof(jsonValueArb.chain((a) => twin(a).map((b) => [a, b] as const)), fc.tuple(jsonValueArb, jsonValueArb));
    const pairs = fc.sample(pairArb, { numRuns: 3000, seed: SEED + 2 });
    expect(differential(pairs.map(([a, b]): [string, JsonValue, JsonValue] => ["eq", a, b]))).toEqual([]);
  });

  it("str.strip() agrees on 3000 generated strings", () => {
    const textArb = fc.tuple(spaceArb, fc.string({ unit: "binary", maxLength: 4 }), spaceArb).map((xs) => xs.join(""));
    const texts = fc.sample(textArb, { numRuns: 3000, seed: SEED + 3 });
    expect(differential(texts.map((s): [string, JsonValue] => ["strip", s]))).toEqual([]);
  });
});

describe("Python floats survive parsing: json.dumps and repr of what json.loads reads (differential)", () => {
  // Float literals with integral values in every spelling, next to ints and non-integral floats.
  const numberLiteral = fc.oneof(
    fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.constantFrom(".0", ".00", "e0", "e2", "E+3", ".0e-0", "e18", "e300", "e308", "e-1")).map(([m, suffix]) => `${m}${suffix}`),
    fc.constantFrom("-0.0", "-0", "0.0", "1e16", "1e22", "9007199254740993.0", "1.5e3", "25.0", "2.5", "100"),
    fc.integer().map(String),
    floatArb.map((x) => (Number.isFinite(x) ? x.toExponential() : "0.5")),
  );
  const textArb: fc.Arbitrary<string> = fc.letrec<{ value: string; obj: string; arr: string }>((tie) => ({
    value: fc.oneof({ depthSize: "small" }, numberLiteral, numberLiteral, tie("obj"), tie("arr"), fc.constantFrom('"x"', "null", "true")),
    arr: fc.array(tie("value"), { maxLength: 4 }).map((xs) => `[${xs.join(", ")}]`),
    // Numeric keys too ("7", "10"), which JavaScript lists first: Python's insertion order must show.
    obj: fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 3 }), fc.nat(20).map(String)), tie("value")), { maxLength: 4 }).map((kvs) => `{${kvs.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(", ")}}`),
  })).obj;

  it("agrees on 3000 generated documents", () => {
    const texts = fc.sample(textArb, { numRuns: 3000, seed: SEED + 4 });
    const lines = texts.flatMap((t) => [JSON.stringify(["dumps_text", t]), JSON.stringify(["repr_text", t])]);
    const answers = runPython("python_semantics.py", lines.join("\n") + "\n").map((l) => JSON.parse(l) as Outcome);
    const mismatches: string[] = [];
    texts.forEach((t, i) => {
      const v = parsePythonJson(t);
      const ours = [{ ok: pyJsonDumps(v) }, { ok: pyRepr(v) }];
      [0, 1].forEach((j) => {
        if (JSON.stringify(ours[j]) !== JSON.stringify(answers[2 * i + j])) mismatches.push(`${t} → ours ${JSON.stringify(ours[j])}, python ${JSON.stringify(answers[2 * i + j])}`);
      });
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
