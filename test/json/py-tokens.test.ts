import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseExactly, parsePythonJson } from "../../src/json/parse.js";
import { isFloatAt } from "../../src/json/py-float.js";
import { keyOrderOf } from "../../src/json/py-key-order.js";
import { parseWithJsonParse } from "../../src/json/py-tokens.js";
import type { JsonValue } from "../../src/json/types.js";

/**
 * The fast road (JSON.parse with tagged tokens) must read every document
 * exactly as the exact parser does: the same values (bigints, NaN, -0), the
 * same key order, the same float marks; and leave to it whatever it cannot
 * read. The exact parser is the reference here because its own behaviour is
 * checked against python3 (test/engine/tool-call-edges.python-differential,
 * test/python/semantics.python-differential).
 */

/** A structural dump in which every difference the two roads could make shows. */
function dump(v: JsonValue): unknown {
  if (typeof v === "bigint") return `bigint:${v}`;
  if (typeof v === "number") return Object.is(v, -0) ? "number:-0" : Number.isNaN(v) ? "number:NaN" : v;
  if (v === null || typeof v !== "object") return v;
  // Which integral numbers are floats (a stale mark of a repeated key is no float).
  const floats = Object.keys(v).filter((k) => Number.isInteger((v as Record<string, unknown>)[k]) && isFloatAt(v, k));
  if (Array.isArray(v)) return { array: v.map(dump), floats };
  return { keys: Object.keys(v), pyKeys: keyOrderOf(v)?.keys ?? null, values: Object.keys(v).map((k) => dump(v[k] as JsonValue)), floats, proto: Object.getPrototypeOf(v) === Object.prototype };
}

const outcome = (f: () => JsonValue): unknown => {
  try {
    return { value: dump(f()) };
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
};

// Number tokens where Python and JavaScript differ, and ones where they do not.
const numberToken = fc.oneof(
  fc.constantFrom("25.0", "-0.0", "0.0", "1e3", "1E3", "1.5e3", "1e-3", "2.50", "-0", "0", "1e400", "-1e400", "9007199254740993", "-9007199254740993", "9007199254740992", "1234567890123456", "12345678901234567890123", "1.0000000000000002", "NaN", "Infinity", "-Infinity", "100.000", "2.05", "0.50e1", "1.0E+2", "-0.5", "10.01", "3.000e-0"),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.tuple(fc.integer({ min: -999, max: 999 }), fc.integer({ min: 0, max: 4 })).map(([n, z]) => `${n}.${"0".repeat(z + 1)}`),
);
// Strings that look like numbers or tags inside, escapes and quotes.
const stringToken = fc.oneof(
  fc.constantFrom('"25.0"', '"1e3 NaN Infinity"', '"\\"25.0\\""', '"\\\\"', '"a\\\\\\"b"', '"\\u00001.0"', '"\\ud800"', '"__proto__"', '"\u0000"', '"12345678901234567890"', '""'),
  fc.string().map((s) => JSON.stringify(s)),
);
// Keys JavaScript lists first (array indices, also written as escapes) and keys that only look like them.
const keyToken = fc.oneof(stringToken, fc.constantFrom('"0"', '"7"', '"12"', '"\\u0037"', '"1\\u0032"', '"4294967294"', '"4294967295"', '"01"', '"-1"', '"7 "', '"a"', '"__proto__"'), fc.nat(30).map((n) => `"${n}"`));

const document: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberToken,
    stringToken,
    fc.constantFrom("true", "false", "null"),
    fc.array(tie("value"), { maxLength: 5 }).map((xs) => `[${xs.join(", ")}]`),
    fc.array(fc.tuple(keyToken, tie("value")), { maxLength: 5 }).map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(",")}}`),
  ),
})).value;

// Texts the fast road must hand on: damaged documents of every kind.
const damaged = fc.tuple(document, fc.nat(), fc.constantFrom("", ",", "}", "]", '"', "\\", "-", ".", "e", "0", " ", "01", "\u0001")).map(([d, at, bit]) => {
  const i = d.length === 0 ? 0 : at % (d.length + 1);
  return d.slice(0, i) + bit + d.slice(i);
});

describe("parsePythonJson's fast road", () => {
  it("reads generated documents exactly as the exact parser does", () => {
    fc.assert(
      fc.property(document, (text) => {
        expect(outcome(() => parsePythonJson(text))).toEqual(outcome(() => parseExactly(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads damaged documents as the exact parser does, errors included", () => {
    fc.assert(
      fc.property(damaged, (text) => {
        expect(outcome(() => parsePythonJson(text))).toEqual(outcome(() => parseExactly(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("carries the tokens JavaScript reads otherwise", () => {
    const v = parseWithJsonParse('{"a": 25.0, "b": [1e3, 2.5, 7], "c": 12345678901234567890, "d": NaN, "e": -Infinity, "f": "25.0"}', 512) as Record<string, JsonValue>;
    expect(dump(v)).toEqual({
      keys: ["a", "b", "c", "d", "e", "f"],
      pyKeys: null,
      values: [25, { array: [1000, 2.5, 7], floats: ["0"] }, "bigint:12345678901234567890", "number:NaN", -Infinity, "25.0"],
      floats: ["a"],
      proto: true,
    });
  });

  it("keeps Python's order of index keys after others, with a mark only where JavaScript's differs", () => {
    const v = parseWithJsonParse('{"b": 1, "7": {"2": 25.0, "1": 2}, "\\u0033": 3, "b": 4}', 512) as Record<string, JsonValue>;
    expect(dump(v)).toEqual({
      keys: ["3", "7", "b"],
      pyKeys: ["b", "7", "3"],
      values: [3, { keys: ["1", "2"], pyKeys: ["2", "1"], values: [2, 25], floats: ["2"], proto: true }, 4],
      floats: [],
      proto: true,
    });
    expect(keyOrderOf(parseWithJsonParse('{"1": 1, "2": 2, "x": 3}', 512) as object)).toBeUndefined();
  });

  it("hands on what only the exact parser reads: the tag escape, 4301-digit integers, too deep, syntax errors", () => {
    expect(parseWithJsonParse('["\\u0000f1"]', 512)).toBeUndefined();
    expect(parseWithJsonParse(`[${"9".repeat(4301)}]`, 512)).toBeUndefined();
    expect(parseWithJsonParse("[[[]]]", 2)).toBeUndefined();
    expect(parseWithJsonParse('{"a": 1,}', 512)).toBeUndefined();
    expect(() => parsePythonJson(`[${"9".repeat(4301)}]`)).toThrow("integer literal of 4301 digits exceeds the limit of 4300");
    expect(parsePythonJson(`[${"9".repeat(4300)}]`)).toEqual([BigInt("9".repeat(4300))]);
  });
});
