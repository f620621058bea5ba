/**
 * Hostile argument values: the strings, numbers and wrong types a model (or a
 * hand-edited calls file) can put into a tool call. Everything here is plain
 * data, so a failing case prints and replays as it was generated.
 */
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../json/types.js";

/** Keys that are special to JavaScript objects; JSON.parse makes them own properties. */
export const DANGEROUS_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"] as const;

/** `obj[key] = value` as JSON.parse does it: an own, enumerable property, even for `__proto__`. */
export function setOwn(obj: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const NON_ASCII = [
  "Ünïcödé",
  "😀",
  "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
  "\u202Eevil",
  "\u0000",
  "\ud800",
  "\udfff",
  "ＺＫ３ＦＦＷ",
  "٠١٢٣٤٥",
  "PAX٠٠١",
  "\u00A0",
  "\u2028",
  "\uFEFF",
  "\u0130stanbul",
  "straße",
  "ß",
  "ﬁ",
  "日本語",
];

const TRICKY = ["", " ", "\t\n", "None", "null", " NULL ", "undefined", "true", "[]", "{}", "'", '"', "\\", "%s", "${x}", "#", "0", "-1", ...DANGEROUS_KEYS];

/** Strings that stress length, encoding, whitespace and prototype lookups. */
export const edgeStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 3, arbitrary: fc.constantFrom(...NON_ASCII) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "é", "😀", "#W1", " "), fc.integer({ min: 5_000, max: 20_000 })).map(([s, n]) => s.repeat(n)) },
);

/** Numbers at the edges, as numbers. */
export const edgeNumberArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(-1, 0, -0, 1, 2, 0.5, 1.5, -0.0001, 0.125, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, 1e21, 100000) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 50 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
);

/** Numbers given as strings, the way a model sometimes writes them. */
export const numericStringArb: fc.Arbitrary<string> = fc.constantFrom(
  "NaN",
  "nan",
  "Infinity",
  "-inf",
  "1e309",
  "1e308",
  "-1",
  "0",
  "1",
  " 5 ",
  "5.0",
  "5.5",
  "0x10",
  "1_000",
  "١٢",
  "+3",
  "",
);

/** A value of some type other than `expected` (a JSON schema type). */
export function wrongTypeArb(expected: string | undefined): fc.Arbitrary<JsonValue> {
  const all: { type: string; arb: fc.Arbitrary<JsonValue> }[] = [
    { type: "string", arb: edgeStringArb },
    { type: "number", arb: edgeNumberArb },
    { type: "integer", arb: edgeNumberArb },
    { type: "numeric-string", arb: numericStringArb },
    { type: "boolean", arb: fc.boolean() },
    { type: "null", arb: fc.constant(null) },
    { type: "array", arb: fc.array(fc.oneof(edgeStringArb, edgeNumberArb, fc.constant(null)), { maxLength: 3 }) },
    { type: "object", arb: objectWithKeysArb(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string({ maxLength: 4 })), fc.oneof(edgeStringArb, edgeNumberArb)) },
  ];
  const numeric = expected === "number" || expected === "integer";
  const picks = all.filter((x) => x.type !== expected && !(numeric && (x.type === "number" || x.type === "integer")));
  return fc.oneof(...picks.map((p) => p.arb));
}

/** Objects with arbitrary own keys (including `__proto__`), built as JSON.parse builds them. */
export function objectWithKeysArb(keys: fc.Arbitrary<string>, values: fc.Arbitrary<JsonValue>): fc.Arbitrary<JsonObject> {
  return fc.array(fc.tuple(keys, values), { maxLength: 3 }).map((pairs) => {
    const out: JsonObject = {};
    for (const [k, v] of pairs) setOwn(out, k, v);
    return out;
  });
}

/** How a known id is bent: case, near misses, lookalikes. */
export const MANGLES = [
  "upper",
  "lower",
  "swapcase",
  "dropLast",
  "dropFirst",
  "appendChar",
  "bumpDigit",
  "stripZeros",
  "padSpaces",
  "hashPrefix",
  "stripHash",
  "zeroWidth",
  "fullwidth",
  "double",
  "asNumber",
] as const;
export type Mangle = (typeof MANGLES)[number];

export const mangleArb: fc.Arbitrary<Mangle> = fc.constantFrom(...MANGLES);

function swapCase(s: string): string {
  return [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");
}

function bumpDigit(s: string): string {
  const i = s.search(/\d(?!.*\d)/);
  if (i < 0) return `${s}0`;
  const d = (Number(s[i]) + 1) % 10;
  return s.slice(0, i) + String(d) + s.slice(i + 1);
}

function fullwidth(s: string): string {
  return s.replace(/[0-9A-Za-z]/g, (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0));
}

/** Apply a mangle to a pool value; non-strings are turned into their string or numeric neighbours. */
export function applyMangle(v: JsonValue, m: Mangle): JsonValue {
  if (typeof v === "number") {
    switch (m) {
      case "asNumber":
        return -v;
      case "appendChar":
        return v + 1;
      case "dropLast":
        return v - 1;
      default:
        return String(v);
    }
  }
  if (typeof v !== "string") return v;
  switch (m) {
    case "upper":
      return v.toUpperCase();
    case "lower":
      return v.toLowerCase();
    case "swapcase":
      return swapCase(v);
    case "dropLast":
      return v.slice(0, -1);
    case "dropFirst":
      return v.slice(1);
    case "appendChar":
      return `${v}x`;
    case "bumpDigit":
      return bumpDigit(v);
    case "stripZeros":
      // PAX001 -> PAX1, as a caller reading the id aloud might say it.
      return v.replace(/0+(\d)/, "$1");
    case "padSpaces":
      return ` ${v} `;
    case "hashPrefix":
      return `#${v}`;
    case "stripHash":
      return v.replace(/^#/, "");
    case "zeroWidth":
      return `${v.slice(0, 1)}\u200B${v.slice(1)}`;
    case "fullwidth":
      return fullwidth(v);
    case "double":
      return v + v;
    case "asNumber": {
      const n = Number(v);
      return Number.isFinite(n) && v.trim() !== "" ? n : v.length;
    }
    default:
      return m satisfies never;
  }
}
