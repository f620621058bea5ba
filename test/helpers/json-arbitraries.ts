import fc from "fast-check";
import type { JsonValue } from "../../src/json/types.js";
import { ORDER_INDEPENDENT_LIST_FIELDS } from "../../src/hash/db/index.js";

const orderFree = [...ORDER_INDEPENDENT_LIST_FIELDS];

/** Keys that stress code-point ordering, escaping and the special field names. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom(...orderFree, "session", "Bookings", "10", "9", "01", "é", "\u{1F600}", "\uE000", "\uFFFF", "a", "A", "_") },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 3 }) },
  // Lone surrogates sort at their own code point, before U+E000 and astral characters.
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.constantFrom(0x41, 0xe000, 0xffff, 0x1f600)), { minLength: 1, maxLength: 3 }).map((cps) => cps.map((c) => String.fromCodePoint(c)).join("")) },
);

const noneLike = fc.constantFrom("None", "none", " null ", "NULL", "\u00a0null", "\u2029None", "\x1cnull", "\x85none", "\ufeffnull", "nulll", "None\u0000", "\tNoNe\n");

/** Floats across magnitudes 1e-7 .. 1e22, integral and not, plus edge values. */
export const floatArb: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e22, max: 1e22 }),
  fc.tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: -7, max: 22 })).map(([m, e]) => m * 10 ** e),
  fc.tuple(fc.double({ noNaN: true, min: 1, max: 10 }), fc.integer({ min: -7, max: 22 })).map(([m, e]) => m * 10 ** e),
  fc.constantFrom(0, -0, 0.1, 1e-5, 1.5e-8, 1e-7, 0.0001, 1e16, 1e21, 1e22, 2 ** 53, 2 ** 53 + 2, 4503599627370495.5, 5e-324),
);

const scalarArb: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 2, arbitrary: noneLike },
  { weight: 3, arbitrary: floatArb },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => (Number.isSafeInteger(Number(b)) ? Number(b) : b)) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
);

/** JSON values with order-independent field names at random depths. */
export const jsonValueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue; obj: JsonValue; arr: JsonValue }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalarArb, tie("arr"), tie("obj")),
  arr: fc.array(tie("value"), { maxLength: 5 }),
  obj: fc.dictionary(keyArb, tie("value"), { maxKeys: 5, noNullPrototype: true }),
})).value;

/** A DB-like document: a top-level object, sometimes with a `session` key. */
export const documentArb: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(keyArb, jsonValueArb, { maxKeys: 6, noNullPrototype: true }) },
  { weight: 1, arbitrary: fc.tuple(fc.dictionary(keyArb, jsonValueArb, { maxKeys: 4, noNullPrototype: true }), jsonValueArb).map(([o, s]) => ({ ...o, session: s })) },
  { weight: 1, arbitrary: jsonValueArb },
);
