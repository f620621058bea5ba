/**
 * pydantic 2.13's number parsing from strings, which is not Python's
 * `float()`/`int()`: Unicode White_Space is stripped (U+001C-U+001F are kept,
 * U+0085 is stripped), only ASCII digits count, and an int may carry a zero
 * fraction. Expected values printed by `TypeAdapter(float|int).validate_python(s)`.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { laxBool, parseFloatText, parseIntText } from "../../../src/engine/binding/lax.js";
import { toPydanticErrors } from "../../../src/engine/binding/pydantic-errors.js";
import { parsePythonJson } from "../../../src/json/parse.js";

// [text, float result or undefined (float_parsing), int result or undefined (int_parsing)]
const CASES: [string, number | undefined, bigint | undefined][] = [
  ["1.5\x85", 1.5, undefined],
  ["1.5\ufeff", undefined, undefined],
  ["1.5\x1f", undefined, undefined],
  ["12\x1f", undefined, undefined],
  [" 1.5 ", 1.5, undefined],
  ["1_0.5", 10.5, undefined],
  ["\u0661.\u0665", undefined, undefined],
  ["\u0661\u0662", undefined, undefined],
  ["1e18", 1e18, undefined],
  ["1e400", Infinity, undefined],
  ["-Infinity", -Infinity, undefined],
  ["+1.", 1, undefined],
  [".5", 0.5, undefined],
  ["1__0", undefined, undefined],
  ["_1", undefined, undefined],
  ["0x10", undefined, undefined],
  ["1.5\u3000", 1.5, undefined],
  ["12\n", 12, 12n],
  ["10.0", 10, 10n],
  ["10.00", 10, 10n],
  ["10.", 10, undefined],
  ["1_0.0", 10, 10n],
  ["+10", 10, 10n],
  ["0010", 10, 10n],
  ["-0", -0, 0n],
  ["1_000", 1000, 1000n],
  ["\u200b10", undefined, undefined],
  ["9007199254740993", 9007199254740992, 9007199254740993n],
  ["999999999999999999999999999999.0", 1e30, 999999999999999999999999999999n],
];

describe("pydantic lax number parsing from strings", () => {
  for (const [text, float, int] of CASES) {
    it(JSON.stringify(text), () => {
      expect(parseFloatText(text)).toBe(float);
      expect(parseIntText(text)).toBe(int);
    });
  }
  it("reads nan", () => expect(parseFloatText("nan")).toBeNaN());
});

// [JSON number text, pydantic 2.13's error type for a `bool` field] — printed by
// `BaseModel` with `b: bool` validating `json.loads(text)` (an int literal is a Python int, else a float).
const BOOL_CASES: [string, string][] = [
  ["9007199254740993", "bool_parsing"],
  ["-9007199254740993", "bool_parsing"],
  ["9223372036854775807", "bool_parsing"],
  ["-9223372036854775808", "bool_parsing"],
  ["9223372036854775808", "bool_type"],
  ["-9223372036854775809", "bool_type"],
  ["1180591620717411303424", "bool_type"],
  ["1e19", "bool_type"],
  ["1e18", "bool_parsing"],
  ["2.0", "bool_parsing"],
  ["9.223372036854776e18", "bool_type"],
  ["-9.223372036854776e18", "bool_type"],
  ["-9.223372036854775e18", "bool_parsing"],
  ["0.5", "bool_type"],
];

describe("pydantic lax bool on numbers of any size", () => {
  const schema = z.object({ b: laxBool() });
  for (const [text, type] of BOOL_CASES) {
    it(text, () => {
      const input = parsePythonJson(`{"b": ${text}}`);
      const parsed = schema.safeParse(input);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(toPydanticErrors(parsed.error, input).map((e) => e.type)).toEqual([type]);
    });
  }
  it("1.0 and 0.0 are True and False", () => {
    expect(schema.parse(parsePythonJson('{"b": 1.0}'))).toEqual({ b: true });
    expect(schema.parse(parsePythonJson('{"b": 0.0}'))).toEqual({ b: false });
  });
});
