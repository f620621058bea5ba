/**
 * Python's text forms as the telecom tools print them. Expected values are
 * CPython 3.11 `repr()` output and pydantic 2.13
 * `str(ValidationError)` output for the same inputs.
 */
import { describe, expect, it } from "vitest";
import { pyRepr, pyTypeName } from "../../src/python/text.js";
import { validationErrorMessage } from "../../src/domains/tau2_telecom/validation-message.js";

describe("python-text", () => {
  it("reprs strings with Python's quoting and escapes", () => {
    expect(pyRepr("a\\b")).toBe("'a\\\\b'");
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`it's "q"`)).toBe(`'it\\'s "q"'`);
    expect(pyRepr("\x00\x1f\x7f\x80\xa0\xad é\u200b\u2028\u{1F600}\u{E0001}")).toBe(
      "'\\x00\\x1f\\x7f\\x80\\xa0\\xad é\\u200b\\u2028\u{1F600}\\U000e0001'",
    );
    expect(pyRepr({ k: [1, 2.5, null, true] })).toBe("{'k': [1, 2.5, None, True]}");
    expect([null, true, 1, 1.5, "s", [], {}].map(pyTypeName)).toEqual(["NoneType", "bool", "int", "float", "str", "list", "dict"]);
  });

  it("shortens long input values at UTF-8 character boundaries", () => {
    const message = (input: unknown): string =>
      validationErrorMessage("M", [{ loc: ["b"], type: "extra_forbidden", msg: "Extra inputs are not permitted", input }]);
    const line = (input: unknown): string => message(input).split("\n")[2] ?? "";
    const expected = (value: string): string => `  Extra inputs are not permitted [type=extra_forbidden, input_value=${value}, input_type=str]`;
    expect(line("y".repeat(48))).toBe(expected(`'${"y".repeat(48)}'`));
    expect(line("y".repeat(49))).toBe(expected(`'${"y".repeat(24)}...${"y".repeat(23)}'`));
    expect(line(`x${"é".repeat(40)}`)).toBe(expected(`'x${"é".repeat(11)}...${"é".repeat(11)}'`));
    expect(line(`xx${"é".repeat(40)}y`)).toBe(expected(`'xx${"é".repeat(11)}...${"é".repeat(11)}y'`));
    expect(line("\u{1F600}".repeat(30))).toBe(expected(`'${"\u{1F600}".repeat(6)}...${"\u{1F600}".repeat(5)}'`));
    expect(line("a\xa0b\x85c\u2028".repeat(5))).toBe(expected("'a\\xa0b\\x85c\\u2028a\\xa0b\\...\\u2028a\\xa0b\\x85c\\u2028'"));
    expect(message("v").split("\n")[0]).toBe("1 validation error for M");
  });
});
